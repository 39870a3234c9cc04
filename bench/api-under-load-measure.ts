/**
 * One measurement of `api-under-load`, in a process of its own: the local runtime of the code at
 * `BENCH_CODE_ROOT` (this checkout, or the baseline's), two heavy jobs of one user, and another
 * user's `GET /v1/usage` every 100 ms until both jobs end. Prints one JSON line of latencies.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { startLocalRuntime as StartLocalRuntime } from '../local/runtime.js';
import { startSiteProcess } from './site-process.js';

const root = process.env.BENCH_CODE_ROOT ?? path.resolve(import.meta.dirname, '..');
const pages = Number.parseInt(process.env.BENCH_PAGES ?? '', 10) || 300;
const threads = Number.parseInt(process.env.BENCH_THREADS ?? '', 10) || 1;
const HEAVY_PAGES = 6;
/** About 1 MB of markdown a page: pages the PDF and Word exports spend seconds of CPU on. */
const HEAVY_PARAGRAPHS = 3000;
const FORMATS = ['markdown', 'pdf', 'docx'];

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

async function pollUsage(url: string, key: string, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    await response.text();
    if (response.status !== 200) throw new Error(`GET /v1/usage answered ${response.status}`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return latencies;
}

/** Creates a `/v1.1` job and polls it until it ends. */
async function crawlToEnd(url: string, key: string, body: Record<string, unknown>): Promise<{ status: string; progress: { pages_crawled: number } }> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const created = await fetch(`${url}/v1.1/jobs`, { method: 'POST', headers, body: JSON.stringify(body) });
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const job = (await (await fetch(`${url}/v1.1/jobs/${id}`, { headers })).json()) as { status: string; progress: { pages_crawled: number } };
    if (job.status !== 'queued' && job.status !== 'running') return job;
  }
}

async function main(): Promise<void> {
  const { startLocalRuntime } = (await import(pathToFileURL(path.join(root, 'local', 'runtime.ts')).href)) as { startLocalRuntime: typeof StartLocalRuntime };
  const heavySite = await startSiteProcess({ sites: [{ host: 'heavy.test', size: HEAVY_PAGES }], articleParagraphs: HEAVY_PARAGRAPHS, latencyMs: 0 });
  const largeSite = await startSiteProcess({ sites: [{ host: 'large.test', size: pages }], articleParagraphs: 64, latencyMs: 0 });
  process.env.CRAWL_HOST_OVERRIDES = `heavy.test=127.0.0.1:${heavySite.port},large.test=127.0.0.1:${largeSite.port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-api-'));
  const usersFile = path.join(dataDir, 'users.json');
  const users = { crawler: 'bench-crawler-key-01', other: 'bench-other-key-0001' };
  await writeFile(usersFile, JSON.stringify(Object.entries(users).map(([id, key]) => ({ user_id: id, api_key: key, plan: 'enterprise', monthly_pages: 1_000_000 }))));
  const runtime = await startLocalRuntime({ host: '127.0.0.1', port: 0, dataDir, seedUsersFile: usersFile, pollersPerQueue: 20, lambdaThreads: threads, warmFunctions: true, log: () => undefined });
  try {
    await runtime.warmed;
    const job = (host: string, maxPages: number) => crawlToEnd(runtime.url, users.crawler, { url: `https://${host}/`, mode: 'full', max_pages: maxPages, export_formats: FORMATS, check_tos: false });
    const started = performance.now();
    const jobs = Promise.all([job('heavy.test', HEAVY_PAGES), job('large.test', pages)]);
    const latencies = (await pollUsage(runtime.url, users.other, jobs)).sort((a, b) => a - b);
    const ended = await jobs;
    console.log(
      JSON.stringify({
        requests: latencies.length,
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        max: latencies.at(-1),
        seconds: (performance.now() - started) / 1000,
        jobs: ended.map((finished) => `${finished.status} ${finished.progress.pages_crawled}`),
      }),
    );
  } finally {
    await runtime.close();
    await Promise.all([heavySite.close(), largeSite.close()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mapWithLimit } from '../lambdas/core/map-with-limit.js';
import { formatSection, SECTION_SEPARATOR } from '../lambdas/core/document.js';
import { artifactKeys, objectSize, putJson } from '../lambdas/data/artifacts.js';
import { getJob, putNewJob } from '../lambdas/data/jobs.js';
import { finishEntry, writeLevel } from '../lambdas/data/ledger.js';
import { newJobRecord } from '../lambdas/domain/new-job.js';
import { startLocalRuntime } from '../local/runtime.js';

const PAGES = 1000;
const PAGE_BYTES = 200 * 1024;
const LANES = 20;
const PAGES_PER_BATCH = 10;

/**
 * Assembly at the spec's largest size (issue 5): 1000 crawled pages of 200 KB each are streamed
 * into one document by the real Assemble handler on the local runtime, while the process's memory
 * is sampled. The emulators share the process, so the figures are an upper bound for the Lambda.
 */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-assemble-'));
  const runtime = await startLocalRuntime({ host: '127.0.0.1', port: 0, dataDir, pollersPerQueue: 1, log: () => undefined });
  try {
    const jobId = randomUUID();
    const job = newJobRecord({
      jobId,
      userId: 'bench',
      request: { mode: 'full', url: 'https://site.test/', export_formats: ['markdown'], respect_robots: true, check_tos: false, only_main_content: true, render: 'never', max_depth: 1, max_pages: PAGES, concurrency: 20 },
      reserved: PAGES,
      now: new Date(),
      retentionDays: 1,
    });
    await putNewJob({ ...job, status: 'running' });
    const urls = Array.from({ length: PAGES }, (_, i) => `https://site.test/p/${i}`);
    await writeLevel(jobId, 0, urls.map((url) => ({ url, status: 'queued' as const })), job.expires_at);
    const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.ceil(PAGE_BYTES / 57)).slice(0, PAGE_BYTES);
    const section = (index: number) => formatSection({ url: urls[index] ?? '', title: `Page ${index}`, content: filler });
    // Stored as 20 lanes would store them: each checkpoint one batch object of the lane's next pages.
    const batches = Array.from({ length: PAGES / PAGES_PER_BATCH }, (_, b) => {
      const lane = b % LANES;
      const first = lane + Math.floor(b / LANES) * PAGES_PER_BATCH * LANES;
      return Array.from({ length: PAGES_PER_BATCH }, (_, i) => first + i * LANES);
    });
    await mapWithLimit(batches, 4, async (indexes) => {
      const batch = artifactKeys.pageBatch(jobId, 0, indexes[0] ?? 0, 'bench');
      await putJson(batch, Object.fromEntries(indexes.map((index) => [index, { sections: { markdown: section(index) } }])));
      for (const index of indexes) await finishEntry(jobId, 0, index, { status: 'crawled', final_url: urls[index], bytes: PAGE_BYTES, batch }, ['queued']);
    });

    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const started = performance.now();
    await runtime.host.invoke(runtime.host.logicalIdOf('crawl-assemble'), { job_id: jobId, depth: 0 });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const expectedBytes = urls.reduce((total, _url, index) => total + Buffer.byteLength(section(index)), 0) + (PAGES - 1) * SECTION_SEPARATOR.length;
    const assembled = (await getJob(jobId))?.results?.markdown;
    if (assembled?.bytes !== expectedBytes || (await objectSize(assembled.key)) !== expectedBytes) {
      throw new Error(`assembled ${String(assembled?.bytes)} bytes, expected ${expectedBytes}`);
    }
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const documentBytes = expectedBytes;
    console.log(`Assembly of ${PAGES} pages × ${PAGE_BYTES / 1024} KB (${mb(documentBytes)} MB document), multipart upload to the local S3:`);
    console.log(`  ${seconds.toFixed(1)} s; peak growth over the baseline: heap ${mb(peakHeap - baseline.heapUsed)} MB, RSS ${mb(peakRss - baseline.rss)} MB`);
    console.log(`  (the Assemble function has 1024 MB; a buffered document would need at least ${mb(documentBytes)} MB)`);
  } finally {
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

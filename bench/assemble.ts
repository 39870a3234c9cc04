import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mapWithLimit } from '../lambdas/core/map-with-limit.js';
import { formatSection, SECTION_SEPARATOR } from '../lambdas/core/document.js';
import { artifactKeys, objectSize, putJson } from '../lambdas/data/artifacts.js';
import { getJob, putNewJob, updateJob } from '../lambdas/data/jobs.js';
import { finishEntry, writeLevel } from '../lambdas/data/ledger.js';
import { newJobRecord } from '../lambdas/domain/new-job.js';
import { startLocalRuntime } from '../local/runtime.js';

const PAGES = 1000;
const PAGE_BYTES = 200 * 1024;
const LANES = 20;
const PAGES_PER_BATCH = 10;
/** Blocks every page repeats (a menu and a footer): site-wide boilerplate under `only_main_content`. */
const MENU = '- [Home](https://site.test/)\n- [News](https://site.test/news)\n- [About](https://site.test/about)';
const FOOTER = '© 2026 Site Test. All rights reserved. [Contact](https://site.test/contact)';

/**
 * Assembly at the spec's largest size (issue 5): 1000 crawled pages of 200 KB each are streamed
 * into one document by the real Assemble handler on the local runtime, while the process's memory
 * is sampled; the same stored pages are assembled with `only_main_content` false (one read of the
 * page batches), then true (a first read counts the site-wide blocks, a second writes). The
 * emulators share the process, so the figures are an upper bound for the Lambda.
 */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-assemble-'));
  const runtime = await startLocalRuntime({ host: '127.0.0.1', port: 0, dataDir, pollersPerQueue: 1, log: () => undefined });
  try {
    const jobId = randomUUID();
    const job = newJobRecord({
      jobId,
      userId: 'bench',
      request: { mode: 'full', url: 'https://site.test/', export_formats: ['markdown'], respect_robots: true, check_tos: false, only_main_content: false, render: 'never', max_depth: 1, max_pages: PAGES, concurrency: 20 },
      reserved: PAGES,
      now: new Date(),
      retentionDays: 1,
    });
    await putNewJob({ ...job, status: 'running' });
    const urls = Array.from({ length: PAGES }, (_, i) => `https://site.test/p/${i}`);
    await writeLevel(jobId, 0, urls.map((url) => ({ url, status: 'queued' as const })), job.expires_at);
    const section = (index: number) => formatSection({ url: urls[index] ?? '', title: `Page ${index}`, content: pageContent(index) });
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

    const wholeBytes = urls.reduce((total, _url, index) => total + Buffer.byteLength(section(index)), 0) + (PAGES - 1) * SECTION_SEPARATOR.length;
    // Every page but the one that keeps them loses the menu and the footer, each with its blank line.
    const strippedBytes = wholeBytes - (PAGES - 1) * Buffer.byteLength(`${MENU}\n\n${FOOTER}\n\n`);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(`Assembly of ${PAGES} pages × ${PAGE_BYTES / 1024} KB (${mb(wholeBytes)} MB document), multipart upload to the local S3:`);
    for (const onlyMainContent of [false, true]) {
      await updateJob(jobId, { only_main_content: onlyMainContent });
      const { seconds, cpuSeconds, peakHeap, peakRss } = await measured(() => runtime.host.invoke(runtime.host.logicalIdOf('crawl-assemble'), { job_id: jobId, depth: 0 }));
      const expectedBytes = onlyMainContent ? strippedBytes : wholeBytes;
      const assembled = (await getJob(jobId))?.results?.markdown;
      if (assembled?.bytes !== expectedBytes || (await objectSize(assembled.key)) !== expectedBytes) {
        throw new Error(`only_main_content ${onlyMainContent}: assembled ${String(assembled?.bytes)} bytes, expected ${expectedBytes}`);
      }
      console.log(`  only_main_content ${String(onlyMainContent).padEnd(5)}: ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s); peak growth over the baseline: heap ${mb(peakHeap)} MB, RSS ${mb(peakRss)} MB (${mb(expectedBytes)} MB written)`);
    }
    console.log(`  (the Assemble function has 1024 MB; a buffered document would need at least ${mb(wholeBytes)} MB)`);
  } finally {
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A page's content: the menu, its own paragraphs (no two pages share one), the footer. */
function pageContent(index: number): string {
  const paragraphs: string[] = [];
  let bytes = MENU.length + FOOTER.length;
  for (let n = 0; bytes < PAGE_BYTES; n++) {
    const paragraph = `Page ${index}, paragraph ${n}: ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(10).trim()}`;
    paragraphs.push(paragraph);
    bytes += paragraph.length + 2;
  }
  return [MENU, ...paragraphs, FOOTER].join('\n\n');
}

/**
 * Wall time and CPU time of `work` (the process's, emulators included: on a busy machine the CPU
 * time is the steadier figure), and the peak heap and RSS growth over the baseline before it.
 */
async function measured(work: () => Promise<unknown>): Promise<{ seconds: number; cpuSeconds: number; peakHeap: number; peakRss: number }> {
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
  const cpuBefore = process.cpuUsage();
  await work();
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakHeap: peakHeap - baseline.heapUsed, peakRss: peakRss - baseline.rss };
}

import { PassThrough } from 'node:stream';
import { SECTION_SEPARATOR } from '../core/document.js';
import { mapWithLimit } from '../core/map-with-limit.js';
import { normalizeUrl } from '../core/urls.js';
import { artifactKeys, CONTENT_TYPES, getJson, uploadStream, type PageBatch } from '../data/artifacts.js';
import { getJob, updateJob } from '../data/jobs.js';
import { allEntries, finishEntry } from '../data/ledger.js';
import type { ExportFormat, JobRecord } from '../domain/job.js';
import type { LedgerEntry } from '../domain/ledger.js';
import type { CrawlState } from './state.js';

/** Pages whose sections are fetched ahead of the writer. */
const READ_AHEAD = 8;

/**
 * The pages that go into the document, in crawl order. A page that redirected onto a URL another
 * page already delivered is left out (and marked skipped): the first in crawl order wins, so the
 * document does not depend on which worker finished first.
 */
async function documentPages(job: JobRecord): Promise<LedgerEntry[]> {
  const delivered = new Set<string>();
  const pages: LedgerEntry[] = [];
  for await (const entry of allEntries(job.job_id)) {
    if (entry.status !== 'crawled') continue;
    const landed = normalizeUrl(entry.final_url ?? entry.url);
    if (delivered.has(landed)) {
      await finishEntry(job.job_id, entry.depth, entry.index, { status: 'skipped', reason: 'duplicate' }, ['crawled']);
      continue;
    }
    delivered.add(landed);
    pages.push(entry);
  }
  return pages;
}

/**
 * Reads the pages' batch objects for one pass over the pages in crawl order: each object once,
 * kept only until its last page has been used. Lanes interleave, so about one object per lane is
 * open at a time, whatever the job's size.
 */
function batchReader(pages: readonly LedgerEntry[]) {
  const unused = new Map<string, number>();
  for (const page of pages) if (page.batch) unused.set(page.batch, (unused.get(page.batch) ?? 0) + 1);
  const open = new Map<string, Promise<PageBatch | undefined>>();
  return {
    async page(page: LedgerEntry) {
      if (!page.batch) return undefined;
      let batch = open.get(page.batch);
      if (!batch) {
        batch = getJson<PageBatch>(page.batch);
        open.set(page.batch, batch);
      }
      return (await batch)?.[page.index];
    },
    used(page: LedgerEntry) {
      if (!page.batch) return;
      const left = (unused.get(page.batch) ?? 1) - 1;
      unused.set(page.batch, left);
      if (left === 0) open.delete(page.batch);
    },
  };
}

/** Streams the sections of one format into one object; returns its size in bytes. */
async function writeDocument(job: JobRecord, pages: LedgerEntry[], format: ExportFormat): Promise<number> {
  const stream = new PassThrough();
  let bytes = 0;
  const write = (text: string) => {
    bytes += Buffer.byteLength(text);
    return stream.write(text) ? Promise.resolve() : new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  };
  const upload = uploadStream(artifactKeys.result(job.job_id, format), stream, CONTENT_TYPES[format]);
  const batches = batchReader(pages);
  const produce = (async () => {
    for (let start = 0; start < pages.length; start += READ_AHEAD) {
      const ahead = pages.slice(start, start + READ_AHEAD);
      const sections = await mapWithLimit(ahead, READ_AHEAD, async (page) => (await batches.page(page))?.sections[format]);
      for (const [offset, section] of sections.entries()) {
        if (start + offset > 0) await write(SECTION_SEPARATOR);
        await write(section ?? '');
        batches.used(ahead[offset] as LedgerEntry);
      }
    }
    stream.end();
  })();
  await Promise.all([produce, upload]);
  return bytes;
}

/** Assemble: one result object per requested format, sections in crawl order. */
export async function assemble(state: CrawlState): Promise<CrawlState> {
  const job = await getJob(state.job_id);
  if (!job) return { job_id: state.job_id, depth: state.depth, next: 'finalize' };
  const pages = await documentPages(job);
  const results: NonNullable<JobRecord['results']> = {};
  for (const format of job.export_formats) {
    results[format] = { key: artifactKeys.result(job.job_id, format), bytes: await writeDocument(job, pages, format) };
  }
  await updateJob(job.job_id, { results });
  return { job_id: job.job_id, depth: state.depth, next: 'finalize' };
}

import { PassThrough } from 'node:stream';
import { SECTION_SEPARATOR } from '../core/document.js';
import { mapWithLimit } from '../core/map-with-limit.js';
import { normalizeUrl } from '../core/urls.js';
import { artifactKeys, CONTENT_TYPES, pageBatchReader, uploadStream } from '../data/artifacts.js';
import { getJob, updateJob } from '../data/jobs.js';
import { allEntries, finishEntry } from '../data/ledger.js';
import type { ExportFormat, JobRecord } from '../domain/job.js';
import type { LedgerEntry } from '../domain/ledger.js';
import type { CrawlState } from './state.js';

/** Pages whose sections are fetched ahead of the writer. */
const READ_AHEAD = 8;
/** Batch objects read ahead of the pages being written: at most 4 MB each. */
const OBJECTS_AHEAD = 8;

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

/** Streams the sections of one format into one object; returns its size in bytes. */
async function writeDocument(job: JobRecord, pages: LedgerEntry[], format: ExportFormat): Promise<number> {
  const stream = new PassThrough();
  let bytes = 0;
  const write = (text: string) => {
    bytes += Buffer.byteLength(text);
    return stream.write(text) ? Promise.resolve() : new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  };
  const upload = uploadStream(artifactKeys.result(job.job_id, format), stream, CONTENT_TYPES[format]);
  const batches = pageBatchReader(pages, OBJECTS_AHEAD);
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

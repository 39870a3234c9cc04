import { PassThrough } from 'node:stream';
import { rewriteSectionContent, SECTION_SEPARATOR, sectionContent } from '../core/document.js';
import { mapWithLimit } from '../core/map-with-limit.js';
import { SiteBoilerplate } from '../core/site-boilerplate.js';
import { normalizeUrl } from '../core/urls.js';
import { artifactKeys, CONTENT_TYPES, pageBatchReader, uploadStream, type BatchedPage } from '../data/artifacts.js';
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

/**
 * Reads the pages' stored sections in document order, a few pages and batch objects ahead, and
 * hands each page's sections to `visit` in order.
 */
async function forEachPage(pages: LedgerEntry[], visit: (index: number, sections: BatchedPage['sections'] | undefined) => Promise<void> | void): Promise<void> {
  const batches = pageBatchReader(pages, OBJECTS_AHEAD);
  for (let start = 0; start < pages.length; start += READ_AHEAD) {
    const ahead = pages.slice(start, start + READ_AHEAD);
    const read = await mapWithLimit(ahead, READ_AHEAD, async (page) => (await batches.page(page))?.sections);
    for (const [offset, sections] of read.entries()) {
      await visit(start + offset, sections);
      batches.used(ahead[offset] as LedgerEntry);
    }
  }
}

/**
 * With `only_main_content`, the blocks repeated across the job's pages, per format (a first pass
 * over the stored sections): decided from the pages alone, in document order.
 */
async function siteBoilerplate(job: JobRecord, pages: LedgerEntry[]): Promise<Map<ExportFormat, SiteBoilerplate>> {
  const byFormat = new Map<ExportFormat, SiteBoilerplate>();
  if (!job.only_main_content) return byFormat;
  for (const format of job.export_formats) byFormat.set(format, new SiteBoilerplate());
  await forEachPage(pages, (_index, sections) => {
    for (const [format, boilerplate] of byFormat) boilerplate.addPage(sectionContent(sections?.[format] ?? ''));
  });
  return byFormat;
}

/** Streams the sections of one format into one object; returns its size in bytes. */
async function writeDocument(job: JobRecord, pages: LedgerEntry[], format: ExportFormat, boilerplate: SiteBoilerplate | undefined): Promise<number> {
  const stream = new PassThrough();
  let bytes = 0;
  const write = (text: string) => {
    bytes += Buffer.byteLength(text);
    return stream.write(text) ? Promise.resolve() : new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  };
  const upload = uploadStream(artifactKeys.result(job.job_id, format), stream, CONTENT_TYPES[format]);
  const produce = (async () => {
    await forEachPage(pages, async (index, sections) => {
      const section = sections?.[format] ?? '';
      if (index > 0) await write(SECTION_SEPARATOR);
      await write(boilerplate ? rewriteSectionContent(section, (content) => boilerplate.strip(index, content)) : section);
    });
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
  const boilerplate = await siteBoilerplate(job, pages);
  for (const format of job.export_formats) {
    results[format] = { key: artifactKeys.result(job.job_id, format), bytes: await writeDocument(job, pages, format, boilerplate.get(format)) };
  }
  await updateJob(job.job_id, { results });
  return { job_id: job.job_id, depth: state.depth, next: 'finalize' };
}

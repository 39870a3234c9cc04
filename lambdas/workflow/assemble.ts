import { PassThrough } from 'node:stream';
import { rewriteSectionContent, SECTION_SEPARATOR, sectionContent } from '../core/document.js';
import { HTML_DOCUMENT_END, htmlDocumentStart, htmlPageSection } from '../core/formats/html.js';
import { jsonlLine } from '../domain/page-record.js';
import type { DocumentPage } from '../core/formats/markdown.js';
import { mapWithLimit } from '../core/map-with-limit.js';
import { SiteBoilerplate } from '../core/site-boilerplate.js';
import { normalizeUrl } from '../core/urls.js';
import { artifactKeys, pageBatchReader, uploadStream, type BatchedPage } from '../data/artifacts.js';
import { getJob, updateJob } from '../data/jobs.js';
import { allEntries, finishEntry } from '../data/ledger.js';
import { JSONL_FORMAT, MEDIA_TYPES, pageExportFormats, WORKER_FORMATS, type ResultFormat } from '../domain/formats.js';
import type { ExportFormat, JobRecord } from '../domain/job.js';
import type { LedgerEntry } from '../domain/ledger.js';
import type { CrawlState } from './state.js';

/** Pages whose sections are fetched ahead of the writers. */
const READ_AHEAD = 8;
/** Batch objects read ahead of the pages being written: at most 4 MB each. */
const OBJECTS_AHEAD = 8;
/**
 * Section text (characters, all formats) the boilerplate pass keeps for the writing pass, at most:
 * the bench's 1000-page crawl of 20 KB articles holds 19 M. A job with more reads its batch objects twice.
 */
const HELD_SECTION_CHARACTERS = 64 * 1024 * 1024;

/**
 * The pages that go into the documents, in crawl order. A page that redirected onto a URL another
 * page already delivered is left out (and marked skipped): the first in crawl order wins, so the
 * document does not depend on which worker finished first. Run again (by the document worker) it
 * finds the same pages, those left out being skipped by then.
 */
export async function documentPages(job: JobRecord): Promise<LedgerEntry[]> {
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

/** A page as the document formats name it: its final URL and title, as its section's header does. */
export function documentPage(entry: LedgerEntry): DocumentPage {
  return { url: entry.final_url ?? entry.url, title: entry.title };
}

/** The documents' title. */
export function documentTitle(job: JobRecord): string {
  return `Crawl of ${job.url}`;
}

/** A page's sections in each format it was exported to, with the site-wide boilerplate taken out. */
export type PageSections = Partial<Record<ExportFormat, string>>;

/**
 * Reads the pages' stored sections in document order, a few pages and batch objects ahead, and
 * hands each page's sections to `visit` in order. With `only_main_content`, the blocks repeated
 * across the job's pages are taken out first (decided in a first pass over the same sections,
 * from the pages alone, in document order); the sections read for it are kept for the second pass
 * up to `heldCharacters`, past which the batch objects are read again.
 */
export async function forEachPageSections(
  job: JobRecord,
  pages: LedgerEntry[],
  visit: (index: number, sections: PageSections) => Promise<void> | void,
  heldCharacters = HELD_SECTION_CHARACTERS,
): Promise<void> {
  const formats = pageExportFormats(job.export_formats);
  const boilerplate = new Map<ExportFormat, SiteBoilerplate>();
  // The first pass's sections, kept for the second while they fit: the batch objects are then read once.
  let held: Array<BatchedPage['sections'] | undefined> | undefined;
  if (job.only_main_content) {
    for (const format of formats) boilerplate.set(format, new SiteBoilerplate());
    held = [];
    let characters = 0;
    await forEachStoredPage(pages, (index, sections) => {
      for (const [format, site] of boilerplate) site.addPage(sectionContent(sections?.[format] ?? ''));
      if (!held) return;
      for (const section of Object.values(sections ?? {})) characters += section.length;
      if (characters > heldCharacters) held = undefined;
      else held[index] = sections;
    });
  }
  const write = async (index: number, stored: BatchedPage['sections'] | undefined) => {
    const sections: PageSections = {};
    for (const format of formats) {
      const section = stored?.[format] ?? '';
      const site = boilerplate.get(format);
      sections[format] = site ? rewriteSectionContent(section, (content) => site.strip(index, content)) : section;
    }
    await visit(index, sections);
  };
  if (held) for (const index of pages.keys()) await write(index, held[index]);
  else await forEachStoredPage(pages, write);
}

async function forEachStoredPage(pages: LedgerEntry[], visit: (index: number, sections: BatchedPage['sections'] | undefined) => Promise<void> | void): Promise<void> {
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

/** What a streamed result writes: its opening (if any), each page in order, its end (if any). */
interface StreamedFormat {
  start?: string;
  page(index: number, entry: LedgerEntry, sections: PageSections): string;
  end?: string;
}

/** The results written as the pages are read: the job's text documents and HTML, and JSON Lines. */
function streamedFormats(job: JobRecord, pages: LedgerEntry[]): Map<ResultFormat, StreamedFormat> {
  const streamed = new Map<ResultFormat, StreamedFormat>();
  for (const format of job.export_formats) {
    if (format === 'markdown' || format === 'text') {
      streamed.set(format, { page: (index, _entry, sections) => (index > 0 ? SECTION_SEPARATOR : '') + (sections[format] ?? '') });
    } else if (format === 'html') {
      streamed.set(format, {
        start: htmlDocumentStart(documentTitle(job), pages.map(documentPage)),
        page: (index, entry, sections) => htmlPageSection(documentPage(entry), sectionContent(sections.markdown ?? ''), index),
        end: HTML_DOCUMENT_END,
      });
    }
  }
  streamed.set(JSONL_FORMAT, {
    page: (_index, entry, sections) =>
      jsonlLine({
        url: entry.url,
        final_url: entry.final_url ?? entry.url,
        title: entry.title ?? null,
        depth: entry.depth,
        // pages crawled before the ledger kept the time have the job's start
        fetched_at: entry.fetched_at ?? job.started_at ?? job.created_at,
        ...(sections.markdown === undefined ? {} : { markdown: sectionContent(sections.markdown) }),
        ...(sections.text === undefined ? {} : { text: sectionContent(sections.text) }),
      }),
  });
  return streamed;
}

/** One object being streamed to storage; `write` waits while the upload is behind. */
function resultUpload(job: JobRecord, format: ResultFormat) {
  const stream = new PassThrough();
  let bytes = 0;
  const key = artifactKeys.result(job.job_id, format);
  return {
    done: uploadStream(key, stream, MEDIA_TYPES[format]),
    write(text: string | undefined): Promise<void> | undefined {
      if (!text) return undefined;
      bytes += Buffer.byteLength(text);
      return stream.write(text) ? undefined : new Promise<void>((resolve) => stream.once('drain', () => resolve()));
    },
    end: () => stream.end(),
    result: () => ({ key, bytes }),
  };
}

/**
 * Assemble: the streamed results in one pass over the pages, sections in crawl order. PDF and
 * Word are left to the document worker, which the state machine runs next when the job asked
 * for them.
 */
export async function assemble(state: CrawlState): Promise<CrawlState> {
  const job = await getJob(state.job_id);
  if (!job) return { job_id: state.job_id, depth: state.depth, next: 'finalize' };
  const pages = await documentPages(job);
  const outputs = [...streamedFormats(job, pages)].map(([format, streamed]) => ({ format, streamed, upload: resultUpload(job, format) }));
  const writeAll = async (piece: (streamed: StreamedFormat) => string | undefined) => {
    await Promise.all(outputs.map(({ streamed, upload }) => upload.write(piece(streamed))));
  };
  const produce = (async () => {
    await writeAll((streamed) => streamed.start);
    await forEachPageSections(job, pages, (index, sections) => writeAll((streamed) => streamed.page(index, pages[index] as LedgerEntry, sections)));
    await writeAll((streamed) => streamed.end);
    for (const { upload } of outputs) upload.end();
  })();
  // an upload that fails ends the step at once, rather than leaving the writer waiting on it
  await Promise.all([produce, ...outputs.map(({ upload }) => upload.done)]);
  const results: NonNullable<JobRecord['results']> = {};
  for (const { format, upload } of outputs) results[format] = upload.result();
  await updateJob(job.job_id, { results });
  const next = job.export_formats.some((format) => WORKER_FORMATS.has(format)) ? 'documents' : 'finalize';
  return { job_id: job.job_id, depth: state.depth, next };
}

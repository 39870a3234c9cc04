import { sectionContent } from '../core/document.js';
import { DocxDocumentBuilder } from '../core/formats/docx.js';
import { htmlPrintParts, sectionId } from '../core/formats/html.js';
import { pageHeading, type DocumentPage } from '../core/formats/markdown.js';
import { artifactKeys, putText } from '../data/artifacts.js';
import { getJob, updateJob } from '../data/jobs.js';
import { MEDIA_TYPES, overCeiling, type DocumentFormat, type WorkerFormat } from '../domain/formats.js';
import type { JobRecord } from '../domain/job.js';
import { logger } from '../observability/logger.js';
import { printPdf } from '../render/print-pdf.js';
import { documentPage, documentPages, documentTitle, forEachPageSections } from './assemble.js';
import type { CrawlState } from './state.js';

/**
 * The document worker: the job's PDF and Word documents, after Assemble wrote the streamed ones.
 * Both are built from the pages' markdown, with the site-wide boilerplate taken out as in every
 * other document. The markdown of all the pages is held (about 20 MB for 1000 pages of 20 KB);
 * Word is built whole in memory, and PDF is printed by the render worker's Chromium build in
 * parts (`htmlPrintParts`), so the worker's memory bounds the job's size, not the browser's.
 */
export async function buildDocuments(state: CrawlState): Promise<CrawlState> {
  const done: CrawlState = { job_id: state.job_id, depth: state.depth, next: 'finalize' };
  const job = await getJob(state.job_id);
  if (!job) return done;
  const entries = await documentPages(job);
  const markdown: string[] = [];
  await forEachPageSections(job, entries, (index, sections) => {
    markdown[index] = sectionContent(sections.markdown ?? '');
  });
  const pages = entries.map(documentPage);
  const title = documentTitle(job);
  const results: NonNullable<JobRecord['results']> = { ...job.results };
  const failures: NonNullable<JobRecord['document_failures']> = { ...job.document_failures };
  const markdownBytes = markdown.reduce((sum, page) => sum + Buffer.byteLength(page), 0);
  /** A document over its ceiling is not tried: the worker would run out of memory or time, after every retry. */
  const fits = (format: WorkerFormat) => {
    const problem = overCeiling(format, markdownBytes);
    if (problem) failures[format] = problem;
    return problem === undefined;
  };
  const store = async (format: DocumentFormat, body: Uint8Array) => {
    const key = artifactKeys.result(job.job_id, format);
    await putText(key, body, MEDIA_TYPES[format]);
    results[format] = { key, bytes: body.byteLength };
  };
  if (job.export_formats.includes('docx') && fits('docx')) {
    const started = Date.now();
    const word = new DocxDocumentBuilder(title, pages);
    pages.forEach((page, index) => word.addPage(page, markdown[index] ?? '', index));
    await store('docx', await word.toBuffer());
    logger.info('Word document built', { job_id: job.job_id, pages: pages.length, ms: Date.now() - started });
  }
  if (job.export_formats.includes('pdf') && fits('pdf')) {
    const started = Date.now();
    const sections = pages.map((page, index) => ({ id: sectionId(index), title: pageHeading(page) }));
    const printed = await printPdf(htmlPrintParts(title, pages, (index) => markdown[index] ?? ''), { paper: job.pdf_paper ?? 'A4', title, sections });
    await store('pdf', printed.bytes);
    if (printed.cutSections.length > 0) failures.pdf = cutContent(printed.cutSections, pages);
    logger.info('PDF printed', { job_id: job.job_id, pages: pages.length, ms: Date.now() - started, cut_sections: printed.cutSections.length });
  }
  await updateJob(job.job_id, { results, ...(Object.keys(failures).length > 0 ? { document_failures: failures } : {}) });
  return done;
}

/** What a PDF whose layout passed the paper's edge is missing, named by the pages it is in. */
function cutContent(sectionIds: readonly string[], pages: readonly DocumentPage[]): string {
  const named = sectionIds.map((id) => (id === 'contents' ? 'the contents' : pages[Number(id.replace('page-', '')) - 1]?.url ?? id));
  const listed = named.length > 3 ? `${named.slice(0, 3).join(', ')} and ${named.length - 3} more` : named.join(', ');
  return `printed, but content wider than the paper is cut at its edge in ${listed}`;
}

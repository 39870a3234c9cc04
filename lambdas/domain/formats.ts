import { EXPORT_FORMATS, type ExportFormat } from '../core/export/formats.js';

/**
 * The documents a job can ask for (`export_formats`) and the results it can be read in. Pages are
 * exported once, to markdown and/or text (`EXPORT_FORMATS`); HTML, PDF and Word are built from the
 * markdown export at assembly, and JSON Lines from whatever the pages were exported to.
 */

/** The API versions, as path prefixes; `/v1.1` adds document formats and changes nothing else. */
export const API_VERSIONS = ['v1', 'v1.1'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

export const DOCUMENT_FORMATS = [...EXPORT_FORMATS, 'html', 'pdf', 'docx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** The `export_formats` each version accepts. */
export const FORMATS_OF_VERSION: Record<ApiVersion, readonly DocumentFormat[]> = {
  v1: EXPORT_FORMATS,
  'v1.1': DOCUMENT_FORMATS,
};

/** One record per crawled page; every job has it, whatever its `export_formats` (CONTRACT 10). */
export const JSONL_FORMAT = 'jsonl';
export const RESULT_FORMATS = [...DOCUMENT_FORMATS, JSONL_FORMAT] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** Built from the markdown export rather than exported from the page. */
const FROM_MARKDOWN: ReadonlySet<DocumentFormat> = new Set(['markdown', 'html', 'pdf', 'docx']);

/** What each page is exported to for a job's documents: markdown for any document built from it, text for text. */
export function pageExportFormats(formats: readonly DocumentFormat[]): ExportFormat[] {
  return EXPORT_FORMATS.filter((format) => (format === 'text' ? formats.includes('text') : formats.some((wanted) => FROM_MARKDOWN.has(wanted))));
}

/** Documents written after the streamed ones, by the document worker (a browser for PDF, the whole document in memory for Word). */
export type WorkerFormat = 'pdf' | 'docx';
export const WORKER_FORMATS: ReadonlySet<DocumentFormat> = new Set<WorkerFormat>(['pdf', 'docx']);

/**
 * The markdown a worker document is built from at most, within the worker's 4 GB and 15 minutes
 * (the document-formats benchmark: Word takes about 86 MB of memory per MB of markdown; PDF is
 * printed in parts, at about 117 s per 20 MB).
 */
export const MAX_MARKDOWN_BYTES: Record<WorkerFormat, number> = { docx: 40 * 1024 * 1024, pdf: 150 * 1024 * 1024 };

/** Why a job's pages are too much for the document, or undefined when they fit. */
export function overCeiling(format: WorkerFormat, markdownBytes: number): string | undefined {
  if (markdownBytes <= MAX_MARKDOWN_BYTES[format]) return undefined;
  const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `the pages hold ${megabytes(markdownBytes)} of markdown, over the ${megabytes(MAX_MARKDOWN_BYTES[format])} a ${format === 'pdf' ? 'PDF' : 'Word'} document is built from`;
}

/** What each result is served as. */
export const MEDIA_TYPES: Record<ResultFormat, string> = {
  markdown: 'text/markdown; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jsonl: 'application/x-ndjson',
};

/** Results that are bytes, not UTF-8 text: always served by download URL (see `jobs-result`). */
export const BINARY_FORMATS: ReadonlySet<ResultFormat> = new Set(['pdf', 'docx']);

export const FILE_EXTENSIONS: Record<ResultFormat, string> = { markdown: 'md', text: 'txt', html: 'html', pdf: 'pdf', docx: 'docx', jsonl: 'jsonl' };

export const PAPER_SIZES = ['A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

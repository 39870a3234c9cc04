import { decodeHtml } from '../core/charset.js';
import { formatSection } from '../core/document.js';
import { exportPage } from '../core/export.js';
import { pageExportFormats } from '../domain/formats.js';
import { FetchError, isHtmlMediaType, type FetchDocument, type FetchedDocument } from '../core/fetch-types.js';
import { AnchorCollector, discoverLinks } from '../core/links.js';
import { judgeStaticHtml, mayHoldScripts } from '../core/render-decision.js';
import { refuseOffSiteRedirect } from '../core/urls.js';
import type { BatchedPage } from '../data/artifacts.js';
import type { FinalFields } from '../data/ledger.js';
import type { JobRecord } from '../domain/job.js';
import type { LedgerEntry } from '../domain/ledger.js';
import { retryAfterSeconds } from '../net/retry-after.js';
import { logger } from '../observability/logger.js';
import { RenderError, type RenderedPage, type StaticPage } from '../render/contract.js';

const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_DELAY_SECONDS = 60;

/** What crawling one page came to: its ledger fields (and sections), a retry, or a shell for the browser. */
export type CrawlOutcome = { fields: FinalFields; page?: BatchedPage } | { retryInSeconds: number; finalIfExhausted: FinalFields } | 'shell';

/** A fetch's answer, or why there was none: it never rejects, so a fetch started ahead cannot go unhandled. */
export type Fetched = { document: FetchedDocument } | { error: unknown };

/** The render worker's browser, or 'cancelled' when the job was cancelled during the render. */
export type RenderPage = (page: StaticPage) => Promise<Pick<RenderedPage, 'html'> | 'cancelled'>;

/** What crawling a page needs besides the page: the fetch is done by then, robots.txt may still be read. */
export interface PageCrawlPorts {
  allowedByRobots(job: JobRecord, url: string): Promise<boolean>;
}

export async function fetchPage(fetchDocument: FetchDocument, url: string): Promise<Fetched> {
  try {
    return { document: await fetchDocument(url, { allowRedirect: refuseOffSiteRedirect }) };
  } catch (error) {
    return { error };
  }
}

/** Exports a fetched page (rendered first in the render worker), or says why it is retried, failed, skipped or a shell. */
export async function crawlPage(ports: PageCrawlPorts, job: JobRecord, entry: LedgerEntry, fetched: Fetched, render: RenderPage | undefined): Promise<CrawlOutcome> {
  if ('error' in fetched) {
    const { error } = fetched;
    if (!(error instanceof FetchError)) throw error;
    const reason = error.reason === 'redirect_refused' ? 'redirect_off_site' : error.reason;
    const final: FinalFields = { status: 'failed', reason };
    return error.retryable ? { retryInSeconds: backoffSeconds(entry.attempts ?? 1), finalIfExhausted: final } : { fields: final };
  }
  const { document } = fetched;

  const base = { http_status: document.status, final_url: document.finalUrl };
  if (document.status < 200 || document.status >= 300) {
    const final: FinalFields = { ...base, status: 'failed', reason: `http_${document.status}` };
    if (!RETRY_STATUSES.has(document.status)) return { fields: final };
    const asked = retryAfterSeconds(document.headers);
    return { retryInSeconds: Math.min(MAX_RETRY_DELAY_SECONDS, asked ?? backoffSeconds(entry.attempts ?? 1)), finalIfExhausted: final };
  }
  if (!isHtmlMediaType(document.mediaType)) return { fields: { ...base, status: 'skipped', reason: 'not_html' } };
  // A redirect may land on a path robots.txt closes; the first URL was checked when it was queued.
  if (document.finalUrl !== entry.url && !(await ports.allowedByRobots(job, document.finalUrl))) {
    return { fields: { ...base, status: 'skipped', reason: 'robots_disallowed' } };
  }

  let html = decodeHtml(document.body, document.headers['content-type']);
  if (!render && job.render === 'auto' && mayHoldScripts(html) && judgeStaticHtml(html, document.finalUrl).shell) return 'shell';
  if (render) {
    try {
      const rendered = await render({ url: document.finalUrl, status: document.status, headers: document.headers, body: document.body });
      if (rendered === 'cancelled') return { fields: { ...base, status: 'skipped', reason: 'cancelled' } };
      html = rendered.html;
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      if (error.reason === 'browser_unavailable') logger.error('the browser could not start: the page fails instead of waiting for it', { url: entry.url, job_id: job.job_id, cause: error.message });
      const final: FinalFields = { ...base, status: 'failed', reason: error.reason, rendered: true };
      return error.retryable ? { retryInSeconds: backoffSeconds(entry.attempts ?? 1), finalIfExhausted: final } : { fields: final };
    }
  }
  const { page, title, bytes, truncated } = exportCrawled(job, entry, document.finalUrl, html);
  // A page over the export's size or node cap is crawled from its beginning; the ledger says so.
  const fields: FinalFields = { ...base, status: 'crawled', title, bytes, fetched_at: new Date().toISOString(), rendered: render !== undefined, ...(truncated ? { reason: 'truncated' } : {}) };
  return { fields, page };
}

/** The page's sections, its links when the crawl goes deeper, and what a Firecrawl document needs besides. */
function exportCrawled(job: JobRecord, entry: LedgerEntry, finalUrl: string, html: string) {
  const { firecrawl } = job;
  const follows = job.mode === 'full' && entry.depth < job.max_depth;
  // The links are collected from the export's parse: one parse per page.
  const anchors = follows || firecrawl?.formats.includes('links') ? new AnchorCollector() : undefined;
  const formats = pageExportFormats(job.export_formats);
  const exported = exportPage(html, {
    url: finalUrl,
    onlyMainContent: job.only_main_content,
    formats,
    observer: anchors,
    ...(firecrawl ? { selectors: { include: firecrawl.include_tags, exclude: firecrawl.exclude_tags }, details: true } : {}),
  });
  const page: BatchedPage = { sections: {} };
  let bytes = 0;
  for (const format of formats) {
    const section = formatSection({ url: finalUrl, title: exported.title, content: exported[format] });
    bytes = Math.max(bytes, Buffer.byteLength(section));
    page.sections[format] = section;
  }
  const links = anchors?.links(finalUrl);
  if (follows && links) page.links = discoverLinks(links, job.url).links;
  if (firecrawl) {
    const wants = new Set(firecrawl.formats);
    const { details } = exported;
    page.firecrawl = {
      ...(wants.has('html') ? { html: details?.html ?? '' } : {}),
      ...(wants.has('rawHtml') ? { raw_html: html } : {}),
      ...(wants.has('links') && links ? { links: [...new Set(links.map((link) => link.url))] } : {}),
      ...(details?.description ? { description: details.description } : {}),
      ...(details?.language ? { language: details.language } : {}),
    };
  }
  return { page, title: exported.title, bytes, truncated: exported.truncated };
}

/** 2 s, 4 s, 8 s … between attempts. */
function backoffSeconds(attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 2 ** attempt);
}

import { decodeHtml } from '../core/charset.js';
import { formatSection } from '../core/document.js';
import { exportPage } from '../core/export.js';
import { goesStraightToBrowser, judgeStaticHtml, shellHostMark } from '../core/render-decision.js';
import { FetchError, isHtmlMediaType, type FetchedDocument } from '../core/fetch-types.js';
import { discoverLinks } from '../core/links.js';
import { refuseOffSiteRedirect } from '../core/urls.js';
import { artifactKeys, putJson, putText, CONTENT_TYPES } from '../data/artifacts.js';
import { addShellHostMark, getJob } from '../data/jobs.js';
import { acquireLease, finishEntry, getEntry, handOverToRenderer, releaseLease, type FinalFields } from '../data/ledger.js';
import { sendPageMessage, type PageMessage } from '../data/page-queue.js';
import { isTerminal, type JobRecord } from '../domain/job.js';
import { isFinal, MAX_PAGE_ATTEMPTS, type LedgerEntry } from '../domain/ledger.js';
import { retryAfterSeconds } from '../net/retry-after.js';
import { RenderError, type Renderer } from '../render/browser.js';
import { sharedFetcher } from './fetcher.js';
import { waitForHostSlot } from './host-manners.js';
import { pageLeaseMs, releaseNextInLane } from './lane.js';
import { isAllowedForUs, jobRobots } from './job-robots.js';

const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_DELAY_SECONDS = 60;

/** `retryInSeconds`: a failed attempt to repeat later; `deferInSeconds`: the site is busy, not an attempt. */
export type PageTaskOutcome = { retryInSeconds?: number; deferInSeconds?: number };

/**
 * Crawls one ledger entry. A duplicate delivery finds the page taken or done and only makes sure
 * the lane goes on; a transient failure gives the page back and asks for a later retry.
 * The page worker runs it without a renderer and hands pages that need a browser to the render
 * worker, which runs it with one: the same lease, retry, cancel and lane rules hold for both.
 */
export async function runPageTask(message: PageMessage, renderer?: Renderer): Promise<PageTaskOutcome> {
  const job = await getJob(message.job_id);
  if (!job || isTerminal(job.status) || job.level?.depth !== message.depth) return {};
  if (job.cancel_requested) {
    await finishEntry(job.job_id, message.depth, message.index, { status: 'skipped', reason: 'cancelled' }, ['queued']);
    return {};
  }

  // Manners across jobs come before the page is taken: waiting for the site costs no attempt.
  const slot = await waitForHostSlot(job);
  if (!slot.taken) return { deferInSeconds: slot.retryInSeconds };
  try {
    // Not taken: another worker holds the page, or it is done and has released its successor, or it
    // was skipped when the level was planned (robots.txt), where no worker did, so this one does.
    const entry = await acquireLease(job.job_id, message.depth, message.index, Date.now(), pageLeaseMs());
    if (!entry) {
      await slot.release();
      const current = await getEntry(job.job_id, message.depth, message.index);
      if (current && isFinal(current.status) && !current.attempts) await releaseNextInLane(job, message.depth, message.index);
      return {};
    }
    if (!renderer && goesStraightToBrowser(job, entry)) {
      await slot.release();
      await handOver(entry);
      return {};
    }

    const outcome = await crawlPage(job, entry, renderer, slot.release);
    if (outcome === 'shell') {
      await addShellHostMark(job.job_id, shellHostMark(entry.url, entry.depth));
      await handOver(entry);
      return {};
    }
    if ('retryInSeconds' in outcome && (entry.attempts ?? 1) < MAX_PAGE_ATTEMPTS) {
      await releaseLease(job.job_id, entry.depth, entry.index);
      return { retryInSeconds: outcome.retryInSeconds };
    }
    const fields: FinalFields = 'retryInSeconds' in outcome ? outcome.finalIfExhausted : outcome;
    await releaseNextInLane(job, entry.depth, entry.index);
    await finishEntry(job.job_id, entry.depth, entry.index, fields);
    return {};
  } finally {
    await slot.release();
  }
}

/** The ledger first, then the message: a crash in between leaves the page message to be redelivered. */
async function handOver(entry: LedgerEntry): Promise<void> {
  if (await handOverToRenderer(entry.job_id, entry.depth, entry.index)) {
    await sendPageMessage({ job_id: entry.job_id, depth: entry.depth, index: entry.index }, 0, 'renderQueueUrl');
  }
}

type CrawlOutcome = FinalFields | { retryInSeconds: number; finalIfExhausted: FinalFields } | 'shell';

/** `releaseHostSlot` gives the site's slot back as soon as the fetch is over, before rendering and export. */
async function crawlPage(job: JobRecord, entry: LedgerEntry, renderer: Renderer | undefined, releaseHostSlot: () => Promise<void>): Promise<CrawlOutcome> {
  let document: FetchedDocument;
  try {
    document = await sharedFetcher()(entry.url, { allowRedirect: refuseOffSiteRedirect });
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    const reason = error.reason === 'redirect_refused' ? 'redirect_off_site' : error.reason;
    const final: FinalFields = { status: 'failed', reason };
    return error.retryable ? { retryInSeconds: backoffSeconds(entry.attempts ?? 1), finalIfExhausted: final } : final;
  } finally {
    await releaseHostSlot();
  }

  const base = { http_status: document.status, final_url: document.finalUrl };
  if (document.status < 200 || document.status >= 300) {
    const final: FinalFields = { ...base, status: 'failed', reason: `http_${document.status}` };
    if (!RETRY_STATUSES.has(document.status)) return final;
    const asked = retryAfterSeconds(document.headers);
    return { retryInSeconds: Math.min(MAX_RETRY_DELAY_SECONDS, asked ?? backoffSeconds(entry.attempts ?? 1)), finalIfExhausted: final };
  }
  if (!isHtmlMediaType(document.mediaType)) return { ...base, status: 'skipped', reason: 'not_html' };
  // A redirect may land on a path robots.txt closes; the first URL was checked when it was queued.
  if (document.finalUrl !== entry.url && !isAllowedForUs(await jobRobots(job), document.finalUrl)) {
    return { ...base, status: 'skipped', reason: 'robots_disallowed' };
  }

  let html = decodeHtml(document.body, document.headers['content-type']);
  if (!renderer && job.render === 'auto' && judgeStaticHtml(html, document.finalUrl).shell) return 'shell';
  if (renderer) {
    try {
      html = (await renderer.render({ url: document.finalUrl, status: document.status, headers: document.headers, body: document.body })).html;
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      const final: FinalFields = { ...base, status: 'failed', reason: error.reason, rendered: true };
      return error.retryable ? { retryInSeconds: backoffSeconds(entry.attempts ?? 1), finalIfExhausted: final } : final;
    }
  }
  const exported = exportPage(html, { url: document.finalUrl, onlyMainContent: job.only_main_content, formats: job.export_formats });
  let bytes = 0;
  for (const format of job.export_formats) {
    const section = formatSection({ url: document.finalUrl, title: exported.title, content: exported[format] });
    bytes = Math.max(bytes, Buffer.byteLength(section));
    await putText(artifactKeys.pageExport(job.job_id, entry.depth, entry.index, format), section, CONTENT_TYPES[format]);
  }
  if (job.mode === 'full' && entry.depth < job.max_depth) {
    await putJson(artifactKeys.pageLinks(job.job_id, entry.depth, entry.index), discoverLinks(html, document.finalUrl, job.url).links);
  }
  // A page over the export's size or node cap is crawled from its beginning; the ledger says so.
  return { ...base, status: 'crawled', title: exported.title, bytes, rendered: renderer !== undefined, ...(exported.truncated ? { reason: 'truncated' } : {}) };
}

/** 2 s, 4 s, 8 s … between attempts. */
function backoffSeconds(attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 2 ** attempt);
}

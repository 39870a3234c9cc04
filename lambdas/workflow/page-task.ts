import { randomUUID } from 'node:crypto';
import { decodeHtml } from '../core/charset.js';
import { formatSection } from '../core/document.js';
import { exportPage } from '../core/export.js';
import { goesStraightToBrowser, judgeStaticHtml, mayHoldScripts, shellHostMark } from '../core/render-decision.js';
import { FetchError, isHtmlMediaType, type FetchedDocument } from '../core/fetch-types.js';
import { AnchorCollector, discoverLinks } from '../core/links.js';
import { refuseOffSiteRedirect } from '../core/urls.js';
import { artifactKeys, putJson, type BatchedPage, type PageBatch } from '../data/artifacts.js';
import { addShellHostMark, getJob, recordCheckpoint } from '../data/jobs.js';
import { acquireLease, claimEntries, finishEntries, finishEntry, getEntries, getEntry, handOverToRenderer, releaseLease, restoreEntries, type FinalFields } from '../data/ledger.js';
import { sendPageMessage, type PageMessage } from '../data/page-queue.js';
import { isTerminal, laneDoneMark, type JobRecord } from '../domain/job.js';
import { countStatuses, isFinal, MAX_PAGE_ATTEMPTS, type LedgerEntry } from '../domain/ledger.js';
import { retryAfterSeconds } from '../net/retry-after.js';
import { logger } from '../observability/logger.js';
import { RenderError, type Renderer } from '../render/browser.js';
import { sharedFetcher } from './fetcher.js';
import { reservedSlot, waitForHostSlot, type TakenSlot } from './host-manners.js';
import { laneRunBudgetMs, checkpointEveryMs, pageLeaseMs } from './lane.js';
import { isAllowedForUs, jobRobots } from './job-robots.js';

const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_DELAY_SECONDS = 60;
/** Pages a checkpoint records at most: one BatchWriteItem call. */
const MAX_PAGES_PER_CHECKPOINT = 25;
/** Pages taken ahead at most: two checkpoints' worth, so the lane goes on crawling while one is written. */
const MAX_PAGES_TAKEN_AHEAD = 2 * MAX_PAGES_PER_CHECKPOINT;
/** What a page is taken to cost before one was crawled, to size the first pages taken ahead. */
const FIRST_PAGE_GUESS_MS = 200;
/** How often a render in progress looks whether its job was cancelled. */
const CANCEL_CHECK_MS = 1_000;
/** Sections a checkpoint's batch object holds at most, which bounds what Assemble keeps open per lane. */
const MAX_CHECKPOINT_BYTES = 4 * 1024 * 1024;

/** `deferInSeconds`: the site is busy; the message comes back then, and that costs the page no attempt. */
export type LaneRunOutcome = { deferInSeconds?: number };

/**
 * Crawls a lane of the level from the message's entry on (entries index, index + lanes, …), going
 * on to the lane's next entry within the invocation instead of through the queue, until the lane
 * ends, the run's time budget is spent, the job is cancelled, or another job wants the site.
 *
 * Each page is leased before it is fetched; outcomes are recorded in checkpoints (one batch object
 * with the pages' sections and links, then their ledger entries, then the job's progress), each
 * written while the lane crawls the pages it took ahead, so a crash loses at most the pages since
 * the last checkpoint that landed, whose leases run out and whose message comes back: the lane is
 * walked again past its finished entries. At most one worker holds a lane:
 * a worker that finds the lane's next page held by another stops.
 *
 * The render worker runs the same code with a renderer, for one page handed to it; the lane then
 * goes on in the page worker. With a Crawl-delay, each page is its own message, paced by the delay.
 */
export async function runLane(message: PageMessage, renderer?: Renderer): Promise<LaneRunOutcome> {
  const job = await getJob(message.job_id);
  if (!job) return {};
  const reserved = message.slot && (await reservedSlot(job, message.slot));
  if (isTerminal(job.status) || job.level?.depth !== message.depth) {
    await reserved?.release();
    return {};
  }
  if (job.cancel_requested) {
    await reserved?.release();
    await finishEntry(job.job_id, message.depth, message.index, { status: 'skipped', reason: 'cancelled' }, ['queued']);
    return {};
  }
  // Manners across jobs come before any page is taken: waiting for the site costs no attempt.
  const slot = reserved || (await waitForHostSlot(job));
  if (!slot.taken) return { deferInSeconds: slot.retryInSeconds };
  try {
    await new LaneRun(job, job.level, slot, renderer).from(message.index);
    return {};
  } finally {
    await slot.release();
  }
}

interface CrawledPage {
  entry: LedgerEntry;
  fields: FinalFields;
  page?: BatchedPage;
}

type Level = NonNullable<JobRecord['level']>;

/** What a checkpoint tells the lane: go on, stop (the job was cancelled or ended), or yield the site to another job. */
type Verdict = 'go' | 'stop' | 'yield';

class LaneRun {
  private pending: CrawledPage[] = [];
  private pendingBytes = 0;
  private checkpointedAt = Date.now();
  private readonly startedAt = Date.now();
  /** Pages taken ahead of the one being crawled, in lane order, each with the entry as it was before. */
  private claimed: Array<{ entry: LedgerEntry; before: LedgerEntry }> = [];
  /** The lane's next page, being fetched while the current one is exported. */
  private prefetch: { index: number; fetched: Promise<Fetched> } | undefined;
  /** How long the last page took (at first a guess), which sizes how many pages are taken ahead. */
  private pageMs = FIRST_PAGE_GUESS_MS;
  /** After taking over a page from a worker that died: one page at a time, each recorded at once, so a page that kills its worker is the one the dead-letter queue names. */
  private careful = false;
  /** One page per run: the render worker's page, or a page paced by a Crawl-delay. */
  private readonly onePage: boolean;
  private lane = 0;
  /** The checkpoint being written while the lane goes on, and the last verdict a checkpoint gave. */
  private inFlight: Promise<Verdict> | undefined;
  private verdict: Verdict = 'go';

  constructor(
    private job: JobRecord,
    private readonly level: Level,
    private readonly slot: TakenSlot,
    private readonly renderer: Renderer | undefined,
  ) {
    this.onePage = renderer !== undefined || Boolean(job.crawl_delay_seconds);
  }

  async from(first: number): Promise<void> {
    this.lane = first % this.level.lanes;
    try {
      await this.walk(first);
    } finally {
      try {
        await this.landed();
      } finally {
        await this.restoreClaims();
      }
    }
  }

  private async walk(first: number): Promise<void> {
    for (let index = first; index < this.level.size; ) {
      const entry = this.claimed.shift()?.entry ?? (await this.takeFront(index));
      if (entry === 'walk on') {
        index += this.level.lanes;
        continue;
      }
      if (!entry) return;
      const next = this.claimed[0]?.entry.index ?? entry.index + this.level.lanes;
      index = next;
      if (!this.renderer && goesStraightToBrowser(this.job, entry)) {
        await this.checkpoint();
        await handOver(entry);
        return;
      }

      const pageStarted = Date.now();
      const fetched = await (this.prefetch?.index === entry.index ? this.prefetch.fetched : fetchPage(entry.url));
      this.prefetch = undefined;
      // A one-page run gives the site's slot back as soon as its fetch is over, before rendering and export.
      if (this.onePage) await this.slot.release();
      // The lane's next page is fetched while this one is exported: still one fetch in flight per lane.
      const upcoming = this.claimed[0]?.entry;
      if (upcoming && !this.onePage && !goesStraightToBrowser(this.job, upcoming)) this.prefetch = { index: upcoming.index, fetched: fetchPage(upcoming.url) };
      const outcome = await crawlPage(this.job, entry, fetched, this.renderer);
      if (outcome === 'shell') {
        await this.checkpoint();
        await addShellHostMark(this.job.job_id, shellHostMark(entry.url, entry.depth));
        await handOver(entry);
        return;
      }
      if ('retryInSeconds' in outcome && (entry.attempts ?? 1) < MAX_PAGE_ATTEMPTS) {
        // A new delayed message: its attempts are counted in the ledger, and the lane waits for it.
        await this.checkpoint();
        await releaseLease(this.job.job_id, entry.depth, entry.index);
        await sendPageMessage({ job_id: this.job.job_id, depth: entry.depth, index: entry.index }, outcome.retryInSeconds);
        return;
      }
      this.pending.push('retryInSeconds' in outcome ? { entry, fields: outcome.finalIfExhausted } : { entry, ...outcome });
      for (const section of Object.values(('page' in outcome && outcome.page?.sections) || {})) this.pendingBytes += section.length;
      this.pageMs = Date.now() - pageStarted;

      if (next >= this.level.size) {
        await this.checkpoint(true);
        return;
      }
      if (this.onePage) {
        await this.checkpoint();
        await sendPageMessage({ job_id: this.job.job_id, depth: entry.depth, index: next }, this.job.crawl_delay_seconds ?? 0);
        return;
      }
      const due =
        this.careful ||
        this.pending.length >= MAX_PAGES_PER_CHECKPOINT ||
        this.pendingBytes >= MAX_CHECKPOINT_BYTES ||
        Date.now() - this.checkpointedAt >= checkpointEveryMs();
      if (due) {
        // With pages taken ahead, the lane crawls them while the checkpoint is written (one at a time).
        if (this.careful || this.claimed.length === 0) this.verdict = await this.verdictAfter(await this.checkpoint());
        else if ((await this.landed()) === 'go') this.checkpointMeanwhile();
      }
      if (this.verdict !== 'go') return this.stopFor(this.verdict, next);
      if (Date.now() - this.startedAt >= laneRunBudgetMs()) {
        // The rest of the lane in a new invocation; a crash before this message is sent brings the current one back.
        await this.checkpoint();
        await this.restoreClaims();
        await sendPageMessage({ job_id: this.job.job_id, depth: entry.depth, index: next });
        return;
      }
    }
    await this.checkpoint(true);
  }

  /** After a checkpoint: whether the run may go on with the site's slot, renewed. */
  private async verdictAfter(written: boolean): Promise<Verdict> {
    if (!written) return 'stop';
    return (await this.slot.renew()) ? 'go' : 'yield';
  }

  /** Writes the pending pages' checkpoint while the lane goes on; its verdict is looked at after each page. */
  private checkpointMeanwhile(): void {
    const inFlight = this.writeCheckpoint().then((written) => this.verdictAfter(written));
    // A failed checkpoint stops the lane after its current page; `landed` then fails the run with it.
    inFlight.then(
      (verdict) => (this.verdict = verdict),
      () => (this.verdict = 'stop'),
    );
    this.inFlight = inFlight;
  }

  /** The verdict of the checkpoint written meanwhile, once it has landed (its failure fails the run). */
  private async landed(): Promise<Verdict> {
    const inFlight = this.inFlight;
    this.inFlight = undefined;
    if (inFlight) this.verdict = await inFlight;
    return this.verdict;
  }

  /**
   * Ends the run on a checkpoint's verdict: the pages crawled since are recorded first. A cancelled
   * or ended job stops the lane; another job wanting the site gets the slot back, and the lane asks
   * for one again from its next page.
   */
  private async stopFor(verdict: Exclude<Verdict, 'go'>, next: number): Promise<void> {
    await this.checkpoint();
    if (verdict === 'stop') return;
    await this.restoreClaims();
    await sendPageMessage({ job_id: this.job.job_id, depth: this.level.depth, index: next });
  }

  /**
   * Leases the lane's first unfinished page from `index` on, and takes the pages after it ahead
   * (as many as are crawled well within a lease). 'walk on' when that page is finished; undefined
   * when another worker holds it, who owns the lane then.
   */
  private async takeFront(index: number): Promise<LedgerEntry | 'walk on' | undefined> {
    const front = await acquireLease(this.job.job_id, this.level.depth, index, Date.now(), pageLeaseMs());
    if (!front) {
      const current = await getEntry(this.job.job_id, this.level.depth, index);
      if (current && isFinal(current.status)) {
        if (!this.renderer) return 'walk on';
        // A render message delivered again after its page was done: the page worker walks the lane on.
        await sendPageMessage({ job_id: this.job.job_id, depth: this.level.depth, index });
        return undefined;
      }
      await this.checkpoint();
      return undefined;
    }
    if ((front.attempts ?? 1) > 1) this.careful = true;
    // The page's fetch starts now, while the pages after it are taken.
    if (!this.onePage && !goesStraightToBrowser(this.job, front)) this.prefetch = { index: front.index, fetched: fetchPage(front.url) };
    const ahead = this.careful || this.onePage ? 0 : Math.min(MAX_PAGES_TAKEN_AHEAD, Math.floor(pageLeaseMs() / 2 / Math.max(1, this.pageMs)));
    const indexes: number[] = [];
    for (let next = index + this.level.lanes; indexes.length < ahead && next < this.level.size; next += this.level.lanes) indexes.push(next);
    if (indexes.length === 0) return front;
    const now = Date.now();
    const takeable: LedgerEntry[] = [];
    for (const entry of await getEntries(this.job.job_id, this.level.depth, indexes)) {
      if (isFinal(entry.status)) continue;
      if (entry.status === 'in_progress' && (entry.lease_until ?? 0) >= now) break;
      takeable.push(entry);
    }
    const claimed = await claimEntries(takeable, now, pageLeaseMs());
    this.claimed = claimed.map((entry, i) => ({ entry, before: takeable[i] as LedgerEntry }));
    return front;
  }

  /**
   * Pages taken ahead but not crawled go back as they were, for the lane's next worker; a fetch
   * started ahead is waited for first, so no fetch of the lane outlives the run.
   */
  private async restoreClaims(): Promise<void> {
    await this.prefetch?.fetched;
    this.prefetch = undefined;
    if (this.claimed.length > 0) await restoreEntries(this.claimed.map(({ before }) => before));
    this.claimed = [];
  }

  /** Records the pending pages after the checkpoint written meanwhile, if any; false when the run must stop. */
  private async checkpoint(laneEnds = false): Promise<boolean> {
    const earlier = await this.landed();
    return (await this.writeCheckpoint(laneEnds)) && earlier !== 'stop';
  }

  /**
   * Records the pending pages: their batch object first, then their ledger entries (which name the
   * object), then the job's progress. False when the run must stop: the job was cancelled or ended.
   */
  private async writeCheckpoint(laneEnds = false): Promise<boolean> {
    const crawled = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    this.checkpointedAt = Date.now();
    if (crawled.length === 0 && !laneEnds) return true;
    const pages: PageBatch = {};
    for (const { entry, page } of crawled) if (page) pages[entry.index] = page;
    const first = crawled.find((item) => item.page)?.entry;
    const batch = first && artifactKeys.pageBatch(this.job.job_id, this.level.depth, first.index, randomUUID().slice(0, 8));
    if (batch) await putJson(batch, pages);
    await finishEntries(crawled.map(({ entry, fields, page }) => ({ entry, fields: page && batch ? { ...fields, batch } : fields })));
    const counts = countStatuses(crawled.map(({ fields }) => fields.status));
    const job = await recordCheckpoint(this.job.job_id, counts, laneEnds ? laneDoneMark(this.level.depth, this.lane) : undefined);
    if (!job) return false;
    this.job = job;
    return !job.cancel_requested;
  }
}

/** The ledger first, then the message: a crash in between leaves the page message to be redelivered. */
async function handOver(entry: LedgerEntry): Promise<void> {
  if (await handOverToRenderer(entry.job_id, entry.depth, entry.index)) {
    await sendPageMessage({ job_id: entry.job_id, depth: entry.depth, index: entry.index }, 0, 'renderQueueUrl');
  }
}

type CrawlOutcome = { fields: FinalFields; page?: BatchedPage } | { retryInSeconds: number; finalIfExhausted: FinalFields } | 'shell';

/** A fetch's answer, or why there was none: it never rejects, so a fetch started ahead cannot go unhandled. */
type Fetched = { document: FetchedDocument } | { error: unknown };

async function fetchPage(url: string): Promise<Fetched> {
  try {
    return { document: await sharedFetcher()(url, { allowRedirect: refuseOffSiteRedirect }) };
  } catch (error) {
    return { error };
  }
}

async function crawlPage(job: JobRecord, entry: LedgerEntry, fetched: Fetched, renderer: Renderer | undefined): Promise<CrawlOutcome> {
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
  if (document.finalUrl !== entry.url && !isAllowedForUs(await jobRobots(job), document.finalUrl)) {
    return { fields: { ...base, status: 'skipped', reason: 'robots_disallowed' } };
  }

  let html = decodeHtml(document.body, document.headers['content-type']);
  if (!renderer && job.render === 'auto' && mayHoldScripts(html) && judgeStaticHtml(html, document.finalUrl).shell) return 'shell';
  if (renderer) {
    try {
      const rendered = await unlessCancelled(job.job_id, renderer.render({ url: document.finalUrl, status: document.status, headers: document.headers, body: document.body }));
      if (rendered === 'cancelled') return { fields: { ...base, status: 'skipped', reason: 'cancelled' } };
      html = rendered.html;
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      if (error.reason === 'browser_unavailable') logger.error('the browser could not start: the page fails instead of waiting for it', { url: entry.url, job_id: job.job_id, cause: error.message });
      const final: FinalFields = { ...base, status: 'failed', reason: error.reason, rendered: true };
      return error.retryable ? { retryInSeconds: backoffSeconds(entry.attempts ?? 1), finalIfExhausted: final } : { fields: final };
    }
  }
  // The links to follow are collected from the export's parse: one parse per page.
  const anchors = job.mode === 'full' && entry.depth < job.max_depth ? new AnchorCollector() : undefined;
  const exported = exportPage(html, { url: document.finalUrl, onlyMainContent: job.only_main_content, formats: job.export_formats, observer: anchors });
  const page: BatchedPage = { sections: {} };
  let bytes = 0;
  for (const format of job.export_formats) {
    const section = formatSection({ url: document.finalUrl, title: exported.title, content: exported[format] });
    bytes = Math.max(bytes, Buffer.byteLength(section));
    page.sections[format] = section;
  }
  if (anchors) page.links = discoverLinks(anchors.links(document.finalUrl), job.url).links;
  // A page over the export's size or node cap is crawled from its beginning; the ledger says so.
  const fields: FinalFields = { ...base, status: 'crawled', title: exported.title, bytes, rendered: renderer !== undefined, ...(exported.truncated ? { reason: 'truncated' } : {}) };
  return { fields, page };
}

/**
 * The render's result, or 'cancelled' as soon as the job is: a render may take its whole wall time
 * (or a browser launch its timeout), and a cancel should not wait for it. The render left behind
 * ends at its own budget.
 */
async function unlessCancelled<T>(jobId: string, render: Promise<T>): Promise<T | 'cancelled'> {
  let timer: NodeJS.Timeout | undefined;
  const cancelled = new Promise<'cancelled'>((resolve) => {
    timer = setInterval(() => {
      void getJob(jobId).then(
        (job) => {
          if (job?.cancel_requested) resolve('cancelled');
        },
        () => undefined,
      );
    }, CANCEL_CHECK_MS);
  });
  render.catch(() => undefined);
  try {
    return await Promise.race([render, cancelled]);
  } finally {
    clearInterval(timer);
  }
}

/** 2 s, 4 s, 8 s … between attempts. */
function backoffSeconds(attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 2 ** attempt);
}

import type { JobRecord } from '../domain/job.js';
import { isFinal, type LedgerEntry } from '../domain/ledger.js';
import type { LanePorts } from './lane-ports.js';
import { pageLeaseMs } from './lane.js';
import { fetchPage, type Fetched } from './page-crawl.js';

/** Pages a checkpoint records at most: one BatchWriteItem call. */
export const MAX_PAGES_PER_CHECKPOINT = 25;
/** Pages taken ahead at most: two checkpoints' worth, so the lane goes on crawling while one is written. */
const MAX_PAGES_TAKEN_AHEAD = 2 * MAX_PAGES_PER_CHECKPOINT;
/** What a page is taken to cost before one was crawled, to size the first pages taken ahead. */
const FIRST_PAGE_GUESS_MS = 200;

type Level = NonNullable<JobRecord['level']>;

export type CursorPorts = Pick<LanePorts, 'acquireLease' | 'claimEntries' | 'getEntry' | 'getEntries' | 'restoreEntries' | 'fetchDocument' | 'now'>;

/**
 * Where a worker stands on its lane: the lease on the page in front, the pages claimed after it
 * (each with the entry as it was before, to give it back), and the fetch started ahead.
 */
export class LaneCursor {
  /** Pages taken ahead of the one being crawled, in lane order. */
  private claimed: Array<{ entry: LedgerEntry; before: LedgerEntry }> = [];
  /** The lane's next page, being fetched while the current one is exported. */
  private prefetch: { index: number; fetched: Promise<Fetched> } | undefined;
  /** How long the last page took (at first a guess), which sizes how many pages are taken ahead. */
  private pageMs = FIRST_PAGE_GUESS_MS;
  private tookOver = false;

  /**
   * `takesAhead`: false for a worker that crawls one page per message (the render worker, a lane
   * paced by a Crawl-delay). `fetchable`: whether an entry is fetched here, not handed to the browser.
   */
  constructor(
    private readonly ports: CursorPorts,
    private readonly jobId: string,
    private readonly level: Level,
    private readonly takesAhead: boolean,
    private readonly fetchable: (entry: LedgerEntry) => boolean,
  ) {}

  /**
   * After taking over a page from a worker that died: one page at a time, each recorded at once,
   * so a page that kills its worker is the one the dead-letter queue names.
   */
  get careful(): boolean {
    return this.tookOver;
  }

  get hasPagesAhead(): boolean {
    return this.claimed.length > 0;
  }

  /** The lane's index after `entry`: the first page taken ahead, or the lane's next. */
  nextAfter(entry: LedgerEntry): number {
    return this.claimed[0]?.entry.index ?? entry.index + this.level.lanes;
  }

  /**
   * The lane's page at `index`: the next page taken ahead, or the front page leased now with the
   * pages after it taken ahead (as many as are crawled well within a lease). 'finished' when that
   * page is; 'held' when another worker holds it, who owns the lane then.
   */
  async take(index: number): Promise<LedgerEntry | 'finished' | 'held'> {
    const ahead = this.claimed.shift()?.entry;
    if (ahead) return ahead;
    const front = await this.ports.acquireLease(this.jobId, this.level.depth, index, this.ports.now(), pageLeaseMs());
    if (!front) {
      const current = await this.ports.getEntry(this.jobId, this.level.depth, index);
      return current && isFinal(current.status) ? 'finished' : 'held';
    }
    if ((front.attempts ?? 1) > 1) this.tookOver = true;
    // The page's fetch starts now, while the pages after it are taken.
    if (this.takesAhead && this.fetchable(front)) this.prefetch = { index: front.index, fetched: fetchPage(this.ports.fetchDocument, front.url) };
    const count = this.tookOver || !this.takesAhead ? 0 : Math.min(MAX_PAGES_TAKEN_AHEAD, Math.floor(pageLeaseMs() / 2 / Math.max(1, this.pageMs)));
    const indexes: number[] = [];
    for (let next = index + this.level.lanes; indexes.length < count && next < this.level.size; next += this.level.lanes) indexes.push(next);
    if (indexes.length === 0) return front;
    const now = this.ports.now();
    const takeable: LedgerEntry[] = [];
    for (const entry of await this.ports.getEntries(this.jobId, this.level.depth, indexes)) {
      if (isFinal(entry.status)) continue;
      if (entry.status === 'in_progress' && (entry.lease_until ?? 0) >= now) break;
      takeable.push(entry);
    }
    const claimed = await this.ports.claimEntries(takeable, now, pageLeaseMs());
    this.claimed = claimed.map((entry, i) => ({ entry, before: takeable[i] as LedgerEntry }));
    return front;
  }

  /** The page's document: the fetch started ahead for it, or one started now. */
  async fetch(entry: LedgerEntry): Promise<Fetched> {
    const fetched = await (this.prefetch?.index === entry.index ? this.prefetch.fetched : fetchPage(this.ports.fetchDocument, entry.url));
    this.prefetch = undefined;
    return fetched;
  }

  /** Starts fetching the next page taken ahead while the current one is exported: still one fetch in flight per lane. */
  fetchUpcoming(): void {
    const upcoming = this.claimed[0]?.entry;
    if (upcoming && this.takesAhead && this.fetchable(upcoming)) this.prefetch = { index: upcoming.index, fetched: fetchPage(this.ports.fetchDocument, upcoming.url) };
  }

  /** How long the page just crawled took, which sizes the next pages taken ahead. */
  pageTook(ms: number): void {
    this.pageMs = ms;
  }

  /**
   * Pages taken ahead but not crawled go back as they were, for the lane's next worker; a fetch
   * started ahead is waited for first, so no fetch of the lane outlives the run.
   */
  async giveBack(): Promise<void> {
    await this.prefetch?.fetched;
    this.prefetch = undefined;
    if (this.claimed.length > 0) await this.ports.restoreEntries(this.claimed.map(({ before }) => before));
    this.claimed = [];
  }
}

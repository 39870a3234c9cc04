import type { PathFilter } from '../core/path-filter.js';
import { normalizeUrl } from '../core/urls.js';
import { isFinal, MAX_PAGE_ATTEMPTS, type LedgerEntry } from './ledger.js';

export interface PlannedPage {
  url: string;
  status: 'queued' | 'skipped';
  reason?: string;
}

export interface LevelPlan {
  entries: PlannedPage[];
  /** Entries that will be fetched, i.e. what the level takes from the page budget. */
  fetchable: number;
  /** Candidates left unexamined because matching the path filters used up `PATH_FILTER_WORK_PER_LEVEL`. */
  unexamined: number;
}

/**
 * Path filter matching a level's planning may do, in `PathFilter.workFor` units (about a 32-bit
 * word of automaton state stepped over one path character): one to two seconds of CPU with the
 * costliest patterns validation accepts (`npm run bench -- path-filter`), and room for tens of
 * thousands of distinct links against a dozen ordinary patterns. A count rather than a clock, so
 * a retried or resumed planning cuts the level at the same candidate.
 */
export const PATH_FILTER_WORK_PER_LEVEL = 200_000_000;

/** Work between two pauses that let the event loop serve others: some milliseconds of CPU. */
const WORK_BETWEEN_PAUSES = 1_000_000;

/**
 * The next BFS level (CONTRACT 4 and 5): candidate URLs in discovery order (the parents' order,
 * then each link's position), each URL once across the whole crawl, robots-disallowed URLs
 * recorded as skipped without using the budget, URLs the job's path filters leave out dropped
 * before anything else (they take no budget and no ledger entry), and the level cut in discovery
 * order when the budget runs out, or when matching the path filters has done
 * `PATH_FILTER_WORK_PER_LEVEL`. `seen` is updated with every URL examined.
 *
 * Planning pauses (`pause`) every `WORK_BETWEEN_PAUSES` units of work, so a level of many long
 * links never holds the event loop that other invocations share.
 */
export async function planLevel(input: {
  candidates: readonly string[];
  seen: Set<string>;
  budget: number;
  isAllowed: (url: string) => boolean;
  filter?: PathFilter;
  pause: () => Promise<unknown>;
}): Promise<LevelPlan> {
  const { candidates } = input;
  const entries: PlannedPage[] = [];
  let fetchable = 0;
  let filterWork = 0;
  let workSincePause = 0;
  for (let i = 0; i < candidates.length; i++) {
    if (fetchable >= input.budget) break;
    if (workSincePause >= WORK_BETWEEN_PAUSES) {
      await input.pause();
      workSincePause = 0;
    }
    const url = normalizeUrl(candidates[i] as string);
    workSincePause += url.length;
    if (input.seen.has(url)) continue;
    input.seen.add(url);
    if (input.filter) {
      const work = input.filter.workFor(url);
      if (filterWork + work > PATH_FILTER_WORK_PER_LEVEL) return { entries, fetchable, unexamined: candidates.length - i };
      filterWork += work;
      workSincePause += work;
      if (!input.filter.wants(url)) continue;
    }
    if (!input.isAllowed(url)) {
      entries.push({ url, status: 'skipped', reason: 'robots_disallowed' });
      continue;
    }
    entries.push({ url, status: 'queued' });
    fetchable += 1;
  }
  return { entries, fetchable, unexamined: 0 };
}

/** Robots.txt Crawl-delay is honoured up to this many seconds (CONTRACT 5). */
export const MAX_CRAWL_DELAY_SECONDS = 10;

/**
 * Lanes are the job's concurrency: entry i of a level is released when entry i - lanes finishes,
 * so at most `lanes` fetches are in flight. A Crawl-delay means one lane, paced by that delay.
 */
export function laneCount(concurrency: number, levelSize: number, crawlDelaySeconds: number | undefined): number {
  const lanes = crawlDelaySeconds ? 1 : concurrency;
  return Math.max(1, Math.min(lanes, levelSize));
}

/** A level as CheckLevel sees it after a watch: entries still open, entries workers finished, its lanes, and the time since its release. */
export interface LevelPace {
  open: number;
  finished: number;
  lanes: number;
  elapsedMs: number;
}

/**
 * How long the state machine waits before CheckLevel looks at a level again, from the time left at
 * the level's pace so far: none when the level should end within the next watch (which then sees
 * its end within moments), otherwise about half the time left, in whole seconds from 1 to 10, so
 * the checks close in on the end. Before any page has finished, each lane is taken to be finishing
 * its first.
 */
export function pollDelaySeconds(level: LevelPace, watchMs: number): number {
  const finished = level.finished > 0 ? level.finished : Math.min(level.lanes, level.open);
  const remainingMs = (level.open * level.elapsedMs) / Math.max(1, finished);
  if (remainingMs <= watchMs) return 0;
  return Math.min(10, Math.max(1, Math.floor(remainingMs / 2000)));
}

/**
 * How long a level may show no activity before it counts as stalled. The longest quiet spell of a
 * healthy level is a page whose worker crashes before taking it, every time: its message comes back
 * a visibility timeout later, MAX_PAGE_ATTEMPTS times, then goes to the dead-letter queue, which
 * marks the page failed. One more visibility timeout is the margin. (A live worker records
 * something within one lease; a crashed one's page is taken over after one visibility timeout.)
 */
export function stallAfterMs(visibilityTimeoutSeconds: number): number {
  return (MAX_PAGE_ATTEMPTS + 1) * visibilityTimeoutSeconds * 1000;
}

/** What CheckLevel last saw of a level: its activity and since when it has not changed (epoch ms). */
export interface LevelWatch {
  activity: number;
  since: number;
}

/** Grows with everything workers do on a level: each lease taken (attempts) and each outcome recorded. */
export function levelActivity(entries: Iterable<Pick<LedgerEntry, 'status' | 'attempts'>>): number {
  let activity = 0;
  for (const entry of entries) activity += (entry.attempts ?? 0) + (isFinal(entry.status) ? 1 : 0);
  return activity;
}

/**
 * Whether a level has stalled: its activity has not moved for `stallMs`. A stalled level starts a
 * new watch, so it is released again at most once per `stallMs` while it stays stuck.
 */
export function watchLevel(previous: LevelWatch | undefined, activity: number, now: number, stallMs: number): { watch: LevelWatch; stalled: boolean } {
  if (!previous || previous.activity !== activity) return { watch: { activity, since: now }, stalled: false };
  if (now - previous.since < stallMs) return { watch: previous, stalled: false };
  return { watch: { activity, since: now }, stalled: true };
}

/**
 * The first unfinished entry of each lane (entries i, i + lanes, i + 2·lanes …): releasing these
 * again restarts every lane where it stopped, still with at most `lanes` pages in flight.
 */
export function laneHeads(entries: Iterable<Pick<LedgerEntry, 'index' | 'status'>>, lanes: number): number[] {
  const heads = new Map<number, number>();
  for (const entry of entries) {
    if (isFinal(entry.status)) continue;
    const lane = entry.index % lanes;
    const head = heads.get(lane);
    if (head === undefined || entry.index < head) heads.set(lane, entry.index);
  }
  return [...heads.values()].sort((a, b) => a - b);
}

import { normalizeUrl } from '../core/urls.js';

export interface PlannedPage {
  url: string;
  status: 'queued' | 'skipped';
  reason?: string;
}

export interface LevelPlan {
  entries: PlannedPage[];
  /** Entries that will be fetched, i.e. what the level takes from the page budget. */
  fetchable: number;
}

/**
 * The next BFS level (CONTRACT 4 and 5): candidate URLs in discovery order (the parents' order,
 * then each link's position), each URL once across the whole crawl, robots-disallowed URLs
 * recorded as skipped without using the budget, URLs the job's path filters leave out dropped
 * before anything else (they take no budget and no ledger entry), and the level cut in discovery
 * order when the budget runs out. `seen` is updated with everything the level takes.
 */
export function planLevel(input: {
  candidates: Iterable<string>;
  seen: Set<string>;
  budget: number;
  isAllowed: (url: string) => boolean;
  isWanted?: (url: string) => boolean;
}): LevelPlan {
  const entries: PlannedPage[] = [];
  let fetchable = 0;
  for (const candidate of input.candidates) {
    if (fetchable >= input.budget) break;
    const url = normalizeUrl(candidate);
    if (input.seen.has(url) || (input.isWanted && !input.isWanted(url))) continue;
    input.seen.add(url);
    if (!input.isAllowed(url)) {
      entries.push({ url, status: 'skipped', reason: 'robots_disallowed' });
      continue;
    }
    entries.push({ url, status: 'queued' });
    fetchable += 1;
  }
  return { entries, fetchable };
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

/** How long the state machine waits before looking at a level again: about half its remaining time. */
export function pollDelaySeconds(openEntries: number, lanes: number, crawlDelaySeconds = 0): number {
  const perPage = Math.max(1, crawlDelaySeconds);
  const estimate = Math.ceil(((openEntries / Math.max(1, lanes)) * perPage) / 2);
  return Math.min(10, Math.max(1, estimate));
}

import { ENV } from '../data/env.js';

/** How long a worker owns a page; past it, a redelivered message may take the page over. */
export function pageLeaseMs(): number {
  return Number(process.env.CRAWL_PAGE_LEASE_SECONDS ?? 100) * 1000;
}

/** The page queue's visibility timeout (the stack sets it): how long a crashed worker's message stays hidden. */
export function pageVisibilitySeconds(): number {
  return Number(process.env[ENV.pageVisibilitySeconds] ?? 120);
}

const MAX_LANE_RUN_MS = 30_000;
const MAX_CHECKPOINT_INTERVAL_MS = 2_000;

/**
 * How long a worker goes on along its lane before it hands the rest to a new message: a quarter of
 * the visibility timeout, so that with one more fetch (30 s at most) the run always ends before its
 * message could be delivered again.
 */
export function laneRunBudgetMs(): number {
  return Math.min(MAX_LANE_RUN_MS, (pageVisibilitySeconds() * 1000) / 4);
}

/** How often a lane worker records its pages: well within their leases, and often enough that progress and cancel show promptly. */
export function checkpointEveryMs(): number {
  return Math.min(MAX_CHECKPOINT_INTERVAL_MS, pageLeaseMs() / 2);
}

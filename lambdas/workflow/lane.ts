import { sendPageMessage } from '../data/page-queue.js';
import type { JobRecord } from '../domain/job.js';

/** How long a worker owns a page; past it, a redelivered message may take the page over. */
export function pageLeaseMs(): number {
  return Number(process.env.CRAWL_PAGE_LEASE_SECONDS ?? 100) * 1000;
}

/** The page queue's visibility timeout (the stack sets it): how long a crashed worker's message stays hidden. */
export function pageVisibilitySeconds(): number {
  return Number(process.env.CRAWL_PAGE_VISIBILITY_SECONDS ?? 120);
}

/**
 * Releases the next entry of a lane (index + lanes) when the entry at `index` is done, unless the
 * lane ends there or the crawl is being cancelled. Callers release before they record the entry's
 * outcome, so a final entry has always released its successor; a crash in between only sends the
 * successor twice, and the second delivery finds its page leased or done.
 */
export async function releaseNextInLane(job: JobRecord, depth: number, index: number): Promise<void> {
  if (job.cancel_requested || !job.level || job.level.depth !== depth) return;
  const next = index + job.level.lanes;
  if (next >= job.level.size) return;
  await sendPageMessage({ job_id: job.job_id, depth, index: next }, job.crawl_delay_seconds ?? 0);
}

import type { JobRecord } from './job.js';

/**
 * How long an open job may show no progress before it counts as stalled. The longest quiet spell
 * of a healthy crawl is an Assemble of a large job retried after a timeout (10 min per attempt, two
 * attempts) or a page at its last backoff (3 × 30 s fetches and 60 s waits): 30 minutes clears both.
 */
export const STALL_AFTER_MS = 30 * 60 * 1000;

/** What the reconciler last saw of a job's progress, and since when it has been the same. */
export type ProgressWatch = NonNullable<JobRecord['progress_watch']>;

function progressOf(job: JobRecord): Omit<ProgressWatch, 'since'> {
  const { pages_crawled, pages_failed, pages_skipped } = job.progress;
  return { pages_done: pages_crawled + pages_failed + pages_skipped, depth: job.level?.depth ?? null, status: job.status };
}

/**
 * The watch after looking at the job now: unchanged progress keeps its `since`, any change restarts
 * it. A first look at a job that has done nothing yet dates the quiet from its start (exact); one
 * that has done something from now (when its last page finished is not known).
 */
export function observeProgress(job: JobRecord, now: Date): ProgressWatch {
  const seen = progressOf(job);
  const watch = job.progress_watch;
  if (watch && watch.pages_done === seen.pages_done && watch.depth === seen.depth && watch.status === seen.status) return watch;
  const since = !watch && seen.pages_done === 0 ? (job.started_at ?? job.created_at) : now.toISOString();
  return { ...seen, since };
}

/** How long the job's progress has stood still, as far as the reconciler's watches tell. */
export function quietForMs(job: JobRecord, now: Date): number {
  return Math.max(0, now.getTime() - Date.parse(observeProgress(job, now).since));
}

export function isStalled(job: JobRecord, now: Date): boolean {
  return quietForMs(job, now) >= STALL_AFTER_MS;
}

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

/** The watch after looking at the job now: unchanged progress keeps its `since`, any change restarts it. */
export function observeProgress(job: JobRecord, now: Date): ProgressWatch {
  const seen = progressOf(job);
  const watch = job.progress_watch;
  if (watch && watch.pages_done === seen.pages_done && watch.depth === seen.depth && watch.status === seen.status) return watch;
  return { ...seen, since: now.toISOString() };
}

/**
 * How long the job's progress has stood still, as far as the watches tell: since the last watch
 * when nothing moved after it, none when something did, since the start when never watched.
 */
export function quietForMs(job: JobRecord, now: Date): number {
  const watch = job.progress_watch;
  if (!watch) return now.getTime() - Date.parse(job.started_at ?? job.created_at);
  return observeProgress(job, now) === watch ? now.getTime() - Date.parse(watch.since) : 0;
}

export function isStalled(job: JobRecord, now: Date): boolean {
  return quietForMs(job, now) >= STALL_AFTER_MS;
}

import type { JobRecord } from './job.js';

/** Quota is counted per calendar month in UTC (CONTRACT 6). */
export function quotaPeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/**
 * What a finished job is charged (CONTRACT 6): a completed `single` or `select` job costs what the
 * spec prices it at; everything else pays for the pages actually crawled, so a job that failed
 * before fetching (terms, robots) costs nothing and a cancelled crawl pays for what it kept.
 */
export function pagesToCharge(job: Pick<JobRecord, 'mode' | 'status' | 'quota'>, pagesCrawled: number): number {
  if (job.status === 'completed' && job.mode !== 'full') return job.quota.reserved;
  return Math.min(pagesCrawled, job.quota.reserved);
}

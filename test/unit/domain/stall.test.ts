import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../lambdas/domain/job.js';
import { newJobRecord } from '../../../lambdas/domain/new-job.js';
import { isStalled, observeProgress, quietForMs, STALL_AFTER_MS } from '../../../lambdas/domain/stall.js';

const START = new Date('2026-01-01T10:00:00Z');
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

/** A full job started at START, at its first level, as jobs-create and PlanLevel leave it. */
function job(fields: Partial<JobRecord> = {}): JobRecord {
  const created = newJobRecord({
    jobId: 'j',
    userId: 'u',
    request: { url: 'https://site.test/', mode: 'full', max_depth: 2, max_pages: 10, concurrency: 2, export_formats: ['markdown'], respect_robots: true, check_tos: false, only_main_content: true },
    reserved: 10,
    now: START,
    retentionDays: 30,
  } as Parameters<typeof newJobRecord>[0]);
  return { ...created, status: 'running', started_at: START.toISOString(), level: { depth: 0, size: 1, lanes: 1 }, pages_planned: 1, ...fields };
}

describe('stall detection from the reconciler\'s progress watches', () => {
  it('keeps the watch while nothing moves and restarts it on any progress', () => {
    const first = observeProgress(job({ progress: { pages_crawled: 1, pages_failed: 0, pages_skipped: 0 } }), minutes(15));
    expect(first).toEqual({ pages_done: 1, depth: 0, status: 'running', since: minutes(15).toISOString() });
    const watched = job({ progress_watch: first, progress: { pages_crawled: 1, pages_failed: 0, pages_skipped: 0 } });
    expect(observeProgress(watched, minutes(30))).toBe(first);
    const moved = job({ progress_watch: first, progress: { pages_crawled: 2, pages_failed: 0, pages_skipped: 0 } });
    expect(observeProgress(moved, minutes(30))).toEqual({ pages_done: 2, depth: 0, status: 'running', since: minutes(30).toISOString() });
    // a new level with the same counts is progress too
    expect(observeProgress(job({ progress_watch: first, progress: watched.progress, level: { depth: 1, size: 3, lanes: 1 } }), minutes(30)).since).toBe(minutes(30).toISOString());
  });

  it('counts a job stalled once its progress stood still for the stall period', () => {
    const watched = job({ progress_watch: { pages_done: 0, depth: 0, status: 'running', since: minutes(15).toISOString() } });
    expect(quietForMs(watched, minutes(40))).toBe(25 * 60_000);
    expect(isStalled(watched, minutes(15 + STALL_AFTER_MS / 60_000 - 1))).toBe(false);
    expect(isStalled(watched, minutes(15 + STALL_AFTER_MS / 60_000))).toBe(true);
    // progress after the last watch: not stalled, whatever the watch's age
    expect(quietForMs(job({ progress_watch: watched.progress_watch, progress: { pages_crawled: 2, pages_failed: 0, pages_skipped: 0 } }), minutes(120))).toBe(0);
  });

  it('dates a first look at a job that did nothing from its start (or creation), at one that did something from now', () => {
    expect(observeProgress(job(), minutes(31)).since).toBe(START.toISOString());
    expect(quietForMs(job(), minutes(31))).toBe(31 * 60_000);
    expect(isStalled(job({ status: 'queued', started_at: null, created_at: minutes(-40).toISOString() }), minutes(0))).toBe(true);
    expect(quietForMs(job({ progress: { pages_crawled: 3, pages_failed: 0, pages_skipped: 0 } }), minutes(90))).toBe(0);
  });
});

import { getJob, updateJob } from '../data/jobs.js';
import { rowsWithReservations, settleReservation } from '../data/usage.js';
import { isTerminal } from '../domain/job.js';
import { isStalled, observeProgress } from '../domain/stall.js';
import { recordJobsRescued, recordReservationsReleased, recordStalledJobs } from '../observability/metrics.js';
import { finalizeJob } from './finalize.js';

/** A reservation with no job record after this long belongs to a request that crashed midway. */
const ORPHAN_AFTER_MS = 15 * 60 * 1000;
/** A job still open after this long has outlived its execution's timeout. */
export const ABANDONED_AFTER_MS = 4 * 60 * 60 * 1000 + 15 * 60 * 1000;

/** An execution ended without reaching Finalize (timed out, aborted, failed): settle its job. */
export async function settleEndedExecution(jobId: string, executionStatus: string): Promise<void> {
  const job = await getJob(jobId);
  if (!job || (isTerminal(job.status) && job.quota.settled)) return;
  await finalizeJob(jobId, isTerminal(job.status) ? undefined : { message: `the crawl stopped unexpectedly (execution ${executionStatus.toLowerCase()})` });
  recordJobsRescued(1);
}

export interface SweepOutcome {
  released: number;
  settled: number;
  /** Open jobs whose progress has stood still for the stall period; their ids are in `stalledJobs`. */
  stalled: number;
  stalledJobs: string[];
}

/**
 * The sweeper: every reservation still held is checked against its job, so no page of quota is
 * held forever, whatever crashed where. Every open job holds a reservation, so the sweep also
 * watches their progress and counts the ones that stopped moving.
 */
export async function sweepReservations(now = Date.now()): Promise<SweepOutcome> {
  let released = 0;
  let settled = 0;
  const stalledJobs: string[] = [];
  for await (const row of rowsWithReservations()) {
    for (const [jobId, hold] of Object.entries(row.reservations)) {
      const age = now - Date.parse(hold.at);
      const job = await getJob(jobId);
      if (!job) {
        if (age < ORPHAN_AFTER_MS) continue;
        if (await settleReservation({ userId: row.user_id, period: row.period, jobId, reserved: hold.pages, charged: 0 })) released += 1;
      } else if (isTerminal(job.status) || age > ABANDONED_AFTER_MS) {
        await finalizeJob(jobId, isTerminal(job.status) ? undefined : { message: 'the crawl did not finish in time' });
        settled += 1;
      } else {
        const watch = observeProgress(job, new Date(now));
        if (watch !== job.progress_watch) await updateJob(jobId, { progress_watch: watch });
        if (isStalled(job, new Date(now))) stalledJobs.push(jobId);
      }
    }
  }
  recordJobsRescued(settled);
  recordReservationsReleased(released);
  recordStalledJobs(stalledJobs.length);
  return { released, settled, stalled: stalledJobs.length, stalledJobs };
}

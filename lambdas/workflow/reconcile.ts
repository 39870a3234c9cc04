import { getJob } from '../data/jobs.js';
import { rowsWithReservations, settleReservation } from '../data/usage.js';
import { isTerminal } from '../domain/job.js';
import { finalizeJob } from './finalize.js';

/** A reservation with no job record after this long belongs to a request that crashed midway. */
const ORPHAN_AFTER_MS = 15 * 60 * 1000;
/** A job still open after this long has outlived its execution's timeout. */
const ABANDONED_AFTER_MS = 4 * 60 * 60 * 1000 + 15 * 60 * 1000;

/** An execution ended without reaching Finalize (timed out, aborted, failed): settle its job. */
export async function settleEndedExecution(jobId: string, executionStatus: string): Promise<void> {
  const job = await getJob(jobId);
  if (!job || (isTerminal(job.status) && job.quota.settled)) return;
  await finalizeJob(jobId, isTerminal(job.status) ? undefined : { message: `the crawl stopped unexpectedly (execution ${executionStatus.toLowerCase()})` });
}

/**
 * The sweeper: every reservation still held is checked against its job, so no page of quota is
 * held forever, whatever crashed where.
 */
export async function sweepReservations(now = Date.now()): Promise<{ released: number; settled: number }> {
  let released = 0;
  let settled = 0;
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
      }
    }
  }
  return { released, settled };
}

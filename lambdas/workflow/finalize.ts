import { getJob, finishJob, markSettled, recordJobError } from '../data/jobs.js';
import { allEntries } from '../data/ledger.js';
import { settleReservation } from '../data/usage.js';
import { isTerminal, type JobRecord, type JobStatus } from '../domain/job.js';
import { countStatuses, type LedgerStatus } from '../domain/ledger.js';
import { pagesToCharge } from '../domain/quota.js';
import { recordJobEnded } from '../observability/metrics.js';
import { announceEnd } from './webhook-delivery.js';

/**
 * Ends a job and settles its quota, exactly once however often it is called: the terminal status
 * is written only from queued/running, and the reservation is removed by a conditional update.
 * Used by the state machine's Finalize step and by the reconciler for executions that died.
 */
export async function finalizeJob(jobId: string, failure?: { message: string }): Promise<JobStatus | undefined> {
  if (failure) await recordJobError(jobId, { code: 'internal_error', message: failure.message });
  const job = await getJob(jobId);
  if (!job) return undefined;

  const statuses: LedgerStatus[] = [];
  for await (const entry of allEntries(jobId)) statuses.push(entry.status);
  const counts = countStatuses(statuses);
  const progress = { pages_crawled: counts.crawled, pages_failed: counts.failed, pages_skipped: counts.skipped };

  // A retried Finalize keeps the first outcome; the charge follows from it.
  const status = isTerminal(job.status) ? job.status : terminalStatus(job);
  const charged = pagesToCharge({ ...job, status }, counts.crawled);
  // Settle first: the status then never shows an ended job whose charge is still pending.
  if (!job.quota.settled) await settleReservation({ userId: job.user_id, period: job.quota.period, jobId, reserved: job.quota.reserved, charged });
  const finishedAt = new Date();
  const ended = await finishJob(jobId, status, { finished_at: finishedAt.toISOString(), progress, charged });
  if (ended && status !== 'queued' && status !== 'running') {
    recordJobEnded({ status, errorCode: job.error?.code, durationSeconds: (finishedAt.getTime() - Date.parse(job.created_at)) / 1000 });
  }
  if (!ended && !job.quota.settled) await markSettled(jobId, charged);
  // Only now are the result, the status and the charge final, which the webhook promises.
  await announceEnd(jobId);
  return status;
}

function terminalStatus(job: JobRecord): JobStatus {
  if (job.error) return 'failed';
  return job.cancel_requested ? 'cancelled' : 'completed';
}

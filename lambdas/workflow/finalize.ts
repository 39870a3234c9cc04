import { getJob, finishJob, markSettled, recordJobError } from '../data/jobs.js';
import { allEntries } from '../data/ledger.js';
import { settleReservation } from '../data/usage.js';
import type { JobRecord, JobStatus } from '../domain/job.js';
import { countStatuses, type LedgerStatus } from '../domain/ledger.js';
import { pagesToCharge } from '../domain/quota.js';

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

  await finishJob(jobId, terminalStatus(job), { finished_at: new Date().toISOString(), progress });
  const ended = (await getJob(jobId)) ?? job;
  if (!ended.quota.settled) {
    const charged = pagesToCharge(ended, counts.crawled);
    await settleReservation({ userId: ended.user_id, period: ended.quota.period, jobId, reserved: ended.quota.reserved, charged });
    await markSettled(jobId, charged);
  }
  return ended.status;
}

function terminalStatus(job: JobRecord): JobStatus {
  if (job.error) return 'failed';
  return job.cancel_requested ? 'cancelled' : 'completed';
}

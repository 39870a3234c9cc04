import { getJob } from '../data/jobs.js';
import { finishEntry, getEntry } from '../data/ledger.js';
import type { PageMessage } from '../data/page-queue.js';
import { isFinal } from '../domain/ledger.js';
import { releaseNextInLane } from './lane.js';

/**
 * A page message that exhausted its deliveries (the worker crashed or timed out every time): the
 * page is marked failed and its lane goes on, so the level never stalls on it.
 */
export async function failExhaustedPage(message: PageMessage): Promise<void> {
  const job = await getJob(message.job_id);
  const entry = job && (await getEntry(job.job_id, message.depth, message.index));
  if (!job || !entry || isFinal(entry.status)) return;
  await releaseNextInLane(job, message.depth, message.index);
  await finishEntry(job.job_id, message.depth, message.index, { status: 'failed', reason: 'worker_failed' }, ['queued', 'in_progress']);
}

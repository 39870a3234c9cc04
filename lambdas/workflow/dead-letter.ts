import { getJob } from '../data/jobs.js';
import { finishEntry, getEntry } from '../data/ledger.js';
import type { PageMessage } from '../data/page-queue.js';
import { continueLane } from './lane.js';

/**
 * A page message that exhausted its deliveries (the worker crashed or timed out every time): the
 * page is marked failed and its lane goes on, so the level never stalls on it.
 */
export async function failExhaustedPage(message: PageMessage): Promise<void> {
  const job = await getJob(message.job_id);
  if (!job) return;
  await finishEntry(job.job_id, message.depth, message.index, { status: 'failed', reason: 'worker_failed' }, ['queued', 'in_progress']);
  const entry = await getEntry(job.job_id, message.depth, message.index);
  if (entry) await continueLane(job, entry);
}

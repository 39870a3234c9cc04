import { getJob } from '../data/jobs.js';
import { finishEntry, getEntry } from '../data/ledger.js';
import type { PageMessage } from '../data/page-queue.js';
import { isFinal } from '../domain/ledger.js';
import { continueLane } from './lane.js';

/**
 * A page message that exhausted its deliveries (the worker crashed or timed out every time): the
 * lane's first unfinished page from the message's on is the one that killed its worker (a worker
 * that took over a page records every page it finishes at once). That page is marked failed and
 * the lane goes on first, so the level never stalls on it; a crash in between only continues the
 * lane twice.
 */
export async function failExhaustedPage(message: PageMessage): Promise<void> {
  const job = await getJob(message.job_id);
  if (!job) return;
  // Past its level, only the message's own page is looked at.
  const lanes = job.level?.depth === message.depth ? job.level.lanes : Number.POSITIVE_INFINITY;
  for (let index = message.index; ; index += lanes) {
    const entry = await getEntry(job.job_id, message.depth, index);
    if (!entry) return;
    if (isFinal(entry.status)) continue;
    await continueLane(job, message.depth, index + lanes);
    await finishEntry(job.job_id, message.depth, index, { status: 'failed', reason: 'worker_failed' }, ['queued', 'in_progress']);
    return;
  }
}

import { getJob } from '../data/jobs.js';
import { finishEntry, getEntry } from '../data/ledger.js';
import type { PageMessage } from '../data/page-queue.js';
import { isFinal, MAX_PAGE_ATTEMPTS, type LedgerEntry } from '../domain/ledger.js';
import { continueLane } from './lane-run.js';
import { lanePorts } from './lane-ports.js';

/**
 * A page message that exhausted its deliveries. The lane's first unfinished page from the message's
 * on is where its workers stopped (a worker that took over a page records every page at once). That
 * page is marked failed when it has had its attempts (each worker that died holding it counted one),
 * or when no worker ever took it (the message kills its worker before any page is taken); the lane
 * goes on first, so the level never stalls on it, and a crash in between only continues the lane
 * twice. A page with attempts left was held by runs that ended for another reason (the local runtime
 * was restarted, a slow run outlived its message's visibility): the lane goes on from it instead.
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
    // A live worker holds it, and with it the lane.
    if (entry.status === 'in_progress' && (entry.lease_until ?? 0) >= Date.now()) return;
    if (!spentItsAttempts(entry)) {
      await continueLane(job, message.depth, index, lanePorts());
      return;
    }
    await continueLane(job, message.depth, index + lanes, lanePorts());
    await finishEntry(job.job_id, message.depth, index, { status: 'failed', reason: 'worker_failed' }, ['queued', 'in_progress']);
    return;
  }
}

function spentItsAttempts(entry: LedgerEntry): boolean {
  const attempts = entry.attempts ?? 0;
  return attempts === 0 || attempts >= MAX_PAGE_ATTEMPTS;
}

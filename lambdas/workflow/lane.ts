import { getJob } from '../data/jobs.js';
import { markNextReleased } from '../data/ledger.js';
import { sendPageMessage } from '../data/page-queue.js';
import type { JobRecord } from '../domain/job.js';
import type { LedgerEntry } from '../domain/ledger.js';

/**
 * Releases the next entry of the finished entry's lane (index + lanes), unless the crawl is being
 * cancelled. Sent before it is marked, so a crash in between can only duplicate the message,
 * which the next worker's lease absorbs, never lose it.
 */
export async function continueLane(job: JobRecord, finished: Pick<LedgerEntry, 'depth' | 'index' | 'next_released'>): Promise<void> {
  if (finished.next_released || !job.level || job.level.depth !== finished.depth) return;
  const next = finished.index + job.level.lanes;
  if (next >= job.level.size) return;
  const fresh = await getJob(job.job_id);
  if (!fresh || fresh.cancel_requested) return;
  await sendPageMessage({ job_id: job.job_id, depth: finished.depth, index: next }, job.crawl_delay_seconds ?? 0);
  await markNextReleased(job.job_id, finished.depth, finished.index);
}

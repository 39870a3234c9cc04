/**
 * What a job's progress is shown against, in the CLI, the MCP server and the console. A `select`
 * job's size is its URLs and a `single` job's is its page; a `full` crawl's `max_pages` is a limit,
 * not its size, which is known only once the crawl ends. So a running full crawl shows its count
 * with the limit named as one, and an ended one its count alone (never "4 of 50" for a site of 4).
 * No imports: the console's browser bundle takes it as it is.
 */
interface JobProgressFields {
  mode: 'single' | 'select' | 'full';
  status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  max_pages: number;
  pages_total?: number;
  progress: { pages_crawled: number; pages_failed: number; pages_skipped: number };
}

export interface ProgressMeasure {
  /** Pages with an outcome: crawled, failed or skipped. */
  done: number;
  /** The pages the job will have when it ends, when that is known. */
  total?: number;
  /** A running full crawl's `max_pages`: at most this many, not how many there are. */
  limit?: number;
}

const ENDED: ReadonlySet<JobProgressFields['status']> = new Set(['completed', 'failed', 'cancelled']);

export function progressMeasure(job: JobProgressFields): ProgressMeasure {
  const { pages_crawled, pages_failed, pages_skipped } = job.progress;
  const done = pages_crawled + pages_failed + pages_skipped;
  if (job.mode === 'select' && job.pages_total !== undefined) return { done, total: job.pages_total };
  if (job.mode === 'single') return { done, total: 1 };
  return ENDED.has(job.status) ? { done, total: done } : { done, limit: job.max_pages };
}

const count = (n: number, unit: string) => `${n.toLocaleString('en')}${unit && ` ${unit}${n === 1 ? '' : 's'}`}`;

/**
 * The crawled pages for people: `3 of 10 crawled`, `3 crawled (at most 50)` while a full crawl runs,
 * `4 crawled` once it ended; with `unit` ('page'), `3 of 10 pages crawled`, `4 pages crawled`.
 */
export function crawledPhrase(job: JobProgressFields, unit = ''): string {
  const { total, limit } = progressMeasure(job);
  const crawled = job.progress.pages_crawled;
  if (limit !== undefined) return `${count(crawled, unit)} crawled (at most ${limit.toLocaleString('en')})`;
  if (job.mode === 'full' || total === undefined) return `${count(crawled, unit)} crawled`;
  return `${crawled.toLocaleString('en')} of ${count(total, unit)} crawled`;
}

import { pageBatchReader } from '../data/artifacts.js';
import { allEntries, ledgerPage } from '../data/ledger.js';
import type { JobRecord } from '../domain/job.js';
import { isFinal, type LedgerEntry } from '../domain/ledger.js';
import { firecrawlDocument, type FirecrawlDocument } from '../firecrawl/responses.js';

/**
 * Pages of Firecrawl documents over the ledgers of one or more jobs (a crawl, or a batch's jobs in
 * order), in crawl order. A page stops at the first entry not yet final, so what a client has read
 * never changes and `next` is only given when more is ready now; the SDKs follow `next` to the end.
 */

/** Where the next page starts: the job (its position in the list) and the last ledger key read. */
export interface DocumentsCursor {
  job: number;
  after?: string;
}

export function encodeCursor(cursor: DocumentsCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** The cursor a client sent back, or undefined (from the start) when it is not one of ours. */
export function decodeCursor(text: string | undefined): DocumentsCursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as DocumentsCursor;
    if (Number.isInteger(value.job) && value.job >= 0 && (value.after === undefined || (typeof value.after === 'string' && value.after.startsWith('p#')))) return value;
  } catch {
    // not ours: read from the start
  }
  return undefined;
}

/** Documents per answer at most (Firecrawl's page size), and their JSON size: under Lambda's 6 MB answer. */
export const DOCUMENTS_PER_PAGE = 100;
const MAX_PAGE_CHARS = 4_000_000;
const LEDGER_READ = 100;

export async function documentsPage(jobs: readonly JobRecord[], from: DocumentsCursor | undefined, limit = DOCUMENTS_PER_PAGE): Promise<{ data: FirecrawlDocument[]; next?: DocumentsCursor }> {
  const data: FirecrawlDocument[] = [];
  let chars = 0;
  let cursor: DocumentsCursor = from ?? { job: 0 };
  while (cursor.job < jobs.length) {
    const job = jobs[cursor.job] as JobRecord;
    const { entries, lastKey } = await ledgerPage(job.job_id, LEDGER_READ, cursor.after);
    const ready = readyPrefix(entries);
    const crawled = ready.filter((entry) => entry.status === 'crawled');
    const batches = pageBatchReader(crawled);
    for (const entry of ready) {
      if (entry.status === 'crawled') {
        const document = firecrawlDocument(job, entry, await batches.page(entry));
        batches.used(entry);
        const size = JSON.stringify(document).length;
        // a page that is full stops before the document that would overflow it (but holds at least one)
        if (data.length >= limit || (data.length > 0 && chars + size > MAX_PAGE_CHARS)) return { data, next: cursor };
        data.push(document);
        chars += size;
      }
      cursor = { job: cursor.job, after: entry.sk };
    }
    // An entry not final yet: nothing after it is ready, in this job or the next.
    if (ready.length < entries.length) return { data };
    if (lastKey) continue;
    // This job's ledger is read to its end; a job still running may add levels to it.
    if (!isOver(job)) return { data };
    cursor = { job: cursor.job + 1 };
  }
  return { data };
}

function readyPrefix(entries: LedgerEntry[]): LedgerEntry[] {
  const open = entries.findIndex((entry) => !isFinal(entry.status));
  return open < 0 ? entries : entries.slice(0, open);
}

function isOver(job: JobRecord): boolean {
  return job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled';
}

/** Every ledger entry of the jobs, in order, up to `max` of them (the errors route). */
export async function ledgerEntriesOf(jobs: readonly JobRecord[], max: number): Promise<Array<{ job: JobRecord; entry: LedgerEntry }>> {
  const found: Array<{ job: JobRecord; entry: LedgerEntry }> = [];
  for (const job of jobs) {
    for await (const entry of allEntries(job.job_id)) {
      if (found.length >= max) return found;
      found.push({ job, entry });
    }
  }
  return found;
}

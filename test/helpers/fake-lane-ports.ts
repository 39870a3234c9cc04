import { vi } from 'vitest';
import type { FetchedDocument } from '../../lambdas/core/fetch-types.js';
import type { JobRecord } from '../../lambdas/domain/job.js';
import { ledgerKey, type LedgerEntry } from '../../lambdas/domain/ledger.js';
import type { LanePorts } from '../../lambdas/workflow/lane-ports.js';

/** A running full crawl of site.test at its level 1 of `size` pages in `lanes` lanes, exported as markdown. */
export const laneJob = (size: number, lanes: number, render: JobRecord['render']): JobRecord =>
  ({
    job_id: 'job-a',
    url: 'https://site.test/',
    status: 'running',
    mode: 'full',
    max_depth: 1,
    render,
    only_main_content: true,
    export_formats: ['markdown'],
    level: { depth: 1, size, lanes, released_at: 0 },
  }) as unknown as JobRecord;

/** Where the fake site's pages live: `pageUrl(index)` is the ledger entry's URL at that index. */
export const pageUrl = (index: number) => `https://site.test/p/${index}`;

/** The job's ledger entry at (depth, index), queued and never attempted unless `fields` say otherwise. */
export const entryOf = (job: JobRecord, depth: number, index: number, fields: Partial<LedgerEntry> = {}): LedgerEntry => ({
  job_id: job.job_id,
  sk: ledgerKey(depth, index),
  url: pageUrl(index),
  depth,
  index,
  status: 'queued',
  attempts: 0,
  ...fields,
});

/** A small article page answering at `url`. */
export function htmlPage(url: string): FetchedDocument {
  const html = `<html><head><title>Page ${url}</title></head><body><article><h1>${url}</h1><p>Some text of the page.</p></article></body></html>`;
  return { requestedUrl: url, finalUrl: url, status: 200, mediaType: 'text/html', headers: { 'content-type': 'text/html' }, body: new TextEncoder().encode(html) };
}

/**
 * A lane's data layer, fetcher and site slot as fakes, for `job`: every page is leased at once on
 * its first attempt, the pages after it are queued and claimed, every fetch answers an article
 * (its URL pushed on `fetched`), the site's slot is free and stays so, each checkpoint lands.
 */
export function fakeLanePorts(job: JobRecord, fetched: string[] = []) {
  const depth = job.level?.depth ?? 0;
  return {
    now: Date.now,
    getJob: vi.fn<LanePorts['getJob']>(async () => job),
    recordCheckpoint: vi.fn<LanePorts['recordCheckpoint']>(async () => job),
    addShellHostMark: vi.fn<LanePorts['addShellHostMark']>(async () => undefined),
    putJson: vi.fn<LanePorts['putJson']>(async () => undefined),
    acquireLease: vi.fn<LanePorts['acquireLease']>(async (_jobId, _depth, index) => entryOf(job, depth, index, { status: 'in_progress', attempts: 1 })),
    claimEntries: vi.fn<LanePorts['claimEntries']>(async (entries) => entries.map((entry) => ({ ...entry, status: 'in_progress' as const, attempts: 1 }))),
    finishEntries: vi.fn<LanePorts['finishEntries']>(async () => undefined),
    finishEntry: vi.fn<LanePorts['finishEntry']>(async () => true),
    getEntries: vi.fn<LanePorts['getEntries']>(async (_jobId, _depth, indexes) => indexes.map((index) => entryOf(job, depth, index))),
    getEntry: vi.fn<LanePorts['getEntry']>(async () => undefined),
    handOverToRenderer: vi.fn<LanePorts['handOverToRenderer']>(async () => true),
    releaseLease: vi.fn<LanePorts['releaseLease']>(async () => undefined),
    restoreEntries: vi.fn<LanePorts['restoreEntries']>(async () => undefined),
    sendPageMessage: vi.fn<LanePorts['sendPageMessage']>(async () => undefined),
    allowedByRobots: vi.fn<LanePorts['allowedByRobots']>(async () => true),
    fetchDocument: vi.fn<LanePorts['fetchDocument']>(async (url) => {
      fetched.push(url);
      return htmlPage(url);
    }),
    slots: {
      reserved: vi.fn<LanePorts['slots']['reserved']>(async () => undefined),
      wait: vi.fn<LanePorts['slots']['wait']>(async () => ({ taken: true, release: async () => undefined, renew: async () => true })),
    },
  } satisfies LanePorts;
}

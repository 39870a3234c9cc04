import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FetchedDocument } from '../../../lambdas/core/fetch-types.js';
import type { JobRecord } from '../../../lambdas/domain/job.js';
import { ledgerKey, type LedgerEntry } from '../../../lambdas/domain/ledger.js';

vi.mock('../../../lambdas/data/artifacts.js', async (original) => ({
  ...(await original<typeof import('../../../lambdas/data/artifacts.js')>()),
  putJson: vi.fn(),
}));
vi.mock('../../../lambdas/data/jobs.js', () => ({ getJob: vi.fn(), recordCheckpoint: vi.fn(), addShellHostMark: vi.fn() }));
vi.mock('../../../lambdas/data/ledger.js', () => ({
  acquireLease: vi.fn(),
  claimEntries: vi.fn(),
  finishEntries: vi.fn(async () => undefined),
  finishEntry: vi.fn(async () => true),
  getEntries: vi.fn(),
  getEntry: vi.fn(),
  handOverToRenderer: vi.fn(),
  releaseLease: vi.fn(async () => undefined),
  restoreEntries: vi.fn(async () => undefined),
}));
vi.mock('../../../lambdas/data/page-queue.js', () => ({ sendPageMessage: vi.fn(async () => undefined) }));
vi.mock('../../../lambdas/workflow/host-manners.js', () => ({
  reservedSlot: vi.fn(async () => undefined),
  waitForHostSlot: vi.fn(async () => ({ taken: true, release: async () => undefined, renew: async () => true })),
}));
vi.mock('../../../lambdas/workflow/fetcher.js', () => ({ sharedFetcher: vi.fn() }));

const { putJson } = await import('../../../lambdas/data/artifacts.js');
const { getJob, recordCheckpoint } = await import('../../../lambdas/data/jobs.js');
const { acquireLease, claimEntries, finishEntries, getEntries, restoreEntries } = await import('../../../lambdas/data/ledger.js');
const { sharedFetcher } = await import('../../../lambdas/workflow/fetcher.js');
const { runLane } = await import('../../../lambdas/workflow/page-task.js');

/** A level of 40 pages walked by one lane: two checkpoints of 25 and 15 pages. */
const LEVEL_SIZE = 40;
const job = {
  job_id: 'job-a',
  url: 'https://site.test/',
  status: 'running',
  mode: 'full',
  max_depth: 1,
  render: 'never',
  only_main_content: true,
  export_formats: ['markdown'],
  level: { depth: 1, size: LEVEL_SIZE, lanes: 1, released_at: 0 },
} as unknown as JobRecord;

const urlOf = (index: number) => `https://site.test/p/${index}`;
const entryOf = (index: number, fields: Partial<LedgerEntry> = {}): LedgerEntry => ({
  job_id: job.job_id,
  sk: ledgerKey(1, index),
  url: urlOf(index),
  depth: 1,
  index,
  status: 'queued',
  attempts: 0,
  ...fields,
});

let fetched: string[];

beforeEach(() => {
  vi.clearAllMocks();
  fetched = [];
  vi.mocked(getJob).mockResolvedValue(job);
  vi.mocked(recordCheckpoint).mockResolvedValue(job);
  vi.mocked(putJson).mockResolvedValue(undefined);
  vi.mocked(acquireLease).mockImplementation(async (_jobId, _depth, index) => entryOf(index, { status: 'in_progress', attempts: 1 }));
  vi.mocked(getEntries).mockImplementation(async (_jobId, _depth, indexes) => indexes.map((index) => entryOf(index)));
  vi.mocked(claimEntries).mockImplementation(async (entries) => entries.map((entry) => ({ ...entry, status: 'in_progress' as const, attempts: 1 })));
  vi.mocked(sharedFetcher).mockReturnValue(async (url: string): Promise<FetchedDocument> => {
    fetched.push(url);
    const html = `<html><head><title>Page ${url}</title></head><body><article><h1>${url}</h1><p>Some text of the page.</p></article></body></html>`;
    return { requestedUrl: url, finalUrl: url, status: 200, mediaType: 'text/html', headers: { 'content-type': 'text/html' }, body: new TextEncoder().encode(html) };
  });
});
afterEach(() => vi.restoreAllMocks());

const laneMessage = { job_id: job.job_id, depth: 1, index: 0 };
/** The pages each checkpoint recorded, by their indexes. */
const recordedPages = () => vi.mocked(finishEntries).mock.calls.map(([finished]) => finished.map(({ entry }) => entry.index));

describe('a lane with pages taken ahead', () => {
  it('goes on crawling them while a checkpoint is written, and records the next only once that one has landed', async () => {
    let land: () => void = () => undefined;
    let fetchedWhileWriting = 0;
    vi.mocked(putJson).mockImplementationOnce(
      () =>
        new Promise<void>((resolve) => {
          const started = fetched.length;
          land = () => {
            fetchedWhileWriting = fetched.length - started;
            resolve();
          };
        }),
    );
    const running = runLane(laneMessage);
    await vi.waitFor(() => expect(fetched.length).toBe(LEVEL_SIZE));
    land();
    await running;

    expect(fetchedWhileWriting).toBeGreaterThan(0);
    expect(recordedPages()).toEqual([Array.from({ length: 25 }, (_, i) => i), Array.from({ length: 15 }, (_, i) => 25 + i)]);
    // The lane's end is marked after both checkpoints, and the second waited for the first to land.
    expect(vi.mocked(recordCheckpoint).mock.calls.map(([, , laneDone]) => laneDone)).toEqual([undefined, '1:0']);
    expect(vi.mocked(putJson).mock.invocationCallOrder[1]).toBeGreaterThan(vi.mocked(recordCheckpoint).mock.invocationCallOrder[0] ?? Infinity);
    // All 40 pages were taken with the front page: one lease, one read ahead, one claim.
    expect(acquireLease).toHaveBeenCalledTimes(1);
    expect(vi.mocked(claimEntries).mock.calls[0]?.[0]).toHaveLength(LEVEL_SIZE - 1);
  });

  it('fails the run when a checkpoint written meanwhile fails, after stopping at its next page and giving back the pages not crawled', async () => {
    vi.mocked(putJson).mockRejectedValueOnce(new Error('S3 refused the batch object'));
    await expect(runLane(laneMessage)).rejects.toThrow('S3 refused the batch object');

    expect(fetched.length).toBeLessThan(LEVEL_SIZE);
    expect(vi.mocked(recordCheckpoint).mock.calls.some(([, , laneDone]) => laneDone !== undefined)).toBe(false);
    const restored = vi.mocked(restoreEntries).mock.calls.flatMap(([entries]) => entries.map((entry) => entry.index));
    expect(restored.length).toBeGreaterThan(0);
    expect(restored.every((index) => index >= 25)).toBe(true);
  });

  it('stops at its next page when a checkpoint written meanwhile finds the job cancelled, recording the pages crawled since', async () => {
    vi.mocked(recordCheckpoint).mockResolvedValueOnce({ ...job, cancel_requested: true });
    await runLane(laneMessage);

    const recorded = recordedPages().flat();
    expect(recorded.length).toBeGreaterThan(25);
    expect(recorded.length).toBeLessThan(LEVEL_SIZE);
    expect(vi.mocked(recordCheckpoint).mock.calls.some(([, , laneDone]) => laneDone !== undefined)).toBe(false);
    // Each page taken is either recorded or given back for the lane's next worker, none both or twice.
    const restored = vi.mocked(restoreEntries).mock.calls.flatMap(([entries]) => entries.map((entry) => entry.index));
    expect([...recorded, ...restored].sort((a, b) => a - b)).toEqual(Array.from({ length: LEVEL_SIZE }, (_, i) => i));
  });
});

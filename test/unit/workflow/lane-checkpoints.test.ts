import { beforeEach, describe, expect, it, vi } from 'vitest';
import { crawlLaneMessage } from '../../../lambdas/workflow/lane-run.js';
import { fakeLanePorts, laneJob } from '../../helpers/fake-lane-ports.js';

/** A level of 40 pages walked by one lane: two checkpoints of 25 and 15 pages. */
const LEVEL_SIZE = 40;
const job = laneJob(LEVEL_SIZE, 1, 'never');

let fetched: string[];
let ports: ReturnType<typeof fakeLanePorts>;

beforeEach(() => {
  fetched = [];
  ports = fakeLanePorts(job, fetched);
});

const laneMessage = { job_id: job.job_id, depth: 1, index: 0 };
/** The pages each checkpoint recorded, by their indexes. */
const recordedPages = () => ports.finishEntries.mock.calls.map(([finished]) => finished.map(({ entry }) => entry.index));

describe('a lane with pages taken ahead', () => {
  it('goes on crawling them while a checkpoint is written, and records the next only once that one has landed', async () => {
    let land: () => void = () => undefined;
    let fetchedWhileWriting = 0;
    ports.putJson.mockImplementationOnce(
      () =>
        new Promise<void>((resolve) => {
          const started = fetched.length;
          land = () => {
            fetchedWhileWriting = fetched.length - started;
            resolve();
          };
        }),
    );
    const running = crawlLaneMessage(laneMessage, ports);
    await vi.waitFor(() => expect(fetched.length).toBe(LEVEL_SIZE));
    land();
    await running;

    expect(fetchedWhileWriting).toBeGreaterThan(0);
    expect(recordedPages()).toEqual([Array.from({ length: 25 }, (_, i) => i), Array.from({ length: 15 }, (_, i) => 25 + i)]);
    // The lane's end is marked after both checkpoints, and the second waited for the first to land.
    expect(ports.recordCheckpoint.mock.calls.map(([, , laneDone]) => laneDone)).toEqual([undefined, '1:0']);
    expect(ports.putJson.mock.invocationCallOrder[1]).toBeGreaterThan(ports.recordCheckpoint.mock.invocationCallOrder[0] ?? Infinity);
    // All 40 pages were taken with the front page: one lease, one read ahead, one claim.
    expect(ports.acquireLease).toHaveBeenCalledTimes(1);
    expect(ports.claimEntries.mock.calls[0]?.[0]).toHaveLength(LEVEL_SIZE - 1);
  });

  it('fails the run when a checkpoint written meanwhile fails, after stopping at its next page and giving back the pages not crawled', async () => {
    ports.putJson.mockRejectedValueOnce(new Error('S3 refused the batch object'));
    await expect(crawlLaneMessage(laneMessage, ports)).rejects.toThrow('S3 refused the batch object');

    expect(fetched.length).toBeLessThan(LEVEL_SIZE);
    expect(ports.recordCheckpoint.mock.calls.some(([, , laneDone]) => laneDone !== undefined)).toBe(false);
    const restored = ports.restoreEntries.mock.calls.flatMap(([entries]) => entries.map((entry) => entry.index));
    expect(restored.length).toBeGreaterThan(0);
    expect(restored.every((index) => index >= 25)).toBe(true);
  });

  it('stops at its next page when a checkpoint written meanwhile finds the job cancelled, recording the pages crawled since', async () => {
    ports.recordCheckpoint.mockResolvedValueOnce({ ...job, cancel_requested: true });
    await crawlLaneMessage(laneMessage, ports);

    const recorded = recordedPages().flat();
    expect(recorded.length).toBeGreaterThan(25);
    expect(recorded.length).toBeLessThan(LEVEL_SIZE);
    expect(ports.recordCheckpoint.mock.calls.some(([, , laneDone]) => laneDone !== undefined)).toBe(false);
    // Each page taken is either recorded or given back for the lane's next worker, none both or twice.
    const restored = ports.restoreEntries.mock.calls.flatMap(([entries]) => entries.map((entry) => entry.index));
    expect([...recorded, ...restored].sort((a, b) => a - b)).toEqual(Array.from({ length: LEVEL_SIZE }, (_, i) => i));
  });
});

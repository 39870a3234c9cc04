import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageMessage } from '../../../lambdas/data/page-queue.js';
import type { JobRecord } from '../../../lambdas/domain/job.js';

vi.mock('../../../lambdas/data/host-slots.js', () => ({
  takeHostSlot: vi.fn(),
  takeHostSlots: vi.fn(async () => true),
  releaseHostSlot: vi.fn(async () => undefined),
  renewHostSlot: vi.fn(async () => true),
}));
vi.mock('../../../lambdas/workflow/page-task.js', () => ({ runLane: vi.fn(async () => ({})) }));
vi.mock('../../../lambdas/data/page-queue.js', async (original) => ({
  ...(await original<typeof import('../../../lambdas/data/page-queue.js')>()),
  sendPageMessage: vi.fn(async () => undefined),
}));

const { releaseHostSlot, takeHostSlots } = await import('../../../lambdas/data/host-slots.js');
const { reserveLaneSlots, reservedSlot } = await import('../../../lambdas/workflow/host-manners.js');
const { runLane } = await import('../../../lambdas/workflow/page-task.js');
const { sendPageMessage } = await import('../../../lambdas/data/page-queue.js');
const { runPageBatch } = await import('../../../lambdas/workflow/page-batch.js');

const NOW = 1_800_000_000_000;
const job = { job_id: 'job-a', url: 'https://www.example.com/docs' } as JobRecord;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  vi.clearAllMocks();
});
afterEach(() => vi.useRealTimers());

describe('reserveLaneSlots', () => {
  it("takes a slot per lane in one write, each with its own lease running a minute", async () => {
    const reservations = await reserveLaneSlots(job, 3);
    expect(reservations).toHaveLength(3);
    expect(new Set(reservations?.map((reservation) => reservation.lease)).size).toBe(3);
    expect(reservations?.every((reservation) => reservation.until === NOW + 60_000)).toBe(true);
    expect(takeHostSlots).toHaveBeenCalledTimes(1);
    expect(vi.mocked(takeHostSlots).mock.calls[0]?.[2]).toEqual(reservations?.map((reservation) => reservation.lease));
  });

  it('reserves nothing when the site refuses, so each lane asks for its own', async () => {
    vi.mocked(takeHostSlots).mockResolvedValueOnce(false);
    expect(await reserveLaneSlots(job, 3)).toBeUndefined();
  });

  it('reserves nothing for a job that keeps a Crawl-delay, whose fetches are spaced one slot at a time', async () => {
    expect(await reserveLaneSlots({ ...job, crawl_delay_seconds: 2 }, 3)).toBeUndefined();
    expect(takeHostSlots).not.toHaveBeenCalled();
  });

  it('does not ask for more lanes than the per-host cap, a write that could only be refused', async () => {
    vi.stubEnv('CRAWL_HOST_MAX_IN_FLIGHT', '2');
    try {
      expect(await reserveLaneSlots(job, 3)).toBeUndefined();
      expect(takeHostSlots).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('reservedSlot', () => {
  it('hands the lane its reserved slot without a write while the lease has time left', async () => {
    const slot = await reservedSlot(job, { lease: 'lease-1', until: NOW + 50_000 });
    expect(slot?.taken).toBe(true);
    expect(releaseHostSlot).not.toHaveBeenCalled();
    await slot?.release();
    await slot?.release();
    expect(releaseHostSlot).toHaveBeenCalledTimes(1);
    expect(releaseHostSlot).toHaveBeenCalledWith('example.com', 'job-a', 'lease-1');
  });

  it('gives back a reservation that waited too long in the queue, and the lane asks for its own slot', async () => {
    expect(await reservedSlot(job, { lease: 'lease-1', until: NOW + 5_000 })).toBeUndefined();
    expect(releaseHostSlot).toHaveBeenCalledWith('example.com', 'job-a', 'lease-1');
  });
});

describe('runPageBatch', () => {
  const message: PageMessage = { job_id: 'job-a', depth: 1, index: 2, slot: { lease: 'lease-1', until: NOW + 60_000 } };
  const event = (receiveCount: string) =>
    ({ Records: [{ messageId: 'm-1', body: JSON.stringify(message), attributes: { ApproximateReceiveCount: receiveCount } }] }) as unknown as SQSEvent;

  it("runs a lane with its reserved slot on the message's first delivery", async () => {
    await runPageBatch(event('1'), 'pageQueueUrl');
    expect(runLane).toHaveBeenCalledWith(message, undefined);
  });

  it('runs a redelivered lane without the reservation: the worker before may have given it back or still hold it', async () => {
    await runPageBatch(event('2'), 'pageQueueUrl');
    expect(runLane).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 2 }, undefined);
  });

  it('sends a lane that waits for its site back without the reservation', async () => {
    vi.mocked(runLane).mockResolvedValueOnce({ deferInSeconds: 3 });
    await runPageBatch(event('1'), 'pageQueueUrl');
    expect(sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 2 }, 3, 'pageQueueUrl');
  });
});

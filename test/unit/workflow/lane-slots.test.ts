import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageMessage } from '../../../lambdas/data/page-queue.js';
import type { JobRecord } from '../../../lambdas/domain/job.js';
import { reserveLaneSlots, reservedSlot, type HostSlotStore } from '../../../lambdas/workflow/host-manners.js';
import { crawlLaneMessage } from '../../../lambdas/workflow/lane-run.js';
import { consumePageMessages } from '../../../lambdas/workflow/page-batch.js';
import { fakeLanePorts } from '../../helpers/fake-lane-ports.js';

const NOW = 1_800_000_000_000;
const job = { job_id: 'job-a', url: 'https://www.example.com/docs' } as JobRecord;

/** The site's record as fakes: it has room for every slot asked. */
const fakeStore = () =>
  ({
    takeHostSlot: vi.fn<HostSlotStore['takeHostSlot']>(),
    takeHostSlots: vi.fn<HostSlotStore['takeHostSlots']>(async () => true),
    releaseHostSlot: vi.fn<HostSlotStore['releaseHostSlot']>(async () => undefined),
    renewHostSlot: vi.fn<HostSlotStore['renewHostSlot']>(async () => true),
  }) satisfies HostSlotStore;
let store: ReturnType<typeof fakeStore>;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  store = fakeStore();
});
afterEach(() => vi.useRealTimers());

describe('reserveLaneSlots', () => {
  it("takes a slot per lane in one write, each with its own lease running a minute", async () => {
    const reservations = await reserveLaneSlots(job, 3, store);
    expect(reservations).toHaveLength(3);
    expect(new Set(reservations?.map((reservation) => reservation.lease)).size).toBe(3);
    expect(reservations?.every((reservation) => reservation.until === NOW + 60_000)).toBe(true);
    expect(store.takeHostSlots).toHaveBeenCalledTimes(1);
    expect(store.takeHostSlots.mock.calls[0]?.[2]).toEqual(reservations?.map((reservation) => reservation.lease));
  });

  it('reserves nothing when the site refuses, so each lane asks for its own', async () => {
    store.takeHostSlots.mockResolvedValueOnce(false);
    expect(await reserveLaneSlots(job, 3, store)).toBeUndefined();
  });

  it('reserves nothing for a job that keeps a Crawl-delay, whose fetches are spaced one slot at a time', async () => {
    expect(await reserveLaneSlots({ ...job, crawl_delay_seconds: 2 }, 3, store)).toBeUndefined();
    expect(store.takeHostSlots).not.toHaveBeenCalled();
  });

  it('does not ask for more lanes than the per-host cap, a write that could only be refused', async () => {
    vi.stubEnv('CRAWL_HOST_MAX_IN_FLIGHT', '2');
    try {
      expect(await reserveLaneSlots(job, 3, store)).toBeUndefined();
      expect(store.takeHostSlots).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('reservedSlot', () => {
  it('hands the lane its reserved slot without a write while the lease has time left', async () => {
    const slot = await reservedSlot(job, { lease: 'lease-1', until: NOW + 50_000 }, store);
    expect(slot?.taken).toBe(true);
    expect(store.releaseHostSlot).not.toHaveBeenCalled();
    await slot?.release();
    await slot?.release();
    expect(store.releaseHostSlot).toHaveBeenCalledTimes(1);
    expect(store.releaseHostSlot).toHaveBeenCalledWith('example.com', 'job-a', 'lease-1');
  });

  it('gives back a reservation that waited too long in the queue, and the lane asks for its own slot', async () => {
    expect(await reservedSlot(job, { lease: 'lease-1', until: NOW + 5_000 }, store)).toBeUndefined();
    expect(store.releaseHostSlot).toHaveBeenCalledWith('example.com', 'job-a', 'lease-1');
  });
});

describe('consumePageMessages', () => {
  const message: PageMessage = { job_id: 'job-a', depth: 1, index: 2, slot: { lease: 'lease-1', until: NOW + 60_000 } };
  const event = (receiveCount: string) =>
    ({ Records: [{ messageId: 'm-1', body: JSON.stringify(message), attributes: { ApproximateReceiveCount: receiveCount } }] }) as unknown as SQSEvent;
  const runLane = vi.fn(async (_message: PageMessage) => undefined);
  beforeEach(() => {
    runLane.mockClear();
  });

  it("runs a lane with its reserved slot on the message's first delivery", async () => {
    await consumePageMessages(runLane)(event('1'));
    expect(runLane).toHaveBeenCalledWith(message);
  });

  it('runs a redelivered lane without the reservation: the worker before may have given it back or still hold it', async () => {
    await consumePageMessages(runLane)(event('2'));
    expect(runLane).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 2 });
  });

  it('sends a lane that waits for its site back without the reservation', async () => {
    // The reservation ran out meanwhile, and the site is busy for 3 s.
    const ports = fakeLanePorts({ ...job, status: 'running', level: { depth: 1, size: 10, lanes: 5, released_at: 0 } } as JobRecord);
    ports.slots.wait.mockResolvedValueOnce({ taken: false, retryInSeconds: 3 });
    await consumePageMessages((page) => crawlLaneMessage(page, ports))(event('1'));
    expect(ports.sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 2 }, 3, 'pageQueueUrl');
  });
});

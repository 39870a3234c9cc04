import { goesStraightToBrowser } from '../core/render-decision.js';
import type { PageMessage, PageQueue } from '../data/page-queue.js';
import { isTerminal, type JobRecord } from '../domain/job.js';
import type { Renderer } from '../render/contract.js';
import { CheckpointWriter } from './checkpoint-writer.js';
import { LaneCursor } from './lane-cursor.js';
import type { LanePorts } from './lane-ports.js';
import { pacedByCrawlDelay, renderHandedPage, walkLane, type Lane, type LaneDestination } from './lane-walk.js';
import type { RenderPage } from './page-crawl.js';

/** How often a render in progress looks whether its job was cancelled. */
const CANCEL_CHECK_MS = 1_000;

/**
 * The page worker's entry: crawls a lane of the level from the message's entry on, going on to the
 * lane's next entry within the invocation instead of through the queue (see `walkLane`).
 *
 * Each page is leased before it is fetched; outcomes are recorded in checkpoints, each written
 * while the lane crawls the pages it took ahead, so a crash loses at most the pages since the last
 * checkpoint that landed, whose leases run out and whose message comes back: the lane is walked
 * again past its finished entries. At most one worker holds a lane: a worker that finds the lane's
 * next page held by another stops.
 */
export function crawlLaneMessage(message: PageMessage, ports: LanePorts): Promise<void> {
  return runLane(message, ports, { queue: 'pageQueueUrl', takesAhead: (job) => !pacedByCrawlDelay(job), walk: walkLane });
}

/** The render worker's entry: renders the one page handed to it, and the lane goes on in the page worker. */
export function renderPageMessage(message: PageMessage, ports: LanePorts, renderer: Renderer): Promise<void> {
  const render: RenderPage = (page) => unlessCancelled(ports, message.job_id, renderer.render(page));
  return runLane(message, ports, { queue: 'renderQueueUrl', takesAhead: () => false, walk: (lane, index) => renderHandedPage(lane, index, render) });
}

interface LaneWorker {
  /** The queue the message came from, where a deferred one goes back. */
  queue: PageQueue;
  /** Whether the worker takes pages ahead of the front one (and fetches them ahead). */
  takesAhead(job: JobRecord): boolean;
  walk(lane: Lane, first: number): Promise<LaneDestination>;
}

/**
 * The message's run: the job's state and the site's slot first (waiting for the site costs no
 * attempt), then the worker's walk, then where the walk says the lane goes. Whatever happens, the
 * checkpoint written meanwhile lands, the pages taken ahead go back, and the slot is released.
 */
async function runLane(message: PageMessage, ports: LanePorts, worker: LaneWorker): Promise<void> {
  const job = await ports.getJob(message.job_id);
  if (!job) return;
  const reserved = message.slot && (await ports.slots.reserved(job, message.slot));
  if (isTerminal(job.status) || job.level?.depth !== message.depth) {
    await reserved?.release();
    return;
  }
  if (job.cancel_requested) {
    await reserved?.release();
    await ports.finishEntry(job.job_id, message.depth, message.index, { status: 'skipped', reason: 'cancelled' }, ['queued']);
    return;
  }
  // Manners across jobs come before any page is taken.
  const slot = reserved || (await ports.slots.wait(job));
  if (!slot.taken) return performDestination({ kind: 'defer', afterSeconds: slot.retryInSeconds }, { ports, message, queue: worker.queue });
  try {
    const { level } = job;
    const writer = new CheckpointWriter(ports, job, level, message.index % level.lanes, slot.renew);
    const cursor = new LaneCursor(withJobHeaders(ports, job), job.job_id, level, worker.takesAhead(job), (entry) => !goesStraightToBrowser(writer.job, entry));
    try {
      const destination = await worker.walk({ ports, level, slot, cursor, writer }, message.index);
      await performDestination(destination, { ports, message, queue: worker.queue, writer, cursor });
    } finally {
      try {
        await writer.landed();
      } finally {
        await cursor.giveBack();
      }
    }
  } finally {
    await slot.release();
  }
}

/**
 * Sends the lane's entry at `next` to the page worker, or marks the lane done when the level ends
 * before it: for a lane whose worker died (the dead-letter queue). Nothing goes on for a job being
 * cancelled or past the level.
 */
export async function continueLane(job: JobRecord, depth: number, next: number, ports: LanePorts): Promise<void> {
  if (job.cancel_requested || !job.level || job.level.depth !== depth) return;
  // No page is pending and no slot is held: the writer only marks the lane's end.
  const writer = new CheckpointWriter(ports, job, job.level, next % job.level.lanes, async () => true);
  const destination: LaneDestination = next < job.level.size ? { kind: 'continue', at: next } : { kind: 'done' };
  await performDestination(destination, { ports, message: { job_id: job.job_id, depth, index: next }, queue: 'pageQueueUrl', writer });
}

/** What carrying out a destination touches; a deferred message has no run yet, so no writer or cursor. */
interface LaneEnd {
  ports: LanePorts;
  message: PageMessage;
  queue: PageQueue;
  writer?: CheckpointWriter;
  cursor?: LaneCursor;
}

/**
 * The one place a lane's run ends: the pages crawled are recorded first (a crash before what
 * follows brings the message back, and the lane is walked again past them), then the lane goes
 * where the walk said.
 */
async function performDestination(destination: LaneDestination, { ports, message, queue, writer, cursor }: LaneEnd): Promise<void> {
  const { job_id, depth } = message;
  if (destination.kind !== 'defer') await writer?.write({ laneEnds: destination.kind === 'done' });
  switch (destination.kind) {
    case 'done':
    case 'stop':
      return;
    case 'continue':
      await cursor?.giveBack();
      return ports.sendPageMessage({ job_id, depth, index: destination.at }, destination.afterSeconds ?? 0);
    case 'retry-later':
      await ports.releaseLease(job_id, depth, destination.entry.index);
      return ports.sendPageMessage({ job_id, depth, index: destination.entry.index }, destination.afterSeconds);
    case 'to-browser': {
      const { index } = destination.entry;
      if (destination.shellMark) await ports.addShellHostMark(job_id, destination.shellMark);
      // The ledger first, then the message: a crash in between leaves the page message to be redelivered.
      if (await ports.handOverToRenderer(job_id, depth, index)) await ports.sendPageMessage({ job_id, depth, index }, 0, 'renderQueueUrl');
      return;
    }
    case 'defer':
      return ports.sendPageMessage({ job_id, depth, index: message.index }, destination.afterSeconds, queue);
  }
}

/**
 * The render's result, or 'cancelled' as soon as the job is: a render may take its whole wall time
 * (or a browser launch its timeout), and a cancel should not wait for it. The render left behind
 * ends at its own budget.
 */
async function unlessCancelled<T>(ports: Pick<LanePorts, 'getJob'>, jobId: string, render: Promise<T>): Promise<T | 'cancelled'> {
  let timer: NodeJS.Timeout | undefined;
  const cancelled = new Promise<'cancelled'>((resolve) => {
    timer = setInterval(() => {
      void ports.getJob(jobId).then(
        (job) => {
          if (job?.cancel_requested) resolve('cancelled');
        },
        () => undefined,
      );
    }, CANCEL_CHECK_MS);
  });
  render.catch(() => undefined);
  try {
    return await Promise.race([render, cancelled]);
  } finally {
    clearInterval(timer);
  }
}

/** The lane's page fetches carry the request headers a Firecrawl job asked for (never in place of the service's own). */
function withJobHeaders(ports: LanePorts, job: JobRecord): LanePorts {
  const headers = job.firecrawl?.headers;
  if (!headers) return ports;
  return { ...ports, fetchDocument: (url, options) => ports.fetchDocument(url, { ...options, headers }) };
}

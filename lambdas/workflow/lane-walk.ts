import { goesStraightToBrowser, shellHostMark } from '../core/render-decision.js';
import type { JobRecord } from '../domain/job.js';
import { MAX_PAGE_ATTEMPTS, type LedgerEntry } from '../domain/ledger.js';
import type { CheckpointWriter } from './checkpoint-writer.js';
import type { TakenSlot } from './host-manners.js';
import type { LaneCursor } from './lane-cursor.js';
import type { LanePorts } from './lane-ports.js';
import { laneRunBudgetMs } from './lane.js';
import { crawlPage, type RenderPage } from './page-crawl.js';

/**
 * Where the lane goes when a worker's walk ends; `performDestination` (lane-run.ts) carries it out.
 * - `continue`: the lane's next message, from `at` (after `afterSeconds`), with the pages taken ahead given back;
 * - `retry-later`: the page is crawled again from a delayed message, which the lane waits for;
 * - `to-browser`: the page goes to the render worker (`shellMark`: its site serves script-built shells);
 * - `defer`: the site is busy; the same message comes back then, and that costs the page no attempt;
 * - `done`: the lane's last page is crawled, and the lane is marked done;
 * - `stop`: another worker holds the lane, or the job was cancelled or ended.
 */
export type LaneDestination =
  | { kind: 'continue'; at: number; afterSeconds?: number }
  | { kind: 'retry-later'; entry: LedgerEntry; afterSeconds: number }
  | { kind: 'to-browser'; entry: LedgerEntry; shellMark?: string }
  | { kind: 'defer'; afterSeconds: number }
  | { kind: 'done' }
  | { kind: 'stop' };

/** A worker's run on its lane: its parts, and the site's slot it holds. */
export interface Lane {
  ports: LanePorts;
  level: NonNullable<JobRecord['level']>;
  slot: TakenSlot;
  cursor: LaneCursor;
  writer: CheckpointWriter;
}

/** A job that keeps a Crawl-delay crawls one page per message, each sent after the delay. */
export function pacedByCrawlDelay(job: JobRecord): boolean {
  return Boolean(job.crawl_delay_seconds);
}

/**
 * The page worker's walk: crawls the lane from `first` on (entries index, index + lanes, …) until
 * the lane ends, the run's time budget is spent, a checkpoint stops it or yields the site, or a
 * page leaves the worker. A lane paced by a Crawl-delay crawls one page per message.
 */
export async function walkLane(lane: Lane, first: number): Promise<LaneDestination> {
  const { ports, level, cursor, writer } = lane;
  const startedAt = ports.now();
  const paced = pacedByCrawlDelay(writer.job);
  for (let index = first; index < level.size; ) {
    const entry = await cursor.take(index);
    if (entry === 'finished') {
      index += level.lanes;
      continue;
    }
    if (entry === 'held') return { kind: 'stop' };
    const next = cursor.nextAfter(entry);
    index = next;
    if (goesStraightToBrowser(writer.job, entry)) return { kind: 'to-browser', entry };

    const pageStarted = ports.now();
    const leaves = await crawlEntry(lane, entry, { releaseSlotAfterFetch: paced });
    if (leaves) return leaves;
    cursor.pageTook(ports.now() - pageStarted);
    if (paced || next >= level.size) return afterOnePage(lane, next);

    const verdict = await writer.afterPage({ careful: cursor.careful, pagesAhead: cursor.hasPagesAhead });
    if (verdict === 'stop') return { kind: 'stop' };
    // Another job wants the site: the slot goes back, and the lane asks for one again from its next page.
    if (verdict === 'yield') return { kind: 'continue', at: next };
    // The rest of the lane in a new invocation; a crash before this message is sent brings the current one back.
    if (ports.now() - startedAt >= laneRunBudgetMs()) return { kind: 'continue', at: next };
  }
  return { kind: 'done' };
}

/**
 * The render worker's walk: the one page handed to it at `index`, rendered with `render`; the lane
 * then goes on in the page worker.
 */
export async function renderHandedPage(lane: Lane, index: number, render: RenderPage): Promise<LaneDestination> {
  const entry = await lane.cursor.take(index);
  // A render message delivered again after its page was done: the page worker walks the lane on.
  if (entry === 'finished') return { kind: 'continue', at: index };
  if (entry === 'held') return { kind: 'stop' };
  const next = lane.cursor.nextAfter(entry);
  return (await crawlEntry(lane, entry, { releaseSlotAfterFetch: true, render })) ?? afterOnePage(lane, next);
}

/**
 * Fetches and crawls the entry; the page is then pending in the checkpoint writer, or it leaves
 * the walk: a retry, or a shell for the browser. `releaseSlotAfterFetch`: a one-page run gives the
 * site's slot back as soon as its fetch is over, before rendering and export.
 */
async function crawlEntry(lane: Lane, entry: LedgerEntry, { releaseSlotAfterFetch, render }: { releaseSlotAfterFetch: boolean; render?: RenderPage }): Promise<LaneDestination | undefined> {
  const fetched = await lane.cursor.fetch(entry);
  if (releaseSlotAfterFetch) await lane.slot.release();
  lane.cursor.fetchUpcoming();
  const outcome = await crawlPage(lane.ports, lane.writer.job, entry, fetched, render);
  if (outcome === 'shell') return { kind: 'to-browser', entry, shellMark: shellHostMark(entry.url, entry.depth) };
  // A new delayed message: its attempts are counted in the ledger, and the lane waits for it.
  if ('retryInSeconds' in outcome && (entry.attempts ?? 1) < MAX_PAGE_ATTEMPTS) return { kind: 'retry-later', entry, afterSeconds: outcome.retryInSeconds };
  lane.writer.add('retryInSeconds' in outcome ? { entry, fields: outcome.finalIfExhausted } : { entry, ...outcome });
  return undefined;
}

/** After a message's one page: the lane's end, or its next page as a message of its own, sent after the Crawl-delay. */
function afterOnePage(lane: Lane, next: number): LaneDestination {
  return next >= lane.level.size ? { kind: 'done' } : { kind: 'continue', at: next, afterSeconds: lane.writer.job.crawl_delay_seconds ?? 0 };
}

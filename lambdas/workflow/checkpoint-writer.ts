import { randomUUID } from 'node:crypto';
import { artifactKeys, type BatchedPage, type PageBatch } from '../data/artifacts.js';
import type { FinalFields } from '../data/ledger.js';
import { laneDoneMark, type JobRecord } from '../domain/job.js';
import { countStatuses, type LedgerEntry } from '../domain/ledger.js';
import type { LanePorts } from './lane-ports.js';
import { checkpointEveryMs } from './lane.js';
import { MAX_PAGES_PER_CHECKPOINT } from './lane-cursor.js';

/** Sections a checkpoint's batch object holds at most, which bounds what Assemble keeps open per lane. */
const MAX_CHECKPOINT_BYTES = 4 * 1024 * 1024;

export interface CrawledPage {
  entry: LedgerEntry;
  fields: FinalFields;
  page?: BatchedPage;
}

/** What a checkpoint tells the lane: go on, stop (the job was cancelled or ended), or yield the site to another job. */
export type Verdict = 'go' | 'stop' | 'yield';

export type CheckpointPorts = Pick<LanePorts, 'putJson' | 'finishEntries' | 'recordCheckpoint' | 'now'>;

type Level = NonNullable<JobRecord['level']>;

/**
 * Records a lane's crawled pages in checkpoints: one batch object with the pages' sections and
 * links, then their ledger entries (which name the object), then the job's progress. A checkpoint
 * may be written while the lane crawls the pages it took ahead, one at a time; its verdict is
 * looked at after each page. The job as the last checkpoint saw it is kept here.
 */
export class CheckpointWriter {
  private pending: CrawledPage[] = [];
  private pendingBytes = 0;
  private checkpointedAt: number;
  /** The checkpoint being written while the lane goes on, and the last verdict a checkpoint gave. */
  private inFlight: Promise<Verdict> | undefined;
  private verdict: Verdict = 'go';

  /** `renewSlot`: after each checkpoint, whether the run keeps the site's slot (false: another job wants the site). */
  constructor(
    private readonly ports: CheckpointPorts,
    private latestJob: JobRecord,
    private readonly level: Level,
    private readonly lane: number,
    private readonly renewSlot: () => Promise<boolean>,
  ) {
    this.checkpointedAt = ports.now();
  }

  get job(): JobRecord {
    return this.latestJob;
  }

  add(crawled: CrawledPage): void {
    this.pending.push(crawled);
    for (const section of Object.values(crawled.page?.sections ?? {})) this.pendingBytes += section.length;
    const extras = crawled.page?.firecrawl;
    if (extras) this.pendingBytes += (extras.html?.length ?? 0) + (extras.raw_html?.length ?? 0);
  }

  /**
   * After each page: writes a checkpoint when one is due (at once when `careful` or when no pages
   * are taken ahead, else while the lane crawls them), and says whether the lane goes on.
   */
  async afterPage({ careful, pagesAhead }: { careful: boolean; pagesAhead: boolean }): Promise<Verdict> {
    const due =
      careful ||
      this.pending.length >= MAX_PAGES_PER_CHECKPOINT ||
      this.pendingBytes >= MAX_CHECKPOINT_BYTES ||
      this.ports.now() - this.checkpointedAt >= checkpointEveryMs();
    if (due) {
      if (careful || !pagesAhead) this.verdict = await this.verdictAfter(await this.write());
      else if ((await this.landed()) === 'go') this.writeMeanwhile();
    }
    return this.verdict;
  }

  /** Records the pending pages after the checkpoint written meanwhile, if any; false when the run must stop. */
  async write({ laneEnds = false } = {}): Promise<boolean> {
    const earlier = await this.landed();
    return (await this.writeNow(laneEnds)) && earlier !== 'stop';
  }

  /** The verdict of the checkpoint written meanwhile, once it has landed (its failure fails the run). */
  async landed(): Promise<Verdict> {
    const inFlight = this.inFlight;
    this.inFlight = undefined;
    if (inFlight) this.verdict = await inFlight;
    return this.verdict;
  }

  /** After a checkpoint: whether the run may go on with the site's slot, renewed. */
  private async verdictAfter(written: boolean): Promise<Verdict> {
    if (!written) return 'stop';
    return (await this.renewSlot()) ? 'go' : 'yield';
  }

  /** Writes the pending pages' checkpoint while the lane goes on. */
  private writeMeanwhile(): void {
    const inFlight = this.writeNow(false).then((written) => this.verdictAfter(written));
    // A failed checkpoint stops the lane after its current page; `landed` then fails the run with it.
    inFlight.then(
      (verdict) => (this.verdict = verdict),
      () => (this.verdict = 'stop'),
    );
    this.inFlight = inFlight;
  }

  /** False when the run must stop: the job was cancelled or ended. */
  private async writeNow(laneEnds: boolean): Promise<boolean> {
    const crawled = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    this.checkpointedAt = this.ports.now();
    if (crawled.length === 0 && !laneEnds) return true;
    const pages: PageBatch = {};
    for (const { entry, page } of crawled) if (page) pages[entry.index] = page;
    const first = crawled.find((item) => item.page)?.entry;
    const jobId = this.latestJob.job_id;
    const batch = first && artifactKeys.pageBatch(jobId, this.level.depth, first.index, randomUUID().slice(0, 8));
    if (batch) await this.ports.putJson(batch, pages);
    await this.ports.finishEntries(crawled.map(({ entry, fields, page }) => ({ entry, fields: page && batch ? { ...fields, batch } : fields })));
    const counts = countStatuses(crawled.map(({ fields }) => fields.status));
    const job = await this.ports.recordCheckpoint(jobId, counts, laneEnds ? laneDoneMark(this.level.depth, this.lane) : undefined);
    if (!job) return false;
    this.latestJob = job;
    return !job.cancel_requested;
  }
}

import type { FetchDocument } from '../core/fetch-types.js';
import * as artifacts from '../data/artifacts.js';
import * as hostSlots from '../data/host-slots.js';
import * as jobs from '../data/jobs.js';
import * as ledger from '../data/ledger.js';
import * as pageQueue from '../data/page-queue.js';
import type { JobRecord } from '../domain/job.js';
import { sharedFetcher } from './fetcher.js';
import { reservedSlot, waitForHostSlot, type HostSlot, type TakenSlot } from './host-manners.js';
import { isAllowedForUs, jobRobots } from './job-robots.js';

/**
 * Everything the page path reads, writes, sends and fetches, passed in: the lane's parts call
 * nothing else, so a test hands them fakes and the data layer is reached from this one place.
 */
export interface LanePorts
  extends Pick<typeof ledger, 'acquireLease' | 'claimEntries' | 'finishEntries' | 'finishEntry' | 'getEntries' | 'getEntry' | 'handOverToRenderer' | 'releaseLease' | 'restoreEntries'>,
    Pick<typeof jobs, 'getJob' | 'recordCheckpoint' | 'addShellHostMark'>,
    Pick<typeof artifacts, 'putJson'>,
    Pick<typeof pageQueue, 'sendPageMessage'> {
  now(): number;
  fetchDocument: FetchDocument;
  /** Whether robots.txt, as the job keeps it, lets us fetch the URL. */
  allowedByRobots(job: JobRecord, url: string): Promise<boolean>;
  /** A fetch slot on the job's site, across all jobs: the one reserved for the lane, or one asked for. */
  slots: {
    reserved(job: JobRecord, reservation: pageQueue.SlotReservation): Promise<TakenSlot | undefined>;
    wait(job: JobRecord): Promise<HostSlot>;
  };
}

/** The ports of a deployed (or locally hosted) worker: DynamoDB, S3, SQS and the shared fetcher. */
export function lanePorts(): LanePorts {
  const { acquireLease, claimEntries, finishEntries, finishEntry, getEntries, getEntry, handOverToRenderer, releaseLease, restoreEntries } = ledger;
  return {
    acquireLease,
    claimEntries,
    finishEntries,
    finishEntry,
    getEntries,
    getEntry,
    handOverToRenderer,
    releaseLease,
    restoreEntries,
    getJob: jobs.getJob,
    recordCheckpoint: jobs.recordCheckpoint,
    addShellHostMark: jobs.addShellHostMark,
    putJson: artifacts.putJson,
    sendPageMessage: pageQueue.sendPageMessage,
    now: Date.now,
    fetchDocument: (url, options) => sharedFetcher()(url, options),
    allowedByRobots: async (job, url) => isAllowedForUs(await jobRobots(job), url),
    slots: {
      reserved: (job, reservation) => reservedSlot(job, reservation, hostSlots),
      wait: (job) => waitForHostSlot(job, hostSlots),
    },
  };
}

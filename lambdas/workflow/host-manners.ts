import { randomUUID } from 'node:crypto';
import { siteKey } from '../core/urls.js';
import type * as hostSlots from '../data/host-slots.js';
import type { SlotReservation } from '../data/page-queue.js';
import type { JobRecord } from '../domain/job.js';

/** Fetches in flight to one site across all jobs; one job at the highest concurrency is never slowed. */
export const DEFAULT_HOST_MAX_IN_FLIGHT = 20;

export function hostMaxInFlight(): number {
  const configured = Number(process.env.CRAWL_HOST_MAX_IN_FLIGHT ?? DEFAULT_HOST_MAX_IN_FLIGHT);
  return Number.isInteger(configured) && configured >= 1 ? configured : DEFAULT_HOST_MAX_IN_FLIGHT;
}

/** Longer than a fetch may take (30 s in all), so a slot only expires under a worker that died. */
const SLOT_LEASE_MS = 60_000;
/** A refused job counts as wanting the site this long; it asks again well within it. */
const WAITING_MARK_MS = 5_000;
/** Short waits are spent in the worker; longer ones go back to the queue as a delayed message. */
const IN_WORKER_WAIT_MS = 2_000;

/**
 * A slot taken (`renew` keeps it for more fetches while no other job wants the site, and answers
 * false when it must go back), or how long to wait before asking again.
 */
export type HostSlot = { taken: true; release: () => Promise<void>; renew: () => Promise<boolean> } | { taken: false; retryInSeconds: number };
export type TakenSlot = Extract<HostSlot, { taken: true }>;

/** The site records' writes (`data/host-slots`), passed in by the caller. */
export type HostSlotStore = Pick<typeof hostSlots, 'takeHostSlot' | 'takeHostSlots' | 'releaseHostSlot' | 'renewHostSlot'>;

const siteOf = (job: JobRecord) => siteKey(new URL(job.url).hostname);

/** The slot held under `leaseId`: given back once however often `release` is called. */
function heldSlot(store: HostSlotStore, site: string, jobId: string, leaseId: string): TakenSlot {
  let released: Promise<void> | undefined;
  return {
    taken: true,
    release: () => (released ??= store.releaseHostSlot(site, jobId, leaseId)),
    renew: () => store.renewHostSlot(site, jobId, leaseId, Date.now() + SLOT_LEASE_MS),
  };
}

/** A fetch slot on the job's site, or how long to wait before asking again. */
export async function waitForHostSlot(job: JobRecord, store: HostSlotStore): Promise<HostSlot> {
  const site = siteOf(job);
  const leaseId = randomUUID();
  const deadline = Date.now() + IN_WORKER_WAIT_MS;
  for (;;) {
    const now = Date.now();
    const decision = await store.takeHostSlot(site, {
      jobId: job.job_id,
      leaseId,
      now,
      cap: hostMaxInFlight(),
      leaseMs: SLOT_LEASE_MS,
      waitingMarkMs: WAITING_MARK_MS,
      crawlDelayMs: (job.crawl_delay_seconds ?? 0) * 1000,
    });
    if (decision.taken) return heldSlot(store, site, job.job_id, leaseId);
    if (now + decision.retryInMs > deadline) return { taken: false, retryInSeconds: Math.max(1, Math.ceil(decision.retryInMs / 1000)) };
    // jitter, so workers refused together do not all ask again together
    await new Promise((resolve) => setTimeout(resolve, decision.retryInMs * (0.5 + Math.random())));
  }
}

/** A reserved slot is used only with this much of its lease left; a lane renews it at its first checkpoint, within seconds. */
const RESERVATION_MARGIN_MS = 10_000;

/**
 * Slots for the `count` lanes of a level, taken in one write while the job is alone on its site:
 * lanes that start together then do not queue one by one at the site's record. Undefined when
 * other jobs share the site, the cap has no room for them all, or the job keeps a Crawl-delay
 * (whose fetches are spaced one slot at a time); each lane then asks for its own. More lanes than
 * the cap (an operator's lower cap) are not even asked for: that write could only be refused.
 */
export async function reserveLaneSlots(job: JobRecord, count: number, store: HostSlotStore): Promise<SlotReservation[] | undefined> {
  const cap = hostMaxInFlight();
  if (job.crawl_delay_seconds || count > cap) return undefined;
  const now = Date.now();
  const reservations = Array.from({ length: count }, () => ({ lease: randomUUID(), until: now + SLOT_LEASE_MS }));
  const request = { jobId: job.job_id, now, cap, leaseMs: SLOT_LEASE_MS, waitingMarkMs: WAITING_MARK_MS };
  return (await store.takeHostSlots(siteOf(job), request, reservations.map((reservation) => reservation.lease))) ? reservations : undefined;
}

/**
 * The slot reserved for a lane while enough of its lease is left; otherwise (the message waited
 * long in the queue) it is given back and the lane asks for a slot of its own.
 */
export async function reservedSlot(job: JobRecord, reservation: SlotReservation, store: HostSlotStore): Promise<TakenSlot | undefined> {
  const slot = heldSlot(store, siteOf(job), job.job_id, reservation.lease);
  if (Date.now() + RESERVATION_MARGIN_MS < reservation.until) return slot;
  await slot.release();
  return undefined;
}

import { randomUUID } from 'node:crypto';
import { siteKey } from '../core/urls.js';
import { releaseHostSlot, renewHostSlot, takeHostSlot } from '../data/host-slots.js';
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

/** A fetch slot on the job's site, or how long to wait before asking again. */
export async function waitForHostSlot(job: JobRecord): Promise<HostSlot> {
  const site = siteKey(new URL(job.url).hostname);
  const leaseId = randomUUID();
  const deadline = Date.now() + IN_WORKER_WAIT_MS;
  for (;;) {
    const now = Date.now();
    const decision = await takeHostSlot(site, {
      jobId: job.job_id,
      leaseId,
      now,
      cap: hostMaxInFlight(),
      leaseMs: SLOT_LEASE_MS,
      waitingMarkMs: WAITING_MARK_MS,
      crawlDelayMs: (job.crawl_delay_seconds ?? 0) * 1000,
    });
    if (decision.taken) {
      let released: Promise<void> | undefined;
      return {
        taken: true,
        release: () => (released ??= releaseHostSlot(site, job.job_id, leaseId)),
        renew: () => renewHostSlot(site, job.job_id, leaseId, Date.now() + SLOT_LEASE_MS),
      };
    }
    if (now + decision.retryInMs > deadline) return { taken: false, retryInSeconds: Math.max(1, Math.ceil(decision.retryInMs / 1000)) };
    // jitter, so workers refused together do not all ask again together
    await new Promise((resolve) => setTimeout(resolve, decision.retryInMs * (0.5 + Math.random())));
  }
}

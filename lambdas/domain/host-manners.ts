/**
 * Manners across jobs: however many jobs crawl one site, at most `cap` of their fetches are in
 * flight to it at once, the slots are shared fairly between the jobs that want them, and a
 * robots.txt Crawl-delay spaces the site's fetches across all jobs, not only within one.
 *
 * The state is one small record per site. A slot is a lease that expires, so a worker that dies
 * holding one cannot keep it; a job that was refused leaves a short-lived mark, so a job that
 * holds nothing yet still counts when the share is computed.
 */

export interface HostSlotsState {
  /** lease id → the job holding it and when the lease runs out (epoch ms) */
  leases: Record<string, { job: string; until: number }>;
  /** job id → until when the job counts as waiting for this site (epoch ms) */
  waiting: Record<string, number>;
  /** Earliest time of the next fetch when the site asks for a Crawl-delay (epoch ms). */
  next_fetch_at: number;
}

export const EMPTY_HOST_SLOTS: HostSlotsState = { leases: {}, waiting: {}, next_fetch_at: 0 };

export interface SlotRequest {
  jobId: string;
  leaseId: string;
  now: number;
  cap: number;
  leaseMs: number;
  /** How long a refused job keeps counting as one that wants the site. */
  waitingMarkMs: number;
  crawlDelayMs: number;
}

/** `changed`: whether the state must be written back (a refusal usually leaves it as it was). */
export type SlotDecision =
  | { taken: true; state: HostSlotsState; changed: true }
  | { taken: false; state: HostSlotsState; changed: boolean; retryInMs: number; why: 'host_busy' | 'crawl_delay' };

/** The pause before asking again when every slot is taken: fetches take about this long. */
const BUSY_RETRY_MS = 250;

/** A job's fair share: the cap divided between the jobs that hold or want slots, rounded up. */
export function fairShare(cap: number, competingJobs: number): number {
  return Math.max(1, Math.ceil(cap / Math.max(1, competingJobs)));
}

/** What the rules see of a site's state at `now`: live leases, the competing jobs, the job's share. */
export function slotView(current: HostSlotsState, request: Pick<SlotRequest, 'jobId' | 'now' | 'cap'>) {
  const { now, jobId } = request;
  const leases = Object.fromEntries(Object.entries(current.leases).filter(([, lease]) => lease.until > now));
  const waiting = Object.fromEntries(Object.entries(current.waiting).filter(([job, until]) => until > now && job !== jobId));
  const live = Object.values(leases);
  const competing = new Set([...live.map((lease) => lease.job), ...Object.keys(waiting), jobId]);
  return {
    leases,
    waiting,
    live: live.length,
    mine: live.filter((lease) => lease.job === jobId).length,
    share: fairShare(request.cap, competing.size),
    /** Leases whose worker died (they ran out) and marks of jobs that stopped waiting: to clear. */
    expiredLeases: Object.entries(current.leases).filter(([, lease]) => lease.until <= now),
    staleMarks: Object.keys(current.waiting).filter((job) => job !== jobId && !(job in waiting)),
  };
}

export function takeSlot(current: HostSlotsState, request: SlotRequest): SlotDecision {
  const { now, jobId } = request;
  const { leases, waiting, live, mine, share } = slotView(current, request);
  const base = { leases, waiting, next_fetch_at: current.next_fetch_at };

  // A refused job's mark is renewed only when half of it has run out, so the workers of a job
  // that waits mostly read, and do not contend for the record with the ones that take slots.
  const mark = current.waiting[jobId];
  const markIsFresh = mark !== undefined && mark > now + request.waitingMarkMs / 2;
  const refuse = (retryInMs: number, why: 'host_busy' | 'crawl_delay'): SlotDecision =>
    markIsFresh
      ? { taken: false, state: current, changed: false, retryInMs, why }
      : { taken: false, state: { ...base, waiting: { ...waiting, [jobId]: now + request.waitingMarkMs } }, changed: true, retryInMs, why };
  if (live >= request.cap || mine >= share) return refuse(BUSY_RETRY_MS, 'host_busy');
  if (request.crawlDelayMs > 0 && now < current.next_fetch_at) return refuse(current.next_fetch_at - now, 'crawl_delay');
  return {
    taken: true,
    changed: true,
    state: {
      leases: { ...leases, [request.leaseId]: { job: jobId, until: now + request.leaseMs } },
      waiting,
      next_fetch_at: request.crawlDelayMs > 0 ? now + request.crawlDelayMs : current.next_fetch_at,
    },
  };
}

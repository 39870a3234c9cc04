import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { slotView, takeSlot, type HostSlotsState, type SlotDecision, type SlotRequest } from '../domain/host-manners.js';
import { dynamo } from './clients.js';
import { conditionHeld } from './conditional.js';
import { requireEnv } from './env.js';

const table = () => requireEnv('rateLimitsTable');
const keyOf = (site: string) => ({ limiter_key: `host-slots#${site}` });
const MAX_ATTEMPTS = 8;
/** Clean-up done on the way by one write, so no expression grows with the site's history. */
const MAX_CLEARED_PER_WRITE = 10;
/** The record outlives every lease; an idle site's record goes away by itself. */
const RECORD_TTL_SECONDS = 24 * 3600;

/**
 * Takes a fetch slot for `site` across all jobs and all workers. The decision is made on a read of
 * the site's record, then written with conditions that re-check it atomically: fewer than `cap`
 * leases, the job under its share, the Crawl-delay passed. Concurrent takers only collide when the
 * slots really ran out meanwhile, so one job's twenty lanes do not fight over the record.
 */
export async function takeHostSlot(site: string, request: SlotRequest): Promise<SlotOutcome> {
  if (await conditionHeld(soleJobTakeCommand(site, request, [request.leaseId]))) return { taken: true };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keyOf(site), ConsistentRead: true }));
    if (!Item) {
      await conditionHeld(
        new PutCommand({
          TableName: table(),
          Item: { ...keyOf(site), leases: {}, held: {}, waiting: {}, next_fetch_at: 0, expires_at: expiresAt(request.now) },
          ConditionExpression: 'attribute_not_exists(limiter_key)',
        }),
      );
      continue;
    }
    const current: HostSlotsState = { leases: Item.leases ?? {}, waiting: Item.waiting ?? {}, next_fetch_at: Item.next_fetch_at ?? 0 };
    const decision = takeSlot(current, request);
    if (!decision.changed) return decision;
    const idleJobs = Object.entries((Item.held ?? {}) as Record<string, number>).filter(([job, count]) => count <= 0 && job !== request.jobId).map(([job]) => job);
    const command = decision.taken ? takeCommand(site, current, request, idleJobs) : markWaitingCommand(site, current, request);
    if (await conditionHeld(command)) return decision;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
  return { taken: false, retryInMs: 500, why: 'host_busy' };
}

/** What a caller needs of a decision: a slot, or how long to wait before asking again. */
export type SlotOutcome = { taken: true } | Pick<Extract<SlotDecision, { taken: false }>, 'taken' | 'retryInMs' | 'why'>;

/**
 * Takes `leaseIds.length` slots for one job in one write, only while no other job holds or wants
 * the site and the cap leaves room for all of them: the slots of a level's lanes, taken before the
 * lanes start. False in any other state (nothing is written); each lane then asks for its own.
 */
export async function takeHostSlots(site: string, request: Omit<SlotRequest, 'leaseId' | 'crawlDelayMs'>, leaseIds: readonly string[]): Promise<boolean> {
  return conditionHeld(soleJobTakeCommand(site, { ...request, crawlDelayMs: 0 }, leaseIds));
}

/**
 * The common case in one write, with no read first: no other job holds or wants the site, so the
 * job's share is the whole cap. The conditions say exactly that, atomically; in any other state
 * (other jobs, dead leases, stale marks, no record yet) the write is refused and the caller reads,
 * decides and cleans up as usual.
 */
function soleJobTakeCommand(site: string, request: Omit<SlotRequest, 'leaseId'>, leaseIds: readonly string[]): UpdateCommand {
  const x = expression();
  const job = x.name(request.jobId);
  const sets = [
    ...leaseIds.map((leaseId) => `leases.${x.name(leaseId)} = ${x.value({ job: request.jobId, until: request.now + request.leaseMs })}`),
    `expires_at = ${x.value(expiresAt(request.now))}`,
    `held.${job} = if_not_exists(held.${job}, ${x.value(0)}) + ${x.value(leaseIds.length)}`,
  ];
  const onlyThisJob = (map: string) => `(size(${map}) = ${x.value(0)} OR (size(${map}) = ${x.value(1)} AND attribute_exists(${map}.${job})))`;
  // Room for every lease asked: size(leases) + n <= cap.
  const conditions = [`size(leases) < ${x.value(request.cap - leaseIds.length + 1)}`, onlyThisJob('held'), onlyThisJob('waiting')];
  if (request.crawlDelayMs > 0) {
    sets.push(`next_fetch_at = ${x.value(request.now + request.crawlDelayMs)}`);
    conditions.push(`next_fetch_at <= ${x.value(request.now)}`);
  }
  return new UpdateCommand({
    TableName: table(),
    Key: keyOf(site),
    UpdateExpression: `SET ${sets.join(', ')} REMOVE waiting.${job}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: x.names,
    ExpressionAttributeValues: x.values,
  });
}

/** Gives a slot back. */
export async function releaseHostSlot(site: string, jobId: string, leaseId: string): Promise<void> {
  await conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: keyOf(site),
      UpdateExpression: 'REMOVE leases.#lease SET held.#job = held.#job - :one',
      ConditionExpression: 'attribute_exists(leases.#lease)',
      ExpressionAttributeNames: { '#lease': leaseId, '#job': jobId },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/**
 * Extends a slot a job keeps across several fetches, as long as no other job wants the site.
 * False when the slot is gone or another job is waiting: the caller gives it back, and the
 * share of the cap is decided afresh when it asks again.
 */
export async function renewHostSlot(site: string, jobId: string, leaseId: string, until: number): Promise<boolean> {
  return conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: keyOf(site),
      UpdateExpression: 'SET leases.#lease.#until = :until',
      ConditionExpression: 'attribute_exists(leases.#lease) AND (size(waiting) = :zero OR (size(waiting) = :one AND attribute_exists(waiting.#job)))',
      ExpressionAttributeNames: { '#lease': leaseId, '#until': 'until', '#job': jobId },
      ExpressionAttributeValues: { ':until': until, ':zero': 0, ':one': 1 },
    }),
  );
}

function expiresAt(now: number): number {
  return Math.ceil(now / 1000) + RECORD_TTL_SECONDS;
}

/** Expression pieces, with placeholders numbered as they are added. */
function expression() {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let counter = 0;
  return {
    names,
    values,
    name(value: string) {
      const key = `#n${counter++}`;
      names[key] = value;
      return key;
    },
    value(value: unknown) {
      const key = `:v${counter++}`;
      values[key] = value;
      return key;
    },
  };
}

/**
 * Adds the lease and re-checks the decision's conditions; leases that ran out (their worker died)
 * and stale waiting marks are cleared on the way, each only if still as read.
 */
function takeCommand(site: string, current: HostSlotsState, request: SlotRequest, idleJobs: string[]): UpdateCommand {
  const x = expression();
  const view = slotView(current, request);
  const { share } = view;
  const expired = view.expiredLeases.slice(0, MAX_CLEARED_PER_WRITE);
  const heldDelta = new Map<string, number>([[request.jobId, 1]]);
  for (const [, lease] of expired) heldDelta.set(lease.job, (heldDelta.get(lease.job) ?? 0) - 1);
  const mineExpired = expired.filter(([, lease]) => lease.job === request.jobId).length;

  const jobName = x.name(request.jobId);
  const sets = [`leases.${x.name(request.leaseId)} = ${x.value({ job: request.jobId, until: request.now + request.leaseMs })}`, `expires_at = ${x.value(expiresAt(request.now))}`];
  for (const [job, delta] of heldDelta) {
    const path = job === request.jobId ? `held.${jobName}` : `held.${x.name(job)}`;
    sets.push(`${path} = if_not_exists(${path}, ${x.value(0)}) + ${x.value(delta)}`);
  }
  if (request.crawlDelayMs > 0) sets.push(`next_fetch_at = ${x.value(request.now + request.crawlDelayMs)}`);
  const removes = [`waiting.${jobName}`];
  const conditions = [
    `size(leases) < ${x.value(request.cap + expired.length)}`,
    `(attribute_not_exists(held.${jobName}) OR held.${jobName} < ${x.value(share + mineExpired)})`,
  ];
  for (const [leaseId, lease] of expired) {
    const path = `leases.${x.name(leaseId)}`;
    removes.push(path);
    conditions.push(`${path}.#until = ${x.value(lease.until)}`);
  }
  if (expired.length > 0) x.names['#until'] = 'until';
  if (request.crawlDelayMs > 0) conditions.push(`next_fetch_at <= ${x.value(request.now)}`);
  for (const job of view.staleMarks.slice(0, MAX_CLEARED_PER_WRITE)) removes.push(`waiting.${x.name(job)}`);
  // jobs that hold nothing any more; only if still at zero, since one may have taken a slot meanwhile
  for (const job of idleJobs.filter((idle) => !heldDelta.has(idle)).slice(0, MAX_CLEARED_PER_WRITE)) {
    const path = `held.${x.name(job)}`;
    removes.push(path);
    conditions.push(`${path} <= ${x.value(0)}`);
  }

  return new UpdateCommand({
    TableName: table(),
    Key: keyOf(site),
    UpdateExpression: `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: x.names,
    ExpressionAttributeValues: x.values,
  });
}

/** Marks the job as one that wants the site; stale marks of other jobs go at the same time. */
function markWaitingCommand(site: string, current: HostSlotsState, request: SlotRequest): UpdateCommand {
  const x = expression();
  const removes = slotView(current, request).staleMarks.slice(0, MAX_CLEARED_PER_WRITE).map((job) => `waiting.${x.name(job)}`);
  return new UpdateCommand({
    TableName: table(),
    Key: keyOf(site),
    UpdateExpression: `SET waiting.${x.name(request.jobId)} = ${x.value(request.now + request.waitingMarkMs)}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: 'attribute_exists(limiter_key)',
    ExpressionAttributeNames: x.names,
    ExpressionAttributeValues: x.values,
  });
}

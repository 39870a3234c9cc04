import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EMPTY_HOST_SLOTS, takeSlot, type HostSlotsState, type SlotDecision, type SlotRequest } from '../domain/host-manners.js';
import { dynamo } from './clients.js';
import { conditionHeld } from './conditional.js';
import { requireEnv } from './env.js';

const table = () => requireEnv('rateLimitsTable');
const keyOf = (site: string) => ({ limiter_key: `host-slots#${site}` });
const MAX_WRITE_ATTEMPTS = 8;
/** The record outlives every lease; an idle site's record goes away by itself. */
const RECORD_TTL_SECONDS = 24 * 3600;

/**
 * Takes a fetch slot for `site` across all jobs and all workers (optimistic concurrency on one
 * record per site, like the preview rate limit). Sustained contention answers "busy", a delay.
 */
export async function takeHostSlot(site: string, request: SlotRequest): Promise<SlotDecision> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keyOf(site), ConsistentRead: true }));
    const version = typeof Item?.version === 'number' ? Item.version : undefined;
    const current: HostSlotsState = Item ? { leases: Item.leases ?? {}, waiting: Item.waiting ?? {}, next_fetch_at: Item.next_fetch_at ?? 0 } : EMPTY_HOST_SLOTS;
    const decision = takeSlot(current, request);
    if (!decision.changed) return decision;
    const written = await conditionHeld(
      new PutCommand({
        TableName: table(),
        Item: { ...keyOf(site), ...decision.state, version: (version ?? 0) + 1, expires_at: Math.ceil(request.now / 1000) + RECORD_TTL_SECONDS },
        ConditionExpression: version === undefined ? 'attribute_not_exists(limiter_key)' : 'version = :version',
        ExpressionAttributeValues: version === undefined ? undefined : { ':version': version },
      }),
    );
    if (written) return decision;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * (attempt + 1)));
  }
  return { taken: false, state: EMPTY_HOST_SLOTS, changed: false, retryInMs: 500, why: 'host_busy' };
}

/** Gives a slot back; bumping the version makes a concurrent taker re-read the record. */
export async function releaseHostSlot(site: string, leaseId: string): Promise<void> {
  await conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: keyOf(site),
      UpdateExpression: 'REMOVE leases.#lease ADD version :one',
      ConditionExpression: 'attribute_exists(leases.#lease)',
      ExpressionAttributeNames: { '#lease': leaseId },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

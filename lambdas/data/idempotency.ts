import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients.js';
import { conditionHeld } from './conditional.js';
import { requireEnv } from './env.js';

/**
 * Idempotency keys of batch scrapes (Firecrawl's `x-idempotency-key`), one item per user and key
 * in the RateLimits table, which already expires its items: a key names the first batch made with
 * it for a day, so a retried request finds that batch instead of making a second one.
 */
const table = () => requireEnv('rateLimitsTable');
const KEY_DAYS = 1;

const itemKey = (userId: string, key: string) => ({ limiter_key: `idempotency#${userId}#${key}` });

/** Claims the key for `batchId`; answers the batch that already holds it otherwise. */
export async function claimIdempotencyKey(userId: string, key: string, batchId: string, now = Date.now()): Promise<{ claimed: true } | { claimed: false; batchId: string }> {
  const claimed = await conditionHeld(
    new PutCommand({
      TableName: table(),
      Item: { ...itemKey(userId, key), batch_id: batchId, expires_at: Math.ceil(now / 1000) + KEY_DAYS * 86_400 },
      ConditionExpression: 'attribute_not_exists(limiter_key)',
    }),
  );
  if (claimed) return { claimed: true };
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: itemKey(userId, key), ConsistentRead: true }));
  return { claimed: false, batchId: String(Item?.batch_id) };
}

/** Gives a key back when its batch could not be made. */
export async function releaseIdempotencyKey(userId: string, key: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: itemKey(userId, key) }));
}

import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients.js';
import { conditionHeld } from './conditional.js';
import { requireEnv } from './env.js';

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const table = () => requireEnv('rateLimitsTable');
const MAX_ATTEMPTS = 12;

/**
 * Exact rolling window: the item holds the times of the requests admitted in the last window and a
 * version; an admission rewrites it only if nobody else did meanwhile (optimistic concurrency),
 * so the limit holds across any number of Lambda instances.
 */
export async function admitRolling(key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<LimitDecision> {
  const windowMs = windowSeconds * 1000;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: { limiter_key: key }, ConsistentRead: true }));
    const version = typeof Item?.version === 'number' ? Item.version : 0;
    const recent = ((Item?.stamps as number[] | undefined) ?? []).filter((stamp) => stamp > now - windowMs);
    if (recent.length >= limit) {
      const oldest = recent[recent.length - limit] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
    }
    const admitted = await conditionHeld(
      new PutCommand({
        TableName: table(),
        Item: { limiter_key: key, stamps: [...recent, now], version: version + 1, expires_at: Math.ceil((now + windowMs) / 1000) + 60 },
        ConditionExpression: Item ? 'version = :version' : 'attribute_not_exists(limiter_key)',
        ExpressionAttributeValues: Item ? { ':version': version } : undefined,
      }),
    );
    if (admitted) return { allowed: true };
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
  }
  // Sustained contention on one user's limiter: ask the client to come back shortly.
  return { allowed: false, retryAfterSeconds: 1 };
}

/** Fixed window counter: one atomic conditional ADD per request, for generous limits. */
export async function admitFixedWindow(key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<LimitDecision> {
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  const admitted = await conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: { limiter_key: `${key}#${windowStart}` },
      UpdateExpression: 'ADD #count :one SET expires_at = :expires',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': windowStart + windowSeconds + 60 },
    }),
  );
  return admitted ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, windowStart + windowSeconds - Math.floor(now / 1000)) };
}

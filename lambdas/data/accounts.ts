import { GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ApiKeyRecordSchema,
  SeededUserSchema,
  bearerToken,
  UserSchema,
  generateWebhookSigningSecret,
  hashApiKey,
  seededProfile,
  type ApiKeyRecord,
  type SeedProfile,
  type User,
} from '../domain/accounts.js';
import { dynamo } from './clients.js';
import { conditionHeld } from './conditional.js';
import { requireEnv } from './env.js';

export type UserProfile = Pick<User, 'user_id' | 'plan' | 'monthly_pages'>;

/**
 * Creates the user or updates its plan and allowance. Creation date and webhook signing secret are
 * set once, when the user is created, and kept by every later update.
 */
export async function saveUser(profile: UserProfile, now: Date): Promise<User> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: requireEnv('usersTable'),
      Key: { user_id: profile.user_id },
      UpdateExpression:
        'SET #plan = :plan, monthly_pages = :pages, created_at = if_not_exists(created_at, :now), webhook_signing_secret = if_not_exists(webhook_signing_secret, :secret)',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':plan': profile.plan, ':pages': profile.monthly_pages, ':now': now.toISOString(), ':secret': generateWebhookSigningSecret() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return UserSchema.parse(Attributes);
}

/**
 * Seeding (CRAWL_SEED_USERS, at every start of the local runtime): creates the user, or applies the
 * seed file's plan and allowance where no admin command changed them since (`seededProfile`). The
 * write holds only if the user is as read, so an admin command meanwhile is read again, not undone.
 */
export async function seedUser(userId: string, seed: SeedProfile, now: Date): Promise<void> {
  for (;;) {
    const { Item } = await dynamo().send(new GetCommand({ TableName: requireEnv('usersTable'), Key: { user_id: userId }, ConsistentRead: true }));
    const stored = Item ? SeededUserSchema.parse(Item) : undefined;
    const profile = seededProfile(stored, seed);
    const written = await conditionHeld(
      new UpdateCommand({
        TableName: requireEnv('usersTable'),
        Key: { user_id: userId },
        UpdateExpression:
          'SET #plan = :plan, monthly_pages = :pages, seeded = :seeded, created_at = if_not_exists(created_at, :now), webhook_signing_secret = if_not_exists(webhook_signing_secret, :secret)',
        ConditionExpression: stored ? '#plan = :storedPlan AND monthly_pages = :storedPages' : 'attribute_not_exists(user_id)',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: {
          ':plan': profile.plan,
          ':pages': profile.monthly_pages,
          ':seeded': seed,
          ':now': now.toISOString(),
          ':secret': generateWebhookSigningSecret(),
          ...(stored ? { ':storedPlan': stored.plan, ':storedPages': stored.monthly_pages } : {}),
        },
      }),
    );
    if (written) return;
  }
}

/** The user's webhook signing secret, created on first use for users stored before webhooks existed. */
export async function webhookSigningSecret(userId: string): Promise<string> {
  const user = await getUser(userId);
  if (user?.webhook_signing_secret) return user.webhook_signing_secret;
  return setWebhookSigningSecret(userId, 'if_not_exists(webhook_signing_secret, :secret)');
}

/** A new secret replaces the old one at once; receivers must switch to it. */
export async function rotateWebhookSigningSecret(userId: string): Promise<string> {
  return setWebhookSigningSecret(userId, ':secret');
}

async function setWebhookSigningSecret(userId: string, value: string): Promise<string> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: requireEnv('usersTable'),
      Key: { user_id: userId },
      UpdateExpression: `SET webhook_signing_secret = ${value}`,
      ConditionExpression: 'attribute_exists(user_id)',
      ExpressionAttributeValues: { ':secret': generateWebhookSigningSecret() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return UserSchema.parse(Attributes).webhook_signing_secret as string;
}

export async function getUser(userId: string): Promise<User | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: requireEnv('usersTable'), Key: { user_id: userId } }));
  return Item ? UserSchema.parse(Item) : undefined;
}

/** Stores only the key's hash; the key itself is shown once to whoever created it. */
export async function storeApiKey(userId: string, key: string, now: Date): Promise<ApiKeyRecord> {
  const record: ApiKeyRecord = { key_hash: hashApiKey(key), user_id: userId, created_at: now.toISOString(), revoked_at: null };
  await dynamo().send(new PutCommand({ TableName: requireEnv('apiKeysTable'), Item: record }));
  return record;
}

/**
 * Seeding's key: stored for the user the seed file names, keeping the creation time and, above
 * all, a revocation: a key revoked with the admin CLI stays revoked at every later start.
 */
export async function seedApiKey(userId: string, key: string, now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: requireEnv('apiKeysTable'),
      Key: { key_hash: hashApiKey(key) },
      UpdateExpression: 'SET user_id = :user, created_at = if_not_exists(created_at, :now), revoked_at = if_not_exists(revoked_at, :notRevoked)',
      ExpressionAttributeValues: { ':user': userId, ':now': now.toISOString(), ':notRevoked': null },
    }),
  );
}

export async function findApiKey(key: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: requireEnv('apiKeysTable'), Key: { key_hash: hashApiKey(key) } }));
  return Item ? ApiKeyRecordSchema.parse(Item) : undefined;
}

/** The user an `Authorization: Bearer <key>` header names: a known, unrevoked key of an existing user. */
export async function userOfAuthorization(header: string | undefined): Promise<User | undefined> {
  const key = bearerToken(header);
  if (!key) return undefined;
  const record = await findApiKey(key);
  if (!record || record.revoked_at) return undefined;
  return getUser(record.user_id);
}

export async function listApiKeys(userId: string): Promise<ApiKeyRecord[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: requireEnv('apiKeysTable'),
      IndexName: 'by_user',
      KeyConditionExpression: 'user_id = :user',
      ExpressionAttributeValues: { ':user': userId },
    }),
  );
  return (Items ?? []).map((item) => ApiKeyRecordSchema.parse(item));
}

/** Keys whose hash starts with `prefix` (an admin names a key by its id, the hash's start). */
export async function findApiKeysByHashPrefix(prefix: string): Promise<ApiKeyRecord[]> {
  const found: ApiKeyRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: requireEnv('apiKeysTable'),
        FilterExpression: 'begins_with(key_hash, :prefix)',
        ExpressionAttributeValues: { ':prefix': prefix },
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(page.Items ?? []).map((item) => ApiKeyRecordSchema.parse(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

export async function revokeApiKey(keyHash: string, now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: requireEnv('apiKeysTable'),
      Key: { key_hash: keyHash },
      UpdateExpression: 'SET revoked_at = :now',
      ConditionExpression: 'attribute_exists(key_hash)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

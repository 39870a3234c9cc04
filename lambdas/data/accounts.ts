import { GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiKeyRecordSchema, UserSchema, generateWebhookSigningSecret, hashApiKey, type ApiKeyRecord, type User } from '../domain/accounts.js';
import { dynamo } from './clients.js';
import { requireEnv } from './env.js';

export type UserProfile = Pick<User, 'user_id' | 'plan' | 'monthly_pages'>;

/**
 * Creates the user or updates its plan and allowance. Creation date and webhook signing secret are
 * set once, when the user is created, and kept by every later update (seeding runs at each start).
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

export async function findApiKey(key: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: requireEnv('apiKeysTable'), Key: { key_hash: hashApiKey(key) } }));
  return Item ? ApiKeyRecordSchema.parse(Item) : undefined;
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

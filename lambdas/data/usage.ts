import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients.js';
import { conditionHeld } from './conditional.js';
import { requireEnv } from './env.js';

/**
 * One item per user and month: `used` (charged pages), `reserved` (held by running jobs),
 * `committed` = used + reserved (DynamoDB conditions cannot add two attributes, so the sum is
 * kept as its own counter), and `reservations`, a map from job id to the pages it holds.
 * Reserving and settling are each one conditional UpdateItem, so they are atomic without
 * transactions, and the map makes settlement exactly-once and lets a sweeper find leaks.
 */
export interface UsageRow {
  user_id: string;
  period: string;
  used: number;
  reserved: number;
  committed: number;
  reservations: Record<string, { pages: number; at: string }>;
}

const table = () => requireEnv('usageTable');

export async function getUsage(userId: string, period: string): Promise<UsageRow> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: { user_id: userId, period }, ConsistentRead: true }));
  return toUsageRow(userId, period, Item);
}

function toUsageRow(userId: string, period: string, item: Record<string, unknown> | undefined): UsageRow {
  return {
    user_id: userId,
    period,
    used: Number(item?.used ?? 0),
    reserved: Number(item?.reserved ?? 0),
    committed: Number(item?.committed ?? 0),
    reservations: (item?.reservations as UsageRow['reservations'] | undefined) ?? {},
  };
}

/** Creates the month's row with zero counters if it is missing (nested map paths need a parent). */
async function ensureRow(userId: string, period: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: { user_id: userId, period },
      UpdateExpression:
        'SET used = if_not_exists(used, :zero), reserved = if_not_exists(reserved, :zero), committed = if_not_exists(committed, :zero), reservations = if_not_exists(reservations, :empty)',
      ExpressionAttributeValues: { ':zero': 0, ':empty': {} },
    }),
  );
}

export type ReserveOutcome = { ok: true } | { ok: false; usage: UsageRow };

/** Holds `pages` for `jobId` if used + reserved + pages stays within the allowance. */
export async function reservePages(input: { userId: string; period: string; jobId: string; pages: number; allowance: number; now: Date }): Promise<ReserveOutcome> {
  await ensureRow(input.userId, input.period);
  const held = await conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: { user_id: input.userId, period: input.period },
      UpdateExpression: 'SET reservations.#job = :hold ADD committed :pages, reserved :pages',
      ConditionExpression: 'committed <= :limit AND attribute_not_exists(reservations.#job)',
      ExpressionAttributeNames: { '#job': input.jobId },
      ExpressionAttributeValues: {
        ':hold': { pages: input.pages, at: input.now.toISOString() },
        ':pages': input.pages,
        ':limit': input.allowance - input.pages,
      },
    }),
  );
  return held ? { ok: true } : { ok: false, usage: await getUsage(input.userId, input.period) };
}

/**
 * Turns a job's reservation into a charge of `charged` pages and releases the rest. Returns false
 * when the reservation was already settled (a retried step), so nothing is counted twice.
 */
export async function settleReservation(input: { userId: string; period: string; jobId: string; reserved: number; charged: number }): Promise<boolean> {
  return conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: { user_id: input.userId, period: input.period },
      UpdateExpression: 'REMOVE reservations.#job ADD used :charged, reserved :release, committed :delta',
      ConditionExpression: 'attribute_exists(reservations.#job)',
      ExpressionAttributeNames: { '#job': input.jobId },
      ExpressionAttributeValues: {
        ':charged': input.charged,
        ':release': -input.reserved,
        ':delta': input.charged - input.reserved,
      },
    }),
  );
}

/** Rows that still hold reservations: the sweeper's work list. */
export async function* rowsWithReservations(): AsyncGenerator<UsageRow> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({ TableName: table(), FilterExpression: 'reserved > :zero', ExpressionAttributeValues: { ':zero': 0 }, ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) {
      yield toUsageRow(String(item.user_id), String(item.period), item);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

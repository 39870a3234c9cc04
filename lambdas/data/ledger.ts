import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { LEDGER_PREFIX, ledgerKey, levelPrefix, type LedgerEntry, type LedgerStatus } from '../domain/ledger.js';
import { mapWithLimit } from '../core/map-with-limit.js';
import { recordPageOutcome } from '../observability/metrics.js';
import { dynamo } from './clients.js';
import { conditionHeld, writeIfCondition } from './conditional.js';
import { requireEnv } from './env.js';

const table = () => requireEnv('pagesTable');

export interface PlannedEntry {
  url: string;
  status: 'queued' | 'skipped';
  reason?: string;
}

/**
 * Writes a level's entries. Each put only creates (never overwrites), so a retried planner cannot
 * reset a page a worker already took. An entry skipped at planning has its final outcome here.
 */
export async function writeLevel(jobId: string, depth: number, entries: readonly PlannedEntry[], expiresAt: number): Promise<void> {
  await mapWithLimit(entries, 16, async (entry, index) => {
    const created = await conditionHeld(
      new PutCommand({
        TableName: table(),
        Item: { job_id: jobId, sk: ledgerKey(depth, index), depth, index, attempts: 0, expires_at: expiresAt, ...entry },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    );
    if (created && entry.status === 'skipped') recordPageOutcome({ status: 'skipped', reason: entry.reason });
  });
}

export async function getEntry(jobId: string, depth: number, index: number): Promise<LedgerEntry | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: { job_id: jobId, sk: ledgerKey(depth, index) }, ConsistentRead: true }));
  return Item as LedgerEntry | undefined;
}

/**
 * Takes the page for one worker: a queued page, or one whose previous holder's lease ran out
 * (a crashed worker). A duplicate delivery finds the lease held and backs off.
 */
export async function acquireLease(jobId: string, depth: number, index: number, now: number, leaseMs: number): Promise<LedgerEntry | undefined> {
  const taken = await writeIfCondition<{ Attributes?: Record<string, unknown> }>(
    new UpdateCommand({
      TableName: table(),
      Key: { job_id: jobId, sk: ledgerKey(depth, index) },
      UpdateExpression: 'SET #status = :progress, lease_until = :until ADD attempts :one',
      ConditionExpression: '#status = :queued OR (#status = :progress AND lease_until < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':progress': 'in_progress', ':queued': 'queued', ':until': now + leaseMs, ':now': now, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return taken?.Attributes as LedgerEntry | undefined;
}

/** Gives a page back for a later attempt (transient failure). */
export async function releaseLease(jobId: string, depth: number, index: number): Promise<void> {
  await conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: { job_id: jobId, sk: ledgerKey(depth, index) },
      UpdateExpression: 'SET #status = :queued REMOVE lease_until',
      ConditionExpression: '#status = :progress',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued', ':progress': 'in_progress' },
    }),
  );
}

export type FinalFields = Pick<LedgerEntry, 'reason' | 'http_status' | 'final_url' | 'title' | 'bytes'> & { status: Exclude<LedgerStatus, 'queued' | 'in_progress'> };

/**
 * Records a page's outcome. `from` lists the statuses it may leave, so an outcome is written once,
 * and its metric is counted once, here, whichever step (worker, dead-letter, cancel, assembly) wrote it.
 */
export async function finishEntry(jobId: string, depth: number, index: number, fields: FinalFields, from: LedgerStatus[] = ['in_progress']): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  Object.entries(fields).forEach(([name, value], i) => {
    if (value === undefined) return;
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    sets.push(`#f${i} = :v${i}`);
  });
  const allowed = from.map((status, i) => {
    values[`:from${i}`] = status;
    return `:from${i}`;
  });
  const written = await conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: { job_id: jobId, sk: ledgerKey(depth, index) },
      UpdateExpression: `SET ${sets.join(', ')} REMOVE lease_until`,
      ConditionExpression: `#status IN (${allowed.join(', ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  if (written) recordPageOutcome(fields);
  return written;
}

async function* query(input: Omit<QueryCommandInput, 'TableName'>): AsyncGenerator<LedgerEntry> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ TableName: table(), ...input, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) yield item as LedgerEntry;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

function byPrefix(jobId: string, prefix: string): Omit<QueryCommandInput, 'TableName'> {
  return {
    KeyConditionExpression: 'job_id = :job AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':job': jobId, ':prefix': prefix },
    ConsistentRead: true,
  };
}

/** A level's entries in discovery order. */
export function levelEntries(jobId: string, depth: number): AsyncGenerator<LedgerEntry> {
  return query(byPrefix(jobId, levelPrefix(depth)));
}

/** Every entry of the job in crawl order (depth, then discovery order). */
export function allEntries(jobId: string): AsyncGenerator<LedgerEntry> {
  return query(byPrefix(jobId, LEDGER_PREFIX));
}

/** One page of the ledger for the API, continuing after `afterKey`. */
export async function ledgerPage(jobId: string, limit: number, afterKey?: string): Promise<{ entries: LedgerEntry[]; lastKey?: string }> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      ...byPrefix(jobId, LEDGER_PREFIX),
      Limit: limit,
      ExclusiveStartKey: afterKey ? { job_id: jobId, sk: afterKey } : undefined,
    }),
  );
  const lastKey = page.LastEvaluatedKey?.sk;
  return { entries: (page.Items ?? []) as LedgerEntry[], lastKey: typeof lastKey === 'string' ? lastKey : undefined };
}

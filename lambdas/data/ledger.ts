import { BatchGetCommand, BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { LEDGER_PREFIX, ledgerKey, levelPrefix, type LedgerEntry, type LedgerStatus } from '../domain/ledger.js';
import { chunks } from '../core/chunks.js';
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

/** Items one BatchWriteItem call may carry. */
const BATCH_WRITE_LIMIT = 25;
const PARALLEL_BATCH_WRITES = 8;

/**
 * Sends a batch call's items, then again whatever DynamoDB leaves unprocessed (throttling),
 * backing off between rounds.
 */
async function untilProcessed<T>(items: T[], send: (items: T[]) => Promise<T[]>): Promise<void> {
  for (let round = 0, left = items; left.length > 0; round++) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** round)));
    left = await send(left);
  }
}

/** Puts whole items, 25 to a call and a few calls at once. */
async function putItems(items: readonly object[]): Promise<void> {
  await mapWithLimit(chunks(items, BATCH_WRITE_LIMIT), PARALLEL_BATCH_WRITES, (chunk) =>
    untilProcessed(
      chunk.map((item) => ({ PutRequest: { Item: item as Record<string, unknown> } })),
      async (requests) => {
        const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table()]: requests } }));
        return (UnprocessedItems?.[table()] ?? []) as typeof requests;
      },
    ),
  );
}

/**
 * Writes a level's entries, 25 to a call. Entries that already exist are left as they are, so a
 * planner run again after an interruption never resets a page a worker took (workers only take a
 * level's pages once the whole level is written and recorded on the job). An entry skipped at
 * planning has its final outcome here.
 */
export async function writeLevel(jobId: string, depth: number, entries: readonly PlannedEntry[], expiresAt: number): Promise<void> {
  const existing = new Set<string>();
  for await (const entry of levelEntries(jobId, depth)) existing.add(entry.sk);
  const missing = entries
    .map((entry, index) => ({ job_id: jobId, sk: ledgerKey(depth, index), depth, index, attempts: 0, expires_at: expiresAt, ...entry }))
    .filter((item) => !existing.has(item.sk));
  await putItems(missing);
  for (const item of missing) if (item.status === 'skipped') recordPageOutcome({ status: 'skipped', reason: item.reason });
}

export async function getEntry(jobId: string, depth: number, index: number): Promise<LedgerEntry | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: { job_id: jobId, sk: ledgerKey(depth, index) }, ConsistentRead: true }));
  return Item as LedgerEntry | undefined;
}

/** Entries at `indexes` of a level that exist, read consistently, in the order asked for. */
export async function getEntries(jobId: string, depth: number, indexes: readonly number[]): Promise<LedgerEntry[]> {
  const found = new Map<string, LedgerEntry>();
  await untilProcessed(
    indexes.map((index) => ({ job_id: jobId, sk: ledgerKey(depth, index) })),
    async (keys) => {
      const { Responses, UnprocessedKeys } = await dynamo().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys, ConsistentRead: true } } }));
      for (const item of Responses?.[table()] ?? []) found.set(String(item.sk), item as LedgerEntry);
      return (UnprocessedKeys?.[table()]?.Keys ?? []) as typeof keys;
    },
  );
  return indexes.map((index) => found.get(ledgerKey(depth, index))).filter((entry): entry is LedgerEntry => entry !== undefined);
}

/**
 * Takes pages that follow a page the worker leased, in one write without conditions: they are
 * further along the same lane, where only the worker holding the lane's first unfinished page
 * goes (every other worker stops at that page). Answers the entries as taken.
 */
export async function claimEntries(entries: readonly LedgerEntry[], now: number, leaseMs: number): Promise<LedgerEntry[]> {
  const claimed = entries.map((entry) => ({ ...entry, status: 'in_progress' as const, lease_until: now + leaseMs, attempts: (entry.attempts ?? 0) + 1 }));
  await putItems(claimed);
  return claimed;
}

/** Puts claimed pages back as they were before `claimEntries`, for the lane's next worker. */
export async function restoreEntries(entries: readonly LedgerEntry[]): Promise<void> {
  await putItems(entries);
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

/**
 * Gives a page the page worker took to the render worker: queued again, marked for the browser,
 * with attempts counted afresh for the render stage. A redelivered page message that takes it
 * again sees the mark and only hands it over again.
 */
export async function handOverToRenderer(jobId: string, depth: number, index: number): Promise<boolean> {
  return conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: { job_id: jobId, sk: ledgerKey(depth, index) },
      UpdateExpression: 'SET #status = :queued, stage = :render, attempts = :zero REMOVE lease_until',
      ConditionExpression: '#status = :progress',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued', ':render': 'render', ':zero': 0, ':progress': 'in_progress' },
    }),
  );
}

export type FinalFields = Pick<LedgerEntry, 'reason' | 'http_status' | 'final_url' | 'title' | 'bytes' | 'fetched_at' | 'rendered' | 'batch'> & { status: Exclude<LedgerStatus, 'queued' | 'in_progress'> };

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

/**
 * Records the outcomes of pages one worker holds, 25 to a call: each entry is written whole, as
 * leased plus its outcome, with the lease dropped. A worker finishes only pages it leased, so
 * these writes need no condition (a page whose lease ran out under a stuck worker may get the
 * outcome of either worker, both of them real).
 */
export async function finishEntries(finished: ReadonlyArray<{ entry: LedgerEntry; fields: FinalFields }>): Promise<void> {
  await putItems(
    finished.map(({ entry, fields }) => {
      const { lease_until: _lease, ...leased } = entry;
      return { ...leased, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) };
    }),
  );
  for (const { fields } of finished) recordPageOutcome(fields);
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
function levelEntries(jobId: string, depth: number): AsyncGenerator<LedgerEntry> {
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

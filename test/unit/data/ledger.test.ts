import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { acquireLease, claimEntries, finishEntries, finishEntry, releaseLease, restoreEntries, writeLevel } from '../../../lambdas/data/ledger.js';
import { conditionFailed, mockDynamo } from './helpers.js';

const dynamo = mockDynamo();
const TABLE = 'test-pagesTable';

describe('writeLevel', () => {
  it('writes the level 25 entries to a call, leaving out entries that exist (a planner run again never resets a page a worker took)', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ job_id: 'job-1', sk: 'p#01#000000', status: 'in_progress' }] });
    dynamo.on(BatchWriteCommand).resolves({});
    const entries = Array.from({ length: 27 }, (_, i) => ({ url: `https://a.test/${i}`, status: i === 1 ? ('skipped' as const) : ('queued' as const), ...(i === 1 ? { reason: 'robots_disallowed' } : {}) }));
    await writeLevel('job-1', 1, entries, 1_800_000_000);

    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({ TableName: TABLE, ConsistentRead: true, ExpressionAttributeValues: { ':job': 'job-1', ':prefix': 'p#01#' } });
    const writes = dynamo.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.[TABLE] ?? []);
    expect(writes.map((requests) => requests.length)).toEqual([25, 1]);
    expect(writes[0]?.[0]).toEqual({
      PutRequest: { Item: { job_id: 'job-1', sk: 'p#01#000001', depth: 1, index: 1, attempts: 0, expires_at: 1_800_000_000, url: 'https://a.test/1', status: 'skipped', reason: 'robots_disallowed' } },
    });
    expect(writes.flat().map((request) => request.PutRequest?.Item?.sk)).not.toContain('p#01#000000');
  });

  it('sends again what DynamoDB left unprocessed', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const item = { job_id: 'job-1', sk: 'p#00#000000', depth: 0, index: 0, attempts: 0, expires_at: 1, url: 'https://a.test/', status: 'queued' };
    dynamo.on(BatchWriteCommand).resolvesOnce({ UnprocessedItems: { [TABLE]: [{ PutRequest: { Item: item } }] } }).resolves({});
    await writeLevel('job-1', 0, [{ url: 'https://a.test/', status: 'queued' }], 1);
    expect(dynamo.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.[TABLE])).toEqual([[{ PutRequest: { Item: item } }], [{ PutRequest: { Item: item } }]]);
  });
});

describe('claimEntries and restoreEntries', () => {
  const queued = { job_id: 'job-1', sk: 'p#02#000005', url: 'https://a.test/x', depth: 2, index: 5, status: 'queued' as const, attempts: 0 };

  it('take the pages after a leased one as in progress, counting an attempt, in one write', async () => {
    dynamo.on(BatchWriteCommand).resolves({});
    const claimed = await claimEntries([queued], 1_000, 100_000);
    expect(claimed).toEqual([{ ...queued, status: 'in_progress', attempts: 1, lease_until: 101_000 }]);
    expect(dynamo.commandCalls(BatchWriteCommand)[0]?.args[0].input).toEqual({ RequestItems: { [TABLE]: [{ PutRequest: { Item: claimed[0] } }] } });
  });

  it('put them back exactly as they were', async () => {
    dynamo.on(BatchWriteCommand).resolves({});
    await restoreEntries([queued]);
    expect(dynamo.commandCalls(BatchWriteCommand)[0]?.args[0].input).toEqual({ RequestItems: { [TABLE]: [{ PutRequest: { Item: queued } }] } });
  });
});

describe('finishEntries', () => {
  it('writes each entry whole, as leased plus its outcome, without its lease', async () => {
    dynamo.on(BatchWriteCommand).resolves({});
    const leased = { job_id: 'job-1', sk: 'p#00#000000', url: 'https://a.test/', depth: 0, index: 0, status: 'in_progress' as const, attempts: 1, lease_until: 5 };
    await finishEntries([{ entry: leased, fields: { status: 'crawled', http_status: 200, title: 'Home', batch: 'jobs/job-1/pages/00/000000-ab.json', reason: undefined } }]);
    const { lease_until: _lease, ...rest } = leased;
    expect(dynamo.commandCalls(BatchWriteCommand)[0]?.args[0].input).toEqual({
      RequestItems: { [TABLE]: [{ PutRequest: { Item: { ...rest, status: 'crawled', http_status: 200, title: 'Home', batch: 'jobs/job-1/pages/00/000000-ab.json' } } }] },
    });
  });
});

describe('acquireLease', () => {
  const NOW = 1_000_000;

  it('takes a queued page, or one whose lease ran out, counting the attempt', async () => {
    const taken = { job_id: 'job-1', sk: 'p#00#000003', status: 'in_progress', attempts: 1 };
    dynamo.on(UpdateCommand).resolves({ Attributes: taken });
    expect(await acquireLease('job-1', 0, 3, NOW, 100_000)).toEqual(taken);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Key: { job_id: 'job-1', sk: 'p#00#000003' },
      UpdateExpression: 'SET #status = :progress, lease_until = :until ADD attempts :one',
      ConditionExpression: '#status = :queued OR (#status = :progress AND lease_until < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':progress': 'in_progress', ':queued': 'queued', ':until': NOW + 100_000, ':now': NOW, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    });
  });

  it('answers undefined while another worker holds the lease', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await acquireLease('job-1', 0, 3, NOW, 100_000)).toBeUndefined();
  });
});

describe('releaseLease', () => {
  it('gives a page in progress back to the queue and drops its lease', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await releaseLease('job-1', 2, 7);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Key: { job_id: 'job-1', sk: 'p#02#000007' },
      UpdateExpression: 'SET #status = :queued REMOVE lease_until',
      ConditionExpression: '#status = :progress',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued', ':progress': 'in_progress' },
    });
  });
});

describe('finishEntry', () => {
  it('writes the outcome once: only the given fields, only from the statuses it may leave', async () => {
    dynamo.on(UpdateCommand).resolves({});
    const written = await finishEntry('job-1', 0, 0, { status: 'crawled', http_status: 200, title: 'Home', reason: undefined }, ['in_progress', 'queued']);
    expect(written).toBe(true);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      Key: { job_id: 'job-1', sk: 'p#00#000000' },
      UpdateExpression: 'SET #f0 = :v0, #f1 = :v1, #f2 = :v2 REMOVE lease_until',
      ConditionExpression: '#status IN (:from0, :from1)',
      ExpressionAttributeNames: { '#status': 'status', '#f0': 'status', '#f1': 'http_status', '#f2': 'title' },
      ExpressionAttributeValues: { ':v0': 'crawled', ':v1': 200, ':v2': 'Home', ':from0': 'in_progress', ':from1': 'queued' },
    });
  });

  it('answers false for a page whose outcome is already written', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await finishEntry('job-1', 0, 0, { status: 'failed', reason: 'timeout' })).toBe(false);
  });
});

import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { acquireLease, finishEntry, releaseLease, writeLevel } from '../../../lambdas/data/ledger.js';
import { conditionFailed, mockDynamo } from './helpers.js';

const dynamo = mockDynamo();
const TABLE = 'test-pagesTable';

describe('writeLevel', () => {
  it('creates each entry of the level, never overwriting one (a retried planner cannot reset a page in progress)', async () => {
    dynamo.on(PutCommand).resolves({});
    await writeLevel('job-1', 1, [{ url: 'https://a.test/x', status: 'queued' }, { url: 'https://a.test/y', status: 'skipped', reason: 'robots_disallowed' }], 1_800_000_000);

    const puts = dynamo.commandCalls(PutCommand).map((call) => call.args[0].input);
    expect(puts).toEqual([
      {
        TableName: TABLE,
        Item: { job_id: 'job-1', sk: 'p#01#000000', depth: 1, index: 0, attempts: 0, expires_at: 1_800_000_000, url: 'https://a.test/x', status: 'queued' },
        ConditionExpression: 'attribute_not_exists(sk)',
      },
      {
        TableName: TABLE,
        Item: { job_id: 'job-1', sk: 'p#01#000001', depth: 1, index: 1, attempts: 0, expires_at: 1_800_000_000, url: 'https://a.test/y', status: 'skipped', reason: 'robots_disallowed' },
        ConditionExpression: 'attribute_not_exists(sk)',
      },
    ]);
  });

  it('takes entries that already exist as written', async () => {
    dynamo.on(PutCommand).rejects(conditionFailed());
    await expect(writeLevel('job-1', 0, [{ url: 'https://a.test/', status: 'queued' }], 1)).resolves.toBeUndefined();
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

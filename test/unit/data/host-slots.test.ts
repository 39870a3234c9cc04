import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ENV } from '../../../lambdas/data/env.js';
import { releaseHostSlot, takeHostSlot } from '../../../lambdas/data/host-slots.js';
import { recordWebhookDelivery } from '../../../lambdas/data/webhooks.js';
import type { SlotRequest } from '../../../lambdas/domain/host-manners.js';
import { conditionFailed, mockDynamo } from './helpers.js';

const dynamo = mockDynamo();
beforeAll(() => {
  vi.stubEnv(ENV.rateLimitsTable, 'test-rateLimits');
});

const NOW = 1_800_000_000_000;
const request: SlotRequest = { jobId: 'job-a', leaseId: 'lease-1', now: NOW, cap: 2, leaseMs: 60_000, waitingMarkMs: 5_000, crawlDelayMs: 0 };
const KEY = { limiter_key: 'host-slots#example.com' };

describe('takeHostSlot', () => {
  it('creates the site record with the lease, only if nobody created it meanwhile', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    expect(await takeHostSlot('example.com', request)).toMatchObject({ taken: true });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-rateLimits',
      Item: { ...KEY, leases: { 'lease-1': { job: 'job-a', until: NOW + 60_000 } }, waiting: {}, next_fetch_at: 0, version: 1, expires_at: NOW / 1000 + 86_400 },
      ConditionExpression: 'attribute_not_exists(limiter_key)',
      ExpressionAttributeValues: undefined,
    });
  });

  it('writes only over the version it read, and reads again when another worker got there first', async () => {
    dynamo.on(GetCommand).resolves({ Item: { ...KEY, leases: {}, waiting: {}, next_fetch_at: 0, version: 7 } });
    dynamo.on(PutCommand).rejectsOnce(conditionFailed()).resolves({});
    expect(await takeHostSlot('example.com', request)).toMatchObject({ taken: true });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(2);
    expect(dynamo.commandCalls(PutCommand)[1]?.args[0].input).toMatchObject({ ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': 7 } });
  });

  it('refuses without writing when the site is full and the job is already marked as waiting', async () => {
    const leases = { x: { job: 'job-b', until: NOW + 1_000 }, y: { job: 'job-b', until: NOW + 1_000 } };
    dynamo.on(GetCommand).resolves({ Item: { ...KEY, leases, waiting: { 'job-a': NOW + 4_000 }, next_fetch_at: 0, version: 3 } });
    expect(await takeHostSlot('example.com', request)).toMatchObject({ taken: false, why: 'host_busy' });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });
});

describe('releaseHostSlot', () => {
  it('removes the lease and bumps the version, so a concurrent taker reads again', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await releaseHostSlot('example.com', 'lease-1');
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-rateLimits',
      Key: KEY,
      UpdateExpression: 'REMOVE leases.#lease ADD version :one',
      ConditionExpression: 'attribute_exists(leases.#lease)',
      ExpressionAttributeNames: { '#lease': 'lease-1' },
      ExpressionAttributeValues: { ':one': 1 },
    });
  });
});

describe('recordWebhookDelivery', () => {
  const delivery = { id: 'job-1.completed', event: 'completed' as const, status: 'pending' as const, attempts: 0, last_status: null, last_attempt_at: null, next_attempt_at: null };

  it('writes only the event\'s own entry of the record; a queued delivery never overwrites an attempt', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await recordWebhookDelivery('job-1', 'completed', delivery, { onlyIfNew: true })).toBe(false);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-jobsTable',
      Key: { job_id: 'job-1' },
      UpdateExpression: 'SET webhook_deliveries.#event = :delivery',
      ConditionExpression: 'attribute_exists(webhook_deliveries) AND attribute_not_exists(webhook_deliveries.#event)',
      ExpressionAttributeNames: { '#event': 'completed' },
      ExpressionAttributeValues: { ':delivery': delivery },
    });
  });
});

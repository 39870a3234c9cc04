import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ENV } from '../../../lambdas/data/env.js';
import { releaseHostSlot, renewHostSlot, takeHostSlot, takeHostSlots } from '../../../lambdas/data/host-slots.js';
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
  it('takes a slot in one conditional write, without a read, while no other job holds or wants the site', async () => {
    dynamo.on(UpdateCommand).resolves({});
    expect(await takeHostSlot('example.com', { ...request, crawlDelayMs: 2_000 })).toEqual({ taken: true });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-rateLimits',
      Key: KEY,
      UpdateExpression: 'SET leases.#n1 = :v2, expires_at = :v3, held.#n0 = if_not_exists(held.#n0, :v4) + :v5, next_fetch_at = :v11 REMOVE waiting.#n0',
      ConditionExpression:
        'size(leases) < :v6 AND (size(held) = :v7 OR (size(held) = :v8 AND attribute_exists(held.#n0))) AND (size(waiting) = :v9 OR (size(waiting) = :v10 AND attribute_exists(waiting.#n0))) AND next_fetch_at <= :v12',
      ExpressionAttributeNames: { '#n0': 'job-a', '#n1': 'lease-1' },
      ExpressionAttributeValues: {
        ':v2': { job: 'job-a', until: NOW + 60_000 },
        ':v3': NOW / 1000 + 86_400,
        ':v4': 0,
        ':v5': 1,
        ':v6': 2,
        ':v7': 0,
        ':v8': 1,
        ':v9': 0,
        ':v10': 1,
        ':v11': NOW + 2_000,
        ':v12': NOW,
      },
    });
  });

  it('when that write is refused, creates the site record once, then adds the lease re-checking the cap and the share atomically', async () => {
    dynamo.on(GetCommand).resolvesOnce({}).resolves({ Item: { ...KEY, leases: {}, held: {}, waiting: {}, next_fetch_at: 0 } });
    dynamo.on(PutCommand).resolves({});
    dynamo.on(UpdateCommand).rejectsOnce(conditionFailed()).resolves({});
    expect(await takeHostSlot('example.com', request)).toMatchObject({ taken: true });
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({ Item: { ...KEY, leases: {}, held: {} }, ConditionExpression: 'attribute_not_exists(limiter_key)' });
    const update = dynamo.commandCalls(UpdateCommand)[1]?.args[0].input;
    expect(update).toEqual({
      TableName: 'test-rateLimits',
      Key: KEY,
      UpdateExpression: 'SET leases.#n1 = :v2, expires_at = :v3, held.#n0 = if_not_exists(held.#n0, :v4) + :v5 REMOVE waiting.#n0',
      ConditionExpression: 'size(leases) < :v6 AND (attribute_not_exists(held.#n0) OR held.#n0 < :v7)',
      ExpressionAttributeNames: { '#n0': 'job-a', '#n1': 'lease-1' },
      ExpressionAttributeValues: { ':v2': { job: 'job-a', until: NOW + 60_000 }, ':v3': NOW / 1000 + 86_400, ':v4': 0, ':v5': 1, ':v6': 2, ':v7': 2 },
    });
  });

  it('clears a dead worker\'s lease in the same write, only if it is still as read, and reads again when the write lost', async () => {
    const dead = { dead: { job: 'job-b', until: NOW - 1 } };
    dynamo.on(GetCommand).resolves({ Item: { ...KEY, leases: dead, held: { 'job-b': 1 }, waiting: {}, next_fetch_at: 0 } });
    dynamo.on(UpdateCommand).rejectsOnce(conditionFailed()).rejectsOnce(conditionFailed()).resolves({});
    expect(await takeHostSlot('example.com', request)).toMatchObject({ taken: true });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(2);
    const update = dynamo.commandCalls(UpdateCommand)[2]?.args[0].input;
    expect(update?.UpdateExpression).toContain('REMOVE waiting.#n0, leases.#n');
    expect(update?.ConditionExpression).toContain('.#until = ');
    expect(Object.values(update?.ExpressionAttributeValues ?? {})).toContain(-1);
  });

  it('refuses without changing the record when the site is full and the job is already marked as waiting', async () => {
    const leases = { x: { job: 'job-b', until: NOW + 1_000 }, y: { job: 'job-b', until: NOW + 1_000 } };
    dynamo.on(GetCommand).resolves({ Item: { ...KEY, leases, held: { 'job-b': 2 }, waiting: { 'job-a': NOW + 4_000 }, next_fetch_at: 0 } });
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await takeHostSlot('example.com', request)).toMatchObject({ taken: false, why: 'host_busy' });
    // only the one-write attempt, which the record's conditions refused
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(1);
  });
});

describe('takeHostSlots', () => {
  const lanes = { jobId: 'job-a', now: NOW, cap: 20, leaseMs: 60_000, waitingMarkMs: 5_000 };

  it("takes a level's lane slots in one conditional write while the job is alone and the cap has room for all", async () => {
    dynamo.on(UpdateCommand).resolves({});
    expect(await takeHostSlots('example.com', lanes, ['lease-1', 'lease-2', 'lease-3'])).toBe(true);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(1);
    const lease = { job: 'job-a', until: NOW + 60_000 };
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-rateLimits',
      Key: KEY,
      UpdateExpression: 'SET leases.#n1 = :v2, leases.#n3 = :v4, leases.#n5 = :v6, expires_at = :v7, held.#n0 = if_not_exists(held.#n0, :v8) + :v9 REMOVE waiting.#n0',
      ConditionExpression:
        'size(leases) < :v10 AND (size(held) = :v11 OR (size(held) = :v12 AND attribute_exists(held.#n0))) AND (size(waiting) = :v13 OR (size(waiting) = :v14 AND attribute_exists(waiting.#n0)))',
      ExpressionAttributeNames: { '#n0': 'job-a', '#n1': 'lease-1', '#n3': 'lease-2', '#n5': 'lease-3' },
      // room for three more: at most 17 leases held already (size < 18)
      ExpressionAttributeValues: { ':v2': lease, ':v4': lease, ':v6': lease, ':v7': NOW / 1000 + 86_400, ':v8': 0, ':v9': 3, ':v10': 18, ':v11': 0, ':v12': 1, ':v13': 0, ':v14': 1 },
    });
  });

  it('answers false and writes nothing more when the record refuses (other jobs, no room, no record yet)', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await takeHostSlots('example.com', lanes, ['lease-1', 'lease-2'])).toBe(false);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });
});

describe('renewHostSlot', () => {
  it('extends a slot kept across fetches only while no other job waits for the site', async () => {
    dynamo.on(UpdateCommand).resolves({});
    expect(await renewHostSlot('example.com', 'job-a', 'lease-1', NOW + 60_000)).toBe(true);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-rateLimits',
      Key: KEY,
      UpdateExpression: 'SET leases.#lease.#until = :until',
      ConditionExpression: 'attribute_exists(leases.#lease) AND (size(waiting) = :zero OR (size(waiting) = :one AND attribute_exists(waiting.#job)))',
      ExpressionAttributeNames: { '#lease': 'lease-1', '#until': 'until', '#job': 'job-a' },
      ExpressionAttributeValues: { ':until': NOW + 60_000, ':zero': 0, ':one': 1 },
    });
  });

  it('answers false when another job waits, so the slot goes back', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await renewHostSlot('example.com', 'job-a', 'lease-1', NOW)).toBe(false);
  });
});

describe('releaseHostSlot', () => {
  it('removes the lease and lowers the job\'s count, once', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await releaseHostSlot('example.com', 'job-a', 'lease-1');
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-rateLimits',
      Key: KEY,
      UpdateExpression: 'REMOVE leases.#lease SET held.#job = held.#job - :one',
      ConditionExpression: 'attribute_exists(leases.#lease)',
      ExpressionAttributeNames: { '#lease': 'lease-1', '#job': 'job-a' },
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

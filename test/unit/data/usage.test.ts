import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { reservePages, settleReservation } from '../../../lambdas/data/usage.js';
import { conditionFailed, mockDynamo } from './helpers.js';

const dynamo = mockDynamo();
const KEY = { user_id: 'alice', period: '2026-11' };
const NOW = new Date('2026-11-22T10:00:00.000Z');

describe('reservePages', () => {
  it('creates the month row if missing, then holds the pages in one conditional update: committed <= allowance - pages, once per job', async () => {
    dynamo.on(UpdateCommand).resolves({});
    const outcome = await reservePages({ userId: 'alice', period: '2026-11', jobId: 'job-1', pages: 50, allowance: 100, now: NOW });

    expect(outcome).toEqual({ ok: true });
    const [ensure, reserve] = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(ensure).toEqual({
      TableName: 'test-usageTable',
      Key: KEY,
      UpdateExpression:
        'SET used = if_not_exists(used, :zero), reserved = if_not_exists(reserved, :zero), committed = if_not_exists(committed, :zero), reservations = if_not_exists(reservations, :empty)',
      ExpressionAttributeValues: { ':zero': 0, ':empty': {} },
    });
    expect(reserve).toEqual({
      TableName: 'test-usageTable',
      Key: KEY,
      UpdateExpression: 'SET reservations.#job = :hold ADD committed :pages, reserved :pages',
      ConditionExpression: 'committed <= :limit AND attribute_not_exists(reservations.#job)',
      ExpressionAttributeNames: { '#job': 'job-1' },
      ExpressionAttributeValues: { ':hold': { pages: 50, at: '2026-11-22T10:00:00.000Z' }, ':pages': 50, ':limit': 50 },
    });
  });

  it('answers a failed condition with the figures read consistently, for the 402 details', async () => {
    dynamo.on(UpdateCommand).resolvesOnce({}).rejectsOnce(conditionFailed());
    dynamo.on(GetCommand).resolves({ Item: { ...KEY, used: 40, reserved: 20, committed: 60, reservations: { other: { pages: 20, at: 'x' } } } });
    const outcome = await reservePages({ userId: 'alice', period: '2026-11', jobId: 'job-2', pages: 50, allowance: 100, now: NOW });

    expect(outcome).toEqual({ ok: false, usage: { ...KEY, used: 40, reserved: 20, committed: 60, reservations: { other: { pages: 20, at: 'x' } } } });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toEqual({ TableName: 'test-usageTable', Key: KEY, ConsistentRead: true });
  });

  it('passes on errors other than a failed condition', async () => {
    dynamo.on(UpdateCommand).resolvesOnce({}).rejectsOnce(new Error('throttled'));
    await expect(reservePages({ userId: 'alice', period: '2026-11', jobId: 'job-3', pages: 1, allowance: 100, now: NOW })).rejects.toThrow('throttled');
  });
});

describe('settleReservation', () => {
  it('charges and releases in one update that only runs while the reservation exists', async () => {
    dynamo.on(UpdateCommand).resolves({});
    expect(await settleReservation({ userId: 'alice', period: '2026-11', jobId: 'job-1', reserved: 50, charged: 12 })).toBe(true);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-usageTable',
      Key: KEY,
      UpdateExpression: 'REMOVE reservations.#job ADD used :charged, reserved :release, committed :delta',
      ConditionExpression: 'attribute_exists(reservations.#job)',
      ExpressionAttributeNames: { '#job': 'job-1' },
      ExpressionAttributeValues: { ':charged': 12, ':release': -50, ':delta': -38 },
    });
  });

  it('answers false for a reservation already settled, so a retried step charges nothing twice', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await settleReservation({ userId: 'alice', period: '2026-11', jobId: 'job-1', reserved: 50, charged: 12 })).toBe(false);
  });
});

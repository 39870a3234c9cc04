import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { finishJob, markRunning, recordCheckpoint, recordJobError, requestCancel } from '../../../lambdas/data/jobs.js';
import { newJobRecord } from '../../../lambdas/domain/new-job.js';
import { conditionFailed, mockDynamo } from './helpers.js';

const dynamo = mockDynamo();
const TABLE = 'test-jobsTable';
const OPEN = { ':queued': 'queued', ':running': 'running' };

function sentUpdate() {
  return dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;
}

describe('finishJob', () => {
  it('ends an open job once: status, progress, settled charge, and the level cleared, in one conditional update', async () => {
    dynamo.on(UpdateCommand).resolves({});
    const progress = { pages_crawled: 8, pages_failed: 1, pages_skipped: 2 };
    expect(await finishJob('job-1', 'completed', { finished_at: '2026-11-22T10:00:00.000Z', progress, charged: 8 })).toBe(true);
    expect(sentUpdate()).toEqual({
      TableName: TABLE,
      Key: { job_id: 'job-1' },
      UpdateExpression: 'SET #status = :status, finished_at = :finished, progress = :progress, #level = :null, quota.charged = :charged, quota.settled = :true',
      ConditionExpression: '#status IN (:queued, :running)',
      ExpressionAttributeNames: { '#status': 'status', '#level': 'level' },
      ExpressionAttributeValues: { ':status': 'completed', ':finished': '2026-11-22T10:00:00.000Z', ':progress': progress, ...OPEN, ':null': null, ':charged': 8, ':true': true },
    });
  });

  it('leaves the first outcome in place and answers false', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await finishJob('job-1', 'failed', { finished_at: 'x', progress: { pages_crawled: 0, pages_failed: 0, pages_skipped: 0 }, charged: 0 })).toBe(false);
  });
});

describe('requestCancel', () => {
  it('flags only a job that exists and is still open', async () => {
    dynamo.on(UpdateCommand).resolves({});
    expect(await requestCancel('job-1')).toBe(true);
    expect(sentUpdate()).toEqual({
      TableName: TABLE,
      Key: { job_id: 'job-1' },
      UpdateExpression: 'SET cancel_requested = :true',
      ConditionExpression: 'attribute_exists(job_id) AND #status IN (:queued, :running)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':true': true, ...OPEN },
    });
  });

  it('answers false for an ended job', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await requestCancel('job-1')).toBe(false);
  });
});

describe('recordJobError', () => {
  it('keeps the first error of an open job', async () => {
    dynamo.on(UpdateCommand).resolves({});
    const error = { code: 'seed_fetch_failed' as const, message: 'the seed page could not be crawled' };
    await recordJobError('job-1', error);
    expect(sentUpdate()).toEqual({
      TableName: TABLE,
      Key: { job_id: 'job-1' },
      UpdateExpression: 'SET #error = :error',
      ConditionExpression: 'attribute_type(#error, :null) AND #status IN (:queued, :running)',
      ExpressionAttributeNames: { '#error': 'error', '#status': 'status' },
      ExpressionAttributeValues: { ':error': error, ':null': 'NULL', ...OPEN },
    });
  });

  it('ignores a later error quietly', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    await expect(recordJobError('job-1', { code: 'internal_error', message: 'late' })).resolves.toBeUndefined();
  });
});

describe('markRunning', () => {
  it('moves only a queued job to running', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await markRunning('job-1', new Date('2026-11-22T10:00:00.000Z'));
    expect(sentUpdate()).toEqual({
      TableName: TABLE,
      Key: { job_id: 'job-1' },
      UpdateExpression: 'SET #status = :running, started_at = :now',
      ConditionExpression: '#status = :queued',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':now': '2026-11-22T10:00:00.000Z' },
    });
  });
});

describe('recordCheckpoint', () => {
  const job = newJobRecord({
    jobId: 'job-1',
    userId: 'user-1',
    request: { mode: 'full', url: 'https://a.test/', export_formats: ['markdown'], respect_robots: true, check_tos: false, only_main_content: true, render: 'never', max_depth: 1, max_pages: 10, concurrency: 2 },
    reserved: 10,
    now: new Date('2026-11-22T10:00:00.000Z'),
    retentionDays: 1,
  });

  it("adds a checkpoint's outcomes to an open job's progress, marks its lane done, and answers the job as it is now", async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { ...job, status: 'running', cancel_requested: true, lanes_done: new Set(['1:0']) } });
    const now = await recordCheckpoint('job-1', { crawled: 3, failed: 1, skipped: 0 }, '1:0');
    expect(now).toMatchObject({ cancel_requested: true, lanes_done: new Set(['1:0']) });
    expect(sentUpdate()).toEqual({
      TableName: TABLE,
      Key: { job_id: 'job-1' },
      UpdateExpression:
        'SET progress.pages_crawled = progress.pages_crawled + :crawled, progress.pages_failed = progress.pages_failed + :failed, progress.pages_skipped = progress.pages_skipped + :skipped ADD lanes_done :lane',
      ConditionExpression: '#status IN (:queued, :running)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':crawled': 3, ':failed': 1, ':skipped': 0, ...OPEN, ':lane': new Set(['1:0']) },
      ReturnValues: 'ALL_NEW',
    });
  });

  it('leaves an ended job as it is and answers undefined', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await recordCheckpoint('job-1', { crawled: 1, failed: 0, skipped: 0 })).toBeUndefined();
  });
});

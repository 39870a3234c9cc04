import { GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { JobRecordSchema, type JobError, type JobListPosition, type JobRecord, type JobStatus } from '../domain/job.js';
import { dynamo } from './clients.js';
import { conditionHeld, writeIfCondition } from './conditional.js';
import { requireEnv } from './env.js';

const table = () => requireEnv('jobsTable');

export async function putNewJob(job: JobRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: job, ConditionExpression: 'attribute_not_exists(job_id)' }),
  );
}

export async function getJob(jobId: string): Promise<JobRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: { job_id: jobId }, ConsistentRead: true }));
  return Item ? JobRecordSchema.parse(Item) : undefined;
}

/** Every job still queued or running (a scan: for the local runtime's restart and operators' tools). */
export async function* openJobs(): AsyncGenerator<JobRecord> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: table(),
        FilterExpression: '#status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':queued': 'queued', ':running': 'running' },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) yield JobRecordSchema.parse(item);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Another user's job is reported as absent, so job ids leak nothing (CONTRACT 1). */
export async function getJobOfUser(jobId: string, userId: string): Promise<JobRecord | undefined> {
  const job = await getJob(jobId);
  return job && job.user_id === userId ? job : undefined;
}

/** Remembers that a host served script-built shells at a depth (`render: auto`, see `shellHostMark`). */
export async function addShellHostMark(jobId: string, mark: string): Promise<void> {
  await conditionHeld(
    new UpdateCommand({
      TableName: table(),
      Key: { job_id: jobId },
      UpdateExpression: 'ADD render_hosts :mark',
      ConditionExpression: 'attribute_exists(job_id)',
      ExpressionAttributeValues: { ':mark': new Set([mark]) },
    }),
  );
}

/** Outcomes a lane worker recorded at one checkpoint. */
export interface CheckpointCounts {
  crawled: number;
  failed: number;
  skipped: number;
}

/**
 * Adds a checkpoint's outcomes to the job's progress (CheckLevel later sets the exact counts from
 * the ledger) and, when the lane has reached the end of its level, marks it done (`laneDoneMark`),
 * so CheckLevel knows without reading the ledger. Answers the job as it is now (is it cancelled?),
 * or undefined once it has ended: an ended job's progress is final.
 */
export async function recordCheckpoint(jobId: string, counts: CheckpointCounts, laneDone?: string): Promise<JobRecord | undefined> {
  const updated = await writeIfCondition<{ Attributes?: Record<string, unknown> }>(
    new UpdateCommand({
      TableName: table(),
      Key: { job_id: jobId },
      UpdateExpression:
        'SET progress.pages_crawled = progress.pages_crawled + :crawled, progress.pages_failed = progress.pages_failed + :failed, ' +
        `progress.pages_skipped = progress.pages_skipped + :skipped${laneDone ? ' ADD lanes_done :lane' : ''}`,
      ConditionExpression: '#status IN (:queued, :running)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':crawled': counts.crawled,
        ':failed': counts.failed,
        ':skipped': counts.skipped,
        ':queued': 'queued',
        ':running': 'running',
        ...(laneDone ? { ':lane': new Set([laneDone]) } : {}),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return updated?.Attributes ? JobRecordSchema.parse(updated.Attributes) : undefined;
}

// Each query reads at most this many jobs, and a page takes at most this many queries, so a status
// filter that matches few jobs still answers promptly (with a shorter page and a cursor).
const JOBS_READ_PER_QUERY = 100;
const MAX_QUERIES_PER_PAGE = 5;

/** A user's jobs, newest first, optionally only those in one status; `next` is where the next page starts. */
export async function listJobsOfUser(
  userId: string,
  options: { limit: number; after?: JobListPosition; status?: JobStatus },
): Promise<{ jobs: JobRecord[]; next?: JobListPosition }> {
  const jobs: JobRecord[] = [];
  let startKey: Record<string, unknown> | undefined = options.after ? { ...options.after, user_id: userId } : undefined;
  for (let query = 0; query < MAX_QUERIES_PER_PAGE; query++) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'by_user',
        KeyConditionExpression: 'user_id = :user',
        ScanIndexForward: false,
        Limit: JOBS_READ_PER_QUERY,
        ExclusiveStartKey: startKey,
        ...(options.status
          ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':user': userId, ':status': options.status } }
          : { ExpressionAttributeValues: { ':user': userId } }),
      }),
    );
    const items = page.Items ?? [];
    for (const [index, item] of items.entries()) {
      jobs.push(JobRecordSchema.parse(item));
      if (jobs.length < options.limit) continue;
      // A full page ends at its last job, wherever the query stopped reading; no cursor when nothing follows.
      const more = index < items.length - 1 || page.LastEvaluatedKey !== undefined;
      return { jobs, next: more ? positionOf(item) : undefined };
    }
    startKey = page.LastEvaluatedKey;
    if (!startKey) return { jobs };
  }
  return { jobs, next: startKey ? positionOf(startKey) : undefined };
}

function positionOf(item: Record<string, unknown>): JobListPosition {
  return { created_at: String(item.created_at), job_id: String(item.job_id) };
}

/** Sets `cancel_requested` unless the job already ended. Returns false for an ended job. */
export async function requestCancel(jobId: string): Promise<boolean> {
  return conditionHeld(new UpdateCommand({
    TableName: table(),
    Key: { job_id: jobId },
    UpdateExpression: 'SET cancel_requested = :true',
    ConditionExpression: 'attribute_exists(job_id) AND #status IN (:queued, :running)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':true': true, ':queued': 'queued', ':running': 'running' },
  }));
}

/** queued → running. A retried step finds the job running already, which is fine. */
export async function markRunning(jobId: string, now: Date): Promise<void> {
  await conditionHeld(new UpdateCommand({
    TableName: table(),
    Key: { job_id: jobId },
    UpdateExpression: 'SET #status = :running, started_at = :now',
    ConditionExpression: '#status = :queued',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':now': now.toISOString() },
  }));
}

/**
 * Records why a job that is still open will fail; the status itself is set by `finishJob`. The
 * first error wins, and an ended job's outcome is never rewritten by a late failure.
 */
export async function recordJobError(jobId: string, error: JobError): Promise<void> {
  await conditionHeld(new UpdateCommand({
    TableName: table(),
    Key: { job_id: jobId },
    UpdateExpression: 'SET #error = :error',
    ConditionExpression: 'attribute_type(#error, :null) AND #status IN (:queued, :running)',
    ExpressionAttributeNames: { '#error': 'error', '#status': 'status' },
    ExpressionAttributeValues: { ':error': error, ':null': 'NULL', ':queued': 'queued', ':running': 'running' },
  }));
}

export async function updateJob(jobId: string, fields: Partial<Omit<JobRecord, 'job_id' | 'user_id'>>): Promise<void> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: { job_id: jobId },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/**
 * Moves a job to a terminal status once, with its settled charge; later calls leave the first
 * outcome in place and return false.
 */
export async function finishJob(jobId: string, status: JobStatus, fields: { finished_at: string; progress: JobRecord['progress']; charged: number }): Promise<boolean> {
  return conditionHeld(new UpdateCommand({
    TableName: table(),
    Key: { job_id: jobId },
    UpdateExpression:
      'SET #status = :status, finished_at = :finished, progress = :progress, #level = :null, quota.charged = :charged, quota.settled = :true',
    ConditionExpression: '#status IN (:queued, :running)',
    ExpressionAttributeNames: { '#status': 'status', '#level': 'level' },
    ExpressionAttributeValues: {
      ':status': status,
      ':finished': fields.finished_at,
      ':progress': fields.progress,
      ':queued': 'queued',
      ':running': 'running',
      ':null': null,
      ':charged': fields.charged,
      ':true': true,
    },
  }));
}

export async function markSettled(jobId: string, charged: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: { job_id: jobId },
      UpdateExpression: 'SET quota.charged = :charged, quota.settled = :true',
      ExpressionAttributeValues: { ':charged': charged, ':true': true },
    }),
  );
}

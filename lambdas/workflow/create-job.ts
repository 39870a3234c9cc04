import { randomUUID } from 'node:crypto';
import type { Caller } from '../api/caller.js';
import { quotaExceeded, rateLimited } from '../api/errors.js';
import { assertPlanAllows } from '../api/job-request.js';
import { artifactKeys, putJson } from '../data/artifacts.js';
import { startCrawlExecution } from '../data/executions.js';
import { putNewJob, recordJobError } from '../data/jobs.js';
import { admitFixedWindow } from '../data/rate-limits.js';
import { reservePages, settleReservation } from '../data/usage.js';
import type { FirecrawlJobOptions } from '../domain/firecrawl-options.js';
import type { ApiVersion } from '../domain/formats.js';
import type { JobRecord } from '../domain/job.js';
import { quotaCost, type CreateJobRequest } from '../domain/job-request.js';
import { newJobRecord } from '../domain/new-job.js';
import { JOB_RETENTION_DAYS } from '../domain/retention.js';
import { logger } from '../observability/logger.js';
import { recordJobCreated, recordQuotaRefusal, recordRateLimitRefusal } from '../observability/metrics.js';
import { finalizeJob } from './finalize.js';

const JOBS_PER_MINUTE = Number(process.env.CRAWL_JOBS_PER_MINUTE ?? 120);

/**
 * Creates a job and starts its crawl, for `POST /v1/jobs` and the Firecrawl-compatible routes
 * alike. Order matters for the quota: the reservation is taken first (atomically), then the job
 * record, then the execution; each later failure gives the reservation back, and a crash in
 * between leaves a reservation the reconciler releases because no job record holds it. Throws
 * ApiError for the plan, the rate limit and the quota.
 */
export async function createJob(
  caller: Caller,
  request: CreateJobRequest,
  options: { version: ApiVersion; firecrawl?: FirecrawlJobOptions; jobId?: string },
): Promise<JobRecord> {
  assertPlanAllows(request, caller.plan);
  const admission = await admitFixedWindow(`${caller.user_id}#jobs`, JOBS_PER_MINUTE, 60);
  if (!admission.allowed) {
    recordRateLimitRefusal();
    throw rateLimited(admission.retryAfterSeconds);
  }

  const now = new Date();
  const jobId = options.jobId ?? randomUUID();
  const pages = quotaCost(request);
  const job = newJobRecord({ jobId, userId: caller.user_id, request, version: options.version, reserved: pages, now, retentionDays: JOB_RETENTION_DAYS, firecrawl: options.firecrawl });
  const reservation = { userId: caller.user_id, period: job.quota.period, jobId, pages };

  const reserved = await reservePages({ ...reservation, allowance: caller.monthly_pages, now });
  if (!reserved.ok) {
    recordQuotaRefusal();
    throw quotaExceeded({ period: job.quota.period, allowance: caller.monthly_pages, used: reserved.usage.used, reserved: reserved.usage.reserved, requested: pages });
  }

  try {
    if (request.mode === 'select') await putJson(artifactKeys.selectUrls(jobId), request.urls);
    await putNewJob(job);
    recordJobCreated();
  } catch (error) {
    await settleReservation({ ...reservation, reserved: pages, charged: 0 });
    throw error;
  }

  try {
    await startCrawlExecution(jobId);
  } catch (error) {
    logger.error('could not start the crawl', { jobId, error: error as Error });
    await recordJobError(jobId, { code: 'internal_error', message: 'the crawl could not be started' });
    await finalizeJob(jobId);
    throw error;
  }
  return job;
}

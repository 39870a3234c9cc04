import { randomUUID } from 'node:crypto';
import { quotaExceeded, rateLimited } from '../api/errors.js';
import { apiHandler, apiVersionOf } from '../api/handler.js';
import { jsonResponse, parseJsonBody } from '../api/http.js';
import { assertPlanAllows, parseCreateJobRequest } from '../api/job-request.js';
import { artifactKeys, putJson } from '../data/artifacts.js';
import { startCrawlExecution } from '../data/executions.js';
import { putNewJob, recordJobError } from '../data/jobs.js';
import { admitFixedWindow } from '../data/rate-limits.js';
import { reservePages, settleReservation } from '../data/usage.js';
import { creationView } from '../domain/job.js';
import { quotaCost } from '../domain/job-request.js';
import { newJobRecord } from '../domain/new-job.js';
import { logger } from '../observability/logger.js';
import { JOB_RETENTION_DAYS } from '../domain/retention.js';
import { finalizeJob } from '../workflow/finalize.js';
import { recordJobCreated, recordQuotaRefusal, recordRateLimitRefusal } from '../observability/metrics.js';

const JOBS_PER_MINUTE = Number(process.env.CRAWL_JOBS_PER_MINUTE ?? 120);

/**
 * POST /v1/jobs and /v1.1/jobs. Order matters for the quota: the reservation is taken first (atomically), then
 * the job record, then the execution; each later failure gives the reservation back, and a crash
 * in between leaves a reservation the reconciler releases because no job record holds it.
 */
export const handler = apiHandler(async (event, caller) => {
  const version = apiVersionOf(event);
  const request = parseCreateJobRequest(parseJsonBody(event), version);
  assertPlanAllows(request, caller.plan);

  const admission = await admitFixedWindow(`${caller.user_id}#jobs`, JOBS_PER_MINUTE, 60);
  if (!admission.allowed) {
    recordRateLimitRefusal();
    throw rateLimited(admission.retryAfterSeconds);
  }

  const now = new Date();
  const jobId = randomUUID();
  const pages = quotaCost(request);
  const job = newJobRecord({ jobId, userId: caller.user_id, request, version, reserved: pages, now, retentionDays: JOB_RETENTION_DAYS });
  const reservation = { userId: caller.user_id, period: job.quota.period, jobId, pages };

  const reserved = await reservePages({ ...reservation, allowance: caller.monthly_pages, now });
  if (!reserved.ok) {
    recordQuotaRefusal();
    throw quotaExceeded({
      period: job.quota.period,
      allowance: caller.monthly_pages,
      used: reserved.usage.used,
      reserved: reserved.usage.reserved,
      requested: pages,
    });
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

  const created = creationView(job);
  return jsonResponse(202, created, { Location: created.links.self });
});

import { randomUUID } from 'node:crypto';
import { putNewJob } from '../../lambdas/data/jobs.js';
import { reservePages } from '../../lambdas/data/usage.js';
import { newJobRecord } from '../../lambdas/domain/new-job.js';

/** A job record as jobs-create writes it, with its reservation, `minutesAgo` old and running without an execution. */
export async function runningJobWithoutExecution(userId: string, minutesAgo: number, pages = 5) {
  const now = new Date(Date.now() - minutesAgo * 60_000);
  const jobId = randomUUID();
  const job = newJobRecord({
    jobId,
    userId,
    request: { url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: pages, concurrency: 2, export_formats: ['markdown'], respect_robots: true, check_tos: false, only_main_content: true },
    reserved: pages,
    now,
    retentionDays: 30,
  } as Parameters<typeof newJobRecord>[0]);
  await reservePages({ userId, period: job.quota.period, jobId, pages, allowance: 1000, now });
  const running = { ...job, status: 'running' as const, started_at: now.toISOString() };
  await putNewJob(running);
  return running;
}


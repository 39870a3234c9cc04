import type { FirecrawlJobOptions } from './firecrawl-options.js';
import type { ApiVersion } from './formats.js';
import type { CreateJobRequest } from './job-request.js';
import type { JobRecord } from './job.js';
import { quotaPeriod } from './quota.js';

const DAY_SECONDS = 86_400;

/** The stored record of a job that was just accepted; crawl limits are made explicit per mode. */
export function newJobRecord(input: {
  jobId: string;
  userId: string;
  request: CreateJobRequest;
  version?: ApiVersion;
  reserved: number;
  now: Date;
  retentionDays: number;
  firecrawl?: FirecrawlJobOptions;
}): JobRecord {
  const { request, now } = input;
  const limits =
    request.mode === 'single'
      ? { max_depth: 0, max_pages: 1, concurrency: 1 }
      : { max_depth: request.max_depth, max_pages: request.max_pages, concurrency: request.concurrency };
  return {
    job_id: input.jobId,
    user_id: input.userId,
    status: 'queued',
    url: request.url,
    mode: request.mode,
    export_formats: request.export_formats,
    // a record of a /v1 job stays as it was before /v1.1 existed
    ...(input.version === 'v1.1' ? { api_version: input.version } : {}),
    ...(request.export_formats.includes('pdf') ? { pdf_paper: request.pdf_paper ?? 'A4' } : {}),
    respect_robots: request.respect_robots,
    check_tos: request.check_tos,
    only_main_content: request.only_main_content,
    render: request.render,
    ...limits,
    ...(request.mode === 'select' ? { pages_total: request.urls.length } : {}),
    ...(request.mode === 'full' && request.include_paths ? { include_paths: request.include_paths } : {}),
    ...(request.mode === 'full' && request.exclude_paths ? { exclude_paths: request.exclude_paths } : {}),
    progress: { pages_crawled: 0, pages_failed: 0, pages_skipped: 0 },
    cancel_requested: false,
    error: null,
    quota: { reserved: input.reserved, charged: 0, period: quotaPeriod(now), settled: false },
    created_at: now.toISOString(),
    started_at: null,
    finished_at: null,
    expires_at: Math.floor(now.getTime() / 1000) + input.retentionDays * DAY_SECONDS,
    level: null,
    pages_planned: 0,
    // the map exists from the start, so deliveries can be recorded one event at a time
    ...(request.webhook ? { webhook: request.webhook, webhook_deliveries: {} } : {}),
    ...(input.firecrawl ? { firecrawl: input.firecrawl } : {}),
  };
}

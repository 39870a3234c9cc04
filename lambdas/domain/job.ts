import { z } from 'zod';
import { API_VERSIONS, DOCUMENT_FORMATS, PAPER_SIZES, RESULT_FORMATS, type ApiVersion } from './formats.js';
import { RENDER_MODES } from '../core/render-decision.js';
import { WEBHOOK_EVENTS, WebhookDeliverySchema, WebhookSettingsSchema, webhookView } from './webhook.js';
import { FirecrawlJobOptionsSchema } from './firecrawl-options.js';

/** The shape of a job id (a lower-case UUID): anything else cannot name a job. */
export const JOB_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How a lane that reached the end of level `depth` is recorded in `lanes_done`. */
export function laneDoneMark(depth: number, lane: number): string {
  return `${depth}:${lane}`;
}

/** How many lanes of level `depth` have reached its end. */
export function lanesDone(job: Pick<JobRecord, 'lanes_done'>, depth: number): number {
  let done = 0;
  for (const mark of job.lanes_done ?? []) if (mark.startsWith(`${depth}:`)) done += 1;
  return done;
}

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['completed', 'failed', 'cancelled']);

export { EXPORT_FORMATS, type ExportFormat } from '../core/export.js';

export const JobErrorSchema = z
  .object({
    code: z.enum(['tos_blocked', 'robots_disallowed', 'seed_fetch_failed', 'internal_error']),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'JobError' });
export type JobError = z.infer<typeof JobErrorSchema>;

const ResultObjectSchema = z.object({ key: z.string(), bytes: z.number() });

/** The job as stored in the Jobs table: the public record (CONTRACT 3) plus bookkeeping. */
export const JobRecordSchema = z.object({
  job_id: z.string(),
  user_id: z.string(),
  status: z.enum(JOB_STATUSES),
  url: z.string(),
  mode: z.enum(['single', 'select', 'full']),
  export_formats: z.array(z.enum(DOCUMENT_FORMATS)),
  /** The version the job was created under, for its links; records made before `/v1.1` have none. */
  api_version: z.enum(API_VERSIONS).optional(),
  /** `/v1.1` jobs with a `pdf` document. */
  pdf_paper: z.enum(PAPER_SIZES).optional(),
  respect_robots: z.boolean(),
  check_tos: z.boolean(),
  only_main_content: z.boolean(),
  /** Records made before rendering existed have none: they never rendered. */
  render: z.enum(RENDER_MODES).default('never'),
  /**
   * `host@depth` for each host found to serve script-built shells at that depth (`render: auto`):
   * from the next level on, that host's pages go straight to the browser.
   */
  render_hosts: z.set(z.string()).optional(),
  max_depth: z.number(),
  max_pages: z.number(),
  concurrency: z.number(),
  /** `full` only: path filters as submitted (CONTRACT 9). */
  include_paths: z.array(z.string()).optional(),
  exclude_paths: z.array(z.string()).optional(),
  pages_total: z.number().optional(),
  progress: z.object({ pages_crawled: z.number(), pages_failed: z.number(), pages_skipped: z.number() }),
  cancel_requested: z.boolean(),
  error: JobErrorSchema.nullable(),
  quota: z.object({ reserved: z.number(), charged: z.number(), period: z.string(), settled: z.boolean() }),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Epoch seconds; DynamoDB TTL removes the record after the retention period. */
  expires_at: z.number(),
  /**
   * The level being crawled: its depth, number of ledger entries, lanes (fetches in flight), when
   * it was released (epoch ms, for its pace), and what CheckLevel last saw of its activity (to
   * notice a stalled level).
   */
  level: z
    .object({
      depth: z.number(),
      size: z.number(),
      lanes: z.number(),
      released_at: z.number().optional(),
      watch: z.object({ activity: z.number(), since: z.number() }).optional(),
    })
    .nullable(),
  /** `depth:lane` for each lane that reached the end of its level (see `laneDoneMark`). */
  lanes_done: z.set(z.string()).optional(),
  /** Fetchable pages queued so far; the budget left is max_pages minus this. */
  pages_planned: z.number(),
  /** Seconds between fetches when robots.txt asks for a Crawl-delay. */
  crawl_delay_seconds: z.number().optional(),
  results: z.partialRecord(z.enum(RESULT_FORMATS), ResultObjectSchema).optional(),
  /** Why a PDF or Word document the job asked for was not built (the worker failed, or the job is over its ceiling). */
  document_failures: z.partialRecord(z.enum(DOCUMENT_FORMATS), z.string()).optional(),
  webhook: WebhookSettingsSchema.optional(),
  /** Jobs created through the Firecrawl-compatible routes: their extra page outputs and URL rules. */
  firecrawl: FirecrawlJobOptionsSchema.optional(),
  /** Written only by the webhook delivery worker, never by the crawl. */
  webhook_deliveries: z.partialRecord(z.enum(WEBHOOK_EVENTS), WebhookDeliverySchema).optional(),
  /** The reconciler's last look at an open job's progress, for stall detection (domain/stall.ts). */
  progress_watch: z.object({ pages_done: z.number(), depth: z.number().nullable(), status: z.string(), since: z.string() }).optional(),
});
export type JobRecord = z.infer<typeof JobRecordSchema>;

/** Where a page of a user's job list ends: the `by_user` index key of its last job. */
export const JobListPositionSchema = z.strictObject({ created_at: z.iso.datetime(), job_id: z.uuid() });
export type JobListPosition = z.infer<typeof JobListPositionSchema>;

export function isTerminal(status: JobStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}

/** The job's routes under the version it was created with, which can read all its documents. */
export function jobLinks(jobId: string, version: ApiVersion = 'v1') {
  return {
    self: `/${version}/jobs/${jobId}`,
    result: `/${version}/jobs/${jobId}/result`,
    pages: `/${version}/jobs/${jobId}/pages`,
  };
}

/** The job id of the API document's examples. */
export const EXAMPLE_JOB_ID = '0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10';
const jobIdSchema = z.uuid().meta({ description: 'The job id.', examples: [EXAMPLE_JOB_ID] });
const jobStatusSchema = z.enum(JOB_STATUSES).meta({ description: '`completed`, `failed` and `cancelled` are final.' });
const jobModeSchema = z.enum(['single', 'select', 'full']);
const pagesTotalSchema = z.int().meta({ description: 'Select jobs only: the number of URLs kept after de-duplication.' });

/** The 202 body of POST /v1/jobs: exactly the fields of spec 2.1. */
export const JobCreatedSchema = z
  .strictObject({
    id: jobIdSchema,
    status: jobStatusSchema,
    url: z.string().meta({ description: 'The url as submitted.' }),
    mode: jobModeSchema,
    pages_total: pagesTotalSchema.optional(),
    links: z.strictObject({ self: z.string(), result: z.string() }),
  })
  .meta({
    id: 'JobCreated',
    description: 'The job as created.',
    examples: [{ id: EXAMPLE_JOB_ID, status: 'queued', url: 'https://example.com/', mode: 'full', links: { self: `/v1/jobs/${EXAMPLE_JOB_ID}`, result: `/v1/jobs/${EXAMPLE_JOB_ID}/result` } }],
  });
export type JobCreated = z.infer<typeof JobCreatedSchema>;

export function creationView(job: JobRecord): JobCreated {
  const { self, result } = jobLinks(job.job_id, job.api_version);
  return {
    id: job.job_id,
    status: job.status,
    url: job.url,
    mode: job.mode,
    ...(job.mode === 'select' ? { pages_total: job.pages_total } : {}),
    links: { self, result },
  };
}

const timestampSchema = z.iso.datetime();

/** GET /v1/jobs/{id}: the public record of CONTRACT 3. */
export const PublicJobSchema = z
  .strictObject({
    id: jobIdSchema,
    status: jobStatusSchema,
    url: z.string(),
    mode: jobModeSchema,
    export_formats: z.array(z.enum(DOCUMENT_FORMATS)),
    pdf_paper: z.enum(PAPER_SIZES).optional().meta({ description: 'The paper size of a `/v1.1` job\'s `pdf` document.' }),
    respect_robots: z.boolean(),
    check_tos: z.boolean(),
    only_main_content: z.boolean(),
    render: z.enum(RENDER_MODES).meta({ description: 'When pages are rendered in a headless browser: `auto`, `always` or `never`.' }),
    max_depth: z.int(),
    max_pages: z.int(),
    concurrency: z.int(),
    pages_total: pagesTotalSchema.optional(),
    include_paths: z.array(z.string()).optional().meta({ description: 'The path filters the job was given, if any.' }),
    exclude_paths: z.array(z.string()).optional().meta({ description: 'The path filters the job was given, if any.' }),
    progress: z.strictObject({ pages_crawled: z.int(), pages_failed: z.int(), pages_skipped: z.int() }),
    cancel_requested: z.boolean(),
    error: JobErrorSchema.nullable().meta({ description: 'Why a failed job failed; null otherwise.' }),
    quota: z.strictObject({
      reserved: z.int().meta({ description: 'Pages reserved when the job was created.' }),
      charged: z.int().meta({ description: 'Pages charged once the job ended.' }),
    }),
    created_at: timestampSchema,
    started_at: timestampSchema.nullable(),
    finished_at: timestampSchema.nullable(),
    document_failures: z
      .partialRecord(z.enum(DOCUMENT_FORMATS), z.string())
      .optional()
      .meta({
        description:
          'Present when a `pdf` or `docx` document could not be built, or was built without all of the pages\' content: why, by format. A document that was built is served all the same; the job\'s other documents are there.',
      }),
    webhook: WebhookSettingsSchema.extend({ deliveries: z.array(WebhookDeliverySchema), last_status: z.string().nullable() })
      .optional()
      .meta({ description: "The job's webhook, if it was given one, with each event's delivery." }),
    firecrawl: FirecrawlJobOptionsSchema.optional(),
    links: z.strictObject({ self: z.string(), result: z.string(), pages: z.string() }),
  })
  .meta({
    id: 'Job',
    description: 'The job record: settings, state, progress, error and quota.',
    examples: [
      {
        id: EXAMPLE_JOB_ID,
        status: 'running',
        url: 'https://example.com/',
        mode: 'full',
        export_formats: ['markdown'],
        respect_robots: true,
        check_tos: true,
        only_main_content: true,
        render: 'auto',
        max_depth: 3,
        max_pages: 50,
        concurrency: 5,
        progress: { pages_crawled: 12, pages_failed: 1, pages_skipped: 3 },
        cancel_requested: false,
        error: null,
        quota: { reserved: 50, charged: 0 },
        created_at: '2026-11-22T10:00:00.000Z',
        started_at: '2026-11-22T10:00:01.000Z',
        finished_at: null,
        links: jobLinks(EXAMPLE_JOB_ID),
      },
    ],
  });
export type PublicJob = z.infer<typeof PublicJobSchema>;

export function publicView(job: JobRecord): PublicJob {
  return {
    id: job.job_id,
    status: job.status,
    url: job.url,
    mode: job.mode,
    export_formats: job.export_formats,
    ...(job.pdf_paper ? { pdf_paper: job.pdf_paper } : {}),
    respect_robots: job.respect_robots,
    check_tos: job.check_tos,
    only_main_content: job.only_main_content,
    render: job.render,
    max_depth: job.max_depth,
    max_pages: job.max_pages,
    concurrency: job.concurrency,
    ...(job.mode === 'select' ? { pages_total: job.pages_total } : {}),
    // echoed when the job was given them, so a job without filters keeps the CONTRACT 3 record
    ...(job.include_paths ? { include_paths: job.include_paths } : {}),
    ...(job.exclude_paths ? { exclude_paths: job.exclude_paths } : {}),
    progress: job.progress,
    cancel_requested: job.cancel_requested,
    error: job.error,
    quota: { reserved: job.quota.reserved, charged: job.quota.charged },
    created_at: job.created_at,
    started_at: job.started_at,
    finished_at: job.finished_at,
    ...(job.document_failures ? { document_failures: job.document_failures } : {}),
    ...(job.webhook ? { webhook: webhookView(job.webhook, job.webhook_deliveries) } : {}),
    ...(job.firecrawl ? { firecrawl: job.firecrawl } : {}),
    links: jobLinks(job.job_id, job.api_version),
  };
}

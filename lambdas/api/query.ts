import { z } from 'zod';
import { validationError, validationErrorFromZod } from './errors.js';
import { JOB_STATUSES, JobListPositionSchema, type JobListPosition } from '../domain/job.js';
import { publicHttpsUrlSchema } from '../domain/job-request.js';
import { FORMATS_OF_VERSION, JSONL_FORMAT, type ApiVersion, type DocumentFormat, type ResultFormat } from '../domain/formats.js';
import { JOBS_LIMIT_DEFAULT, JOBS_LIMIT_MAX, PAGES_LIMIT_DEFAULT, PAGES_LIMIT_MAX, PREVIEW_LIMIT_MAX } from '../domain/limits.js';

// API Gateway hands over `null` when there is no query string. Unknown parameters are ignored:
// query strings pick up tracking and cache-busting parameters that a client does not control.
type QueryParams = Record<string, string | undefined> | null;

const MAX_CURSOR_LENGTH = 1024;

/** An integer written as plain digits (no sign, exponent or decimal point) within [min, max]. */
function digitsParam(min: number, max: number) {
  const rule = { error: `must be an integer from ${min} to ${max}, written in digits` };
  return z
    .string(rule)
    .regex(/^\d+$/, rule)
    .transform(Number)
    .pipe(z.number().min(min, rule).max(max, rule))
    .meta({
      // documented as what it means, an integer in a query string, rather than as its digit pattern
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        delete jsonSchema.pattern;
        Object.assign(jsonSchema, { type: 'integer', minimum: min, maximum: max });
      },
    });
}

export const previewQuerySchema = z.object({
  url: publicHttpsUrlSchema.meta({ description: 'The seed, usually the home page; only URLs of its site are listed.' }),
  limit: digitsParam(1, PREVIEW_LIMIT_MAX).optional().meta({ description: `Return at most this many URLs (the service never returns more than ${PREVIEW_LIMIT_MAX}).` }),
});
export type PreviewQuery = z.infer<typeof previewQuerySchema>;

/** `GET /v1/sitemap/preview?url=&limit=`; `url` as given, once it passed the public https rule. */
export function parsePreviewQuery(params: QueryParams): PreviewQuery {
  return parseQuery(previewQuerySchema, params);
}

/** The `format` values a version's result route takes: its document formats, and JSON Lines. */
function resultFormatsOf(version: ApiVersion): ResultFormat[] {
  return [...FORMATS_OF_VERSION[version], JSONL_FORMAT];
}

export function resultQuerySchema(version: ApiVersion) {
  const formats = resultFormatsOf(version);
  return z.object({
    format: z
      .enum(formats as [ResultFormat, ...ResultFormat[]], {
        error: (issue) =>
          version === 'v1' && typeof issue.input === 'string' && (FORMATS_OF_VERSION['v1.1'] as readonly string[]).includes(issue.input)
            ? `"${issue.input}" is a /v1.1 format: read it from /v1.1/jobs/{id}/result`
            : `must be one of ${formats.join(', ')}`,
      })
      .optional()
      .meta({ description: "One of the job's `export_formats` (default the first of them this version serves), or `jsonl`: one JSON object per crawled page, which every job has." }),
  });
}

/**
 * `GET /v1/jobs/{id}/result?format=` (and `/v1.1`): defaults to the first of the job's
 * `export_formats` that the version serves; a known format the job was not created with is
 * refused rather than produced on the fly (CONTRACT 4), except `jsonl`, which every job has
 * (CONTRACT 10).
 */
export function parseResultQuery(params: QueryParams, exportFormats: readonly DocumentFormat[], version: ApiVersion = 'v1'): { format: ResultFormat } {
  const { format } = parseQuery(resultQuerySchema(version), params);
  if (format === undefined) {
    const served = exportFormats.find((candidate) => FORMATS_OF_VERSION[version].includes(candidate));
    if (served) return { format: served };
    throw validationError([
      { field: 'format', message: `this job's documents (${exportFormats.join(', ')}) are /v1.1 formats: read them from /v1.1/jobs/{id}/result, or ask for format=jsonl` },
    ]);
  }
  if (format !== JSONL_FORMAT && !exportFormats.includes(format)) {
    throw validationError([
      { field: 'format', message: `this job was created with export_formats ${exportFormats.join(', ')} (jsonl is there for every job)` },
    ]);
  }
  return { format };
}

const NOT_A_CURSOR = { error: 'must be a next_cursor value from a previous page' };

// opaque to clients; base64url keeps it safe in a query string without escaping
const cursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, NOT_A_CURSOR)
  .max(MAX_CURSOR_LENGTH, NOT_A_CURSOR)
  .meta({ description: 'The `next_cursor` of the previous page.' });

export const pagesQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: digitsParam(1, PAGES_LIMIT_MAX).default(PAGES_LIMIT_DEFAULT).meta({ description: `Entries per page; default ${PAGES_LIMIT_DEFAULT}.` }),
});
export type PagesQuery = z.infer<typeof pagesQuerySchema>;

/** `GET /v1/jobs/{id}/pages?cursor=&limit=`. */
export function parsePagesQuery(params: QueryParams): PagesQuery {
  return parseQuery(pagesQuerySchema, params);
}

/** The job list's cursor is the position of a page's last job as base64url JSON. */
export function jobListCursor(position: JobListPosition): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

export const jobsQuerySchema = z.object({
  cursor: cursorSchema
    .transform((cursor, ctx) => {
      const position = JobListPositionSchema.safeParse(parseJsonOrUndefined(Buffer.from(cursor, 'base64url').toString('utf8')));
      if (position.success) return position.data;
      ctx.addIssue({ code: 'custom', message: NOT_A_CURSOR.error });
      return z.NEVER;
    })
    .optional(),
  limit: digitsParam(1, JOBS_LIMIT_MAX).default(JOBS_LIMIT_DEFAULT).meta({ description: `Jobs per page; default ${JOBS_LIMIT_DEFAULT}.` }),
  status: z.enum(JOB_STATUSES, { error: `must be one of ${JOB_STATUSES.join(', ')}` }).optional().meta({ description: 'Only jobs in this state.' }),
});
export type JobsQuery = z.infer<typeof jobsQuerySchema>;

/** `GET /v1/jobs?limit=&cursor=&status=`. */
export function parseJobsQuery(params: QueryParams): JobsQuery {
  return parseQuery(jobsQuerySchema, params);
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseQuery<Schema extends z.ZodType>(schema: Schema, params: QueryParams): z.output<Schema> {
  const parsed = schema.safeParse(params ?? {});
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  return parsed.data;
}

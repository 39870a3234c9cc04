import { z } from 'zod';
import { validationError, validationErrorFromZod } from './errors.js';
import { exportFormatSchema, publicHttpsUrlSchema, type ExportFormat } from './job-request.js';

// API Gateway hands over `null` when there is no query string. Unknown parameters are ignored:
// query strings pick up tracking and cache-busting parameters that a client does not control.
type QueryParams = Record<string, string | undefined> | null;

export const PREVIEW_LIMIT_MAX = 50_000;
export const PAGES_LIMIT_MAX = 1000;
export const PAGES_LIMIT_DEFAULT = 100;
export const MAX_CURSOR_LENGTH = 1024;

/** An integer written as plain digits (no sign, exponent or decimal point) within [min, max]. */
function digitsParam(min: number, max: number) {
  const rule = { error: `must be an integer from ${min} to ${max}, written in digits` };
  return z.string(rule).regex(/^\d+$/, rule).transform(Number).pipe(z.number().min(min, rule).max(max, rule));
}

const previewQuerySchema = z.object({
  url: publicHttpsUrlSchema,
  limit: digitsParam(1, PREVIEW_LIMIT_MAX).optional(),
});
export type PreviewQuery = z.infer<typeof previewQuerySchema>;

/** `GET /v1/sitemap/preview?url=&limit=`; `url` as given, once it passed the public https rule. */
export function parsePreviewQuery(params: QueryParams): PreviewQuery {
  return parseQuery(previewQuerySchema, params);
}

const resultQuerySchema = z.object({ format: exportFormatSchema.optional() });

/**
 * `GET /v1/jobs/{id}/result?format=`: defaults to the first of the job's `export_formats`; a known
 * format the job was not created with is refused rather than produced on the fly (CONTRACT 4).
 */
export function parseResultQuery(params: QueryParams, exportFormats: readonly ExportFormat[]): { format: ExportFormat } {
  const { format = exportFormats[0] ?? 'markdown' } = parseQuery(resultQuerySchema, params);
  if (!exportFormats.includes(format)) {
    throw validationError([
      { field: 'format', message: `this job was created with export_formats ${exportFormats.join(', ')}` },
    ]);
  }
  return { format };
}

const pagesQuerySchema = z.object({
  // opaque to clients; base64url keeps it safe in a query string without escaping
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be a next_cursor value from a previous page' })
    .max(MAX_CURSOR_LENGTH, { error: 'must be a next_cursor value from a previous page' })
    .optional(),
  limit: digitsParam(1, PAGES_LIMIT_MAX).default(PAGES_LIMIT_DEFAULT),
});
export type PagesQuery = z.infer<typeof pagesQuerySchema>;

/** `GET /v1/jobs/{id}/pages?cursor=&limit=`. */
export function parsePagesQuery(params: QueryParams): PagesQuery {
  return parseQuery(pagesQuerySchema, params);
}

function parseQuery<Schema extends z.ZodType>(schema: Schema, params: QueryParams): z.output<Schema> {
  const parsed = schema.safeParse(params ?? {});
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  return parsed.data;
}

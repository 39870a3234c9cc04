import type { APIGatewayProxyResult } from 'aws-lambda';
import { z } from 'zod';
import { ApiError, type ErrorCode } from '../api/errors.js';
import { jsonResponse } from '../api/http.js';

/**
 * Errors of the Firecrawl-compatible routes, in Firecrawl's shape (`{success: false, error}`,
 * CONTRACT 11) rather than the service's envelope: Firecrawl's SDKs show `error` as the message.
 */

export const FirecrawlErrorSchema = z
  .strictObject({
    success: z.literal(false),
    error: z.string().meta({ description: 'What went wrong, naming the option or field at fault.' }),
    code: z.string().optional().meta({ description: 'A stable code for some errors: `BAD_REQUEST`, `SCRAPE_TIMEOUT`, `SCRAPE_FAILED`.' }),
    details: z.array(z.strictObject({ field: z.string(), message: z.string() })).optional().meta({ description: 'Every offending field of a 400.' }),
  })
  .meta({ id: 'FirecrawlError', description: 'The body of every error of the `/firecrawl/v2` routes.' });
export type FirecrawlErrorBody = z.infer<typeof FirecrawlErrorSchema>;

export class FirecrawlError extends Error {
  override readonly name = 'FirecrawlError';
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { code?: string; details?: Array<{ field: string; message: string }>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

/** 400 naming every offending field in `error` itself, so a client that shows only the message shows them all. */
export function badRequest(problems: Array<{ field: string; message: string }>): FirecrawlError {
  const listed = problems.length > 0 ? problems : [{ field: 'body', message: 'is not valid' }];
  return new FirecrawlError(400, `Bad Request: ${listed.map(({ field, message }) => `${field}: ${message}`).join('; ')}`, { code: 'BAD_REQUEST', details: listed });
}

export function unauthorized(): FirecrawlError {
  return new FirecrawlError(401, 'Unauthorized: a valid API key is required (Authorization: Bearer <key>)');
}

export function notFound(what = 'Job'): FirecrawlError {
  return new FirecrawlError(404, `${what} not found`);
}

export function scrapeTimeout(seconds: number): FirecrawlError {
  return new FirecrawlError(408, `Request timed out: the page was not scraped within ${seconds} s (the crawl was cancelled)`, { code: 'SCRAPE_TIMEOUT' });
}

/** The route is Firecrawl's, and this service does not do it. */
export function unsupportedRoute(route: string, why: string): FirecrawlError {
  return new FirecrawlError(400, `${route} is not supported by this service: ${why}`, { code: 'UNSUPPORTED' });
}

/** Our ApiErrors (quota, rate limits, plan) said in Firecrawl's shape and status codes. */
const STATUS_OF_CODE: Partial<Record<ErrorCode, number>> = {
  invalid_json: 400,
  validation_error: 400,
  bad_request: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  forbidden: 403,
  not_found: 404,
  job_finished: 409,
  payload_too_large: 413,
  rate_limited: 429,
  site_unreachable: 502,
};

export function firecrawlErrorResponse(error: unknown): APIGatewayProxyResult {
  if (error instanceof FirecrawlError) {
    const body: FirecrawlErrorBody = { success: false, error: error.message, ...(error.extra.code ? { code: error.extra.code } : {}), ...(error.extra.details ? { details: error.extra.details } : {}) };
    return jsonResponse(error.status, body, error.extra.headers);
  }
  if (error instanceof ApiError && STATUS_OF_CODE[error.code]) {
    const fields = Array.isArray(error.details) ? error.details.filter((issue) => issue.field).map((issue) => `${issue.field}: ${issue.message}`) : [];
    const message = error.code === 'validation_error' && fields.length > 0 ? `Bad Request: ${fields.join('; ')}` : error.message;
    const body: FirecrawlErrorBody = { success: false, error: message };
    return jsonResponse(STATUS_OF_CODE[error.code] as number, body, error.headers);
  }
  const body: FirecrawlErrorBody = { success: false, error: 'Internal server error; please retry later' };
  return jsonResponse(500, body);
}

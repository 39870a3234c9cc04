import { z } from 'zod';
import type { HostUnreachableReason } from '../core/fetch-types.js';

export const errorCodeSchema = z.enum([
  // API Gateway's own 4xx answers with no more specific code (lib/api.ts DEFAULT_4XX).
  'bad_request',
  'invalid_json',
  'unauthorized',
  'quota_exceeded',
  'forbidden',
  'not_found',
  'result_not_ready',
  'job_failed',
  'job_finished',
  'payload_too_large',
  'validation_error',
  'rate_limited',
  'internal_error',
  'site_unreachable',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  forbidden: 403,
  not_found: 404,
  result_not_ready: 409,
  job_failed: 409,
  job_finished: 409,
  payload_too_large: 413,
  validation_error: 422,
  rate_limited: 429,
  internal_error: 500,
  site_unreachable: 502,
};

export const fieldIssueSchema = z.strictObject({ field: z.string().optional(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** Field problems for 4xx validation errors, or a structured object (quota figures, a job's error). */
export const errorDetailsSchema = z.union([z.array(fieldIssueSchema), z.record(z.string(), z.unknown())]);
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

/** CONTRACT 1: the body of every error response. */
export const errorEnvelopeSchema = z
  .strictObject({
    error: z.strictObject({
      code: errorCodeSchema,
      message: z.string(),
      details: errorDetailsSchema.optional().meta({ description: 'The offending fields (4xx validation), or a structured object such as the quota figures.' }),
      request_id: z.string().meta({ description: 'Quote it when reporting a problem.' }),
    }),
  })
  .meta({ id: 'Error', description: 'The body of every error response, API Gateway\'s own answers included.' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly details?: ErrorDetails;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { details?: ErrorDetails; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = STATUS_BY_CODE[code];
    this.details = options.details;
    this.headers = options.headers;
  }
}

export function invalidJson(message: string): ApiError {
  return new ApiError('invalid_json', message);
}

export function unauthorized(message = 'a valid API key is required: Authorization: Bearer <key>'): ApiError {
  return new ApiError('unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

export type QuotaDetails = { period: string; allowance: number; used: number; reserved: number; requested: number };

export function quotaExceeded(details: QuotaDetails): ApiError {
  const remaining = Math.max(0, details.allowance - details.used - details.reserved);
  return new ApiError(
    'quota_exceeded',
    `monthly page quota exceeded: the job needs ${details.requested} pages and ${remaining} remain for ${details.period}`,
    { details },
  );
}

export function forbidden(message: string, details?: FieldIssue[]): ApiError {
  return new ApiError('forbidden', message, { details });
}

export function notFound(message = 'not found'): ApiError {
  return new ApiError('not_found', message);
}

/** `jobPath` is the job's record under the version asked, so a `/v1.1` caller is told to poll `/v1.1`. */
export function resultNotReady(jobPath: string): ApiError {
  return new ApiError('result_not_ready', `the job has not finished yet; poll GET ${jobPath} until it has`);
}

/** `jobError` is the failed job's own `{code, message, details}`, passed on so the caller sees why. */
export function jobFailed(jobError: Record<string, unknown>): ApiError {
  return new ApiError('job_failed', 'the job failed and has no result', { details: jobError });
}

export function jobFinished(): ApiError {
  return new ApiError('job_finished', 'the job has already ended and cannot be cancelled');
}

export function payloadTooLarge(limitBytes: number): ApiError {
  return new ApiError('payload_too_large', `the request body is larger than ${limitBytes} bytes`);
}

export function validationError(details: FieldIssue[]): ApiError {
  const [only] = details;
  const message =
    details.length === 1 && only
      ? only.field ? `${only.field}: ${only.message}` : only.message
      : `${details.length} problems in the request; see details`;
  return new ApiError('validation_error', message, { details });
}

/** `Retry-After` is whole seconds (RFC 9110), never 0, so clients do not retry at once. */
export function rateLimited(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError('rate_limited', `rate limit reached; retry after ${seconds} seconds`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

/** Each reason in words: the message says what happened, `details.reason` names it for programs. */
const UNREACHABLE_BECAUSE: Record<HostUnreachableReason, string> = {
  dns_failure: 'its host name does not resolve',
  connect_failed: 'it refused the connection',
  connection_reset: 'it closed the connection',
  tls_failure: 'its TLS handshake failed',
  timeout: 'it did not answer in time',
  blocked_address: 'it resolves to an address the service never connects to',
};

/** CONTRACT 9: the site gave no answer at all, so an empty result would be a lie. */
export function siteUnreachable(url: string, reason: HostUnreachableReason): ApiError {
  return new ApiError('site_unreachable', `the site could not be reached: ${UNREACHABLE_BECAUSE[reason]}`, { details: { url, reason } });
}

export function internalError(): ApiError {
  return new ApiError('internal_error', 'internal error; please retry later');
}

// A pathological body (hundreds of thousands of unknown keys) must not yield a response over
// Lambda's 6 MB limit: room for a problem on every one of 1000 `urls` entries plus the other fields.
const MAX_REPORTED_ISSUES = 1100;
const MAX_FIELD_NAME_LENGTH = 200;

/**
 * 422 naming each offending field the way clients write them (`urls[3]`, `export_formats[0]`).
 * zod reports unknown keys as one issue; they are split so each is named, with a message the
 * caller chooses (e.g. "not accepted in single mode").
 */
export function validationErrorFromZod(
  error: z.ZodError,
  unknownFieldMessage: (field: string) => string = () => 'unknown field',
): ApiError {
  const details = error.issues.flatMap((issue): FieldIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      // a key inside a nested object is named with its path (`webhook.extra`)
      return issue.keys.map((key) => {
        const field = fieldName([...issue.path, key]);
        return { field, message: unknownFieldMessage(field) };
      });
    }
    return [issue.path.length > 0 ? { field: fieldName(issue.path), message: issue.message } : { message: issue.message }];
  });
  if (details.length <= MAX_REPORTED_ISSUES) return validationError(details);
  const reported = details.slice(0, MAX_REPORTED_ISSUES);
  return validationError([...reported, { message: `${details.length - reported.length} more problems not listed` }]);
}

function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? shortened(String(key)) : `.${shortened(String(key))}`))
    .join('');
}

function shortened(name: string): string {
  return name.length > MAX_FIELD_NAME_LENGTH ? `${name.slice(0, MAX_FIELD_NAME_LENGTH)}…` : name;
}

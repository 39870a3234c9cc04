import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { EXAMPLE_JOB_ID, PublicJobSchema, JobCreatedSchema, jobLinks } from '../domain/job.js';
import {
  ApiError,
  STATUS_BY_CODE,
  errorEnvelopeSchema,
  forbidden,
  internalError,
  invalidJson,
  jobFailed,
  jobFinished,
  notFound,
  payloadTooLarge,
  quotaExceeded,
  rateLimited,
  resultNotReady,
  siteUnreachable,
  unauthorized,
  validationError,
  type ErrorCode,
} from './errors.js';
import { MAX_BODY_BYTES, errorResponse } from './http.js';
import { JOB_REQUEST_SCHEMAS } from '../domain/job-request.js';
import { PageRecordSchema } from '../domain/page-record.js';
import { API_VERSIONS, MEDIA_TYPES, type ApiVersion } from '../domain/formats.js';
import { jobsQuerySchema, pagesQuerySchema, previewQuerySchema, resultQuerySchema } from './query.js';
import { FIRECRAWL_TAG, firecrawlPaths } from '../firecrawl/openapi.js';
import { AccountSchema, JobListSchema, LedgerPageSchema, SitemapPreviewSchema, UsageSchema } from './responses.js';

/**
 * The OpenAPI 3.1 document of the API (CONTRACT 9), generated from the zod schemas that validate
 * requests and type responses. `GET /v1/openapi.json` serves it; `npm run docs:openapi` writes it
 * to docs/openapi.json, which a test keeps equal to this.
 */

export const OPENAPI_PATH = '/v1/openapi.json';

/** Served under every version: one document describes both. */
const openApiPathOf = (version: ApiVersion) => `/${version}/openapi.json`;

/** One example envelope per error code, with the message the service really sends. */
const ERROR_EXAMPLES: Record<ErrorCode, ApiError> = {
  bad_request: new ApiError('bad_request', 'The request was rejected.'),
  invalid_json: invalidJson('the request body is not valid JSON'),
  unauthorized: unauthorized(),
  quota_exceeded: quotaExceeded({ period: '2026-11', allowance: 1000, used: 990, reserved: 0, requested: 50 }),
  forbidden: forbidden('respect_robots: false is allowed only with an Enterprise plan', [{ field: 'respect_robots', message: 'false requires an Enterprise plan' }]),
  not_found: notFound('job not found'),
  result_not_ready: resultNotReady(jobLinks(EXAMPLE_JOB_ID).self),
  job_failed: jobFailed({ code: 'robots_disallowed', message: 'robots.txt disallows the seed URL' }),
  job_finished: jobFinished(),
  payload_too_large: payloadTooLarge(MAX_BODY_BYTES),
  validation_error: validationError([{ field: 'max_pages', message: 'must be an integer from 1 to 1000' }]),
  rate_limited: rateLimited(12),
  site_unreachable: siteUnreachable('https://example.com/', 'dns_failure'),
  internal_error: internalError(),
};

const HEADERS_BY_CODE: Partial<Record<ErrorCode, ZodOpenApiResponseObject['headers']>> = {
  unauthorized: { 'WWW-Authenticate': { description: 'Always `Bearer`.', required: true, schema: { type: 'string', const: 'Bearer' } } },
  rate_limited: {
    'Retry-After': { description: 'Whole seconds to wait before retrying.', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]*$' } },
  },
};

const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  bad_request: 'a request API Gateway refused for another reason',
  invalid_json: 'the body is not a JSON object',
  unauthorized: 'no `Authorization: Bearer <key>`, or an unknown or revoked key',
  quota_exceeded: "the job would go over the month's page allowance; `details` has the figures",
  forbidden: 'allowed request, not for this plan',
  not_found: 'no such job (or another user\'s), or no such route',
  result_not_ready: 'the job has not ended yet',
  job_failed: "the job failed; `details` is the job's error",
  job_finished: 'the job has already ended',
  payload_too_large: `the body is over ${MAX_BODY_BYTES} bytes`,
  validation_error: '`details` names every offending field',
  rate_limited: 'a rate limit; retry after `Retry-After` seconds',
  site_unreachable: "the site's host gave no answer (DNS, connection, TLS or timeout); `details` has `url` and `reason`",
  internal_error: 'a fault of ours',
};

/** The error responses of an operation, one per status, each listing its codes with an example. */
function errorResponses(codes: ErrorCode[]): Record<string, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(STATUS_BY_CODE[code], [...(byStatus.get(STATUS_BY_CODE[code]) ?? []), code]);
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers = Object.assign({}, ...group.map((code) => HEADERS_BY_CODE[code] ?? {})) as ZodOpenApiResponseObject['headers'];
    responses[String(status)] = {
      description: group.map((code) => `\`${code}\`: ${ERROR_DESCRIPTIONS[code]}`).join('; '),
      ...(headers && Object.keys(headers).length > 0 ? { headers } : {}),
      content: {
        'application/json': {
          schema: errorEnvelopeSchema,
          examples: Object.fromEntries(group.map((code) => [code, { value: exampleEnvelope(ERROR_EXAMPLES[code]) }])),
        },
      },
    };
  }
  return responses;
}

function exampleEnvelope(error: ApiError): unknown {
  return JSON.parse(errorResponse(error, 'c0ffee00-0000-4000-8000-000000000000').body);
}

/** What any authenticated route can answer besides its own errors: API Gateway's refusals, a bad key, throttling. */
const EVERY_ROUTE: ErrorCode[] = ['bad_request', 'unauthorized', 'rate_limited'];
const SERVER_ERRORS: Record<string, ZodOpenApiResponseObject> = {
  '5XX': {
    description: '`internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace.',
    content: { 'application/json': { schema: errorEnvelopeSchema, examples: { internal_error: { value: exampleEnvelope(ERROR_EXAMPLES.internal_error) } } } },
  },
};

function json(description: string, schema: z.ZodType, headers?: ZodOpenApiResponseObject['headers']): ZodOpenApiResponseObject {
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema } } };
}

function operation(spec: Omit<ZodOpenApiOperationObject, 'responses'> & { ok: Record<string, ZodOpenApiResponseObject>; errors: ErrorCode[] }): ZodOpenApiOperationObject {
  const { ok, errors, ...rest } = spec;
  return { ...rest, responses: { ...ok, ...errorResponses([...EVERY_ROUTE, ...errors]), ...SERVER_ERRORS } };
}

const jobIdPath = z.object({ id: z.string().meta({ description: 'The job id (`id` of the job record).', examples: ['0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10'] }) });
const locationHeader = (description: string) => ({ Location: { description, required: true, schema: { type: 'string' as const } } });

const DESCRIPTION = `Crawls web pages for authenticated users and returns their content as one markdown or plain-text
document. Every route but this document needs \`Authorization: Bearer <key>\`. Errors are always
\`{"error": {"code", "message", "details"?, "request_id"}}\`.

Typical flows: **single** page, **select** (preview a site's pages with \`GET /v1/sitemap/preview\`,
choose, crawl them), **full** (breadth-first from a seed). Create a job, poll \`GET /v1/jobs/{id}\`
until \`status\` is \`completed\`, \`failed\` or \`cancelled\`, then read \`GET /v1/jobs/{id}/result\`.`;

// zod writes the safe-integer range on every integer; it says nothing a reader needs.
function dropSafeIntegerBounds({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/** Names an operation of a version: those of `/v1.1` end in `V1_1`. */
type OperationId = (name: string) => string;

/**
 * The routes of one version: `/v1.1` serves every `/v1` route with the same handlers; its job
 * request and result take the document formats it adds.
 */
function versionPaths(version: ApiVersion) {
  const id: OperationId = (name) => (version === 'v1' ? name : `${name}V1_1`);
  return {
    ...jobRoutes(version, id),
    ...resultRoute(version, id),
    ...ledgerAccountAndDiscoveryRoutes(`/${version}`, id),
    [openApiPathOf(version)]: {
      get: {
        operationId: id('getOpenApiDocument'),
        tags: ['meta'],
        summary: 'This OpenAPI document',
        security: [],
        responses: { 200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } }, ...SERVER_ERRORS },
      },
    },
  };
}

/** Create and list jobs; read and cancel one. */
function jobRoutes(version: ApiVersion, id: OperationId) {
  const prefix = `/${version}`;
  return {
    [`${prefix}/jobs`]: {
      post: operation({
        operationId: id('createJob'),
        tags: ['jobs'],
        summary: 'Create a crawl job',
        description:
          'Reserves the pages the job may use (single 1, select the de-duplicated URL count, full `max_pages`) and starts the crawl. Unknown fields, and fields of another mode, are refused with 422.',
        requestBody: { required: true, content: { 'application/json': { schema: JOB_REQUEST_SCHEMAS[version] } } },
        ok: { 202: json('The job is queued.', JobCreatedSchema, locationHeader(`The job record, \`${prefix}/jobs/{id}\`.`)) },
        errors: ['invalid_json', 'quota_exceeded', 'forbidden', 'payload_too_large', 'validation_error'],
      }),
      get: operation({
        operationId: id('listJobs'),
        tags: ['jobs'],
        summary: "List the caller's jobs, newest first",
        requestParams: { query: jobsQuerySchema },
        ok: { 200: json('A page of jobs.', JobListSchema) },
        errors: ['validation_error'],
      }),
    },
    [`${prefix}/jobs/{id}`]: {
      get: operation({
        operationId: id('getJob'),
        tags: ['jobs'],
        summary: 'Get a job: status, progress, error, quota',
        requestParams: { path: jobIdPath },
        ok: { 200: json('The job record.', PublicJobSchema) },
        errors: ['not_found'],
      }),
      delete: operation({
        operationId: id('cancelJob'),
        tags: ['jobs'],
        summary: 'Cancel a job',
        description: 'The crawl stops, keeps the pages crawled so far (those nearest the seed) and ends `cancelled`.',
        requestParams: { path: jobIdPath },
        ok: { 202: json('Cancellation requested; the record has `cancel_requested: true`.', PublicJobSchema) },
        errors: ['not_found', 'job_finished'],
      }),
    },
  };
}

/** A job's document: the formats a version serves. */
function resultRoute(version: ApiVersion, id: OperationId) {
  const prefix = `/${version}`;
  return {
    [`${prefix}/jobs/{id}/result`]: {
      get: operation({
        operationId: id('getJobResult'),
        tags: ['jobs'],
        summary: 'Get the document of an ended job',
        description:
          'One section per crawled page (`URL:` and `Title:` lines first), sections joined by a line holding exactly `---`. Documents over 4 MiB answer 303 to a short-lived download URL. A cancelled job has the document of the pages it crawled. ' +
          '`format=jsonl` gives one JSON object per crawled page in crawl order (`url`, `final_url`, `title`, `depth`, `fetched_at`, and `markdown` and/or `text` as the job asked; a job with only HTML, PDF or Word documents has `markdown`), for any job.' +
          (version === 'v1'
            ? ''
            : ' `html` is one self-contained page (no script, nothing loaded from elsewhere); `pdf` and `docx` always answer 303, since they are bytes.'),
        requestParams: { path: jobIdPath, query: resultQuerySchema(version) },
        ok: {
          200: {
            description: 'The document.',
            content: {
              'text/markdown': { schema: { type: 'string' }, example: 'URL: https://example.com/\nTitle: Example\n\n# Example\n\nText.\n\n---\n\nURL: https://example.com/a\n…' },
              'text/plain': { schema: { type: 'string' } },
              ...(version === 'v1' ? {} : { 'text/html': { schema: { type: 'string' } } }),
              [MEDIA_TYPES.jsonl]: {
                schema: { type: 'string', description: 'One `PageRecord` (#/components/schemas/PageRecord) as JSON per line.' },
                example: '{"url":"https://example.com/","final_url":"https://example.com/","title":"Example","depth":0,"fetched_at":"2026-11-25T10:00:01.000Z","markdown":"# Example\\n\\nText."}\n',
              },
            },
          },
          303: {
            description: 'The document is large' + (version === 'v1' ? '' : ', or a PDF or Word file') + ': download it from `Location` (valid for 5 minutes, no Authorization header).',
            headers: locationHeader('A presigned download URL.'),
          },
        },
        errors: ['not_found', 'result_not_ready', 'job_failed', 'validation_error'],
      }),
    },
  };
}

/** The routes that are the same under every version but for their prefix and operation ids. */
function ledgerAccountAndDiscoveryRoutes(prefix: string, id: OperationId) {
  return {
    [`${prefix}/jobs/{id}/pages`]: {
      get: operation({
        operationId: id('listJobPages'),
        tags: ['jobs'],
        summary: 'The per-URL ledger: crawled, failed and skipped pages with reasons',
        requestParams: { path: jobIdPath, query: pagesQuerySchema },
        ok: { 200: json('A page of ledger entries in crawl order.', LedgerPageSchema) },
        errors: ['not_found', 'validation_error'],
      }),
    },
    [`${prefix}/usage`]: {
      get: operation({
        operationId: id('getUsage'),
        tags: ['account'],
        summary: "This month's page allowance and use (UTC)",
        ok: { 200: json('Usage of the current period.', UsageSchema) },
        errors: [],
      }),
    },
    [`${prefix}/account`]: {
      get: operation({
        operationId: id('getAccount'),
        tags: ['account'],
        summary: 'Who the key belongs to, the plan, and the webhook signing secret',
        ok: { 200: json('The account.', AccountSchema) },
        errors: [],
      }),
    },
    [`${prefix}/sitemap/preview`]: {
      get: operation({
        operationId: id('previewSitemap'),
        tags: ['discovery'],
        summary: "List a site's pages from its sitemaps, or the seed page's links",
        description: 'Consumes no quota; 20 previews per rolling minute per user.',
        requestParams: { query: previewQuerySchema },
        ok: { 200: json('Candidate URLs for a select job.', SitemapPreviewSchema) },
        errors: ['validation_error', 'site_unreachable'],
      }),
    },
  };
}

export function buildOpenApiDocument() {
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Web Crawl Service API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: 'http://127.0.0.1:8787', description: 'The local runtime (`npm start`); a deployed stack answers at its ApiUrl output.' }],
    security: [{ bearer: [] }],
    tags: [
      { name: 'jobs', description: 'Create, follow, cancel and read crawl jobs.' },
      { name: 'discovery', description: "Find a site's pages before a select job." },
      { name: 'account', description: 'Allowance, usage and account settings.' },
      { name: 'meta', description: 'This document.' },
      FIRECRAWL_TAG,
    ],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key issued with `npm run admin -- create-key`.' } },
      // each line of the JSON Lines result; OpenAPI 3.1 cannot type a stream of them
      schemas: { PageRecord: PageRecordSchema },
    },
    paths: Object.assign({}, ...API_VERSIONS.map(versionPaths), firecrawlPaths()),
  }, { override: dropSafeIntegerBounds });
}

import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { FirecrawlErrorSchema } from './errors.js';
import { batchRequestSchema, crawlRequestSchema, mapRequestSchema, scrapeRequestSchema } from './requests.js';
import {
  FirecrawlActiveSchema,
  FirecrawlCancelledSchema,
  FirecrawlCreditUsageSchema,
  FirecrawlErrorsSchema,
  FirecrawlJobStartedSchema,
  FirecrawlJobStatusSchema,
  FirecrawlMapResponseSchema,
  FirecrawlScrapeResponseSchema,
} from './responses.js';
import { UNSUPPORTED_ROUTES } from './unsupported.js';

/** The Firecrawl-compatible routes in the OpenAPI document, under their own tag (docs/firecrawl.md). */

export const FIRECRAWL_TAG = { name: 'firecrawl', description: 'Firecrawl v2 routes under `/firecrawl`, in Firecrawl\'s own bodies and error shape, so Firecrawl\'s SDKs, CLI and MCP server work with `apiUrl = <base>/firecrawl`. See docs/firecrawl.md for what is supported, mapped and refused.' };

const ERROR_STATUSES: Record<string, string> = {
  400: 'An option or format this service does not do (named in `error`), or a bad field.',
  401: 'No valid `Authorization: Bearer <key>`.',
  402: "The job would go over the month's page allowance.",
  404: 'No such job (or another user\'s).',
  409: 'The job has already ended.',
  408: 'The scrape did not finish in time (`SCRAPE_TIMEOUT`).',
  429: 'A rate limit; retry after `Retry-After` seconds.',
  '5XX': 'A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`).',
};

function errors(statuses: string[]): Record<string, ZodOpenApiResponseObject> {
  return Object.fromEntries(
    ['400', '401', ...statuses, '429', '5XX'].map((status) => [status, { description: ERROR_STATUSES[status] ?? '', content: { 'application/json': { schema: FirecrawlErrorSchema } } }]),
  );
}

function firecrawlOperation(spec: { id: string; summary: string; description?: string; body?: z.ZodType; query?: z.ZodObject; path?: boolean; ok: z.ZodType; errors?: string[] }): ZodOpenApiOperationObject {
  return {
    operationId: spec.id,
    tags: [FIRECRAWL_TAG.name],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.path || spec.query ? { requestParams: { ...(spec.path ? { path: idPath } : {}), ...(spec.query ? { query: spec.query } : {}) } } : {}),
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: spec.body } } } } : {}),
    responses: { 200: { description: 'Firecrawl\'s answer.', content: { 'application/json': { schema: spec.ok } } }, ...errors(spec.errors ?? []) },
  };
}

const idPath = z.object({ id: z.string().meta({ description: 'The crawl or batch id.' }) });
const statusQuery = z.object({
  cursor: z.string().optional().meta({ description: 'Where the page starts; taken from `next`.' }),
  limit: z.string().optional().meta({ description: 'Documents per page, 1 to 100 (default 100).' }),
});

export function firecrawlPaths(): ZodOpenApiPathsObject {
  const status = (kind: string) => firecrawlOperation({ id: `firecrawl${kind}Status`, summary: `${kind === 'Crawl' ? 'A crawl' : 'A batch scrape'}: status and documents, paged by \`next\``, path: true, query: statusQuery, ok: FirecrawlJobStatusSchema, errors: ['404'] });
  const cancel = (kind: string) => firecrawlOperation({ id: `firecrawlCancel${kind}`, summary: `Cancel ${kind === 'Crawl' ? 'a crawl' : 'a batch scrape'}`, path: true, ok: FirecrawlCancelledSchema, errors: ['404', '409'] });
  const errorsOf = (kind: string) => firecrawlOperation({ id: `firecrawl${kind}Errors`, summary: 'Failed pages and robots.txt refusals, from the ledger', path: true, ok: FirecrawlErrorsSchema, errors: ['404'] });
  const paths: ZodOpenApiPathsObject = {
    '/firecrawl/v2/scrape': { post: firecrawlOperation({ id: 'firecrawlScrape', summary: 'Scrape one page, synchronously', description: 'A `single` job the request waits for (about 24 s at most, or `timeout`); 408 `SCRAPE_TIMEOUT` when it cannot finish, and the job is cancelled.', body: scrapeRequestSchema, ok: FirecrawlScrapeResponseSchema, errors: ['402', '408'] }) },
    '/firecrawl/v2/crawl': { post: firecrawlOperation({ id: 'firecrawlCrawl', summary: 'Start a crawl (a `full` job)', body: crawlRequestSchema, ok: FirecrawlJobStartedSchema, errors: ['402'] }) },
    '/firecrawl/v2/crawl/active': { get: firecrawlOperation({ id: 'firecrawlActiveCrawls', summary: "The caller's crawls still queued or running", ok: FirecrawlActiveSchema }) },
    '/firecrawl/v2/crawl/{id}': { get: status('Crawl'), delete: cancel('Crawl') },
    '/firecrawl/v2/crawl/{id}/errors': { get: errorsOf('Crawl') },
    '/firecrawl/v2/batch/scrape': { post: firecrawlOperation({ id: 'firecrawlBatchScrape', summary: 'Scrape a list of URLs (one `select` job per site)', description: 'Honours `x-idempotency-key`: a key used in the last day answers the batch it first made.', body: batchRequestSchema, ok: FirecrawlJobStartedSchema, errors: ['402'] }) },
    '/firecrawl/v2/batch/scrape/{id}': { get: status('Batch'), delete: cancel('Batch') },
    '/firecrawl/v2/batch/scrape/{id}/errors': { get: errorsOf('Batch') },
    '/firecrawl/v2/map': { post: firecrawlOperation({ id: 'firecrawlMap', summary: "A site's URLs, from the sitemap preview", body: mapRequestSchema, ok: FirecrawlMapResponseSchema }) },
    '/firecrawl/v2/team/credit-usage': { get: firecrawlOperation({ id: 'firecrawlCreditUsage', summary: "This month's pages, in Firecrawl's credit words", ok: FirecrawlCreditUsageSchema }) },
  };
  for (const [route, why] of Object.entries(UNSUPPORTED_ROUTES)) {
    const [method, path] = route.split(' ') as [string, string];
    const name = path.replace('/firecrawl/v2/', '').replace(/[/{}-]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
    paths[path] = {
      ...paths[path],
      [method.toLowerCase()]: {
        operationId: `firecrawlUnsupported${name.charAt(0).toUpperCase()}${name.slice(1)}${method === 'GET' ? 'Get' : ''}`,
        tags: [FIRECRAWL_TAG.name],
        summary: `Not supported: ${why}`,
        ...(path.includes('{id}') ? { requestParams: { path: idPath } } : {}),
        responses: errors([]),
      },
    };
  }
  return paths;
}

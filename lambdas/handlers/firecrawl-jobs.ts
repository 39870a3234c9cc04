import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Caller } from '../api/caller.js';
import { jsonResponse } from '../api/http.js';
import { getJobOfUser, listJobsOfUser, requestCancel } from '../data/jobs.js';
import { getUsage } from '../data/usage.js';
import { isTerminal, type JobRecord } from '../domain/job.js';
import { quotaPeriod } from '../domain/quota.js';
import { FirecrawlError, notFound, unsupportedRoute } from '../firecrawl/errors.js';
import { firecrawlBaseUrl, firecrawlHandler, firecrawlJobId, type FirecrawlRoute } from '../firecrawl/handler.js';
import { creditUsage, jobErrors, jobsStatus } from '../firecrawl/responses.js';
import { UNSUPPORTED_ROUTES } from '../firecrawl/unsupported.js';
import { decodeCursor, DOCUMENTS_PER_PAGE, documentsPage, encodeCursor, ledgerEntriesOf } from '../workflow/firecrawl-pages.js';

/** Ledger entries the errors routes read at most: their answer stays well under Lambda's 6 MB. */
const MAX_ERROR_ENTRIES = 10_000;

/**
 * The jobs behind a crawl or batch id: the job itself, or, for a batch of several sites, every job
 * its first job lists. Another user's job is not found (CONTRACT 1).
 */
async function jobsOf(event: APIGatewayProxyEvent, caller: Caller, kind: 'crawl' | 'batch'): Promise<JobRecord[]> {
  const first = await getJobOfUser(firecrawlJobId(event), caller.user_id);
  // A crawl id is any full job of the user; a batch id is a batch's first job.
  if (!first || (kind === 'crawl' ? first.mode !== 'full' : first.firecrawl?.kind !== 'batch')) throw notFound();
  const others = (first.firecrawl?.batch_jobs ?? []).slice(1);
  const rest = await Promise.all(others.map((id) => getJobOfUser(id, caller.user_id)));
  return [first, ...rest.filter((job): job is JobRecord => job !== undefined)];
}

function statusRoute(kind: 'crawl' | 'batch'): FirecrawlRoute {
  return async (event, caller) => {
    const jobs = await jobsOf(event, caller, kind);
    const query = event.queryStringParameters ?? {};
    const limit = Math.min(Math.max(Number.parseInt(query.limit ?? '', 10) || DOCUMENTS_PER_PAGE, 1), DOCUMENTS_PER_PAGE);
    const page = await documentsPage(jobs, decodeCursor(query.cursor), limit);
    const path = kind === 'crawl' ? 'crawl' : 'batch/scrape';
    const next = page.next && `${firecrawlBaseUrl(event)}/v2/${path}/${jobs[0]?.job_id}?cursor=${encodeCursor(page.next)}${query.limit ? `&limit=${limit}` : ''}`;
    return jsonResponse(200, jobsStatus(jobs, { data: page.data, next }));
  };
}

function cancelRoute(kind: 'crawl' | 'batch'): FirecrawlRoute {
  return async (event, caller) => {
    const open = (await jobsOf(event, caller, kind)).filter((job) => !isTerminal(job.status));
    const cancelled = await Promise.all(open.map((job) => requestCancel(job.job_id)));
    if (!cancelled.includes(true)) throw new FirecrawlError(409, 'The job has already ended and cannot be cancelled');
    return jsonResponse(200, { success: true, status: 'cancelled' });
  };
}

function errorsRoute(kind: 'crawl' | 'batch'): FirecrawlRoute {
  return async (event, caller) => jsonResponse(200, jobErrors(await ledgerEntriesOf(await jobsOf(event, caller, kind), MAX_ERROR_ENTRIES)));
}

/** The caller's crawls still queued or running, newest first. */
const activeCrawls: FirecrawlRoute = async (_event, caller) => {
  const open = await Promise.all((['running', 'queued'] as const).map((status) => listJobsOfUser(caller.user_id, { limit: 100, status })));
  const crawls = open
    .flatMap(({ jobs }) => jobs)
    .filter((job) => job.mode === 'full')
    .map((job) => ({ id: job.job_id, teamId: job.user_id, url: job.url, options: job.firecrawl ?? null }));
  return jsonResponse(200, { success: true, crawls });
};

const creditUsageRoute: FirecrawlRoute = async (_event, caller) => {
  const now = new Date();
  const usage = await getUsage(caller.user_id, quotaPeriod(now));
  return jsonResponse(200, creditUsage({ allowance: caller.monthly_pages, used: usage.used, reserved: usage.reserved }, now));
};

const unsupported = Object.fromEntries(
  Object.entries(UNSUPPORTED_ROUTES).map(([route, why]): [string, FirecrawlRoute] => [route, () => Promise.reject(unsupportedRoute(route.replace('/firecrawl', ''), why))]),
);

export const handler = firecrawlHandler({
  'GET /firecrawl/v2/crawl/{id}': statusRoute('crawl'),
  'DELETE /firecrawl/v2/crawl/{id}': cancelRoute('crawl'),
  'GET /firecrawl/v2/crawl/{id}/errors': errorsRoute('crawl'),
  'GET /firecrawl/v2/crawl/active': activeCrawls,
  'GET /firecrawl/v2/batch/scrape/{id}': statusRoute('batch'),
  'DELETE /firecrawl/v2/batch/scrape/{id}': cancelRoute('batch'),
  'GET /firecrawl/v2/batch/scrape/{id}/errors': errorsRoute('batch'),
  'GET /firecrawl/v2/team/credit-usage': creditUsageRoute,
  ...unsupported,
});

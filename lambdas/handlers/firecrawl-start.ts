import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Caller } from '../api/caller.js';
import { jsonResponse } from '../api/http.js';
import { getJob, requestCancel } from '../data/jobs.js';
import { claimIdempotencyKey, releaseIdempotencyKey } from '../data/idempotency.js';
import { ledgerPage } from '../data/ledger.js';
import { getJson, type PageBatch } from '../data/artifacts.js';
import { isTerminal, type JobRecord } from '../domain/job.js';
import { badRequest, FirecrawlError, scrapeTimeout } from '../firecrawl/errors.js';
import { firecrawlBaseUrl, firecrawlBody, firecrawlHandler, headerOf } from '../firecrawl/handler.js';
import { batchJobRequests, batchRequestSchema, crawlJobRequest, crawlRequestSchema, parseFirecrawlBody, scrapeJobRequest, scrapeRequestSchema } from '../firecrawl/requests.js';
import { firecrawlDocument } from '../firecrawl/responses.js';
import { createJob } from '../workflow/create-job.js';

/** How long `/v2/scrape` waits for its job: well under API Gateway's 29 s and the function's own limit. */
const SCRAPE_WAIT_MS = 24_000;
const POLL_MS = 150;

/** POST /firecrawl/v2/scrape: a `single` job the request waits for; Firecrawl's 408 when it cannot finish in time. */
async function scrape(event: APIGatewayProxyEvent, caller: Caller) {
  const started = Date.now();
  const body = parseFirecrawlBody(scrapeRequestSchema, firecrawlBody(event));
  const { request, firecrawl } = scrapeJobRequest(body);
  const job = await createJob(caller, request, { version: 'v1', firecrawl });
  const waitMs = Math.min(body.timeout ?? SCRAPE_WAIT_MS, SCRAPE_WAIT_MS);
  const ended = await waitForEnd(job.job_id, started + waitMs);
  if (!ended) {
    await requestCancel(job.job_id);
    throw scrapeTimeout(Math.round(waitMs / 1000));
  }
  return jsonResponse(200, { success: true, data: await scrapedDocument(ended) });
}

async function waitForEnd(jobId: string, deadline: number): Promise<JobRecord | undefined> {
  for (;;) {
    const job = await getJob(jobId);
    if (job && isTerminal(job.status)) return job;
    if (Date.now() + POLL_MS > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The scraped page's document; a page the site refused to serve is a document with its status (as Firecrawl answers it). */
async function scrapedDocument(job: JobRecord) {
  const [entry] = (await ledgerPage(job.job_id, 1)).entries;
  const error = job.error;
  if (error?.code === 'robots_disallowed' || error?.code === 'tos_blocked') throw new FirecrawlError(403, `${error.message}: this service does not scrape what the site forbids`, { code: error.code.toUpperCase() });
  if (!entry || (entry.status !== 'crawled' && !entry.http_status)) {
    const reason = entry?.reason ?? (error?.details?.reason as string | undefined) ?? error?.code ?? 'unknown';
    throw new FirecrawlError(500, `Scrape failed: ${error?.message ?? 'the page could not be fetched'} (${reason})`, { code: 'SCRAPE_FAILED' });
  }
  const batch = entry.batch ? await getJson<PageBatch>(entry.batch) : undefined;
  return firecrawlDocument(job, entry, batch?.[entry.index]);
}

/** POST /firecrawl/v2/crawl: a `full` job. */
async function crawl(event: APIGatewayProxyEvent, caller: Caller) {
  const body = parseFirecrawlBody(crawlRequestSchema, firecrawlBody(event));
  const { request, firecrawl } = crawlJobRequest(body);
  const job = await createJob(caller, request, { version: 'v1', firecrawl });
  return jsonResponse(200, { success: true, id: job.job_id, url: `${firecrawlBaseUrl(event)}/v2/crawl/${job.job_id}` });
}

/**
 * POST /firecrawl/v2/batch/scrape: one `select` job per site. The batch id is its first job's id,
 * whose record lists them all. With `x-idempotency-key`, a key already used answers its batch.
 */
async function batchScrape(event: APIGatewayProxyEvent, caller: Caller) {
  const body = parseFirecrawlBody(batchRequestSchema, firecrawlBody(event));
  const { requests, firecrawl, invalidURLs } = batchJobRequests(body);
  const jobIds = requests.map(() => randomUUID());
  const batchId = jobIds[0] as string;
  const started = (id: string) => jsonResponse(200, { success: true, id, url: `${firecrawlBaseUrl(event)}/v2/batch/scrape/${id}`, ...(invalidURLs ? { invalidURLs } : {}) });

  const idempotencyKey = headerOf(event, 'x-idempotency-key');
  if (idempotencyKey !== undefined && (idempotencyKey.length === 0 || idempotencyKey.length > 200)) throw badRequest([{ field: 'x-idempotency-key', message: 'must be 1 to 200 characters' }]);
  if (idempotencyKey) {
    const claim = await claimIdempotencyKey(caller.user_id, idempotencyKey, batchId);
    if (!claim.claimed) return started(claim.batchId);
  }
  const made: string[] = [];
  try {
    for (const [index, request] of requests.entries()) {
      const options = { ...firecrawl, ...(index === 0 && jobIds.length > 1 ? { batch_jobs: jobIds } : {}) };
      made.push((await createJob(caller, request, { version: 'v1', firecrawl: options, jobId: jobIds[index] })).job_id);
    }
  } catch (error) {
    // All or nothing: the jobs already made are cancelled (and charged what they crawled, likely nothing).
    await Promise.all(made.map((id) => requestCancel(id)));
    if (idempotencyKey) await releaseIdempotencyKey(caller.user_id, idempotencyKey);
    throw error;
  }
  return started(batchId);
}

export const handler = firecrawlHandler({
  'POST /firecrawl/v2/scrape': scrape,
  'POST /firecrawl/v2/crawl': crawl,
  'POST /firecrawl/v2/batch/scrape': batchScrape,
});

import { z } from 'zod';
import { sectionContent } from '../core/document.js';
import type { BatchedPage } from '../data/artifacts.js';
import type { JobRecord } from '../domain/job.js';
import type { LedgerEntry } from '../domain/ledger.js';
import { FirecrawlJobOptionsSchema } from '../domain/firecrawl-options.js';

/**
 * Firecrawl v2 answers built from our job records, ledger entries and stored pages: pure mapping,
 * so the handlers only read and answer. Every schema here is also the route's OpenAPI response.
 */

const MetadataSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  language: z.string().optional(),
  sourceURL: z.string().meta({ description: 'The URL as requested.' }),
  url: z.string().meta({ description: 'Where redirects ended.' }),
  statusCode: z.int(),
  error: z.string().optional().meta({ description: 'Why the page has no content (`http_404`, `timeout`, …), when it has none.' }),
  scrapeId: z.string().meta({ description: 'The job that scraped the page (its id in `/v1/jobs`).' }),
});

export const FirecrawlDocumentSchema = z
  .strictObject({
    markdown: z.string().optional(),
    html: z.string().optional().meta({ description: "The page's exported content as HTML (after onlyMainContent and the tag selectors)." }),
    rawHtml: z.string().optional().meta({ description: 'The page as it was served (or rendered).' }),
    links: z.array(z.string()).optional().meta({ description: "Every http(s) link of the page, once each, in document order." }),
    metadata: MetadataSchema,
  })
  .meta({ id: 'FirecrawlDocument' });
export type FirecrawlDocument = z.infer<typeof FirecrawlDocumentSchema>;

export const FirecrawlScrapeResponseSchema = z.strictObject({ success: z.literal(true), data: FirecrawlDocumentSchema }).meta({ id: 'FirecrawlScrapeResponse' });

export const FirecrawlJobStartedSchema = z
  .strictObject({
    success: z.literal(true),
    id: z.string().meta({ description: 'The crawl (or batch) id; a crawl\'s is its job id in `/v1/jobs`.' }),
    url: z.string().meta({ description: 'Where its status is read.' }),
    invalidURLs: z.array(z.string()).optional().meta({ description: 'Batch scrape with `ignoreInvalidURLs`: the URLs left out.' }),
  })
  .meta({ id: 'FirecrawlJobStarted' });

export const FIRECRAWL_STATUSES = ['scraping', 'completed', 'failed', 'cancelled'] as const;
export type FirecrawlStatus = (typeof FIRECRAWL_STATUSES)[number];

export const FirecrawlJobStatusSchema = z
  .strictObject({
    success: z.literal(true),
    status: z.enum(FIRECRAWL_STATUSES),
    completed: z.int().meta({ description: 'Pages scraped so far.' }),
    total: z.int().meta({ description: 'Pages scraped, and those still to fetch.' }),
    creditsUsed: z.int().meta({ description: 'Pages charged (once the job ended), else pages scraped so far.' }),
    expiresAt: z.iso.datetime().meta({ description: 'When the job and its pages are deleted.' }),
    next: z.string().optional().meta({ description: 'The URL of the next page of documents, while there are more ready; the SDKs follow it.' }),
    data: z.array(FirecrawlDocumentSchema).meta({ description: 'Documents of scraped pages in crawl order (breadth first): a prefix that only grows.' }),
  })
  .meta({ id: 'FirecrawlJobStatus' });
export type FirecrawlJobStatus = z.infer<typeof FirecrawlJobStatusSchema>;

export const FirecrawlCancelledSchema = z.strictObject({ success: z.literal(true), status: z.literal('cancelled') }).meta({ id: 'FirecrawlCancelled' });

export const FirecrawlErrorsSchema = z
  .strictObject({
    errors: z.array(z.strictObject({ id: z.string(), timestamp: z.string().optional(), url: z.string(), error: z.string() })).meta({ description: 'Pages that failed, with the ledger\'s reason.' }),
    robotsBlocked: z.array(z.string()).meta({ description: 'URLs robots.txt did not allow.' }),
  })
  .meta({ id: 'FirecrawlErrors' });
export type FirecrawlErrors = z.infer<typeof FirecrawlErrorsSchema>;

export const FirecrawlActiveSchema = z
  .strictObject({
    success: z.literal(true),
    crawls: z.array(z.strictObject({ id: z.string(), teamId: z.string(), url: z.string(), options: FirecrawlJobOptionsSchema.nullable() })),
  })
  .meta({ id: 'FirecrawlActiveCrawls' });

export const FirecrawlMapResponseSchema = z
  .strictObject({ success: z.literal(true), links: z.array(z.strictObject({ url: z.string() })) })
  .meta({ id: 'FirecrawlMapResponse' });

export const FirecrawlCreditUsageSchema = z
  .strictObject({
    success: z.literal(true),
    data: z.strictObject({
      remainingCredits: z.int().meta({ description: 'Pages left this month: the allowance less pages used and reserved.' }),
      planCredits: z.int().meta({ description: 'The monthly page allowance.' }),
      billingPeriodStart: z.iso.datetime(),
      billingPeriodEnd: z.iso.datetime(),
    }),
  })
  .meta({ id: 'FirecrawlCreditUsage' });
export type FirecrawlCreditUsage = z.infer<typeof FirecrawlCreditUsageSchema>;

/** Our status in Firecrawl's words. */
export function firecrawlStatus(status: JobRecord['status']): FirecrawlStatus {
  return status === 'queued' || status === 'running' ? 'scraping' : status;
}

/** A crawled page's Firecrawl document, in the formats its job asked for. */
export function firecrawlDocument(job: Pick<JobRecord, 'job_id' | 'firecrawl'>, entry: LedgerEntry, page: BatchedPage | undefined): FirecrawlDocument {
  const formats = new Set(job.firecrawl?.formats ?? ['markdown']);
  const extras = page?.firecrawl;
  return {
    ...(formats.has('markdown') ? { markdown: sectionContent(page?.sections.markdown ?? '') } : {}),
    ...(formats.has('html') ? { html: extras?.html ?? '' } : {}),
    ...(formats.has('rawHtml') ? { rawHtml: extras?.raw_html ?? '' } : {}),
    ...(formats.has('links') ? { links: extras?.links ?? [] } : {}),
    metadata: {
      ...(entry.title ? { title: entry.title } : {}),
      ...(extras?.description ? { description: extras.description } : {}),
      ...(extras?.language ? { language: extras.language } : {}),
      sourceURL: entry.url,
      url: entry.final_url ?? entry.url,
      statusCode: entry.http_status ?? 200,
      ...(entry.status === 'crawled' ? {} : { error: entry.reason ?? entry.status }),
      scrapeId: job.job_id,
    },
  };
}

/**
 * The status of a crawl, or of a batch over several jobs: scraping while any runs; otherwise
 * completed if any completed, else cancelled if any was, else failed.
 */
export function jobsStatus(jobs: readonly JobRecord[], page: { data: FirecrawlDocument[]; next?: string }): FirecrawlJobStatus {
  const statuses = jobs.map((job) => firecrawlStatus(job.status));
  const status: FirecrawlStatus = statuses.includes('scraping') ? 'scraping' : (['completed', 'cancelled', 'failed'] as const).find((candidate) => statuses.includes(candidate)) ?? 'failed';
  const sum = (count: (job: JobRecord) => number) => jobs.reduce((total, job) => total + count(job), 0);
  const completed = sum((job) => job.progress.pages_crawled);
  const open = sum((job) => (firecrawlStatus(job.status) === 'scraping' ? Math.max(0, job.pages_planned - job.progress.pages_crawled - job.progress.pages_failed) : 0));
  return {
    success: true,
    status,
    completed,
    total: completed + open,
    creditsUsed: sum((job) => (job.quota.settled ? job.quota.charged : job.progress.pages_crawled)),
    expiresAt: new Date(Math.min(...jobs.map((job) => job.expires_at)) * 1000).toISOString(),
    ...(page.next ? { next: page.next } : {}),
    data: page.data,
  };
}

/** Failed pages and robots.txt refusals from the ledger of the jobs. */
export function jobErrors(entries: ReadonlyArray<{ job: JobRecord; entry: LedgerEntry }>): FirecrawlErrors {
  const errors: FirecrawlErrors['errors'] = [];
  const robotsBlocked: string[] = [];
  for (const { job, entry } of entries) {
    if (entry.status === 'skipped' && entry.reason === 'robots_disallowed') robotsBlocked.push(entry.url);
    if (entry.status !== 'failed') continue;
    errors.push({
      id: `${job.job_id}:${entry.sk}`,
      ...(job.finished_at ?? job.started_at ? { timestamp: (job.finished_at ?? job.started_at) as string } : {}),
      url: entry.url,
      error: entry.http_status ? `${entry.reason ?? 'failed'} (HTTP ${entry.http_status})` : (entry.reason ?? 'failed'),
    });
  }
  return { errors, robotsBlocked };
}

/** This month's allowance in Firecrawl's credit words (one page is one credit). */
export function creditUsage(usage: { allowance: number; used: number; reserved: number }, now: Date): FirecrawlCreditUsage {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    success: true,
    data: {
      remainingCredits: Math.max(0, usage.allowance - usage.used - usage.reserved),
      planCredits: usage.allowance,
      billingPeriodStart: start.toISOString(),
      billingPeriodEnd: end.toISOString(),
    },
  };
}

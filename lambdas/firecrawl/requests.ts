import { z } from 'zod';
import { cssSelectorProblem } from '../core/export.js';
import { MAX_URL_REGEXES, urlRegexProblem } from '../core/url-rules.js';
import { FIRECRAWL_PAGE_FORMATS, type FirecrawlJobOptions, type FirecrawlPageFormat } from '../domain/firecrawl-options.js';
import { checkPublicHttpsUrl, dedupeUrls, siteKey } from '../core/urls.js';
import { publicHttpsUrlSchema, type CreateJobRequest } from '../domain/job-request.js';
import { MAX_SELECT_URLS } from '../domain/limits.js';
import { WEBHOOK_EVENTS } from '../domain/webhook.js';
import { badRequest } from './errors.js';

/**
 * Firecrawl v2 request bodies as this service takes them (docs/firecrawl.md), and their mapping to
 * our own job requests. An option this service does not do is refused with a 400 naming it and
 * saying why, never ignored; an option that is not Firecrawl's is refused as unknown.
 */

/** Options refused whatever their value, with why. */
const NOT_DONE: Record<string, string> = {
  actions: 'page actions (click, type, scroll) are not run here',
  location: 'pages are fetched from where the service runs, with no country or language emulation',
  prompt: 'there is no LLM here to turn a prompt into crawl options',
  robotsUserAgent: 'robots.txt is read for the service\'s own user agent',
  appendToId: 'a batch cannot be added to after it is created',
  profile: 'there are no browser profiles here',
  jsonOptions: 'the json format (an LLM extraction) is not produced here',
  changeTrackingOptions: 'change tracking is not done here',
  maxAge: 'pages are always fetched fresh: there is no cache of pages here',
  minAge: 'pages are always fetched fresh: there is no cache of pages here',
  storeInCache: 'there is no cache of pages here',
  delay: 'the pace is set by robots.txt Crawl-delay and the per-site cap, not per request',
  lockdown: 'lockdown mode is not a mode of this service',
  redactPII: 'personal data is not redacted here',
  domainTools: 'domain tools are not offered here',
  threatProtection: 'threat protection is not a setting here (every URL and redirect is checked against the public-address rule)',
  auditMetadata: 'audit metadata is not recorded here',
};

/** Options accepted only with the value that is this service's behaviour anyway (Firecrawl's or not), with why another is refused. */
const ONLY_VALUE: Record<string, { value: unknown; why: string }> = {
  mobile: { value: false, why: 'pages are fetched as a desktop client' },
  skipTlsVerification: { value: false, why: 'TLS certificates are always verified' },
  zeroDataRetention: { value: false, why: 'results are kept for the retention period of every job' },
  allowExternalLinks: { value: false, why: 'a crawl stays on the site of its URL' },
  allowSubdomains: { value: false, why: 'a crawl stays on the site of its URL (www. is the same site)' },
  includeSubdomains: { value: false, why: 'the map lists the site of its URL (www. is the same site)' },
  deduplicateSimilarURLs: { value: false, why: 'URLs are de-duplicated by their normalized form only' },
  ignoreRobotsTxt: { value: false, why: 'robots.txt is always obeyed' },
  blockAds: { value: false, why: 'ads are not blocked: pages are fetched as served (onlyMainContent leaves out cookie banners and what the site repeats)' },
  removeBase64Images: { value: true, why: 'inline images are not exported' },
  fastMode: { value: false, why: 'there is one mode of fetching' },
  parsers: { value: [], why: 'only HTML pages are exported (PDFs and other files are recorded as skipped)' },
};

/** Names the callers set that change nothing: which integration is calling. */
const CALLER_TAGS = { origin: z.string().optional(), integration: z.string().optional() };

/** Headers the fetcher sets itself or HTTP reserves; a page fetch cannot be given them. */
const RESERVED_HEADERS = new Set(['host', 'user-agent', 'accept-encoding', 'connection', 'content-length', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'keep-alive', 'expect', 'proxy-authorization', 'proxy-connection']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const selectorsSchema = z.array(
  z.string({ error: 'must be a string holding a CSS selector' }).superRefine((selector, ctx) => {
    const problem = cssSelectorProblem(selector);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  { error: 'must be an array of CSS selectors' },
).max(50, { error: 'must list at most 50 selectors' });

const headersSchema = z.record(z.string(), z.string({ error: 'header values must be strings' }), { error: 'must be an object of header names and values' }).superRefine((headers, ctx) => {
  for (const name of Object.keys(headers)) {
    if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: 'is not a header name' });
    else if (RESERVED_HEADERS.has(name.toLowerCase()) || name.toLowerCase().startsWith('proxy-')) ctx.addIssue({ code: 'custom', path: [name], message: 'is set by the service itself (its user agent names it, as robots.txt and site owners expect)' });
  }
});

const PAGE_FORMAT_SET: ReadonlySet<string> = new Set(FIRECRAWL_PAGE_FORMATS);
const formatSchema = z.union([z.string(), z.looseObject({ type: z.string() })], { error: 'must be a format name or {type}' }).transform((format, ctx) => {
  const type = typeof format === 'string' ? format : format.type;
  if (!PAGE_FORMAT_SET.has(type)) {
    ctx.addIssue({ code: 'custom', message: `${type} is not a format this service produces (it produces ${FIRECRAWL_PAGE_FORMATS.join(', ')}; it has no LLM, screenshots or change tracking)` });
    return z.NEVER;
  }
  if (typeof format !== 'string' && Object.keys(format).length > 1) {
    ctx.addIssue({ code: 'custom', message: `the ${type} format takes no options here` });
    return z.NEVER;
  }
  return type as FirecrawlPageFormat;
});

const msSchema = (max: number) => z.int({ error: `must be a whole number of milliseconds from 0 to ${max}` }).min(0).max(max, { error: `must be at most ${max} ms` });

/** Firecrawl's scrape options (`/v2/scrape`, `scrapeOptions` of a crawl, a batch's top level). */
const scrapeOptionsShape = {
  formats: z.array(formatSchema, { error: 'must be an array of formats' }).min(1, { error: 'must list at least one format' }).optional(),
  onlyMainContent: z.boolean({ error: 'must be true or false' }).optional(),
  includeTags: selectorsSchema.optional(),
  excludeTags: selectorsSchema.optional(),
  headers: headersSchema.optional(),
  waitFor: msSchema(60_000).optional(),
  timeout: z.int({ error: 'must be a whole number of milliseconds' }).min(1, { error: 'must be positive' }).optional(),
  proxy: z.literal('basic', { error: 'only basic is done here: pages are fetched directly, through no proxy' }).optional(),
  ...CALLER_TAGS,
};

export const scrapeOptionsSchema = z.strictObject(scrapeOptionsShape);
export type FirecrawlScrapeOptions = z.infer<typeof scrapeOptionsSchema>;

export const scrapeRequestSchema = z.strictObject({ url: publicHttpsUrlSchema, ...scrapeOptionsShape }).meta({ id: 'FirecrawlScrapeRequest' });

const webhookSchema = z.union([
  z.string(),
  z.strictObject({
    url: z.string(),
    events: z.array(z.enum(['started', 'completed', 'failed', 'page'], { error: 'must be started, completed, failed or page' })).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
], { error: 'must be a URL or {url, events, metadata}' });

const regexListSchema = z.array(
  z.string({ error: 'must be a string holding a regular expression' }).superRefine((pattern, ctx) => {
    const problem = urlRegexProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  { error: 'must be an array of regular expressions' },
).max(MAX_URL_REGEXES, { error: `must list at most ${MAX_URL_REGEXES} patterns` });

export const crawlRequestSchema = z.strictObject({
  url: publicHttpsUrlSchema,
  limit: z.int({ error: 'must be an integer from 1 to 1000' }).min(1, { error: 'must be at least 1' }).max(1000, { error: 'must be at most 1000 (the most pages one crawl takes here)' }).optional(),
  maxDiscoveryDepth: z.int({ error: 'must be an integer from 1 to 10' }).min(1, { error: 'must be at least 1 (the seed alone is a /v2/scrape)' }).max(10, { error: 'must be at most 10' }).optional(),
  includePaths: regexListSchema.optional(),
  excludePaths: regexListSchema.optional(),
  regexOnFullURL: z.boolean({ error: 'must be true or false' }).optional(),
  sitemap: z.literal('skip', { error: 'only skip is done here: a crawl discovers pages by following links, breadth first (list a sitemap with /v2/map, then /v2/batch/scrape)' }).optional(),
  ignoreQueryParameters: z.boolean({ error: 'must be true or false' }).optional(),
  crawlEntireDomain: z.boolean({ error: 'must be true or false' }).optional(),
  maxConcurrency: z.int({ error: 'must be a positive integer' }).min(1, { error: 'must be at least 1' }).optional(),
  webhook: webhookSchema.optional(),
  scrapeOptions: scrapeOptionsSchema.optional(),
  ...CALLER_TAGS,
}).meta({ id: 'FirecrawlCrawlRequest' });

export const batchRequestSchema = z.strictObject({
  urls: z.array(z.string({ error: 'must be a string' }), { error: 'must be an array of URLs' }).min(1, { error: 'must list at least one URL' }).max(MAX_SELECT_URLS, { error: `must list at most ${MAX_SELECT_URLS} URLs` }),
  ignoreInvalidURLs: z.boolean({ error: 'must be true or false' }).optional(),
  maxConcurrency: z.int({ error: 'must be a positive integer' }).min(1, { error: 'must be at least 1' }).optional(),
  webhook: webhookSchema.optional(),
  ...scrapeOptionsShape,
}).meta({ id: 'FirecrawlBatchScrapeRequest' });

export const mapRequestSchema = z.strictObject({
  url: publicHttpsUrlSchema,
  search: z.string({ error: 'must be a string' }).max(500).optional(),
  sitemap: z.enum(['include', 'skip', 'only'], { error: 'must be include, skip or only' }).optional(),
  ignoreQueryParameters: z.boolean({ error: 'must be true or false' }).optional(),
  limit: z.int({ error: 'must be an integer from 1 to 50000' }).min(1).max(50_000, { error: 'must be at most 50000' }).optional(),
  timeout: z.int({ error: 'must be a whole number of milliseconds' }).min(1).optional(),
  ...CALLER_TAGS,
}).meta({ id: 'FirecrawlMapRequest' });

/**
 * Parses a body against a Firecrawl schema: options this service does not do are named first
 * (at any level: `scrapeOptions.actions`), then every other problem; all of them in one 400.
 */
export function parseFirecrawlBody<T extends z.ZodType>(schema: T, body: Record<string, unknown>): z.output<T> {
  const refusals = [...refusedOptions(body, ''), ...(isObject(body.scrapeOptions) ? refusedOptions(body.scrapeOptions, 'scrapeOptions.') : [])];
  const cleaned = { ...withoutRefused(body), ...(isObject(body.scrapeOptions) ? { scrapeOptions: withoutRefused(body.scrapeOptions) } : {}) };
  const parsed = schema.safeParse(cleaned);
  const problems = [...refusals, ...(parsed.success ? [] : parsed.error.issues.flatMap(issueProblems))];
  if (problems.length > 0 || !parsed.success) throw badRequest(problems);
  return parsed.data;
}

type Problem = { field: string; message: string };

function refusedOptions(body: Record<string, unknown>, prefix: string): Problem[] {
  return Object.entries(body).flatMap(([key, value]): Problem[] => {
    if (key in NOT_DONE) return [{ field: `${prefix}${key}`, message: `not supported by this service: ${NOT_DONE[key]}` }];
    const only = ONLY_VALUE[key];
    if (only && JSON.stringify(value) !== JSON.stringify(only.value)) return [{ field: `${prefix}${key}`, message: `only ${JSON.stringify(only.value)} is supported by this service: ${only.why}` }];
    return [];
  });
}

function withoutRefused(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !(key in NOT_DONE) && !(key in ONLY_VALUE)));
}

function issueProblems(issue: z.core.$ZodIssue): Problem[] {
  const field = issue.path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join('');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ field: field ? `${field}.${key}` : key, message: 'not a Firecrawl v2 option this service knows' }));
  }
  return [{ field: field || 'body', message: issue.message }];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Firecrawl's default formats: markdown alone. */
const DEFAULT_FORMATS: FirecrawlPageFormat[] = ['markdown'];

/** The page settings of our request and the Firecrawl options of the job, from scrape options. */
function pageSettings(options: FirecrawlScrapeOptions | undefined, kind: FirecrawlJobOptions['kind']) {
  const formats = [...new Set(options?.formats ?? DEFAULT_FORMATS)];
  return {
    // Firecrawl's onlyMainContent defaults to true, as ours does.
    ours: { only_main_content: options?.onlyMainContent ?? true, render: (options?.waitFor ?? 0) > 0 ? ('always' as const) : ('auto' as const) },
    firecrawl: {
      kind,
      formats,
      ...(options?.includeTags?.length ? { include_tags: options.includeTags } : {}),
      ...(options?.excludeTags?.length ? { exclude_tags: options.excludeTags } : {}),
      ...(options?.headers && Object.keys(options.headers).length > 0 ? { headers: options.headers } : {}),
    } satisfies FirecrawlJobOptions,
  };
}

const SHARED_DEFAULTS = { respect_robots: true, check_tos: true, export_formats: ['markdown' as const] };

/** `/v2/scrape` is a `single` job. */
export function scrapeJobRequest(body: z.output<typeof scrapeRequestSchema>): { request: CreateJobRequest; firecrawl: FirecrawlJobOptions } {
  const { ours, firecrawl } = pageSettings(body, 'scrape');
  return { request: { mode: 'single', url: body.url, ...SHARED_DEFAULTS, ...ours, max_depth: 0, max_pages: 1, concurrency: 1 }, firecrawl };
}

/** Our webhook for Firecrawl's: its events that exist here (`page` does not); the deliveries are ours. */
function ourWebhook(webhook: z.output<typeof webhookSchema> | undefined): CreateJobRequest['webhook'] | 'page_event' {
  if (webhook === undefined) return undefined;
  const settings = typeof webhook === 'string' ? { url: webhook } : webhook;
  if (settings.events?.includes('page')) return 'page_event';
  const events = settings.events ? WEBHOOK_EVENTS.filter((event) => (settings.events as string[]).includes(event)) : [...WEBHOOK_EVENTS];
  return { url: settings.url, events, metadata: settings.metadata ?? {} };
}

/** Checks a mapped webhook with our own rules (the receiver must be a public https URL). */
function checkedWebhook(webhook: z.output<typeof webhookSchema> | undefined): CreateJobRequest['webhook'] {
  const mapped = ourWebhook(webhook);
  if (mapped === 'page_event') throw badRequest([{ field: 'webhook.events', message: 'the page event is not sent by this service (started, completed and failed are)' }]);
  if (mapped && !publicHttpsUrlSchema.safeParse(mapped.url).success) throw badRequest([{ field: 'webhook.url', message: 'must be a public https URL' }]);
  return mapped;
}

/** Our own concurrency default and ceiling: a higher `maxConcurrency` is taken as our most. */
const DEFAULT_CONCURRENCY = 5;
const MAX_CONCURRENCY = 20;

/** The default `limit`: our own default page budget (it is also the quota reserved). */
export const DEFAULT_CRAWL_LIMIT = 50;

/** `/v2/crawl` is a `full` job: `limit` is `max_pages`, `maxDiscoveryDepth` is `max_depth`. */
export function crawlJobRequest(body: z.output<typeof crawlRequestSchema>): { request: CreateJobRequest; firecrawl: FirecrawlJobOptions } {
  const { ours, firecrawl } = pageSettings(body.scrapeOptions, 'crawl');
  const seedPath = new URL(body.url).pathname;
  return {
    request: {
      mode: 'full',
      url: body.url,
      ...SHARED_DEFAULTS,
      ...ours,
      max_pages: body.limit ?? DEFAULT_CRAWL_LIMIT,
      // Firecrawl's crawl has no depth limit by default: ours is the deepest allowed, the budget bounds it.
      max_depth: body.maxDiscoveryDepth ?? 10,
      concurrency: Math.min(body.maxConcurrency ?? DEFAULT_CONCURRENCY, MAX_CONCURRENCY),
      webhook: checkedWebhook(body.webhook),
    },
    firecrawl: {
      ...firecrawl,
      ...(body.includePaths?.length ? { include_regex: body.includePaths } : {}),
      ...(body.excludePaths?.length ? { exclude_regex: body.excludePaths } : {}),
      ...(body.regexOnFullURL ? { regex_on_full_url: true } : {}),
      ...(body.crawlEntireDomain ? {} : { under_path: seedPath }),
      ...(body.ignoreQueryParameters ? { ignore_query: true } : {}),
    },
  };
}

/**
 * A batch scrape as `select` jobs, one per site (our per-site rules hold within each): sites in the
 * order of their first URL, URLs in submitted order, duplicates dropped. URLs that are not public
 * https are refused, or left out and listed with `ignoreInvalidURLs`.
 */
export function batchJobRequests(body: z.output<typeof batchRequestSchema>): { requests: CreateJobRequest[]; firecrawl: FirecrawlJobOptions; invalidURLs?: string[] } {
  const { ours, firecrawl } = pageSettings(body, 'batch');
  const shared = { ...SHARED_DEFAULTS, ...ours, concurrency: Math.min(body.maxConcurrency ?? DEFAULT_CONCURRENCY, MAX_CONCURRENCY), webhook: checkedWebhook(body.webhook) };
  const bySite = new Map<string, string[]>();
  const invalid: Array<Problem & { url: string }> = [];
  body.urls.forEach((url, index) => {
    const check = checkPublicHttpsUrl(url);
    if (!check.ok) return invalid.push({ field: `urls[${index}]`, message: `must be a public https URL: ${check.reason}`, url });
    const site = `${siteKey(check.url.hostname)}:${check.url.port}`;
    bySite.set(site, [...(bySite.get(site) ?? []), url]);
  });
  if (invalid.length > 0 && !body.ignoreInvalidURLs) throw badRequest(invalid.map(({ field, message }) => ({ field, message })));
  if (bySite.size === 0) throw badRequest([{ field: 'urls', message: 'no valid URL: every URL must be a public https URL' }]);
  const requests = [...bySite.values()].map((urls): CreateJobRequest => {
    const kept = dedupeUrls(urls);
    return { mode: 'select', url: kept[0] as string, urls: kept, ...shared, max_pages: kept.length, max_depth: 1 };
  });
  return { requests, firecrawl, ...(body.ignoreInvalidURLs ? { invalidURLs: invalid.map(({ url }) => url) } : {}) };
}

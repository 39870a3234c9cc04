import { describe, expect, it } from 'vitest';
import { FirecrawlError } from '../../../lambdas/firecrawl/errors.js';
import {
  batchJobRequests,
  batchRequestSchema,
  crawlJobRequest,
  crawlRequestSchema,
  DEFAULT_CRAWL_LIMIT,
  mapRequestSchema,
  parseFirecrawlBody,
  scrapeJobRequest,
  scrapeRequestSchema,
} from '../../../lambdas/firecrawl/requests.js';

/** The 400 a body gets, as the client reads it. */
function refusal(run: () => unknown): { message: string; fields: string[] } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FirecrawlError);
    const { message, status, extra } = error as FirecrawlError;
    expect(status).toBe(400);
    return { message, fields: (extra.details ?? []).map((detail) => detail.field) };
  }
  throw new Error('the body was accepted');
}

const scrape = (body: Record<string, unknown>) => scrapeJobRequest(parseFirecrawlBody(scrapeRequestSchema, { url: 'https://example.com/', ...body }));
const crawl = (body: Record<string, unknown>) => crawlJobRequest(parseFirecrawlBody(crawlRequestSchema, { url: 'https://example.com/docs/', ...body }));
const batch = (body: Record<string, unknown>) => batchJobRequests(parseFirecrawlBody(batchRequestSchema, body));

describe('a Firecrawl scrape is a single job', () => {
  it('maps formats, onlyMainContent, tags and headers; takes the caller tags the SDKs send (origin, integration)', () => {
    const { request, firecrawl } = scrape({ formats: ['markdown', { type: 'html' }, 'rawHtml', 'links', 'markdown'], onlyMainContent: false, includeTags: ['main'], excludeTags: ['.ad'], headers: { Cookie: 'a=b' }, origin: 'js-sdk@4.42.0', integration: 'cli' });
    expect(request).toMatchObject({ mode: 'single', url: 'https://example.com/', only_main_content: false, render: 'auto', respect_robots: true, check_tos: true, export_formats: ['markdown'] });
    expect(firecrawl).toEqual({ kind: 'scrape', formats: ['markdown', 'html', 'rawHtml', 'links'], include_tags: ['main'], exclude_tags: ['.ad'], headers: { Cookie: 'a=b' } });
  });

  it('defaults to markdown of the main content, as Firecrawl does; waitFor renders the page in the browser', () => {
    expect(scrape({})).toMatchObject({ request: { only_main_content: true }, firecrawl: { formats: ['markdown'] } });
    expect(scrape({ waitFor: 2000 }).request.render).toBe('always');
  });

  it('refuses, naming each, the formats and options it does not do, and unknown options', () => {
    const { message, fields } = refusal(() => scrape({ formats: ['markdown', 'screenshot', { type: 'json', prompt: 'x' }], actions: [], mobile: true, proxy: 'stealth', frobnicate: 1, maxAge: 0 }));
    expect(fields.sort()).toEqual(['actions', 'formats[1]', 'formats[2]', 'frobnicate', 'maxAge', 'mobile', 'proxy'].sort());
    expect(message).toMatch(/^Bad Request: /);
    expect(message).toContain('actions: not supported by this service: page actions (click, type, scroll) are not run here');
    expect(message).toContain('formats[1]: screenshot is not a format this service produces');
    expect(message).toContain('mobile: only false is supported by this service');
    expect(message).toContain('frobnicate: not a Firecrawl v2 option this service knows');
  });

  it('accepts an option set to what the service does anyway', () => {
    expect(scrape({ mobile: false, skipTlsVerification: false, proxy: 'basic', blockAds: false, removeBase64Images: true, parsers: [] }).request.mode).toBe('single');
  });

  it('refuses URLs that are not public https, headers the service sets itself, and selectors it cannot read', () => {
    expect(refusal(() => scrape({ url: 'http://127.0.0.1/' })).fields).toEqual(['url']);
    expect(refusal(() => scrape({ headers: { 'User-Agent': 'x', Host: 'y', 'bad name': 'z' } })).fields.sort()).toEqual(['headers.Host', 'headers.User-Agent', 'headers.bad name']);
    expect(refusal(() => scrape({ includeTags: ['[['] })).fields).toEqual(['includeTags[0]']);
  });
});

describe('a Firecrawl crawl is a full job', () => {
  it('maps limit, maxDiscoveryDepth, maxConcurrency, paths, query handling and scrape options', () => {
    const { request, firecrawl } = crawl({ limit: 200, maxDiscoveryDepth: 2, maxConcurrency: 50, includePaths: ['^/docs/'], excludePaths: ['draft'], regexOnFullURL: true, ignoreQueryParameters: true, sitemap: 'skip', scrapeOptions: { formats: ['links'], onlyMainContent: false } });
    expect(request).toMatchObject({ mode: 'full', max_pages: 200, max_depth: 2, concurrency: 20, only_main_content: false });
    expect(firecrawl).toEqual({ kind: 'crawl', formats: ['links'], include_regex: ['^/docs/'], exclude_regex: ['draft'], regex_on_full_url: true, under_path: '/docs/', ignore_query: true });
  });

  it("keeps Firecrawl's defaults where they are safe, and ours where Firecrawl's are not (the budget is the quota reserved)", () => {
    const { request, firecrawl } = crawl({});
    expect(request).toMatchObject({ max_pages: DEFAULT_CRAWL_LIMIT, max_depth: 10, concurrency: 5 });
    expect(firecrawl).toEqual({ kind: 'crawl', formats: ['markdown'], under_path: '/docs/' });
    expect(crawl({ crawlEntireDomain: true }).firecrawl.under_path).toBeUndefined();
  });

  it('maps the webhook to ours, with the events that exist here', () => {
    expect(crawl({ webhook: 'https://hooks.example.com/x' }).request.webhook).toEqual({ url: 'https://hooks.example.com/x', events: ['started', 'completed', 'failed', 'cancelled'], metadata: {} });
    expect(crawl({ webhook: { url: 'https://hooks.example.com/x', events: ['completed'], metadata: { a: 1 } } }).request.webhook).toEqual({ url: 'https://hooks.example.com/x', events: ['completed'], metadata: { a: 1 } });
    expect(refusal(() => crawl({ webhook: { url: 'https://hooks.example.com/x', events: ['page'] } })).fields).toEqual(['webhook.events']);
    expect(refusal(() => crawl({ webhook: 'https://10.0.0.1/x' })).fields).toEqual(['webhook.url']);
  });

  it('refuses sitemaps other than skip, limits over 1000, prompts, external links and regular expressions RE2 does not run', () => {
    const { fields, message } = refusal(() => crawl({ sitemap: 'include', limit: 5000, prompt: 'docs only', allowExternalLinks: true, includePaths: ['(a)\\1'], scrapeOptions: { actions: [] } }));
    expect(fields.sort()).toEqual(['allowExternalLinks', 'includePaths[0]', 'limit', 'prompt', 'scrapeOptions.actions', 'sitemap'].sort());
    expect(message).toContain('sitemap: only skip is done here');
  });
});

describe('a Firecrawl batch scrape is one select job per site', () => {
  it('groups URLs by site in order of first appearance, submitted order within a site, duplicates dropped', () => {
    const { requests, firecrawl } = batch({ urls: ['https://a.example/1', 'https://b.example/', 'https://www.a.example/2', 'https://a.example/1'], formats: ['html'], maxConcurrency: 2 });
    expect(requests).toEqual([
      expect.objectContaining({ mode: 'select', url: 'https://a.example/1', urls: ['https://a.example/1', 'https://www.a.example/2'], max_pages: 2, concurrency: 2 }),
      expect.objectContaining({ mode: 'select', url: 'https://b.example/', urls: ['https://b.example/'], max_pages: 1 }),
    ]);
    expect(firecrawl).toEqual({ kind: 'batch', formats: ['html'] });
  });

  it('refuses invalid URLs, or leaves them out and lists them with ignoreInvalidURLs', () => {
    expect(refusal(() => batch({ urls: ['https://a.example/', 'http://b.example/'] })).fields).toEqual(['urls[1]']);
    expect(batch({ urls: ['https://a.example/', 'ftp://x', 'https://localhost/'], ignoreInvalidURLs: true })).toMatchObject({ invalidURLs: ['ftp://x', 'https://localhost/'], requests: [expect.objectContaining({ urls: ['https://a.example/'] })] });
    expect(refusal(() => batch({ urls: ['ftp://x'], ignoreInvalidURLs: true })).fields).toEqual(['urls']);
  });
});

describe('a Firecrawl map', () => {
  it('takes search, sitemap, limit and ignoreQueryParameters; refuses subdomains', () => {
    expect(parseFirecrawlBody(mapRequestSchema, { url: 'https://example.com/', search: 'docs', sitemap: 'only', limit: 10, ignoreQueryParameters: true })).toMatchObject({ search: 'docs', sitemap: 'only', limit: 10 });
    expect(refusal(() => parseFirecrawlBody(mapRequestSchema, { url: 'https://example.com/', includeSubdomains: true, location: { country: 'US' } })).fields.sort()).toEqual(['includeSubdomains', 'location']);
  });
});

import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite, urlset } from '../helpers/site.js';

/*
 * Firecrawl's own JS SDK, unchanged and pinned (package.json), driving the compatible routes of
 * the local runtime with `apiUrl = <base>/firecrawl`: scrape, a crawl long enough that its
 * documents come in several pages the SDK follows, cancel, errors, active crawls, map, batch
 * scrape, credit usage and refusals. The SDK talks only to the runtime on loopback.
 */
const KEY = 'firecrawl-sdk-key-0001';
const OTHER_KEY = 'firecrawl-sdk-key-0002';
const SMALL_KEY = 'firecrawl-sdk-key-0003';
const HUB_PAGES = 120;
const hubLinks = Array.from({ length: HUB_PAGES }, (_, i) => `/hub/p${String(i).padStart(3, '0')}`);

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let firecrawl: Firecrawl;
const seenHeaders: Array<Record<string, unknown>> = [];

const ARTICLE = `<!doctype html><html lang="en-GB"><head><title>Article</title><meta name="description" content="An article to scrape."></head>
<body><nav><a href="/a">A</a> <a href="https://elsewhere.test/x">Elsewhere</a></nav>
<main><h1>Article</h1><p>First paragraph of the article, long enough to be the main content of the page.</p>
<div class="ad">Buy now</div><p>Second paragraph, with a <a href="/b">link to B</a>.</p></main><footer>Footer</footer></body></html>`;

const lifecycle = testLifecycle();
beforeAll(async () => {
  const hubPages = Object.fromEntries(hubLinks.map((path) => [path, page(`Hub ${path}`)]));
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\nSitemap: https://site.test/sitemap.xml\n' },
    '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: urlset(['/', '/a', '/b', '/blog/one', '/blog/two']) },
    '/': page('Home', ['/a', '/b', '/blog/one', '/private/x', '/missing']),
    '/article': {
      handle: (request, response) => {
        seenHeaders.push({ ...request.headers });
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(ARTICLE);
      },
    },
    '/a': page('A', ['/blog/one']),
    '/b': page('B', ['/blog/two']),
    '/blog/': page('Blog', ['/blog/one', '/a']),
    '/blog/one': page('Blog one', ['/blog/two']),
    '/blog/two': page('Blog two'),
    '/hub': page('Hub', hubLinks),
    '/q': page('Q', ['/q?x=1', '/q?x=2', '/r?y=1']),
    '/r': page('R'),
    '/sleepy': { body: page('Sleepy'), delayMs: 8_000 },
    ...hubPages,
    '/slow': page('Slow', Array.from({ length: 40 }, (_, i) => `/slow/${i}`)),
    ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`/slow/${i}`, { body: page(`Slow ${i}`), delayMs: 1_500 }])),
    'other.test/': page('Other home'),
    'other.test/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
  }));
  runtime = await lifecycle.runtime({
    users: [
      { user_id: 'fc-user', api_key: KEY, plan: 'pro', monthly_pages: 5000 },
      { user_id: 'fc-other', api_key: OTHER_KEY, plan: 'pro', monthly_pages: 5000 },
      { user_id: 'fc-small', api_key: SMALL_KEY, plan: 'free', monthly_pages: 5 },
    ],
    hostOverrides: site.overrides,
  });
  firecrawl = new Firecrawl({ apiKey: KEY, apiUrl: `${runtime.url}/firecrawl` });
}, 120_000);

/** The SDK's error for a call that fails: its status and message. */
async function sdkError(call: Promise<unknown>): Promise<SdkError> {
  const error = await call.then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(SdkError);
  return error as SdkError;
}

describe('Firecrawl JS SDK against the compatible routes', () => {
  it('scrapes one page: markdown, html, rawHtml, links and metadata, with tag selectors and request headers', async () => {
    const document = await firecrawl.scrape('https://site.test/article', {
      formats: ['markdown', 'html', 'rawHtml', 'links'],
      onlyMainContent: true,
      excludeTags: ['.ad'],
      headers: { 'X-Crawl-Test': 'hello' },
    });

    expect(document.markdown).toContain('First paragraph of the article');
    expect(document.markdown).not.toContain('Buy now');
    expect(document.markdown).not.toContain('Footer');
    expect(document.html).toContain('<p>First paragraph');
    expect(document.html).not.toContain('Buy now');
    expect(document.rawHtml).toBe(ARTICLE);
    expect(document.links).toEqual(['https://site.test/a', 'https://elsewhere.test/x', 'https://site.test/b']);
    expect(document.metadata).toMatchObject({ title: 'Article', description: 'An article to scrape.', language: 'en-GB', sourceURL: 'https://site.test/article', url: 'https://site.test/article', statusCode: 200 });
    expect(seenHeaders.at(-1)).toMatchObject({ 'x-crawl-test': 'hello', 'user-agent': expect.stringContaining('WebCrawlService') });
  });

  it('keeps only what includeTags selects', async () => {
    const document = await firecrawl.scrape('https://site.test/article', { formats: ['markdown'], onlyMainContent: false, includeTags: ['.ad', 'footer'] });
    expect(document.markdown).toBe('Buy now\n\nFooter');
  });

  it('crawls breadth first; the SDK follows `next` through every page of documents, the same pages in the same order as the crawl through /v1/jobs', async () => {
    const crawled = await firecrawl.crawl('https://site.test/hub', { limit: HUB_PAGES + 1, maxDiscoveryDepth: 1, pollInterval: 1 });
    const compare = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/hub', mode: 'full', max_depth: 1, max_pages: HUB_PAGES + 1 } });
    await runtime.waitForJob(KEY, String(compare.json.id));
    const ledger: string[] = [];
    for (let cursor: unknown = ''; cursor !== null; ) {
      const { json } = await runtime.request('GET', `/v1/jobs/${String(compare.json.id)}/pages?limit=100${cursor ? `&cursor=${String(cursor)}` : ''}`, { key: KEY });
      ledger.push(...(json.pages as Array<{ url: string; status: string }>).filter((entry) => entry.status === 'crawled').map((entry) => entry.url));
      cursor = json.next_cursor;
    }

    expect(crawled.status).toBe('completed');
    expect(crawled.data).toHaveLength(HUB_PAGES + 1);
    expect(crawled.data.map((document) => document.metadata?.sourceURL)).toEqual(ledger);
    expect(crawled.data.map((document) => document.metadata?.sourceURL)).toEqual(['https://site.test/hub', ...hubLinks.map((path) => `https://site.test${path}`)]);
    expect(crawled).toMatchObject({ completed: HUB_PAGES + 1, total: HUB_PAGES + 1, creditsUsed: HUB_PAGES + 1 });
  });

  it('a crawl is an ordinary job: listed by GET /v1/jobs, its ledger at /v1/jobs/{id}/pages', async () => {
    const { id } = await firecrawl.startCrawl('https://site.test/', { limit: 10, maxDiscoveryDepth: 2 });
    await runtime.waitForJob(KEY, id);
    const { json: list } = await runtime.request('GET', '/v1/jobs?limit=5', { key: KEY });
    const { json: ledger } = await runtime.request('GET', `/v1/jobs/${id}/pages`, { key: KEY });

    expect((list.jobs as Array<{ id: string; firecrawl?: unknown }>).find((job) => job.id === id)).toMatchObject({ mode: 'full', max_pages: 10, max_depth: 2, firecrawl: { kind: 'crawl', formats: ['markdown'] } });
    expect((ledger.pages as Array<{ url: string }>).map((entry) => entry.url)).toContain('https://site.test/private/x');
  });

  it('reports failed pages and robots.txt refusals through getCrawlErrors', async () => {
    const crawled = await firecrawl.crawl('https://site.test/', { limit: 10, maxDiscoveryDepth: 1, pollInterval: 1 });
    const { id } = await firecrawl.startCrawl('https://site.test/', { limit: 10, maxDiscoveryDepth: 1 });
    await runtime.waitForJob(KEY, id);
    const errors = await firecrawl.getCrawlErrors(id);

    expect(crawled.data.map((document) => document.metadata?.sourceURL)).toEqual(['https://site.test/', 'https://site.test/a', 'https://site.test/b', 'https://site.test/blog/one']);
    expect(errors.robotsBlocked).toEqual(['https://site.test/private/x']);
    expect(errors.errors).toEqual([expect.objectContaining({ url: 'https://site.test/missing', error: 'http_404 (HTTP 404)' })]);
  });

  it('applies includePaths and excludePaths as regular expressions, and stays under the seed path without crawlEntireDomain', async () => {
    const included = await firecrawl.crawl('https://site.test/', { limit: 10, includePaths: ['^/blog/'], excludePaths: ['two$'], pollInterval: 1 });
    const underBlog = await firecrawl.crawl('https://site.test/blog/', { limit: 10, pollInterval: 1 });
    const childrenOnly = await firecrawl.crawl('https://site.test/blog/one', { limit: 10, pollInterval: 1 });
    const wholeSite = await firecrawl.crawl('https://site.test/blog/one', { limit: 10, crawlEntireDomain: true, maxDiscoveryDepth: 1, pollInterval: 1 });
    const urls = (crawled: typeof included) => crawled.data.map((document) => document.metadata?.sourceURL);

    expect(urls(included)).toEqual(['https://site.test/', 'https://site.test/blog/one']);
    expect(urls(underBlog)).toEqual(['https://site.test/blog/', 'https://site.test/blog/one', 'https://site.test/blog/two']);
    // a sibling is not under /blog/one: Firecrawl crawls only the seed's children by default
    expect(urls(childrenOnly)).toEqual(['https://site.test/blog/one']);
    expect(urls(wholeSite)).toEqual(['https://site.test/blog/one', 'https://site.test/blog/two']);
  });

  it('crawls each path once with ignoreQueryParameters', async () => {
    const withQueries = await firecrawl.crawl('https://site.test/q', { limit: 10, crawlEntireDomain: true, pollInterval: 1 });
    const without = await firecrawl.crawl('https://site.test/q', { limit: 10, crawlEntireDomain: true, ignoreQueryParameters: true, pollInterval: 1 });
    const urls = (crawled: typeof without) => crawled.data.map((document) => document.metadata?.sourceURL);

    expect(urls(withQueries)).toEqual(['https://site.test/q', 'https://site.test/q?x=1', 'https://site.test/q?x=2', 'https://site.test/r?y=1']);
    expect(urls(without)).toEqual(['https://site.test/q', 'https://site.test/r']);
  });

  it('answers a scrape that cannot finish in time with 408 SCRAPE_TIMEOUT, and cancels its job', async () => {
    const timedOut = await sdkError(firecrawl.scrape('https://site.test/sleepy', { timeout: 2000 }));
    const { json } = await runtime.request('GET', '/v1/jobs?limit=1', { key: KEY });
    const [job] = json.jobs as Array<{ id: string; url: string; cancel_requested: boolean }>;

    expect(timedOut).toMatchObject({ status: 408, code: 'SCRAPE_TIMEOUT', message: expect.stringContaining('Request timed out') });
    expect(job).toMatchObject({ url: 'https://site.test/sleepy', cancel_requested: true });
    expect((await runtime.waitForJob(KEY, String(job?.id))).status).toBe('cancelled');
  });

  it('lists an active crawl, and cancels it', async () => {
    const { id } = await firecrawl.startCrawl('https://site.test/slow', { limit: 41, maxDiscoveryDepth: 1, maxConcurrency: 1 });
    const active = await firecrawl.getActiveCrawls();
    expect(active.crawls).toContainEqual(expect.objectContaining({ id, url: 'https://site.test/slow', teamId: 'fc-user' }));

    expect(await firecrawl.cancelCrawl(id)).toBe(true);
    const ended = await runtime.waitForJob(KEY, id);
    const status = await firecrawl.getCrawlStatus(id);
    expect(ended.status).toBe('cancelled');
    expect(status.status).toBe('cancelled');
    expect(status.data.length).toBeLessThan(41);
  });

  it('maps a site from its sitemap, filtered by search and cut at limit', async () => {
    const all = await firecrawl.map('https://site.test/');
    const blog = await firecrawl.map('https://site.test/', { search: 'blog', limit: 1 });

    expect(all.links.map((link) => link.url)).toEqual(['https://site.test/', 'https://site.test/a', 'https://site.test/b', 'https://site.test/blog/one', 'https://site.test/blog/two']);
    expect(blog.links).toEqual([{ url: 'https://site.test/blog/one' }]);
  });

  it('batch scrapes URLs of two sites as one batch id, honouring x-idempotency-key', async () => {
    const urls = ['https://site.test/a', 'https://other.test/', 'https://site.test/missing', 'https://site.test/b'];
    const started = await firecrawl.startBatchScrape(urls, { options: { formats: ['markdown'] }, idempotencyKey: 'batch-key-1' });
    const again = await firecrawl.startBatchScrape(urls, { options: { formats: ['markdown'] }, idempotencyKey: 'batch-key-1' });
    const done = await firecrawl.batchScrape(['https://site.test/blog/one'], { pollInterval: 1 });
    const status = await firecrawl.getBatchScrapeStatus(started.id);
    for (let tries = 0; status.status === 'scraping' && tries < 100; tries++) Object.assign(status, await firecrawl.getBatchScrapeStatus(started.id));
    const errors = await firecrawl.getBatchScrapeErrors(started.id);

    expect(again.id).toBe(started.id);
    expect(done.data.map((document) => document.metadata?.sourceURL)).toEqual(['https://site.test/blog/one']);
    expect(status.status).toBe('completed');
    // one job per site: site.test's URLs in submitted order, then other.test's
    expect(status.data.map((document) => document.metadata?.sourceURL)).toEqual(['https://site.test/a', 'https://site.test/b', 'https://other.test/']);
    expect(errors.errors.map((error) => error.url)).toEqual(['https://site.test/missing']);
    await expect(firecrawl.cancelBatchScrape(started.id)).rejects.toMatchObject({ status: 409 });
  });

  it('tells credit usage from the month\'s quota', async () => {
    const { json: usage } = await runtime.request('GET', '/v1/usage', { key: OTHER_KEY });
    const credits = await new Firecrawl({ apiKey: OTHER_KEY, apiUrl: `${runtime.url}/firecrawl` }).getCreditUsage();
    expect(credits).toMatchObject({ planCredits: 5000, remainingCredits: usage.remaining });
    expect(new Date(String(credits.billingPeriodStart)).getUTCDate()).toBe(1);
  });

  it('refuses what it does not do with a 400 naming it, a bad key with 401, and another user\'s crawl as not found', async () => {
    const json = await sdkError(firecrawl.scrape('https://site.test/article', { formats: ['markdown', 'screenshot'] }));
    const actions = await sdkError(firecrawl.scrape('https://site.test/article', { actions: [{ type: 'wait', milliseconds: 10 }] }));
    const unauthorized = await sdkError(new Firecrawl({ apiKey: 'not-a-key', apiUrl: `${runtime.url}/firecrawl` }).scrape('https://site.test/article'));
    const { id } = await firecrawl.startCrawl('https://site.test/a', { limit: 1 });
    const foreign = await sdkError(new Firecrawl({ apiKey: OTHER_KEY, apiUrl: `${runtime.url}/firecrawl` }).getCrawlStatus(id));
    const search = await sdkError(firecrawl.search('teapots'));
    const overQuota = await sdkError(new Firecrawl({ apiKey: SMALL_KEY, apiUrl: `${runtime.url}/firecrawl` }).startCrawl('https://site.test/', { limit: 10 }));

    expect(json).toMatchObject({ status: 400, message: expect.stringContaining('formats[1]: screenshot is not a format this service produces') });
    expect(actions).toMatchObject({ status: 400, message: expect.stringContaining('actions: not supported by this service') });
    expect(unauthorized).toMatchObject({ status: 401, message: expect.stringContaining('Unauthorized') });
    expect(foreign).toMatchObject({ status: 404, message: 'Job not found' });
    expect(search).toMatchObject({ status: 400, message: expect.stringContaining('/v2/search is not supported by this service') });
    expect(overQuota).toMatchObject({ status: 402, message: expect.stringContaining('monthly page quota exceeded: the job needs 10 pages and 5 remain') });
  });

  it('answers as the OpenAPI document describes, errors in Firecrawl\'s shape (the runtime\'s checked fetch)', async () => {
    const scraped = await runtime.request('POST', '/firecrawl/v2/scrape', { key: KEY, body: { url: 'https://site.test/a', formats: ['markdown', 'links'] } });
    const started = await runtime.request('POST', '/firecrawl/v2/crawl', { key: KEY, body: { url: 'https://site.test/', limit: 2 } });
    const id = String(started.json.id);
    await runtime.waitForJob(KEY, id);
    const answers = await Promise.all([
      runtime.request('GET', `/firecrawl/v2/crawl/${id}?limit=1`, { key: KEY }),
      runtime.request('GET', `/firecrawl/v2/crawl/${id}/errors`, { key: KEY }),
      runtime.request('GET', '/firecrawl/v2/crawl/active', { key: KEY }),
      runtime.request('GET', '/firecrawl/v2/team/credit-usage', { key: KEY }),
      runtime.request('POST', '/firecrawl/v2/map', { key: KEY, body: { url: 'https://site.test/', limit: 2 } }),
    ]);
    const refused = await Promise.all([
      runtime.request('POST', '/firecrawl/v2/crawl', { key: KEY, body: { url: 'https://site.test/', prompt: 'docs', sitemap: 'only' } }),
      runtime.request('POST', '/firecrawl/v2/scrape', { key: KEY, body: '{not json' }),
      runtime.request('GET', `/firecrawl/v2/crawl/${id}`, { key: 'wrong-key' }),
      runtime.request('GET', `/firecrawl/v2/crawl/${id}`),
      runtime.request('GET', '/firecrawl/v2/crawl/00000000-0000-4000-8000-000000000000', { key: KEY }),
      runtime.request('DELETE', `/firecrawl/v2/crawl/${id}`, { key: KEY }),
      runtime.request('POST', '/firecrawl/v2/extract', { key: KEY, body: {} }),
    ]);

    expect(scraped).toMatchObject({ status: 200, json: { success: true, data: { links: ['https://site.test/blog/one'], metadata: { title: 'A' } } } });
    expect(started).toMatchObject({ status: 200, json: { success: true, url: `${runtime.url}/firecrawl/v2/crawl/${id}` } });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]?.json).toMatchObject({ status: 'completed', data: [{ metadata: { sourceURL: 'https://site.test/' } }], next: expect.stringMatching(new RegExp(`^${runtime.url}/firecrawl/v2/crawl/${id}\\?cursor=[\\w-]+&limit=1$`)) });
    expect(refused.map((answer) => [answer.status, answer.json.success])).toEqual([[400, false], [400, false], [401, false], [401, false], [404, false], [409, false], [400, false]]);
    expect(refused[0]?.json.error).toMatch(/^Bad Request: prompt: not supported by this service: .*; sitemap: only skip is done here/);
  });
});

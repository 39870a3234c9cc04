import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dynamo } from '../../lambdas/data/clients.js';
import { requireEnv } from '../../lambdas/data/env.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';
import { startUnreachableHosts } from '../helpers/unreachable.js';

// No name is ever looked up for real; one the overrides do not pin does not exist.
vi.mock('node:dns/promises', () => import('../helpers/offline-dns.js'));

const KEY = 'workflow-key-0001';
const ROBOTS = { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\n' };

/*
 * depth 0: /
 * depth 1: /a /b /c (/private/p is robots-disallowed; assets, off-site and repeats are dropped)
 * depth 2: /a1 /a2 /b1 /to-a1 (redirects onto /a1: not exported twice) /c1
 * depth 3: /deep
 */
const PAGES = {
  '/robots.txt': ROBOTS,
  '/': page('Home', ['/a', '/b', '/logo.png?v=3', 'https://other.test/x', '/a#top', '/c', '/private/p', '/docs/file.pdf']),
  '/a': page('A', ['/a1', '/a2', '/', '/b']),
  '/b': page('B', ['/b1', '/to-a1']),
  '/c': page('C', ['/c1']),
  '/a1': page('A1', ['/deep']),
  '/a2': page('A2'),
  '/b1': page('B1'),
  '/c1': page('C1'),
  '/deep': page('Deep'),
  '/private/p': page('Private'),
  '/mixed': page('Mixed', ['/a', '/private/q', '/b']),
  '/to-a1': { status: 301, headers: { location: '/a1' } },
  '/slow': page('Slow seed', Array.from({ length: 30 }, (_, i) => `/slow/${i}`)),
  'other.test/robots.txt': ROBOTS,
  'other.test/': page('Other', ['/terms', '/about']),
  'other.test/terms': page('Terms of Service', [], '<p>You agree not to use any robot, spider, scraper or other automated means to access the Service for any purpose.</p>'),
  'www.site.test/robots.txt': { status: 503, body: 'down for maintenance' },
};

/** A small news site whose pages all carry the same address line, which is the contact page's own content. */
const ADDRESS = 'Harbour News, 1 Quay Street, Portside. News desk: desk@harbour.test, open every day from six.';
function harbourPage(title: string, body: string, links: string[] = []): string {
  const anchors = links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('');
  return `<html><head><title>${title}</title></head><body><main><article><h1>${title}</h1>${body}<ul>${anchors}</ul><p class="address">${ADDRESS}</p></article></main></body></html>`;
}
const HARBOUR_STORIES = [1, 2, 3, 4].map((n) => `/harbour/${n}`);
const HARBOUR = {
  '/harbour': harbourPage('Harbour News', '<p>Today on the quay.</p>', [...HARBOUR_STORIES, '/harbour/contact']),
  ...Object.fromEntries(
    HARBOUR_STORIES.map((path, i) => [path, harbourPage(`Story ${i + 1}`, `<p>The harbour authority met on day ${i + 1} and approved item ${i + 1} of the plan, after a long debate about the island pier, the night crossings and the fares for students.</p>`)]),
  ),
  '/harbour/contact': harbourPage('Contact', '<p>Write to us.</p>'),
};

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let unreachable: Awaited<ReturnType<typeof startUnreachableHosts>>;
const wideFetches = { inFlight: 0, max: 0 };

/** A page that takes a while and records how many of its kind are being fetched at once. */
function trackedSlowPage(title: string) {
  return {
    handle: (_request: unknown, response: import('node:http').ServerResponse) => {
      wideFetches.inFlight += 1;
      wideFetches.max = Math.max(wideFetches.max, wideFetches.inFlight);
      setTimeout(() => {
        wideFetches.inFlight -= 1;
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(page(title));
      }, 150);
    },
  };
}

const lifecycle = testLifecycle();
beforeAll(async () => {
  const widePages = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`/wide/${i}`, trackedSlowPage(`Wide ${i}`)]));
  widePages['/wide'] = { body: page('Wide', Array.from({ length: 12 }, (_, i) => `/wide/${i}`)) } as never;
  const slowPages = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/slow/${i}`, { body: page(`Slow ${i}`, [`/slow/${i}/child`]), delayMs: 400 }]));
  site = lifecycle.site(await startSite({ ...PAGES, ...HARBOUR, ...slowPages, ...widePages }));
  unreachable = lifecycle.site(await startUnreachableHosts());
  runtime = await lifecycle.runtime({
    users: [{ user_id: 'crawler', api_key: KEY, plan: 'pro', monthly_pages: 5000 }],
    hostOverrides: `${site.overrides},${unreachable.overrides}`,
  });
});

async function crawl(body: Record<string, unknown>) {
  const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body });
  expect(created.status, created.text).toBe(202);
  const id = String(created.json.id);
  const job = await runtime.waitForJob(KEY, id);
  return { id, job };
}

async function document(id: string, format?: string) {
  const result = await runtime.request('GET', `/v1/jobs/${id}/result${format ? `?format=${format}` : ''}`, { key: KEY });
  expect(result.status, result.text).toBe(200);
  return result;
}

const urlsOf = (text: string) => [...text.matchAll(/^URL: (.+)$/gm)].map((match) => match[1]);

async function ledger(id: string) {
  const entries: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  do {
    const response = await runtime.request('GET', `/v1/jobs/${id}/pages?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { key: KEY });
    expect(response.status).toBe(200);
    entries.push(...(response.json.pages as Array<Record<string, unknown>>));
    cursor = response.json.next_cursor as string | null;
  } while (cursor);
  return entries;
}

describe('site-wide boilerplate', () => {
  const sectionsWith = (text: string, needle: string) => text.split('\n\n---\n\n').filter((section) => section.includes(needle)).map((section) => urlsOf(section)[0]);

  it('keeps a block most pages repeat only on its own page, with only_main_content (the default)', async () => {
    const { id } = await crawl({ url: 'https://site.test/harbour', mode: 'full', max_depth: 1, check_tos: false, concurrency: 3 });
    const { text } = await document(id);
    expect(urlsOf(text)).toHaveLength(6);
    expect(sectionsWith(text, ADDRESS)).toEqual(['https://site.test/harbour/contact']);
    for (let n = 1; n <= 4; n++) expect(text).toContain(`approved item ${n} of the plan`);
    // Decided from the pages alone: one page at a time gives the same bytes.
    const serial = await crawl({ url: 'https://site.test/harbour', mode: 'full', max_depth: 1, check_tos: false, concurrency: 1 });
    expect((await document(serial.id)).text).toBe(text);
  });

  it('keeps everything with only_main_content false', async () => {
    const { id } = await crawl({ url: 'https://site.test/harbour', mode: 'full', max_depth: 1, check_tos: false, only_main_content: false });
    expect(sectionsWith((await document(id)).text, ADDRESS)).toHaveLength(6);
  });
});

describe('full crawl', () => {
  it('crawls breadth-first, level by level, in discovery order', async () => {
    const { id, job } = await crawl({ url: 'https://site.test/', mode: 'full', max_depth: 3, check_tos: false });
    expect(job.status).toBe('completed');
    const result = await document(id);
    expect(result.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(urlsOf(result.text)).toEqual(
      ['/', '/a', '/b', '/c', '/a1', '/a2', '/b1', '/c1', '/deep'].map((path) => `https://site.test${path}`),
    );
    expect(result.text.split('\n\n---\n\n')).toHaveLength(9);
    expect(result.text).toContain('Title: Deep');
  });

  it('goes on past a robots-disallowed page in the middle of a lane', async () => {
    // One lane: /a releases /private/q, which is never fetched, and the lane must still reach /b.
    const { id, job } = await crawl({ url: 'https://site.test/mixed', mode: 'full', max_depth: 1, concurrency: 1, check_tos: false });
    expect(job).toMatchObject({ status: 'completed', progress: { pages_crawled: 3, pages_skipped: 1 } });
    expect(urlsOf((await document(id)).text)).toEqual(['/mixed', '/a', '/b'].map((path) => `https://site.test${path}`));
  });

  it('keeps skipped and failed pages in the ledger, not in the document', async () => {
    const { id, job } = await crawl({ url: 'https://site.test/', mode: 'full', max_depth: 2, check_tos: false });
    const entries = await ledger(id);
    expect(entries.find((entry) => entry.url === 'https://site.test/private/p')).toMatchObject({ status: 'skipped', reason: 'robots_disallowed', depth: 1 });
    expect(entries.find((entry) => entry.url === 'https://site.test/to-a1')).toMatchObject({ status: 'skipped', reason: 'duplicate', final_url: 'https://site.test/a1' });
    expect(entries.map((entry) => entry.url)).not.toContain('https://other.test/x');
    expect(entries.some((entry) => String(entry.url).includes('logo.png'))).toBe(false);
    expect(job.progress).toEqual({ pages_crawled: 8, pages_failed: 0, pages_skipped: 2 });
  });

  it('cuts the budget in discovery order; assets, repeats and robots-disallowed URLs use none of it', async () => {
    const { id, job } = await crawl({ url: 'https://site.test/', mode: 'full', max_depth: 3, max_pages: 5, check_tos: false });
    expect(urlsOf((await document(id)).text)).toEqual(['/', '/a', '/b', '/c', '/a1'].map((path) => `https://site.test${path}`));
    expect(job.quota).toEqual({ reserved: 5, charged: 5 });
  });

  it('gives the same crawl when PlanLevel runs twice (a Step Functions retry after it succeeded)', async () => {
    runtime.host.intercept('crawl-plan-level', async (_event, run) => {
      await run();
      return run();
    });
    try {
      const { id, job } = await crawl({ url: 'https://site.test/', mode: 'full', max_depth: 3, max_pages: 5, check_tos: false });
      expect(urlsOf((await document(id)).text)).toEqual(['/', '/a', '/b', '/c', '/a1'].map((path) => `https://site.test${path}`));
      expect(job.quota).toEqual({ reserved: 5, charged: 5 });
    } finally {
      runtime.host.intercept('crawl-plan-level', undefined);
    }
  });

  it('gives byte-identical documents at concurrency 1 and 20', async () => {
    const one = await crawl({ url: 'https://site.test/', mode: 'full', max_depth: 3, concurrency: 1, check_tos: false, export_formats: ['markdown', 'text'] });
    const twenty = await crawl({ url: 'https://site.test/', mode: 'full', max_depth: 3, concurrency: 20, check_tos: false, export_formats: ['markdown', 'text'] });
    expect((await document(twenty.id)).text).toBe((await document(one.id)).text);
    const text = (await document(twenty.id, 'text')).text;
    expect(text).toBe((await document(one.id, 'text')).text);
    expect(text).not.toMatch(/^#/m);
  });

  it('charges the pages crawled and releases the rest of the reservation', async () => {
    const before = (await runtime.request('GET', '/v1/usage', { key: KEY })).json;
    const { job } = await crawl({ url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: 50, check_tos: false });
    const after = (await runtime.request('GET', '/v1/usage', { key: KEY })).json;
    expect(job.quota).toEqual({ reserved: 50, charged: 4 });
    expect(Number(after.used) - Number(before.used)).toBe(4);
    expect(after.reserved).toBe(before.reserved);
  });

  it('never has more than `concurrency` page fetches in flight for the job', async () => {
    const { job } = await crawl({ url: 'https://site.test/wide', mode: 'full', max_depth: 1, concurrency: 3, check_tos: false });
    expect(job.progress).toMatchObject({ pages_crawled: 13 });
    expect(wideFetches.max).toBeLessThanOrEqual(3);
    // …and the lanes did run side by side (on a starved machine they may not all overlap).
    expect(wideFetches.max).toBeGreaterThanOrEqual(2);
  });

  it('walks each lane in one page-worker invocation instead of one per page', async () => {
    let invocations = 0;
    runtime.host.intercept('page-worker', (_event, run) => {
      invocations += 1;
      return run();
    });
    try {
      const { id, job } = await crawl({ url: 'https://site.test/wide', mode: 'full', max_depth: 1, concurrency: 3, check_tos: false });
      expect(job.progress).toMatchObject({ pages_crawled: 13 });
      expect(urlsOf((await document(id)).text)).toEqual(['/wide', ...Array.from({ length: 12 }, (_, i) => `/wide/${i}`)].map((path) => `https://site.test${path}`));
      // The seed's, then one per lane for the twelve pages of level 1.
      expect(invocations).toBe(4);
    } finally {
      runtime.host.intercept('page-worker', undefined);
    }
  });

  it("releases a level's lanes with their site slots taken in one write, and every lane gives its slot back", async () => {
    const slots: unknown[] = [];
    runtime.host.intercept('page-worker', (event, run) => {
      for (const record of (event as { Records: Array<{ body: string }> }).Records) slots.push(JSON.parse(record.body).slot);
      return run();
    });
    try {
      const { job } = await crawl({ url: 'https://site.test/wide', mode: 'full', max_depth: 1, concurrency: 3, check_tos: false });
      expect(job.progress).toMatchObject({ pages_crawled: 13 });
      // The seed's lane, then the three of level 1 with a lease each. (The seed's lane may ask for
      // its own slot: a job's first write to the site's record also clears what earlier jobs left.)
      expect(slots).toHaveLength(4);
      const levelOne = slots.slice(1);
      expect(levelOne).toEqual(Array.from({ length: 3 }, () => ({ lease: expect.any(String), until: expect.any(Number) })));
      expect(new Set(levelOne.map((slot) => (slot as { lease: string }).lease)).size).toBe(3);
      const { Item } = await dynamo().send(new GetCommand({ TableName: requireEnv('rateLimitsTable'), Key: { limiter_key: 'host-slots#site.test' }, ConsistentRead: true }));
      expect(Item?.leases).toEqual({});
      expect(Item?.held?.[String(job.id)]).toBe(0);
    } finally {
      runtime.host.intercept('page-worker', undefined);
    }
  });

  it('settles the quota exactly once, even when Finalize runs again', async () => {
    const { id, job } = await crawl({ url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: 10, check_tos: false });
    const usage = (await runtime.request('GET', '/v1/usage', { key: KEY })).json;
    await runtime.host.invoke(runtime.host.logicalIdOf('crawl-finalize'), { job_id: id, depth: 1 });
    await runtime.host.invoke(runtime.host.logicalIdOf('crawl-finalize'), { job_id: id, failure: { Error: 'States.TaskFailed' } });
    expect((await runtime.request('GET', '/v1/usage', { key: KEY })).json).toEqual(usage);
    expect((await runtime.request('GET', `/v1/jobs/${id}`, { key: KEY })).json).toMatchObject({ status: 'completed', quota: job.quota, error: null });
  });

  it('stops promptly on cancel, keeps the nearest pages, and charges only those', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/slow', mode: 'full', max_depth: 2, max_pages: 100, concurrency: 2, check_tos: false } });
    const id = String(created.json.id);
    for (let i = 0; i < 200; i++) {
      const { json } = await runtime.request('GET', `/v1/jobs/${id}`, { key: KEY });
      if ((json.progress as { pages_crawled: number }).pages_crawled >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cancel = await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEY });
    expect(cancel.status).toBe(202);
    expect(cancel.json.cancel_requested).toBe(true);
    const job = await runtime.waitForJob(KEY, id);
    expect(job.status).toBe('cancelled');
    const urls = urlsOf((await document(id)).text);
    expect(urls[0]).toBe('https://site.test/slow');
    expect(urls.length).toBeLessThan(31);
    expect(urls.every((url) => !url?.endsWith('/child'))).toBe(true);
    expect((job.quota as { charged: number }).charged).toBe(urls.length);
    expect((await ledger(id)).some((entry) => entry.reason === 'cancelled')).toBe(true);
    expect((await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEY })).json.error?.code).toBe('job_finished');
  });

  it('answers a job cancelled before it started with an empty document and no charge', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/slow', mode: 'full', check_tos: false } });
    const id = String(created.json.id);
    expect((await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEY })).status).toBe(202);
    const job = await runtime.waitForJob(KEY, id);
    expect(job).toMatchObject({ status: 'cancelled', quota: { charged: (job.progress as { pages_crawled: number }).pages_crawled } });
    const result = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY });
    expect(result.status).toBe(200);
    expect(urlsOf(result.text).length).toBe((job.progress as { pages_crawled: number }).pages_crawled);
  });
});

describe('single and select', () => {
  it('single fetches exactly one page', async () => {
    const { id, job } = await crawl({ url: 'https://site.test/a', mode: 'single', check_tos: false, export_formats: ['text'] });
    expect(job).toMatchObject({ status: 'completed', quota: { reserved: 1, charged: 1 } });
    const text = (await document(id)).text;
    expect(text.startsWith('URL: https://site.test/a\nTitle: A\n\n')).toBe(true);
    expect(text).not.toContain('---');
  });

  it('select keeps the submitted order, and failed or disallowed entries only in the ledger', async () => {
    const urls = ['https://site.test/b1', 'https://site.test/a2', 'https://site.test/a2#again', 'https://site.test/private/p', 'https://site.test/missing'];
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'select', urls, check_tos: false } });
    expect(created.json.pages_total).toBe(4);
    const job = await runtime.waitForJob(KEY, String(created.json.id));
    expect(job).toMatchObject({ status: 'completed', quota: { reserved: 4, charged: 4 } });
    expect(urlsOf((await document(String(created.json.id))).text)).toEqual(['https://site.test/b1', 'https://site.test/a2']);
    const entries = await ledger(String(created.json.id));
    expect(entries.map((entry) => [entry.url, entry.status, entry.reason])).toEqual([
      ['https://site.test/b1', 'crawled', null],
      ['https://site.test/a2', 'crawled', null],
      ['https://site.test/private/p', 'skipped', 'robots_disallowed'],
      ['https://site.test/missing', 'failed', 'http_404'],
    ]);
  });
});

describe('jobs that fail', () => {
  it('fails with tos_blocked, quoting the sentence, before fetching any page, and charges nothing', async () => {
    const { id, job } = await crawl({ url: 'https://other.test/', mode: 'full' });
    expect(job).toMatchObject({ status: 'failed', quota: { charged: 0 }, error: { code: 'tos_blocked', details: { terms_url: 'https://other.test/terms' } } });
    expect(String((job.error as { details: { sentence: string } }).details.sentence)).toContain('robot, spider, scraper');
    expect(site.hits.get('other.test/about')).toBeUndefined();
    const result = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY });
    expect(result.status).toBe(409);
    expect(result.json.error?.code).toBe('job_failed');
  });

  it('fails with robots_disallowed when the seed is disallowed', async () => {
    const { job } = await crawl({ url: 'https://site.test/private/p', mode: 'single', check_tos: false });
    expect(job).toMatchObject({ status: 'failed', error: { code: 'robots_disallowed' }, quota: { charged: 0 } });
  });

  it('fails with seed_fetch_failed naming why when the seed host gives no answer, in every mode, and charges nothing', async () => {
    const cases = [
      { host: 'nowhere.example.com', reason: 'dns_failure', mode: 'single' },
      ...unreachable.hosts.map(({ host, reason }) => ({ host, reason, mode: 'full' })),
      { host: 'refused.test', reason: 'connect_failed', mode: 'select' },
    ];
    const jobs = await Promise.all(
      cases.map(({ host, mode }) => {
        const url = `https://${host}/`;
        return crawl(mode === 'select' ? { url, mode, urls: [`${url}a`, `${url}b`] } : { url, mode, check_tos: false });
      }),
    );
    jobs.forEach(({ job }, i) => {
      const { host, reason } = cases[i] ?? {};
      expect(job, host).toMatchObject({
        status: 'failed',
        error: { code: 'seed_fetch_failed', details: { url: `https://${host}/`, reason, http_status: null } },
        quota: { charged: 0 },
      });
    });
  });

  it('keeps robots_disallowed for a host that answers robots.txt with a server error (RFC 9309)', async () => {
    const { job } = await crawl({ url: 'https://www.site.test/', mode: 'single', check_tos: false });
    expect(job).toMatchObject({ status: 'failed', error: { code: 'robots_disallowed' }, quota: { charged: 0 } });
  });

  it('fails with seed_fetch_failed when the seed cannot be fetched', async () => {
    const { job } = await crawl({ url: 'https://site.test/missing', mode: 'full', check_tos: false });
    expect(job).toMatchObject({ status: 'failed', error: { code: 'seed_fetch_failed', details: { http_status: 404, reason: 'http_404' } }, quota: { charged: 0 } });
  });
});

import type { IncomingHttpHeaders } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookSigningSecret } from '../../lambdas/data/accounts.js';
import { verifySignature } from '../../lambdas/domain/webhook.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

const KEY = 'controls-key-0001';

/* A site with a docs section, a blog and a docs index that links across both. */
const PAGES = {
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
  '/': page('Home', ['/blog/', '/docs', '/blog/post-1', '/docs/intro', '/about']),
  '/docs': page('Docs', ['/docs/intro', '/docs/guide/setup', '/docs/old/v1']),
  '/docs/intro': page('Intro', ['/docs/guide/advanced', '/blog/post-2']),
  '/docs/guide/setup': page('Setup'),
  '/docs/guide/advanced': page('Advanced'),
  '/docs/old/v1': page('Old'),
  '/blog/': page('Blog', ['/blog/post-1', '/blog/post-2']),
  '/blog/post-1': page('Post 1'),
  '/blog/post-2': page('Post 2'),
  '/about': page('About'),
};

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

/* Two sections of one host for two jobs; every page of them is slow and counted while in flight. */
const POOL_SIZE = 30;
/** Low, so that even on a loaded machine the two jobs' 40 lanes would exceed it without the cap. */
const HOST_CAP = 3;
const inFlight = { total: 0, max: 0, a: 0, b: 0, overlapped: false };

function countedPage(section: 'a' | 'b', title: string) {
  return {
    handle: (_request: unknown, response: import('node:http').ServerResponse) => {
      const other = section === 'a' ? 'b' : 'a';
      inFlight.total += 1;
      inFlight[section] += 1;
      inFlight.max = Math.max(inFlight.max, inFlight.total);
      if (inFlight[other] > 0) inFlight.overlapped = true;
      setTimeout(() => {
        inFlight.total -= 1;
        inFlight[section] -= 1;
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(page(title));
      }, 300);
    },
  };
}

/* other.test asks for a Crawl-delay of 1 s; its pages record when each request arrived. */
const delayedArrivals: number[] = [];
const timedPage = (title: string) => ({
  handle: (_request: unknown, response: import('node:http').ServerResponse) => {
    delayedArrivals.push(Date.now());
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(page(title));
  },
});
const DELAYED_PAGES = {
  'other.test/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nCrawl-delay: 1\n' },
  ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`other.test/d${i}`, timedPage(`Delayed ${i}`)])),
};

const POOL_PAGES = Object.fromEntries(
  (['a', 'b'] as const).flatMap((section) => [
    [`/pool/${section}`, page(`Pool ${section}`, Array.from({ length: POOL_SIZE }, (_, i) => `/pool/${section}/${i}`))],
    ...Array.from({ length: POOL_SIZE }, (_, i) => [`/pool/${section}/${i}`, countedPage(section, `Pool ${section} ${i}`)]),
  ]),
);

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  event: string;
  jobId: string;
  answered: number;
  /** For `completed`: what GET /result answered while the receiver handled the delivery. */
  resultStatus?: number;
  resultText?: string;
}

/** A webhook receiver on loopback (hooks.test): records deliveries; `/flaky` fails each delivery's first attempt. */
const deliveries: Delivery[] = [];
let receiver: FixtureSite;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({ ...PAGES, ...POOL_PAGES, ...DELAYED_PAGES }));
  receiver = lifecycle.site(await startFixtureSite(['hooks.test'], (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void (async () => {
        const payload = JSON.parse(body) as { event: string; job: { id: string } };
        const delivery: Delivery = { headers: request.headers, body, event: payload.event, jobId: payload.job.id, answered: 200 };
        const seenBefore = deliveries.some((earlier) => earlier.headers['x-crawl-delivery'] === request.headers['x-crawl-delivery']);
        if (request.url === '/flaky' && !seenBefore) delivery.answered = 500;
        if (payload.event === 'completed') {
          const result = await runtime.request('GET', `/v1/jobs/${payload.job.id}/result`, { key: KEY });
          delivery.resultStatus = result.status;
          delivery.resultText = result.text;
        }
        deliveries.push(delivery);
        response.writeHead(delivery.answered).end();
      })();
    });
  }));
  // Retries one second apart, so a retry is seen within the test.
  process.env.CRAWL_WEBHOOK_RETRY_SECONDS = '1,1,1';
  runtime = await lifecycle.runtime({
    users: [{ user_id: 'controls', api_key: KEY, plan: 'pro', monthly_pages: 5000 }],
    hostOverrides: `${site.overrides},hooks.test=127.0.0.1:${receiver.port}`,
  });
});

async function deliveriesOf(jobId: string, count: number, timeoutMs = 20_000): Promise<Delivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = deliveries.filter((delivery) => delivery.jobId === jobId);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`only ${found.length} of ${count} deliveries for ${jobId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function crawl(body: Record<string, unknown>) {
  const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body });
  expect(created.status, created.text).toBe(202);
  const id = String(created.json.id);
  return { id, job: await runtime.waitForJob(KEY, id) };
}

const urlsOf = (text: string) => [...text.matchAll(/^URL: (.+)$/gm)].map((match) => match[1]);

// Crawls take seconds alone and much longer when the whole suite shares the machine.
describe('path filters', { timeout: 90_000 }, () => {
  it('crawls only the docs section, the seed included, and charges only what it crawled', async () => {
    const { id, job } = await crawl({
      mode: 'full',
      url: 'https://site.test/',
      max_depth: 3,
      max_pages: 5,
      include_paths: ['/docs', '/docs/**'],
      exclude_paths: ['/docs/old/**'],
    });
    expect(job.status).toBe('completed');
    expect(job).toMatchObject({ include_paths: ['/docs', '/docs/**'], exclude_paths: ['/docs/old/**'] });
    const result = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY });
    // BFS order as always; the blog, /about and the excluded /docs/old/v1 never take the budget
    expect(urlsOf(result.text)).toEqual([
      'https://site.test/',
      'https://site.test/docs',
      'https://site.test/docs/intro',
      'https://site.test/docs/guide/setup',
      'https://site.test/docs/guide/advanced',
    ]);
    expect(site.hits.get('site.test/blog/post-1')).toBeUndefined();
    expect(site.hits.get('site.test/docs/old/v1')).toBeUndefined();
    const pages = await runtime.request('GET', `/v1/jobs/${id}/pages?limit=100`, { key: KEY });
    expect((pages.json.pages as unknown[]).length).toBe(5);
    expect((job.quota as { charged: number }).charged).toBe(5);
  });

  it('refuses a bad pattern at creation, naming it', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { mode: 'full', url: 'https://site.test/', include_paths: ['/docs/**', 'docs'] } });
    expect(created.status).toBe(422);
    expect(created.json.error?.details).toEqual([expect.objectContaining({ field: 'include_paths[1]' })]);
  });
});

describe('webhooks', { timeout: 90_000 }, () => {
  it('announces start and completion, signed with the user\'s secret; the result is readable when `completed` arrives', async () => {
    const { id, job } = await crawl({
      mode: 'full',
      url: 'https://site.test/',
      max_depth: 1,
      max_pages: 3,
      webhook: { url: 'https://hooks.test/ok', metadata: { project: 'docs-sync', run: 42 } },
    });
    expect(job.status).toBe('completed');
    const [started, completed] = await deliveriesOf(id, 2);
    expect([started?.event, completed?.event]).toEqual(['started', 'completed']);

    const secret = await webhookSigningSecret('controls');
    for (const delivery of [started, completed] as Delivery[]) {
      const signature = String(delivery.headers['x-crawl-signature']);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignature(secret, signature, delivery.body, Date.now() / 1000)).toBe(true);
      expect(verifySignature('whsec_wrong', signature, delivery.body, Date.now() / 1000)).toBe(false);
      expect(delivery.headers['x-crawl-delivery']).toBe(`${id}.${delivery.event}`);
      const body = JSON.parse(delivery.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['delivered_at', 'event', 'job', 'metadata']);
      expect(body.metadata).toEqual({ project: 'docs-sync', run: 42 });
    }
    expect(JSON.parse(started?.body ?? '{}').job).toMatchObject({ id, status: 'running' });
    expect(JSON.parse(completed?.body ?? '{}').job).toMatchObject({ id, status: 'completed', quota: { charged: 3 } });
    expect(completed?.resultStatus).toBe(200);
    expect(completed?.resultText).toContain('URL: https://site.test/');

    const record = await runtime.request('GET', `/v1/jobs/${id}`, { key: KEY });
    expect(record.json.webhook).toMatchObject({
      url: 'https://hooks.test/ok',
      events: ['started', 'completed', 'failed', 'cancelled'],
      last_status: 'http_200',
      deliveries: [
        { id: `${id}.started`, event: 'started', status: 'delivered', attempts: 1 },
        { id: `${id}.completed`, event: 'completed', status: 'delivered', attempts: 1 },
      ],
    });
  });

  it('retries a delivery the receiver refused, under the same delivery id, and only sends the events asked for', async () => {
    const { id } = await crawl({ mode: 'single', url: 'https://site.test/about', webhook: { url: 'https://hooks.test/flaky', events: ['completed'] } });
    const [first, second] = await deliveriesOf(id, 2);
    expect([first?.answered, second?.answered]).toEqual([500, 200]);
    expect(second?.headers['x-crawl-delivery']).toBe(first?.headers['x-crawl-delivery']);
    expect(deliveries.filter((delivery) => delivery.jobId === id).map((delivery) => delivery.event)).toEqual(['completed', 'completed']);
    const deadline = Date.now() + 10_000;
    let webhook: Record<string, unknown> | undefined;
    while (Date.now() < deadline) {
      webhook = (await runtime.request('GET', `/v1/jobs/${id}`, { key: KEY })).json.webhook as Record<string, unknown>;
      if ((webhook.deliveries as Array<{ status: string }>)[0]?.status === 'delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(webhook).toMatchObject({ last_status: 'http_200', deliveries: [{ event: 'completed', status: 'delivered', attempts: 2 }] });
  });

  it('announces a failed job as `failed` once it has ended', async () => {
    const { id, job } = await crawl({ mode: 'single', url: 'https://site.test/missing', webhook: { url: 'https://hooks.test/ok', events: ['failed', 'completed'] } });
    expect(job.status).toBe('failed');
    const [failed] = await deliveriesOf(id, 1);
    expect(JSON.parse(failed?.body ?? '{}').job).toMatchObject({ status: 'failed', error: { code: 'seed_fetch_failed' } });
  });

  it('announces a cancelled job as `cancelled`', async () => {
    const created = await runtime.request('POST', '/v1/jobs', {
      key: KEY,
      body: { mode: 'full', url: 'https://site.test/pool/b', max_depth: 1, concurrency: 1, check_tos: false, webhook: { url: 'https://hooks.test/ok', events: ['cancelled'] } },
    });
    const id = String(created.json.id);
    expect((await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEY })).status).toBe(202);
    expect((await runtime.waitForJob(KEY, id)).status).toBe('cancelled');
    const [cancelled] = await deliveriesOf(id, 1);
    expect(JSON.parse(cancelled?.body ?? '{}')).toMatchObject({ event: 'cancelled', job: { id, status: 'cancelled' } });
  });

  it.each([
    ['a private address', { url: 'https://127.0.0.1/hook' }, 'webhook.url'],
    ['localhost', { url: 'https://localhost/hook' }, 'webhook.url'],
    ['plain http', { url: 'http://hooks.example.com/hook' }, 'webhook.url'],
    ['an unknown event', { url: 'https://hooks.example.com/hook', events: ['done'] }, 'webhook.events[0]'],
    ['metadata over 4 KiB', { url: 'https://hooks.example.com/hook', metadata: { blob: 'x'.repeat(5000) } }, 'webhook.metadata'],
  ])('refuses a webhook with %s at creation', async (_label, webhook, field) => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { mode: 'single', url: 'https://site.test/', webhook } });
    expect(created.status, created.text).toBe(422);
    expect(created.json.error?.details).toEqual([expect.objectContaining({ field })]);
  });
});

describe('manners across jobs', () => {
  it('keeps two jobs at concurrency 20 on one host under the per-host cap, sharing it, and both complete', async () => {
    process.env.CRAWL_HOST_MAX_IN_FLIGHT = String(HOST_CAP);
    try {
      const create = (section: string) =>
        runtime.request('POST', '/v1/jobs', {
          key: KEY,
          body: { mode: 'full', url: `https://site.test/pool/${section}`, max_depth: 1, max_pages: POOL_SIZE + 1, concurrency: 20, check_tos: false },
        });
      const created = await Promise.all([create('a'), create('b')]);
      const ids = created.map((response) => String(response.json.id));
      const jobs = await Promise.all(ids.map((id) => runtime.waitForJob(KEY, id)));

      expect(jobs.map((job) => job.status)).toEqual(['completed', 'completed']);
      expect(inFlight.max).toBeLessThanOrEqual(HOST_CAP);
      expect(inFlight.overlapped).toBe(true);
      for (const [i, section] of ['a', 'b'].entries()) {
        const result = await runtime.request('GET', `/v1/jobs/${ids[i]}/result`, { key: KEY });
        const expected = [`https://site.test/pool/${section}`, ...Array.from({ length: POOL_SIZE }, (_, n) => `https://site.test/pool/${section}/${n}`)];
        expect(urlsOf(result.text)).toEqual(expected);
        expect(jobs[i]?.progress).toEqual({ pages_crawled: POOL_SIZE + 1, pages_failed: 0, pages_skipped: 0 });
      }
    } finally {
      delete process.env.CRAWL_HOST_MAX_IN_FLIGHT;
    }
  }, 120_000);

  it('spaces the fetches of two jobs to a site by its Crawl-delay, across the jobs', async () => {
    const create = (paths: string[]) =>
      runtime.request('POST', '/v1/jobs', {
        key: KEY,
        body: { mode: 'select', url: `https://other.test${paths[0]}`, urls: paths.map((path) => `https://other.test${path}`), concurrency: 5, check_tos: false },
      });
    const created = await Promise.all([create(['/d0', '/d1', '/d2']), create(['/d3', '/d4', '/d5'])]);
    const jobs = await Promise.all(created.map((response) => runtime.waitForJob(KEY, String(response.json.id))));
    expect(jobs.map((job) => job.status)).toEqual(['completed', 'completed']);
    expect(delayedArrivals).toHaveLength(6);
    // Slots are spaced by a full second; connection set-up can shift an arrival by a little.
    const gaps = delayedArrivals.slice(1).map((at, i) => at - (delayedArrivals[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThan(800);
  }, 60_000);
});

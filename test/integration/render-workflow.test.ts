import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

/**
 * Rendering through the whole service: the page worker judges the static HTML, hands script-built
 * shells to the render worker (the browser, every request through the fetcher), and the document
 * and ledger say what happened.
 */
const KEY = 'render-key-0001';
const APP_PAGES: Record<string, { title: string; text: string; links: string[] }> = {
  '/': { title: 'Home', text: 'Welcome to the rendered home page.', links: ['/products', '/about'] },
  '/products': { title: 'Products', text: 'Teapots and kettles, rendered in the browser.', links: ['/', '/about'] },
  '/about': { title: 'About', text: 'A shop built with scripts.', links: ['/'] },
};
// One shell for every route (a single-page application's fallback); its script asks the JSON API for the route's content.
const SHELL = `<!doctype html><html><head><title>Acme</title></head><body><div id="root"></div>
<script>
fetch('/api/page?path=' + encodeURIComponent(location.pathname)).then((r) => r.json()).then((p) => {
  document.title = p.title;
  document.getElementById('root').innerHTML = '<nav>' + p.links.map((l) => '<a href="' + l + '">' + l + '</a>').join(' ') + '</nav><main><h1>' + p.title + '</h1><p>' + p.text + '</p></main>';
});
</script></body></html>`;

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/': SHELL,
    '/products': SHELL,
    '/about': SHELL,
    '/api/page': {
      handle: (request, response) => {
        const route = APP_PAGES[new URL(request.url ?? '/', 'https://site.test').searchParams.get('path') ?? ''];
        response.writeHead(route ? 200 : 404, { 'content-type': 'application/json' });
        response.end(JSON.stringify(route ?? {}));
      },
    },
    '/static': page('Static', ['/static-next']),
    '/static-next': page('Static next'),
    '/endless': '<html><head><title>Busy</title></head><body><div id="root"></div><script>while (true) {}</script></body></html>',
  }));
  // Short, so the endless page ends its test soon; long enough for a page to render on a busy
  // machine beside the endless one (at 3 s, and once at 8 s, a loaded CI run read /about as the
  // shell it was before its scripts ran).
  process.env.CRAWL_RENDER_WALL_SECONDS = '20';
  lifecycle.undo(() => delete process.env.CRAWL_RENDER_WALL_SECONDS);
  runtime = await lifecycle.runtime({
    users: [{ user_id: 'render', api_key: KEY, plan: 'pro', monthly_pages: 10_000 }],
    hostOverrides: site.overrides,
    // A crashed render worker's message comes back after this; the lease runs out before it.
    queueVisibilitySeconds: 6,
    pageLeaseSeconds: 5,
  });
  lifecycle.undo(() => runtime.host.intercept('render-worker', undefined));
}, 120_000);

async function crawl(body: Record<string, unknown>) {
  const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { check_tos: false, ...body } });
  expect(created.status).toBe(202);
  const id = String(created.json.id);
  const job = await runtime.waitForJob(KEY, id, 120_000);
  const result = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY });
  const pages = await runtime.request('GET', `/v1/jobs/${id}/pages`, { key: KEY });
  return { job, text: result.text, ledger: pages.json.pages as Array<Record<string, unknown>> };
}

const urlsOf = (text: string) => [...text.matchAll(/^URL: (.+)$/gm)].map((match) => match[1]);

describe('render', () => {
  it('crawls a script-built site to full documents with render left at its default, following client-side routes', { timeout: 180_000 }, async () => {
    site.hits.clear();
    const { job, text, ledger } = await crawl({ url: 'https://site.test/', mode: 'full', max_depth: 2 });

    expect(job).toMatchObject({ status: 'completed', render: 'auto', progress: { pages_crawled: 3 } });
    expect(urlsOf(text)).toEqual(['https://site.test/', 'https://site.test/products', 'https://site.test/about']);
    for (const route of Object.values(APP_PAGES)) {
      expect(text).toContain(`Title: ${route.title}`);
      expect(text).toContain(route.text);
    }
    expect(ledger.map((entry) => [entry.url, entry.status, entry.rendered])).toEqual([
      ['https://site.test/', 'crawled', true],
      ['https://site.test/products', 'crawled', true],
      ['https://site.test/about', 'crawled', true],
    ]);
    // Once the seed showed the host serves shells, the next level went straight to the browser:
    // one fetch of each page, not a static look first.
    expect(site.hits.get('site.test/products')).toBe(1);
    expect(site.hits.get('site.test/about')).toBe(1);
  });

  it('render: never keeps the shell', { timeout: 60_000 }, async () => {
    const { job, text, ledger } = await crawl({ url: 'https://site.test/', mode: 'single', render: 'never' });

    expect(job).toMatchObject({ status: 'completed', render: 'never' });
    expect(text).toContain('Title: Acme');
    expect(text).not.toContain('Welcome');
    expect(ledger[0]).toMatchObject({ status: 'crawled', rendered: false });
  });

  it('render: auto leaves a static site unrendered; render: always renders it', { timeout: 90_000 }, async () => {
    const auto = await crawl({ url: 'https://site.test/static', mode: 'full', max_depth: 1 });
    expect(auto.ledger.map((entry) => [entry.url, entry.rendered])).toEqual([
      ['https://site.test/static', false],
      ['https://site.test/static-next', false],
    ]);

    const always = await crawl({ url: 'https://site.test/static', mode: 'full', max_depth: 1, render: 'always' });
    expect(always.ledger.map((entry) => entry.rendered)).toEqual([true, true]);
    expect(always.text).toBe(auto.text);
  });

  it('a page whose script never ends is a ledger entry, and the job completes', { timeout: 90_000 }, async () => {
    const { job, text, ledger } = await crawl({ url: 'https://site.test/', mode: 'select', urls: ['https://site.test/endless', 'https://site.test/about'] });

    expect(job.status).toBe('completed');
    expect(ledger[0]).toMatchObject({ url: 'https://site.test/endless', status: 'failed', reason: 'render_timeout', rendered: true });
    expect(text).toContain('A shop built with scripts.');
  });

  it('a crash of the render worker is redelivered and the page exported once', { timeout: 120_000 }, async () => {
    let crashes = 0;
    runtime.host.intercept('render-worker', async (event, run) => {
      const message = JSON.parse((event as SQSEvent).Records[0]?.body ?? '{}') as { index: number };
      if (message.index === 0 && crashes === 0) {
        crashes += 1;
        throw new Error('render worker crashed');
      }
      return run();
    });
    try {
      const { job, text, ledger } = await crawl({ url: 'https://site.test/', mode: 'single' });
      expect(crashes).toBe(1);
      expect(job.status).toBe('completed');
      expect(text.match(/Welcome to the rendered home page\./g)).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ status: 'crawled', rendered: true });
    } finally {
      runtime.host.intercept('render-worker', undefined);
    }
  });
});

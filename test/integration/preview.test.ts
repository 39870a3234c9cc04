import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite, urlset } from '../helpers/site.js';
import { startUnreachableHosts } from '../helpers/unreachable.js';

// No name is ever looked up for real; one the overrides do not pin does not exist.
vi.mock('node:dns/promises', () => import('../helpers/offline-dns.js'));

const KEY = 'preview-key-0001';
const XML = { 'content-type': 'application/xml' };


let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let unreachable: Awaited<ReturnType<typeof startUnreachableHosts>>;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    // site.test: robots.txt names a gzipped index (with a misleading name) that nests two sitemaps.
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\nSitemap: https://site.test/maps/index.xml\n' },
    '/maps/index.xml': {
      headers: XML,
      body: gzipSync(
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://site.test/maps/a.xml</loc></sitemap><sitemap><loc>https://site.test/maps/b.xml</loc></sitemap><sitemap><loc>https://site.test/maps/index.xml</loc></sitemap></sitemapindex>',
      ) as unknown as string,
    },
    '/maps/a.xml': { headers: XML, body: urlset(['/docs/1', '/docs/2', '/brochure.pdf?v=2', '/docs/1']) },
    '/maps/b.xml': { headers: XML, body: urlset(['/docs/3', '/style.css', 'http://site.test/insecure']).replace('https://site.testhttp://site.test/insecure', 'http://site.test/insecure') },
    // other.test: no sitemap at all, so the seed page's links are listed.
    'other.test/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    'other.test/': page('Other', ['/one', '/two', '/one#again', '/photo.jpg?w=200', 'https://elsewhere.example/x', '/three']),
    // www.site.test: up, but robots.txt answers with a server error.
    'www.site.test/robots.txt': { status: 503, body: 'down for maintenance' },
  }));
  unreachable = lifecycle.site(await startUnreachableHosts());
  runtime = await lifecycle.runtime({
    users: [{ user_id: 'previewer', api_key: KEY, plan: 'free', monthly_pages: 10 }],
    hostOverrides: `${site.overrides},${unreachable.overrides}`,
  });
});

const preview = (query: string) => runtime.request('GET', `/v1/sitemap/preview?${query}`, { key: KEY });

describe('GET /v1/sitemap/preview', () => {
  it('follows robots.txt sitemaps, gzip by its bytes and nested indexes, and keeps page URLs of the site in order', async () => {
    const response = await preview('url=https://site.test/');
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      urls: ['https://site.test/docs/1', 'https://site.test/docs/2', 'https://site.test/docs/3'],
      source: 'sitemap',
      count: 3,
      capped: false,
      assets_filtered: 2,
    });
  });

  it('sets capped only when an explicit limit is reached', async () => {
    expect((await preview('url=https://site.test/&limit=2')).json).toMatchObject({ urls: ['https://site.test/docs/1', 'https://site.test/docs/2'], count: 2, capped: true });
    expect((await preview('url=https://site.test/&limit=3')).json).toMatchObject({ count: 3, capped: true });
    expect((await preview('url=https://site.test/&limit=4')).json).toMatchObject({ count: 3, capped: false });
  });

  it('falls back to the seed page links when no sitemap is reachable', async () => {
    const response = await preview('url=https://other.test/');
    expect(response.json).toEqual({
      urls: ['https://other.test/one', 'https://other.test/two', 'https://other.test/three'],
      source: 'shallow_crawl',
      count: 3,
      capped: false,
      assets_filtered: 1,
    });
  });

  it('answers 502 site_unreachable naming why when the host gives no answer', async () => {
    const cases = [{ host: 'nowhere.example.com', reason: 'dns_failure' }, ...unreachable.hosts];
    const responses = await Promise.all(cases.map(({ host }) => preview(`url=https://${host}/docs`)));
    responses.forEach((response, i) => {
      const { host, reason } = cases[i] ?? {};
      expect(response.status, response.text).toBe(502);
      expect(response.json.error, host).toMatchObject({ code: 'site_unreachable', details: { url: `https://${host}/docs`, reason } });
      // the reason in words; its code is in details, not repeated in the message
      expect(response.json.error?.message, host).toMatch(/^the site could not be reached: [A-Za-z ]+$/);
    });
  });

  it('lists nothing, with 200, for a host whose robots.txt answers with a server error (RFC 9309)', async () => {
    const response = await preview('url=https://www.site.test/');
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({ urls: [], source: 'shallow_crawl', count: 0 });
  });

  it('consumes no quota and validates its parameters', async () => {
    expect((await runtime.request('GET', '/v1/usage', { key: KEY })).json).toMatchObject({ used: 0, reserved: 0 });
    for (const query of ['url=http://site.test/', 'url=https://127.0.0.1/', 'url=https://site.test/&limit=0', 'url=https://site.test/&limit=50001', 'limit=5']) {
      const response = await preview(query);
      expect(response.status, query).toBe(422);
      expect(response.json.error?.code).toBe('validation_error');
    }
  });
});

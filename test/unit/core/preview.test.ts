import { describe, expect, it } from 'vitest';
import { PREVIEW_SAFETY_CAP, previewSite, type PreviewSiteInput } from '../../../lambdas/core/preview.js';
import { type FakeResponse, fakeSite, HANG, urlset } from '../../fixtures/sitemaps/fake-site.js';

const SEED = 'https://example.com/';

/** Enough of an HTML link extractor for these fixtures: absolute and relative `href="…"`. */
function extractHrefs(html: string, pageUrl: string): Array<{ url: string }> {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => ({ url: new URL(match[1] ?? '', pageUrl).href }));
}

function previewOf(
  responses: Record<string, FakeResponse | typeof HANG>,
  overrides: Partial<PreviewSiteInput> = {},
): { run: () => ReturnType<typeof previewSite>; requested: string[] } {
  const site = fakeSite(responses);
  const input: PreviewSiteInput = {
    seedUrl: SEED,
    fetchDocument: site.fetchDocument,
    robotsSitemaps: [],
    isAllowedByRobots: () => true,
    extractLinks: extractHrefs,
    decodeHtml: (body) => new TextDecoder().decode(body),
    deadline: Date.now() + 10_000,
    ...overrides,
  };
  return { run: () => previewSite(input), requested: site.requested };
}

const pages = (count: number) => Array.from({ length: count }, (_, i) => `https://example.com/page-${i}`);

describe('previewSite with the sitemaps chosen (Firecrawl map `sitemap`)', () => {
  const site = { 'https://example.com/sitemap.xml': { body: urlset(pages(2)) }, 'https://example.com/': { body: '<a href="/from-links">x</a>' } };

  it('skip: the seed page\'s links alone, the sitemap never read', async () => {
    const { run, requested } = previewOf(site, { sitemaps: 'skip' });
    expect((await run()).urls).toEqual(['https://example.com/from-links']);
    expect(requested).not.toContain('https://example.com/sitemap.xml');
  });

  it('only: the sitemap alone; none gives an empty list, not the links', async () => {
    expect((await previewOf(site, { sitemaps: 'only' }).run()).urls).toEqual(pages(2));
    expect((await previewOf({ 'https://example.com/': { body: '<a href="/from-links">x</a>' } }, { sitemaps: 'only' }).run())).toMatchObject({ urls: [], source: 'sitemap' });
  });
});

describe('previewSite from sitemaps', () => {
  it('answers with the sitemap URLs and the spec 2.2 fields', async () => {
    const { run } = previewOf({ 'https://example.com/sitemap.xml': { body: urlset(pages(3)) } });
    expect(await run()).toEqual({ urls: pages(3), source: 'sitemap', count: 3, capped: false, assets_filtered: 0 });
  });

  it('drops assets by path, cache-busting queries included, and counts them', async () => {
    const listed = [
      'https://example.com/',
      'https://example.com/logo.png?v=3',
      'https://example.com/report.PDF?download=1',
      'https://example.com/app.js?1700000000',
      'https://example.com/feed/',
      'https://example.com/pricing?ref=footer.png',
    ];
    const { run } = previewOf({ 'https://example.com/sitemap.xml': { body: urlset(listed) } });
    const preview = await run();
    expect(preview.urls).toEqual(['https://example.com/', 'https://example.com/pricing?ref=footer.png']);
    expect(preview.assets_filtered).toBe(4);
  });

  it('keeps only public https URLs of the same site, www. included', async () => {
    const listed = [
      'http://example.com/plain-http',
      'https://www.example.com/with-www',
      'https://shop.example.com/subdomain',
      'https://other.example.org/elsewhere',
      'https://user:secret@example.com/with-credentials',
      'https://example.com/kept',
    ];
    const { run } = previewOf({ 'https://example.com/sitemap.xml': { body: urlset(listed) } });
    expect((await run()).urls).toEqual(['https://www.example.com/with-www', 'https://example.com/kept']);
  });

  it("lists only URLs on the seed's port: another port is another server", async () => {
    const listed = ['https://example.com:8443/admin', 'https://www.example.com:444/x', 'https://example.com:443/default-port', 'https://example.com/kept'];
    const { run } = previewOf({ 'https://example.com/sitemap.xml': { body: urlset(listed) } });
    expect((await run()).urls).toEqual(['https://example.com/default-port', 'https://example.com/kept']);
  });

  it('de-duplicates by normalized form, keeping the first occurrence in document order', async () => {
    const { run } = previewOf({
      'https://example.com/sitemap.xml': {
        body: urlset(['https://example.com/b', 'https://EXAMPLE.com:443/a', 'https://example.com/b#top', 'https://example.com/b/']),
      },
      'https://example.com/sitemap_index.xml': { body: urlset(['https://example.com/a', 'https://example.com/c']) },
    });
    expect((await run()).urls).toEqual([
      'https://example.com/b',
      'https://example.com/a',
      'https://example.com/b/',
      'https://example.com/c',
    ]);
  });

  it('caps at limit and says so only when a limit was given and reached', async () => {
    const responses = { 'https://example.com/sitemap.xml': { body: urlset(pages(5)) } };
    expect(await previewOf(responses, { limit: 2 }).run()).toMatchObject({ urls: pages(2), count: 2, capped: true });
    expect(await previewOf(responses, { limit: 5 }).run()).toMatchObject({ count: 5, capped: true });
    expect(await previewOf(responses, { limit: 6 }).run()).toMatchObject({ count: 5, capped: false });
    expect(await previewOf(responses).run()).toMatchObject({ count: 5, capped: false });
  });

  it('never returns more than the safety cap, and without a limit does not call that capped', async () => {
    const many = pages(PREVIEW_SAFETY_CAP + 10);
    const { run } = previewOf({
      'https://example.com/sitemap.xml': { body: many.slice(0, 30_000).join('\n') },
      'https://example.com/sitemap_index.xml': { body: many.slice(30_000).join('\n') },
    });
    const preview = await run();
    expect(preview.count).toBe(PREVIEW_SAFETY_CAP);
    expect(preview.urls.at(-1)).toBe(many[PREVIEW_SAFETY_CAP - 1]);
    expect(preview.capped).toBe(false);
  });
});

describe('previewSite falling back to a shallow crawl', () => {
  const seedPage = {
    body: '<a href="/about">About</a> <a href="https://other.example.org/x">Off</a> <a href="/brochure.pdf">PDF</a> <a href="/about#team">Team</a>',
  };

  it('lists the seed page links when no sitemap is reachable', async () => {
    const { run } = previewOf({ [SEED]: seedPage, 'https://example.com/sitemap.xml': { status: 500, body: 'oops' } });
    expect(await run()).toEqual({
      urls: ['https://example.com/about'],
      source: 'shallow_crawl',
      count: 1,
      capped: false,
      assets_filtered: 1,
    });
  });

  it("leaves out seed page links to another port of the seed's host", async () => {
    const { run } = previewOf({ [SEED]: { body: '<a href="https://example.com:8080/internal">Other port</a> <a href="/about">About</a>' } });
    expect((await run()).urls).toEqual(['https://example.com/about']);
  });

  it('falls back when the sitemaps list no URL usable here', async () => {
    const { run } = previewOf({
      [SEED]: seedPage,
      'https://example.com/sitemap.xml': { body: urlset(['http://example.com/insecure', 'https://other.example.org/']) },
    });
    expect(await run()).toMatchObject({ source: 'shallow_crawl', urls: ['https://example.com/about'] });
  });

  it('does not fetch a seed page that robots.txt disallows', async () => {
    const { run, requested } = previewOf({ [SEED]: seedPage }, { isAllowedByRobots: () => false });
    expect(await run()).toEqual({ urls: [], source: 'shallow_crawl', count: 0, capped: false, assets_filtered: 0 });
    expect(requested).not.toContain(SEED);
  });

  it('gives an empty list, not an error, when the seed page cannot be read', async () => {
    expect((await previewOf({ [SEED]: { status: 503, body: '<a href="/x">x</a>' } }).run()).urls).toEqual([]);
    expect((await previewOf({ [SEED]: { redirectTo: 'https://other.example.org/' } }).run()).urls).toEqual([]);
    expect((await previewOf({ [SEED]: { body: '<a href="/x">x</a>', contentType: 'application/pdf' } }).run()).urls).toEqual([]);
  });

  it('keeps time for the shallow crawl when sitemap fetches hang until the deadline', async () => {
    const { run } = previewOf(
      { [SEED]: seedPage, 'https://example.com/sitemap.xml': HANG, 'https://example.com/sitemap_index.xml': HANG },
      { deadline: Date.now() + 400 },
    );
    expect(await run()).toMatchObject({ source: 'shallow_crawl', urls: ['https://example.com/about'] });
  });
});

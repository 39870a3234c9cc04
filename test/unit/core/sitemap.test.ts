import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { collectSitemapUrls, MAX_SITEMAP_BYTES, MAX_URLS_PER_SITEMAP, parseSitemap } from '../../../lambdas/core/sitemap.js';
import { fakeSite, HANG, sitemapIndex, urlset } from '../../fixtures/sitemaps/fake-site.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/sitemaps/${name}`, import.meta.url));
const bytes = (text: string) => new TextEncoder().encode(text);
const SOURCE = 'https://example.com/sitemap.xml';
const SEED = 'https://example.com/';
const inTenSeconds = () => Date.now() + 10_000;

describe('parseSitemap', () => {
  it('reads the <loc> of each <url> in document order, trimmed and entity-decoded, ignoring image and hreflang links', () => {
    expect(parseSitemap(fixture('urlset.xml'), SOURCE)).toEqual({
      kind: 'urlset',
      urls: ['https://example.com/', 'https://example.com/catalog?item=12&desc=vacation', 'https://example.com/about'],
    });
  });

  it('accepts sitemaps without a namespace or with a prefixed one', () => {
    const bare = '<urlset><url><loc>https://example.com/a</loc></url></urlset>';
    const prefixed =
      '<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>https://example.com/b</sm:loc></sm:url></sm:urlset>';
    expect(parseSitemap(bytes(bare), SOURCE).urls).toEqual(['https://example.com/a']);
    expect(parseSitemap(bytes(prefixed), SOURCE).urls).toEqual(['https://example.com/b']);
  });

  it('reports a sitemap index with its child sitemaps', () => {
    expect(parseSitemap(fixture('index.xml'), SOURCE)).toEqual({
      kind: 'index',
      urls: ['https://example.com/sitemap-pages.xml', 'https://example.com/sitemap-posts.xml.gz'],
    });
  });

  it('decompresses gzip recognised by its magic bytes, whatever the URL says', () => {
    const gzipped = gzipSync(fixture('urlset.xml'));
    expect(parseSitemap(gzipped, 'https://example.com/sitemap.txt').urls).toHaveLength(3);
  });

  it('keeps what a gzip body cut short still holds', () => {
    const urls = Array.from({ length: 2000 }, (_, i) => `https://example.com/page-${i}`);
    const gzipped = gzipSync(bytes(urlset(urls)));
    const cut = gzipped.subarray(0, Math.floor(gzipped.length / 2));
    const parsed = parseSitemap(cut, SOURCE);
    expect(parsed.kind).toBe('urlset');
    expect(parsed.urls.length).toBeGreaterThan(100);
    expect(parsed.urls).toEqual(urls.slice(0, parsed.urls.length));
  });

  it('refuses a gzip body that inflates beyond the 50 MiB sitemap limit', () => {
    // gzip members concatenate: 51 copies of 1 MiB of spaces inflate to 51 MiB.
    const member = gzipSync(Buffer.alloc(1024 * 1024, ' '));
    const bomb = Buffer.concat(Array.from({ length: MAX_SITEMAP_BYTES / (1024 * 1024) + 1 }, () => member));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(parseSitemap(bomb, SOURCE)).toEqual({ kind: 'invalid', urls: [] });
  });

  it('reads plain-text sitemaps one URL per line, skipping junk lines', () => {
    const text = 'https://example.com/one\r\n\r\n  https://example.com/two  \nnot a url\nftp://example.com/file\n';
    expect(parseSitemap(bytes(text), 'https://example.com/sitemap.txt')).toEqual({
      kind: 'text',
      urls: ['https://example.com/one', 'https://example.com/two'],
    });
  });

  it('ignores a UTF-8 byte order mark and blank lines before the XML declaration', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\n \t\r\n'), fixture('urlset.xml')]);
    expect(parseSitemap(withBom, SOURCE).urls).toHaveLength(3);
  });

  it('decodes the encoding named in the XML declaration', () => {
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><urlset><url><loc>https://example.com/caf\u00e9</loc></url></urlset>',
      'latin1',
    );
    expect(parseSitemap(latin1, SOURCE).urls).toEqual(['https://example.com/caf\u00e9']);
    // The WHATWG reads ISO-8859-1 as windows-1252, whose 0x80 is the euro sign (also on Node 20).
    const euro = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><urlset><url><loc>https://example.com/'), Buffer.from([0x80]), Buffer.from('</loc></url></urlset>')]);
    expect(parseSitemap(euro, SOURCE).urls).toEqual(['https://example.com/\u20ac']);
  });

  it('refuses a billion-laughs document without expanding it', () => {
    expect(parseSitemap(fixture('billion-laughs.xml'), SOURCE)).toEqual({ kind: 'invalid', urls: [] });
  });

  it('never resolves external entities', () => {
    expect(parseSitemap(fixture('external-entity.xml'), SOURCE)).toEqual({ kind: 'invalid', urls: [] });
    // Without a DTD an entity reference is just text, and not a URL.
    const undeclared = '<urlset><url><loc>&secret;</loc></url><url><loc>https://example.com/ok</loc></url></urlset>';
    expect(parseSitemap(bytes(undeclared), SOURCE).urls).toEqual(['https://example.com/ok']);
  });

  it('keeps the complete entries of a truncated document and drops a URL cut in half', () => {
    const truncated =
      '<urlset><url><loc>https://example.com/a</loc></url><url><loc>https://example.com/b</loc><lastmod>20' +
      '</url><url><loc>https://example.com/c</loc></url><url><loc>https://example.com/partial-na';
    expect(parseSitemap(bytes(truncated), SOURCE)).toEqual({
      kind: 'urlset',
      urls: ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'],
    });
  });

  it('reads RSS item links, falling back to a URL guid, and not the channel link', () => {
    expect(parseSitemap(fixture('rss.xml'), 'https://example.com/feed')).toEqual({
      kind: 'rss',
      urls: ['https://example.com/news/first', 'https://example.com/news/second'],
    });
  });

  it('reads the first alternate link of each Atom entry, resolved against the feed URL', () => {
    expect(parseSitemap(fixture('atom.xml'), 'https://example.com/blog/atom.xml')).toEqual({
      kind: 'atom',
      urls: ['https://example.com/blog/post-one'],
    });
  });

  it('stops at 50,000 URLs per document', () => {
    const text = Array.from({ length: MAX_URLS_PER_SITEMAP + 10 }, (_, i) => `https://example.com/${i}`).join('\n');
    const parsed = parseSitemap(bytes(text), SOURCE);
    expect(parsed.urls).toHaveLength(MAX_URLS_PER_SITEMAP);
    expect(parsed.urls.at(-1)).toBe(`https://example.com/${MAX_URLS_PER_SITEMAP - 1}`);
  });

  it('calls HTML pages and prose invalid', () => {
    expect(parseSitemap(bytes('<!DOCTYPE html><html><body><a href="https://example.com/">x</a></body></html>'), SOURCE).kind).toBe('invalid');
    expect(parseSitemap(bytes('this is a bogus sitemap'), SOURCE).kind).toBe('invalid');
    expect(parseSitemap(new Uint8Array(), SOURCE).kind).toBe('invalid');
  });
});

describe('collectSitemapUrls', () => {
  it('reads robots.txt sitemaps first, then /sitemap.xml and /sitemap_index.xml, each once', async () => {
    const site = fakeSite({
      'https://example.com/from-robots.xml': { body: urlset(['https://example.com/r']) },
      'https://example.com/sitemap.xml': { body: urlset(['https://example.com/s']) },
      'https://example.com/sitemap_index.xml': { body: urlset(['https://example.com/i']) },
    });
    const result = await collectSitemapUrls({
      seedUrl: 'https://example.com/blog/post',
      robotsSitemaps: ['https://example.com/from-robots.xml', '/sitemap.xml'],
      fetchDocument: site.fetchDocument,
      deadline: inTenSeconds(),
    });
    expect(result).toEqual({ urls: ['https://example.com/r', 'https://example.com/s', 'https://example.com/i'], found: true });
    expect(site.requested.toSorted()).toEqual([
      'https://example.com/from-robots.xml',
      'https://example.com/sitemap.xml',
      'https://example.com/sitemap_index.xml',
    ]);
  });

  it('follows nested indexes and returns the pages in document order, skipping a missing child', async () => {
    const site = fakeSite({
      'https://example.com/sitemap.xml': {
        body: sitemapIndex(['https://example.com/nested.xml', 'https://example.com/missing.xml', 'https://example.com/flat.xml']),
      },
      'https://example.com/nested.xml': { body: sitemapIndex(['https://example.com/deep.xml']) },
      'https://example.com/deep.xml': { body: urlset(['https://example.com/deep-page']) },
      'https://example.com/flat.xml': { body: urlset(['https://example.com/flat-page']) },
    });
    const result = await collectSitemapUrls({ seedUrl: SEED, robotsSitemaps: [], fetchDocument: site.fetchDocument, deadline: inTenSeconds() });
    expect(result.urls).toEqual(['https://example.com/deep-page', 'https://example.com/flat-page']);
  });

  it('reads a gzipped sitemap served under a misleading name and content type', async () => {
    const site = fakeSite({
      'https://example.com/sitemap.xml': { body: gzipSync(bytes(urlset(['https://example.com/zipped']))), contentType: 'text/html' },
    });
    const result = await collectSitemapUrls({ seedUrl: SEED, robotsSitemaps: [], fetchDocument: site.fetchDocument, deadline: inTenSeconds() });
    expect(result.urls).toEqual(['https://example.com/zipped']);
  });

  it('ends loops through indexes and redirects, fetching each sitemap once', async () => {
    const site = fakeSite({
      'https://example.com/sitemap.xml': {
        body: sitemapIndex(['https://example.com/sitemap.xml', 'https://example.com/a.xml', 'https://example.com/back.xml']),
      },
      'https://example.com/a.xml': { body: sitemapIndex(['https://example.com/sitemap.xml#again', 'https://example.com/pages.xml']) },
      'https://example.com/back.xml': { redirectTo: 'https://example.com/sitemap.xml' },
      'https://example.com/pages.xml': { body: urlset(['https://example.com/page']) },
    });
    const result = await collectSitemapUrls({ seedUrl: SEED, robotsSitemaps: [], fetchDocument: site.fetchDocument, deadline: inTenSeconds() });
    expect(result.urls).toEqual(['https://example.com/page']);
    expect(site.requested.filter((url) => url === 'https://example.com/sitemap.xml')).toHaveLength(1);
  });

  it('does not follow indexes deeper than maxDepth', async () => {
    const site = fakeSite({
      'https://example.com/sitemap.xml': { body: sitemapIndex(['https://example.com/level-1.xml']) },
      'https://example.com/level-1.xml': { body: sitemapIndex(['https://example.com/level-2.xml']) },
      'https://example.com/level-2.xml': { body: urlset(['https://example.com/too-deep']) },
    });
    const input = { seedUrl: SEED, robotsSitemaps: [], fetchDocument: site.fetchDocument, deadline: inTenSeconds() };
    expect(await collectSitemapUrls({ ...input, maxDepth: 1 })).toEqual({ urls: [], found: false });
    expect(site.requested).not.toContain('https://example.com/level-2.xml');
    expect((await collectSitemapUrls({ ...input, maxDepth: 2 })).urls).toEqual(['https://example.com/too-deep']);
  });

  it('fetches at most maxDocuments sitemaps', async () => {
    const children = Array.from({ length: 10 }, (_, i) => `https://example.com/part-${i}.xml`);
    const responses = Object.fromEntries(children.map((url, i) => [url, { body: urlset([`https://example.com/p${i}`]) }]));
    const site = fakeSite({ ...responses, 'https://example.com/sitemap.xml': { body: sitemapIndex(children) } });
    const result = await collectSitemapUrls({
      seedUrl: SEED,
      robotsSitemaps: [],
      fetchDocument: site.fetchDocument,
      deadline: inTenSeconds(),
      maxDocuments: 4,
    });
    expect(site.requested).toHaveLength(4);
    // sitemap.xml and sitemap_index.xml took two of the four.
    expect(result.urls).toEqual(['https://example.com/p0', 'https://example.com/p1']);
  });

  it('skips index children on other sites but follows a robots.txt sitemap hosted elsewhere', async () => {
    const site = fakeSite({
      'https://cdn.example.net/sitemaps/index.xml': {
        body: sitemapIndex(['https://cdn.example.net/sitemaps/pages.xml', 'https://evil.example.org/pages.xml']),
      },
      'https://cdn.example.net/sitemaps/pages.xml': { body: urlset(['https://example.com/from-cdn']) },
      'https://evil.example.org/pages.xml': { body: urlset(['https://example.com/from-evil']) },
    });
    const result = await collectSitemapUrls({
      seedUrl: SEED,
      robotsSitemaps: ['https://cdn.example.net/sitemaps/index.xml'],
      fetchDocument: site.fetchDocument,
      deadline: inTenSeconds(),
    });
    expect(result.urls).toEqual(['https://example.com/from-cdn']);
    expect(site.requested).not.toContain('https://evil.example.org/pages.xml');
  });

  it('refuses a sitemap redirect that leaves the site', async () => {
    const site = fakeSite({
      'https://example.com/sitemap.xml': { redirectTo: 'https://elsewhere.example.org/sitemap.xml' },
      'https://elsewhere.example.org/sitemap.xml': { body: urlset(['https://elsewhere.example.org/page']) },
    });
    const result = await collectSitemapUrls({ seedUrl: SEED, robotsSitemaps: [], fetchDocument: site.fetchDocument, deadline: inTenSeconds() });
    expect(result).toEqual({ urls: [], found: false });
  });

  it('answers by the deadline with what it has, aborting fetches still in flight', async () => {
    const site = fakeSite({
      'https://example.com/sitemap.xml': { body: urlset(['https://example.com/quick']) },
      'https://example.com/sitemap_index.xml': HANG,
    });
    const result = await collectSitemapUrls({
      seedUrl: SEED,
      robotsSitemaps: [],
      fetchDocument: site.fetchDocument,
      deadline: Date.now() + 200,
    });
    expect(result).toEqual({ urls: ['https://example.com/quick'], found: true });
    expect(site.aborted).toEqual(['https://example.com/sitemap_index.xml']);
  });

  it('does not wait for a fetcher that ignores the abort signal', async () => {
    const neverSettles = () => new Promise<never>(() => {});
    const result = await collectSitemapUrls({ seedUrl: SEED, robotsSitemaps: [], fetchDocument: neverSettles, deadline: Date.now() + 100 });
    expect(result).toEqual({ urls: [], found: false });
  });

  it('reports found: false when no sitemap gives a URL', async () => {
    const site = fakeSite({ 'https://example.com/sitemap.xml': { body: urlset([]) } });
    const result = await collectSitemapUrls({ seedUrl: SEED, robotsSitemaps: [], fetchDocument: site.fetchDocument, deadline: inTenSeconds() });
    expect(result).toEqual({ urls: [], found: false });
  });
});

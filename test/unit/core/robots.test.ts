import { describe, expect, it } from 'vitest';
import { FetchError, type FetchDocument, type FetchDocumentOptions } from '../../../lambdas/core/fetch-types.js';
import {
  ROBOTS_MAX_PARSE_BYTES,
  allowAll,
  disallowAll,
  fetchRobotsTxt,
  hostUnreachableReason,
  parseRobotsTxt,
  robotsPolicyFromFetch,
} from '../../../lambdas/core/robots.js';

const BOT = 'CrawlBot';
const page = (path: string) => `https://example.com${path}`;
const allowed = (robotsTxt: string | Uint8Array, path: string, agent = BOT) =>
  parseRobotsTxt(robotsTxt).isAllowed(page(path), agent);

describe('group selection', () => {
  const robots = [
    'User-agent: *',
    'Disallow: /everyone-else/',
    '',
    'User-agent: CrawlBot',
    'Disallow: /crawlbot-only/',
  ].join('\n');

  it('obeys only its own group when one names it, matching the token case-insensitively', () => {
    expect(allowed(robots, '/crawlbot-only/a')).toBe(false);
    expect(allowed(robots, '/crawlbot-only/a', 'crawlbot')).toBe(false);
    expect(allowed(robots, '/everyone-else/a')).toBe(true);
  });

  it('falls back to the * group when no group names it', () => {
    expect(allowed(robots, '/everyone-else/a', 'OtherBot')).toBe(false);
    expect(allowed(robots, '/crawlbot-only/a', 'OtherBot')).toBe(true);
  });

  it('allows everything when neither its group nor a * group exists', () => {
    expect(allowed('User-agent: OtherBot\nDisallow: /\n', '/a')).toBe(true);
    expect(allowed('', '/a')).toBe(true);
  });

  it('lets consecutive user-agent lines share one group', () => {
    const shared = 'User-agent: OtherBot\nUser-agent: CrawlBot\nDisallow: /shared/\n';
    expect(allowed(shared, '/shared/x')).toBe(false);
    expect(allowed(shared, '/shared/x', 'OtherBot')).toBe(false);
  });

  it('merges every group naming the same agent', () => {
    const split = 'User-agent: CrawlBot\nDisallow: /a\n\nUser-agent: OtherBot\nDisallow: /b\n\nUser-agent: crawlbot\nDisallow: /c\n';
    expect(allowed(split, '/a')).toBe(false);
    expect(allowed(split, '/b')).toBe(true);
    expect(allowed(split, '/c')).toBe(false);
  });

  it('ignores rules that come before any user-agent line', () => {
    expect(allowed('Disallow: /early\nUser-agent: *\nDisallow: /late\n', '/early')).toBe(true);
  });

  it('keeps a group open across Sitemap and unknown lines', () => {
    const robotsTxt = 'User-agent: CrawlBot\nSitemap: https://example.com/s.xml\nUnknown-thing: x\nUser-agent: *\nDisallow: /\n';
    expect(allowed(robotsTxt, '/a')).toBe(false);
  });

  it('reads the product token of a user-agent value with a version or comment', () => {
    expect(allowed('User-agent: CrawlBot/2.1 (+https://example.org)\nDisallow: /\n', '/a')).toBe(false);
  });

  it('treats an empty group of its own as "no restrictions", not as a reason to use *', () => {
    expect(allowed('User-agent: *\nDisallow: /\n\nUser-agent: CrawlBot\n', '/a')).toBe(true);
  });

  it('never lets a token that merely contains the named one match', () => {
    expect(allowed('User-agent: Crawl\nDisallow: /\n', '/a')).toBe(true);
  });
});

describe('rule matching', () => {
  it('lets the longest pattern win, whichever kind it is', () => {
    const robotsTxt = 'User-agent: *\nDisallow: /docs/\nAllow: /docs/public/\nDisallow: /docs/public/drafts/\n';
    expect(allowed(robotsTxt, '/docs/private')).toBe(false);
    expect(allowed(robotsTxt, '/docs/public/intro')).toBe(true);
    expect(allowed(robotsTxt, '/docs/public/drafts/x')).toBe(false);
  });

  it('measures specificity by pattern length, not by how much of the URL a wildcard covered', () => {
    const robotsTxt = 'User-agent: *\nAllow: /x/page.\nDisallow: /*.html\n';
    expect(allowed(robotsTxt, '/x/page.html')).toBe(true);
    expect(allowed(robotsTxt, '/x/other.html')).toBe(false);
  });

  it('lets allow win a tie between equally long patterns', () => {
    expect(allowed('User-agent: *\nDisallow: /same\nAllow: /same\n', '/same')).toBe(true);
    expect(allowed('User-agent: *\nAllow: /same\nDisallow: /same\n', '/same')).toBe(true);
  });

  it('treats an empty Disallow as no restriction', () => {
    expect(allowed('User-agent: *\nDisallow:\n', '/anything')).toBe(true);
  });

  it('anchors a pattern ending in $ at the end of the URL', () => {
    const robotsTxt = 'User-agent: *\nDisallow: /\nAllow: /exactly$\n';
    expect(allowed(robotsTxt, '/exactly')).toBe(true);
    expect(allowed(robotsTxt, '/exactly/more')).toBe(false);
    expect(allowed(robotsTxt, '/exactly?q=1')).toBe(false);
  });

  it('treats * as any run of characters, including none', () => {
    const robotsTxt = 'User-agent: *\nDisallow: /*/private\nDisallow: *.gif$\n';
    expect(allowed(robotsTxt, '/a/b/private')).toBe(false);
    expect(allowed(robotsTxt, '//private')).toBe(false);
    expect(allowed(robotsTxt, '/private')).toBe(true);
    expect(allowed(robotsTxt, '/img/cat.gif')).toBe(false);
    expect(allowed(robotsTxt, '/img/cat.gif?size=2')).toBe(true);
  });

  it('stays fast on patterns full of wildcards', () => {
    const robotsTxt = `User-agent: *\nDisallow: /${'a*'.repeat(2000)}b\n`;
    expect(allowed(robotsTxt, `/${'a'.repeat(5000)}`)).toBe(true);
  });

  it('matches against the path and query but never the fragment', () => {
    const robotsTxt = 'User-agent: *\nDisallow: /*?session=\n';
    expect(allowed(robotsTxt, '/cart?session=1')).toBe(false);
    expect(allowed(robotsTxt, '/cart#?session=1')).toBe(true);
  });

  it('compares paths case-sensitively', () => {
    expect(allowed('User-agent: *\nDisallow: /Private\n', '/private')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /Private\n', '/Private')).toBe(false);
  });

  it('always allows /robots.txt itself', () => {
    expect(allowed('User-agent: *\nDisallow: /\n', '/robots.txt')).toBe(true);
    expect(disallowAll.isAllowed(page('/robots.txt'), BOT)).toBe(true);
  });

  it('accepts a path in place of an absolute URL', () => {
    expect(parseRobotsTxt('User-agent: *\nDisallow: /a\n').isAllowed('/a/b', BOT)).toBe(false);
  });
});

describe('percent-encoding', () => {
  it('decodes escaped unreserved characters in rules and URLs (RFC 9309 Figure 4)', () => {
    expect(allowed('User-agent: *\nDisallow: /foo/%62%61%7A\n', '/foo/baz')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /foo/baz\n', '/foo/%62%61%7a')).toBe(false);
  });

  it('matches non-ASCII rules with their UTF-8 escapes, in either spelling', () => {
    const robotsTxt = 'User-agent: *\nDisallow: /caf\u00e9\n';
    expect(allowed(robotsTxt, '/caf%C3%A9')).toBe(false);
    expect(allowed(robotsTxt, '/caf%c3%a9')).toBe(false);
    expect(allowed(robotsTxt, '/caf\u00e9')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /caf%c3%a9\n', '/caf\u00e9')).toBe(false);
  });

  it('matches a query written with or without escapes of : and /', () => {
    const robotsTxt = 'User-agent: *\nDisallow: /go?to=https://other.example\n';
    expect(allowed(robotsTxt, '/go?to=https://other.example')).toBe(false);
    expect(allowed(robotsTxt, '/go?to=https%3A%2F%2Fother.example')).toBe(false);
  });

  it('keeps an escaped slash in a path distinct from a path separator', () => {
    expect(allowed('User-agent: *\nDisallow: /a/b\n', '/a%2Fb')).toBe(true);
  });

  it('reads %2A and %24 in a rule as a literal * and $, not as wildcard and anchor', () => {
    expect(allowed('User-agent: *\nDisallow: /file-%2A.html\n', '/file-*.html')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /file-%2A.html\n', '/file-x.html')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /price-%24\n', '/price-$')).toBe(false);
  });
});

describe('syntax', () => {
  it('reads directive names case-insensitively and strips comments', () => {
    const robotsTxt = '# whole-line comment\nUSER-AGENT: *   # trailing comment\nDISALLOW: /x#not-part-of-the-path\n';
    expect(allowed(robotsTxt, '/x')).toBe(false);
    expect(allowed(robotsTxt, '/y')).toBe(true);
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('splits lines ended by %s', (_name, eol) => {
    const robotsTxt = ['User-agent: other', 'Allow: /open', 'User-agent: CrawlBot', '', 'Disallow: /'].join(eol);
    expect(allowed(robotsTxt, '/open')).toBe(false);
    expect(allowed(robotsTxt, '/open', 'other')).toBe(true);
  });

  it('splits a file mixing line endings', () => {
    expect(allowed('User-agent: *\r\nAllow: /a\rDisallow: /\n', '/b')).toBe(false);
  });

  it('skips a UTF-8 byte order mark, whole or partial, in bytes or in a string', () => {
    const rules = new TextEncoder().encode('User-agent: *\nDisallow: /\n');
    const withBom = (bom: number[]) => new Uint8Array([...bom, ...rules]);
    expect(allowed(withBom([0xef, 0xbb, 0xbf]), '/a')).toBe(false);
    expect(allowed(withBom([0xef, 0xbb]), '/a')).toBe(false);
    expect(allowed('\ufeffUser-agent: *\nDisallow: /\n', '/a')).toBe(false);
  });

  it('accepts common misspellings and a forgotten colon between exactly two words', () => {
    expect(allowed('useragent: *\ndisallaw: /typo\n', '/typo')).toBe(false);
    expect(allowed('User-agent *\nDisallow /nocolon\n', '/nocolon')).toBe(false);
    expect(allowed('User-agent: *\nDisallow /three words\n', '/three')).toBe(true);
  });

  it('does not treat keys that name Object.prototype members as directives', () => {
    expect(allowed('User-agent: *\nconstructor: /\n__proto__: /\nDisallow: /x\n', '/y')).toBe(true);
  });
});

describe('crawl-delay', () => {
  it('comes from the group the agent obeys, each group keeping its own value', () => {
    const rules = parseRobotsTxt('User-agent: *\nCrawl-delay: 5\n\nUser-agent: CrawlBot\nCrawl-delay: 0.5\n');
    expect(rules.crawlDelaySeconds(BOT)).toBe(0.5);
    expect(rules.crawlDelaySeconds('OtherBot')).toBe(5);
  });

  it('is undefined when absent or not a number', () => {
    expect(parseRobotsTxt('User-agent: *\nCrawl-delay: soon\n').crawlDelaySeconds(BOT)).toBeUndefined();
    expect(parseRobotsTxt('User-agent: *\nDisallow: /\n').crawlDelaySeconds(BOT)).toBeUndefined();
  });
});

describe('sitemaps', () => {
  it('lists Sitemap lines from anywhere in the file, once each, without comments', () => {
    const rules = parseRobotsTxt(
      [
        'Sitemap: https://example.com/a.xml',
        'User-agent: *',
        'Disallow: /x',
        'sitemap: https://example.com/b.xml # news',
        'Site-map: https://example.com/a.xml',
      ].join('\n'),
    );
    expect(rules.sitemaps).toEqual(['https://example.com/a.xml', 'https://example.com/b.xml']);
  });

  it('is empty for the fallback rule sets', () => {
    expect(allowAll.sitemaps).toEqual([]);
    expect(disallowAll.sitemaps).toEqual([]);
  });
});

describe('size cap', () => {
  const padding = (bytes: number) => `# ${'x'.repeat(bytes - 3)}\n`;

  it('parses rules within the first 500 KiB', () => {
    const robotsTxt = `User-agent: *\n${padding(ROBOTS_MAX_PARSE_BYTES - 100)}Disallow: /inside\n`;
    expect(allowed(robotsTxt, '/inside')).toBe(false);
  });

  it('ignores everything after 500 KiB', () => {
    const robotsTxt = `User-agent: *\n${padding(ROBOTS_MAX_PARSE_BYTES)}Disallow: /beyond\n`;
    expect(allowed(robotsTxt, '/beyond')).toBe(true);
  });

  it('drops a rule cut by the cap rather than reading a shorter pattern', () => {
    const prefix = `User-agent: *\n${padding(ROBOTS_MAX_PARSE_BYTES - 30)}`;
    const robotsTxt = `${prefix}Disallow: /p${'q'.repeat(100)}\n`;
    expect(new TextEncoder().encode(prefix).length).toBeLessThan(ROBOTS_MAX_PARSE_BYTES);
    expect(allowed(robotsTxt, '/p')).toBe(true);
  });
});

describe('robotsPolicyFromFetch', () => {
  const body = new TextEncoder().encode('User-agent: *\nDisallow: /private\n');

  it('parses a 2xx body', () => {
    const rules = robotsPolicyFromFetch({ status: 200, body });
    expect(rules.isAllowed(page('/private'), BOT)).toBe(false);
    expect(rules.isAllowed(page('/public'), BOT)).toBe(true);
  });

  it.each([400, 401, 403, 404, 410])('allows everything after %i', (status) => {
    expect(robotsPolicyFromFetch({ status, body })).toBe(allowAll);
  });

  it.each([429, 500, 502, 503])('disallows everything after %i', (status) => {
    expect(robotsPolicyFromFetch({ status, body })).toBe(disallowAll);
  });

  it('disallows everything when the server could not be reached', () => {
    expect(robotsPolicyFromFetch({ unreachable: true, reason: 'connect_failed' })).toBe(disallowAll);
  });

  it('gives the fallback sets their meaning', () => {
    expect(allowAll.isAllowed(page('/anything'), BOT)).toBe(true);
    expect(disallowAll.isAllowed(page('/'), BOT)).toBe(false);
    expect(disallowAll.isAllowed(page('/anything'), BOT)).toBe(false);
  });
});

describe('fetchRobotsTxt', () => {
  function fakeFetch(answer: (url: string) => { status: number; body: string } | Error) {
    const calls: { url: string; options: FetchDocumentOptions | undefined }[] = [];
    const fetchDocument: FetchDocument = async (url, options) => {
      calls.push({ url, options });
      const result = answer(url);
      if (result instanceof Error) throw result;
      return {
        requestedUrl: url,
        finalUrl: url,
        status: result.status,
        mediaType: 'text/plain',
        headers: {},
        body: new TextEncoder().encode(result.body),
      };
    };
    return { fetchDocument, calls };
  }

  const loadRobots = async (fetchDocument: FetchDocument) => robotsPolicyFromFetch(await fetchRobotsTxt('https://example.com', fetchDocument));

  it('fetches /robots.txt of the origin with a cap no smaller than the parse cap', async () => {
    const { fetchDocument, calls } = fakeFetch(() => ({ status: 200, body: 'User-agent: *\nDisallow: /x\n' }));
    const rules = await loadRobots(fetchDocument);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://example.com/robots.txt');
    expect(calls[0]?.options?.maxBytes).toBeGreaterThanOrEqual(ROBOTS_MAX_PARSE_BYTES);
    expect(rules.isAllowed(page('/x'), BOT)).toBe(false);
  });

  it('applies the status policy, and a host that answers 5xx is not unreachable', async () => {
    expect(await loadRobots(fakeFetch(() => ({ status: 404, body: '' })).fetchDocument)).toBe(allowAll);
    const serverError = await fetchRobotsTxt('https://example.com', fakeFetch(() => ({ status: 503, body: '' })).fetchDocument);
    expect(robotsPolicyFromFetch(serverError)).toBe(disallowAll);
    expect(hostUnreachableReason(serverError)).toBeUndefined();
  });

  it.each([
    new FetchError('dns_failure', 'no such host', false),
    new FetchError('connect_failed', 'connection refused', true),
    new FetchError('connection_reset', 'other side closed', true),
    new FetchError('tls_failure', 'certificate signature failure', false),
    new FetchError('timeout', 'timed out', true),
    new FetchError('blocked_address', 'resolves to 10.0.0.1', false),
  ])('names a host that gives no answer ($reason) unreachable, and disallows everything', async (error) => {
    const result = await fetchRobotsTxt('https://example.com', fakeFetch(() => error).fetchDocument);
    expect(hostUnreachableReason(result)).toBe(error.reason);
    expect(robotsPolicyFromFetch(result)).toBe(disallowAll);
  });

  it.each([new FetchError('too_large', 'over the cap', false), new FetchError('too_many_redirects', 'loop', false)])(
    'disallows everything when the host answered but robots.txt could not be read ($reason)',
    async (error) => {
      const result = await fetchRobotsTxt('https://example.com', fakeFetch(() => error).fetchDocument);
      expect(hostUnreachableReason(result)).toBeUndefined();
      expect(robotsPolicyFromFetch(result)).toBe(disallowAll);
    },
  );

  it('lets errors that are not fetch failures through', async () => {
    const bug = new TypeError('bug');
    await expect(loadRobots(fakeFetch(() => bug).fetchDocument)).rejects.toBe(bug);
  });
});

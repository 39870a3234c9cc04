/**
 * Replays sitemap_cases.json (see the corpus SOURCES.md, section 2) through the sitemap code and
 * prints, per group, how many cases give the expected URLs. Usage:
 * `npm run eval:sitemaps -- <corpus dir>`; exits 1 when a case differs for a reason not listed below.
 *
 * - usp_fixture_cases: `collectSitemapUrls` against a fake FetchDocument serving the case's `files`
 *   (anything else is a 404); robots.txt is read from the same files. Compared with usp's pages in
 *   order, duplicates included. `sitemap_body` cases go through `parseSitemap` alone.
 * - crawler_commons_parse_cases and sitemaps_org_examples: `parseSitemap` on one document.
 * - crawler_commons_location_scope: the site rule we apply against the sitemaps.org path rule.
 * The preview's own filters (https only, same site) are left out on purpose: the fixtures are http.
 *
 * The single-document groups are then run again through the same reader with fast-xml-parser in
 * place of the htmlparser2 SAX pass (bench/fast-xml-parser-sitemap.ts), for comparison only: those
 * lines do not decide the exit code. `npm run bench -- sitemap` measures the speed of both.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { fastXmlParserSitemap } from '../bench/fast-xml-parser-sitemap.js';
import { FetchError, type FetchDocument, type FetchedDocument } from '../lambdas/core/fetch-types.js';
import { parseRobotsTxt } from '../lambdas/core/robots.js';
import { collectSitemapUrls, parseSitemap, type ParsedSitemap } from '../lambdas/core/sitemap.js';
import { isSameSite, normalizeUrl } from '../lambdas/core/urls.js';

const fileSchema = z.object({
  status: z.number(),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.string().optional(),
  body_base64: z.string().optional(),
});
type MockedFile = z.infer<typeof fileSchema>;

const uspCaseSchema = z.object({
  name: z.string(),
  input: z.object({
    kind: z.enum(['homepage', 'sitemap_body']),
    homepage_url: z.string().optional(),
    body: z.string().optional(),
    library_options: z.record(z.string(), z.unknown()).optional(),
  }),
  files: z.record(z.string(), fileSchema).optional(),
  /** usp's all_pages(): every page in document order, duplicates across sitemaps kept. */
  expected_urls: z.array(z.string()),
  note: z.string(),
});

const ccCaseSchema = z.object({
  name: z.string(),
  sitemap_url: z.string(),
  body: z.string().optional(),
  body_base64: z.string().optional(),
  expected: z.looseObject({
    kind: z.string(),
    urls: z.array(z.string()).optional(),
    sitemaps: z.array(z.string()).optional(),
    urls_lenient_invalid: z.array(z.string()).optional(),
    lenient_urls_invalid: z.array(z.string()).optional(),
    url_count: z.number().optional(),
    sitemap_count: z.number().optional(),
    must_contain: z.array(z.string()).optional(),
    crawler_commons_doctype_allowed: z.array(z.string()).optional(),
  }),
});

const scopeCaseSchema = z.object({ sitemap_url: z.string(), url: z.string(), in_scope: z.boolean() });

const orgExampleSchema = z.object({
  sitemap_url: z.string(),
  body: z.string(),
  expected_urls: z.array(z.string()).optional(),
  expected_sitemaps: z.array(z.string()).optional(),
});

const corpusSchema = z.object({
  usp_fixture_cases: z.array(uspCaseSchema),
  crawler_commons_parse_cases: z.array(ccCaseSchema),
  crawler_commons_location_scope: z.array(scopeCaseSchema),
  sitemaps_org_examples: z.record(z.string(), z.unknown()),
});

type CcCase = z.infer<typeof ccCaseSchema>;

/**
 * Cases whose expectation rests on the other library's own choices. A case listed here that gives
 * the expected URLs anyway is simply counted as a match.
 */
const DOCUMENTED_DIFFERENCES: Record<string, string> = {
  'usp/test_filter_callback': 'usp library option (recurse callback); the service has no such option',
  'usp/test_filter_list_callback': 'usp library option (recurse list callback); the service has no such option',
  'usp/test_sitemap_tree_for_homepage_prematurely_ending_xml':
    'truncation leniency: we keep a <url> whose </loc> was complete before the cut; usp drops the unfinished entry',
  'crawler-commons/testSitemapParserBrokenXml':
    'leniency: we read the one complete <loc> of this malformed urlset; crawler-commons rejects the document',
  'crawler-commons/testPartialSitemapsAllowed':
    'truncation leniency: the document ends inside </loc>, so we drop that URL rather than guess it is complete',
};

interface Group {
  name: string;
  total: number;
  matched: number;
  documented: string[];
  unexpected: string[];
}

function group(name: string): Group {
  return { name, total: 0, matched: 0, documented: [], unexpected: [] };
}

function record(
  target: Group,
  caseName: string,
  difference: string | undefined,
  documented: string | undefined = DOCUMENTED_DIFFERENCES[caseName],
): void {
  target.total += 1;
  if (difference === undefined) {
    target.matched += 1;
    return;
  }
  if (documented) target.documented.push(`${caseName}: ${documented} (${difference})`);
  else target.unexpected.push(`${caseName}: ${difference}`);
}

/** Undefined when equal in order, duplicates included; otherwise what is missing, extra or reordered. */
function compareUrls(actual: string[], expected: string[]): string | undefined {
  const got = actual.map((url) => normalizeUrl(url));
  const want = expected.map((url) => normalizeUrl(url));
  if (got.length === want.length && got.every((url, i) => url === want[i])) return undefined;
  const missing = want.filter((url) => !got.includes(url));
  const extra = got.filter((url) => !want.includes(url));
  if (missing.length === 0 && extra.length === 0) return `same URLs in another order or count (${got.length} for ${want.length})`;
  const parts = [`got ${got.length}, expected ${want.length}`];
  if (missing.length > 0) parts.push(`missing ${sample(missing)}`);
  if (extra.length > 0) parts.push(`extra ${sample(extra)}`);
  return parts.join('; ');
}

function sample(urls: string[]): string {
  return urls.length <= 2 ? urls.join(', ') : `${urls.slice(0, 2).join(', ')} and ${urls.length - 2} more`;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Serves the case's mocked responses as the real fetcher would: redirects, transport gzip, caps. */
function fakeFetchDocument(files: Record<string, MockedFile>): FetchDocument {
  const byUrl = new Map(Object.entries(files).map(([url, file]) => [normalizeUrl(url), file]));
  return async (requestedUrl, options) => {
    let current = new URL(requestedUrl);
    for (let hop = 0; hop <= 5; hop += 1) {
      const file = byUrl.get(normalizeUrl(current));
      const headers = Object.fromEntries(Object.entries(file?.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      const location = headers.location;
      if (file && REDIRECT_STATUSES.has(file.status) && location) {
        const next = new URL(location, current);
        const refusal = options?.allowRedirect?.(current, next);
        if (refusal) throw new FetchError('redirect_refused', refusal, false);
        current = next;
        continue;
      }
      return served(requestedUrl, current, file, headers, options?.maxBytes);
    }
    throw new FetchError('too_many_redirects', `more than 5 redirects from ${requestedUrl}`, false);
  };
}

function served(
  requestedUrl: string,
  finalUrl: URL,
  file: MockedFile | undefined,
  headers: Record<string, string>,
  maxBytes: number | undefined,
): FetchedDocument {
  if (!file) {
    const body = new TextEncoder().encode('<h1>404 Not Found!</h1>');
    return { requestedUrl, finalUrl: finalUrl.href, status: 404, mediaType: 'text/html', headers: {}, body };
  }
  let body: Uint8Array = file.body_base64 ? Buffer.from(file.body_base64, 'base64') : new TextEncoder().encode(file.body ?? '');
  if (headers['content-encoding'] === 'gzip') body = gunzipSync(body);
  const mediaType = headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;
  return { requestedUrl, finalUrl: finalUrl.href, status: file.status, mediaType, headers, body: body.subarray(0, maxBytes) };
}

async function evaluateUspCase(testCase: z.infer<typeof uspCaseSchema>): Promise<string | undefined> {
  const { input } = testCase;
  if (input.kind === 'sitemap_body') {
    const parsed = parseSitemap(new TextEncoder().encode(input.body ?? ''), 'http://test_ultimate-sitemap-parser.com/sitemap.xml');
    // An index read from a string cannot be followed, so it lists no pages.
    return compareUrls(parsed.kind === 'index' ? [] : parsed.urls, testCase.expected_urls);
  }
  const homepage = input.homepage_url ?? '';
  const fetchDocument = fakeFetchDocument(testCase.files ?? {});
  const robots = await fetchDocument(new URL('/robots.txt', homepage).href);
  const robotsSitemaps = robots.status === 200 ? [...parseRobotsTxt(robots.body).sitemaps] : [];
  const collected = await collectSitemapUrls({ seedUrl: homepage, robotsSitemaps, fetchDocument, deadline: Date.now() + 10_000 });
  return compareUrls(collected.urls, testCase.expected_urls);
}

function ccBody(testCase: CcCase): Uint8Array {
  return testCase.body_base64 ? Buffer.from(testCase.body_base64, 'base64') : new TextEncoder().encode(testCase.body ?? '');
}

const CC_KINDS: Record<string, ParsedSitemap['kind']> = {
  sitemapindex: 'index',
  sitemapindex_partial: 'index',
  urlset: 'urlset',
  urlset_partial: 'urlset',
  text: 'text',
  rss: 'rss',
  'rss1.0': 'rss',
  atom: 'atom',
  error: 'invalid',
};

type ParseDocument = (body: Uint8Array, sourceUrl: string) => ParsedSitemap & { threw?: string };

function evaluateCcCase(testCase: CcCase, parse: ParseDocument = parseSitemap): string | undefined {
  const parsed = parse(ccBody(testCase), testCase.sitemap_url);
  const difference = ccDifference(testCase, parsed);
  return difference && parsed.threw ? `${difference}: the parser threw "${parsed.threw.slice(0, 80)}"` : difference;
}

function ccDifference(testCase: CcCase, parsed: ParsedSitemap): string | undefined {
  const { expected } = testCase;
  if (expected.kind === 'error_or_safe_subset') {
    const allowed = expected.crawler_commons_doctype_allowed ?? [];
    const leaked = parsed.urls.filter((url) => !allowed.includes(url));
    return leaked.length === 0 ? undefined : `returned URLs outside the safe subset: ${sample(leaked)}`;
  }
  const wantKind = CC_KINDS[expected.kind];
  if (wantKind !== parsed.kind) return `kind ${parsed.kind}, expected ${wantKind ?? expected.kind}`;
  const wantUrls = expected.urls ?? expected.sitemaps ?? expected.urls_lenient_invalid ?? expected.lenient_urls_invalid;
  if (wantUrls) return compareUrls(parsed.urls, wantUrls);
  const wantCount = expected.url_count ?? expected.sitemap_count;
  if (wantCount !== undefined && parsed.urls.length !== wantCount) return `got ${parsed.urls.length} URLs, expected ${wantCount}`;
  const missing = (expected.must_contain ?? []).filter((url) => !parsed.urls.includes(url));
  return missing.length === 0 ? undefined : `missing ${sample(missing)}`;
}

function evaluateOrgExample(example: z.infer<typeof orgExampleSchema>, parse: ParseDocument = parseSitemap): string | undefined {
  const parsed = parse(new TextEncoder().encode(example.body), example.sitemap_url);
  return compareUrls(parsed.urls, example.expected_urls ?? example.expected_sitemaps ?? []);
}

function report(groups: Group[]): number {
  let unexpected = 0;
  for (const { name, total, matched, documented, unexpected: surprises } of groups) {
    console.log(`${name}: ${matched}/${total} give the expected URLs` + (documented.length ? `, ${documented.length} documented differences` : '') + (surprises.length ? `, ${surprises.length} UNEXPECTED` : ''));
    for (const line of documented) console.log(`  documented  ${line}`);
    for (const line of surprises) console.log(`  UNEXPECTED  ${line}`);
    unexpected += surprises.length;
  }
  return unexpected;
}

async function main(): Promise<void> {
  const corpusDir = process.argv[2];
  if (!corpusDir) throw new Error('usage: npm run eval:sitemaps -- <corpus dir>');
  const corpus = corpusSchema.parse(JSON.parse(await readFile(join(corpusDir, 'sitemap_cases.json'), 'utf8')));

  const usp = group('usp_fixture_cases (collectSitemapUrls / parseSitemap)');
  for (const testCase of corpus.usp_fixture_cases) record(usp, testCase.name, await evaluateUspCase(testCase));

  const cc = group('crawler_commons_parse_cases (parseSitemap)');
  for (const testCase of corpus.crawler_commons_parse_cases) record(cc, testCase.name, evaluateCcCase(testCase));

  const org = group('sitemaps_org_examples (parseSitemap)');
  for (const [name, value] of Object.entries(corpus.sitemaps_org_examples)) {
    const example = orgExampleSchema.safeParse(value);
    if (example.success) record(org, `sitemaps.org/${name}`, evaluateOrgExample(example.data));
  }

  // We scope by site (CONTRACT 2), not by the sitemap's directory and scheme (sitemaps.org).
  const scope = group('crawler_commons_location_scope (site rule vs path rule)');
  const siteRule = 'we keep any URL of the same site; sitemaps.org limits a sitemap to its directory and scheme';
  for (const [index, scopeCase] of corpus.crawler_commons_location_scope.entries()) {
    const kept = isSameSite(scopeCase.url, scopeCase.sitemap_url);
    const difference = kept === scopeCase.in_scope ? undefined : `${scopeCase.url} ${kept ? 'kept' : 'dropped'} for ${scopeCase.sitemap_url}`;
    record(scope, `location_scope#${index + 1}`, difference, siteRule);
  }

  process.exitCode = report([usp, cc, org, scope]) > 0 ? 1 : 0;

  console.log('\nFor comparison, the same documents read with fast-xml-parser (not part of the verdict):');
  const differences = corpus.crawler_commons_parse_cases.flatMap((testCase) => {
    const difference = evaluateCcCase(testCase, fastXmlParserSitemap);
    return difference ? [`${testCase.name}: ${difference}`] : [];
  });
  const total = corpus.crawler_commons_parse_cases.length;
  console.log(`crawler_commons_parse_cases (fast-xml-parser): ${total - differences.length}/${total} give the expected URLs`);
  for (const line of differences) console.log(`  differs  ${line}`);
}

await main();

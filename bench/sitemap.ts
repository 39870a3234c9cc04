/**
 * Sitemap parsing: `parseSitemap` (htmlparser2's SAX pass) next to the same reader with
 * fast-xml-parser building a tree, on a generated 50,000-URL urlset (the sitemaps.org maximum),
 * interleaved round by round so machine load hits both alike; then what each gives on the
 * repository's hostile and truncated fixtures. The corpus cases are compared by `eval:sitemaps`.
 */
import { XMLParser } from 'fast-xml-parser';
import { Parser } from 'htmlparser2';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSitemap, type ParsedSitemap } from '../lambdas/core/sitemap.js';
import { PROJECT_ROOT } from '../local/template.js';
import { fastXmlParserSitemap } from './fast-xml-parser-sitemap.js';

const URLS = 50_000;

function generatedUrlset(): Uint8Array {
  const entries = Array.from(
    { length: URLS },
    (_, i) => `  <url>\n    <loc>https://www.example.com/catalog/section-${i % 97}/item-${i}?ref=sitemap&amp;v=${i % 7}</loc>\n    <lastmod>2026-11-${String((i % 28) + 1).padStart(2, '0')}</lastmod>\n    <changefreq>weekly</changefreq>\n    <priority>0.${i % 10}</priority>\n  </url>\n`,
  );
  return new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</urlset>\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function run(): Promise<void> {
  const body = generatedUrlset();
  const text = new TextDecoder().decode(body);
  const mebibytes = body.byteLength / 2 ** 20;
  const rounds = Number.parseInt(process.env.BENCH_ROUNDS ?? '', 10) || 5;
  console.log(`urlset of ${URLS} URLs, ${mebibytes.toFixed(1)} MiB; median of ${rounds} rounds after a warm-up, Node ${process.version}\n`);

  const methods: Array<{ name: string; parse: () => number }> = [
    { name: 'parseSitemap (htmlparser2 SAX, the service)', parse: () => parseSitemap(body, 'https://www.example.com/sitemap.xml').urls.length },
    { name: 'same reader, fast-xml-parser tree', parse: () => fastXmlParserSitemap(body, 'https://www.example.com/sitemap.xml').urls.length },
    {
      name: 'htmlparser2 alone (XML mode, no handlers)',
      parse: () => {
        const parser = new Parser({}, { xmlMode: true });
        parser.write(text);
        parser.end();
        return URLS;
      },
    },
    { name: 'fast-xml-parser alone (parse to a tree)', parse: () => (new XMLParser().parse(text) ? URLS : 0) },
  ];
  const seconds = new Map(methods.map((method) => [method.name, [] as number[]]));
  for (let round = 0; round <= rounds; round++) {
    for (const method of methods) {
      const started = performance.now();
      const count = method.parse();
      const elapsed = (performance.now() - started) / 1000;
      if (count !== URLS) throw new Error(`${method.name} read ${count} URLs, not ${URLS}`);
      if (round > 0) seconds.get(method.name)?.push(elapsed);
    }
  }
  console.log('| parser | MiB/s | ms per 50,000 URLs |\n|---|---|---|');
  for (const method of methods) {
    const time = median(seconds.get(method.name) ?? []);
    console.log(`| ${method.name} | ${(mebibytes / time).toFixed(1)} | ${(time * 1000).toFixed(0)} |`);
  }

  console.log('\n| fixture | parseSitemap | fast-xml-parser reader |\n|---|---|---|');
  const cut = text.slice(0, Math.floor(text.length * 0.6));
  const fixtures: Array<[string, Uint8Array]> = [
    ...['urlset.xml', 'index.xml', 'rss.xml', 'atom.xml', 'billion-laughs.xml', 'external-entity.xml'].map(
      (name): [string, Uint8Array] => [name, readFileSync(join(PROJECT_ROOT, 'test/fixtures/sitemaps', name))],
    ),
    ['the urlset above cut at 60 % (a body stopped by the size cap)', new TextEncoder().encode(cut)],
  ];
  for (const [name, fixture] of fixtures) {
    const ours = parseSitemap(fixture, 'https://example.com/sitemap.xml');
    const theirs = fastXmlParserSitemap(fixture, 'https://example.com/sitemap.xml');
    console.log(`| ${name} | ${describe(ours)} | ${describe(theirs)} |`);
  }
}

function describe(result: ParsedSitemap & { threw?: string }): string {
  if (result.threw) return `throws: ${result.threw.slice(0, 80)}`;
  const longest = Math.max(0, ...result.urls.map((url) => url.length));
  return `${result.kind}, ${result.urls.length} URL(s)${longest > 200 ? ` (one URL of ${longest} characters)` : ''}`;
}

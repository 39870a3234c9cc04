/**
 * Scores our robots.txt matcher, and robots-parser for comparison, on the held-out corpora:
 * `npm run eval:robots -- <corpus dir>`. Exits non-zero when our matcher fails a case that is not
 * marked google_specific (those record Google's own leniencies, not RFC 9309).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type robotsParserModule from 'robots-parser';
import { parseRobotsTxt } from '../lambdas/core/robots.js';

// robots-parser's typings declare an ES default export, but under NodeNext its CommonJS
// `module.exports` is the function itself, so load it as CommonJS.
const robotsParser = createRequire(import.meta.url)('robots-parser') as typeof robotsParserModule.default;

interface MatchCase {
  name: string;
  robotstxt: string;
  useragent: string;
  url: string;
  allowed: boolean;
  google_specific?: boolean;
  note?: string;
}

/** An implementation's answer; `undefined` when it gives none (robots-parser on an empty URL). */
type Matcher = (robotsTxt: string, url: string, userAgent: string) => boolean | undefined;

const matchers: Record<string, Matcher> = {
  ours: (robotsTxt, url, userAgent) => parseRobotsTxt(robotsTxt).isAllowed(url, userAgent),
  'robots-parser': (robotsTxt, url, userAgent) => {
    let robotsUrl: string;
    try {
      robotsUrl = new URL('/robots.txt', url).href;
    } catch {
      return undefined;
    }
    return robotsParser(robotsUrl, robotsTxt).isAllowed(url, userAgent);
  },
};

interface ParseCases {
  line_endings: { name: string; robotstxt: string }[];
  sitemap_extraction: { name: string; robotstxt: string; expected_sitemaps: string[]; google_specific?: boolean }[];
  google_typo_tolerance_derived: { cases: Omit<MatchCase, 'name'>[] };
}

function main(): void {
  const corpusDir = process.argv[2];
  if (!corpusDir) {
    console.error('usage: npm run eval:robots -- <corpus directory>');
    process.exit(2);
  }
  const read = (file: string): unknown => JSON.parse(readFileSync(join(corpusDir, file), 'utf8'));
  const googleCases = read('robots_cases.json') as MatchCase[];
  const rfcCases = (read('rfc9309_cases.json') as { cases: MatchCase[] }).cases;
  const parseCases = read('robots_parse_cases.json') as ParseCases;

  const sets: [string, MatchCase[]][] = [
    ['robots_cases.json', googleCases],
    ['rfc9309_cases.json', rfcCases],
    ['robots_parse_cases.json (derived matching cases)', derivedMatchCases(parseCases)],
  ];

  let oursFailedStrict = 0;
  for (const [file, cases] of sets) {
    console.log(`\n== ${file}: ${cases.length} cases`);
    for (const [implementation, matcher] of Object.entries(matchers)) {
      const failures = cases.filter((c) => matcher(c.robotstxt, c.url, c.useragent) !== c.allowed);
      console.log(`  ${implementation.padEnd(14)} ${summary(cases, failures)}`);
      if (implementation === 'ours') oursFailedStrict += failures.filter((c) => !c.google_specific).length;
      for (const c of failures) {
        const got = matcher(c.robotstxt, c.url, c.useragent);
        const tag = c.google_specific ? 'google_specific' : 'STRICT';
        console.log(`    FAIL [${tag}] ${c.name}: expected ${c.allowed}, got ${got}`);
      }
    }
  }

  console.log(`\n== robots_parse_cases.json sitemap_extraction`);
  for (const c of parseCases.sitemap_extraction) {
    const got = [...parseRobotsTxt(c.robotstxt).sitemaps];
    const pass = JSON.stringify(got) === JSON.stringify(c.expected_sitemaps);
    if (!pass && !c.google_specific) oursFailedStrict += 1;
    console.log(`  ours ${pass ? 'pass' : 'FAIL'} ${c.name}${pass ? '' : `: got ${JSON.stringify(got)}`}`);
  }

  console.log(oursFailedStrict === 0 ? '\nours: every strict case passes' : `\nours: ${oursFailedStrict} strict case(s) fail`);
  process.exitCode = oursFailedStrict === 0 ? 0 : 1;
}

function summary(cases: MatchCase[], failures: MatchCase[]): string {
  const count = (list: MatchCase[], googleSpecific: boolean) =>
    list.filter((c) => Boolean(c.google_specific) === googleSpecific).length;
  const part = (googleSpecific: boolean) => {
    const total = count(cases, googleSpecific);
    return `${total - count(failures, googleSpecific)}/${total}`;
  };
  return `${cases.length - failures.length}/${cases.length} pass (strict ${part(false)}, google_specific ${part(true)})`;
}

/**
 * Turns parser-level expectations into matching cases. Line endings: four valid directives mean the
 * final `Disallow: /` belongs to the `foo`/`bar` group, whatever ends the lines. The typo cases are
 * Google's observed output, so they count as google_specific.
 */
function derivedMatchCases(parseCases: ParseCases): MatchCase[] {
  const lineEndingCases = parseCases.line_endings.flatMap((c): MatchCase[] => [
    { name: `${c.name} bar`, robotstxt: c.robotstxt, useragent: 'bar', url: 'https://e/x', allowed: false },
    { name: `${c.name} foo`, robotstxt: c.robotstxt, useragent: 'foo', url: 'https://e/some/path', allowed: true },
  ]);
  const typoCases = parseCases.google_typo_tolerance_derived.cases.map(
    (c, i): MatchCase => ({ ...c, name: `google_typo_tolerance_derived#${i + 1}`, google_specific: true }),
  );
  return [...lineEndingCases, ...typoCases];
}

main();

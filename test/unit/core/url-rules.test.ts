import { describe, expect, it } from 'vitest';
import { bothFilters, urlRegexProblem, urlRulesFilter } from '../../../lambdas/core/url-rules.js';
import { pathFilter } from '../../../lambdas/core/path-filter.js';

const wants = (rules: Parameters<typeof urlRulesFilter>[0], url: string) => urlRulesFilter(rules)?.wants(url) ?? true;

describe('Firecrawl URL rules', () => {
  it('searches the path for the regular expressions, unanchored, as Firecrawl does', () => {
    expect(wants({ include_regex: ['blog'] }, 'https://example.com/en/blog/post')).toBe(true);
    expect(wants({ include_regex: ['^/blog/'] }, 'https://example.com/en/blog/post')).toBe(false);
    expect(wants({ include_regex: ['^/blog/'] }, 'https://example.com/blog/post?page=2')).toBe(true);
    expect(wants({ include_regex: ['^/blog/'], exclude_regex: ['/drafts/'] }, 'https://example.com/blog/drafts/x')).toBe(false);
    // the query is not part of the path
    expect(wants({ exclude_regex: ['page='] }, 'https://example.com/blog?page=2')).toBe(true);
  });

  it('matches the whole URL with regexOnFullURL', () => {
    expect(wants({ exclude_regex: ['page='], regex_on_full_url: true }, 'https://example.com/blog?page=2')).toBe(false);
    expect(wants({ include_regex: ['^https://example\\.com/docs'], regex_on_full_url: true }, 'https://example.com/docs/a')).toBe(true);
  });

  it('keeps a crawl under the seed path without crawlEntireDomain (a child path, not a sibling)', () => {
    expect(wants({ under_path: '/docs/' }, 'https://example.com/docs/a')).toBe(true);
    expect(wants({ under_path: '/docs/' }, 'https://example.com/blog/a')).toBe(false);
    expect(wants({ under_path: '/docs/intro' }, 'https://example.com/docs/other')).toBe(false);
    // from the root every path is under the seed's: no filter at all
    expect(urlRulesFilter({ under_path: '/' })).toBeUndefined();
  });

  it('refuses what RE2 does not run (backreferences, lookaround) and overlong patterns, naming why', () => {
    expect(urlRegexProblem('^/blog/(\\d+)$')).toBeUndefined();
    expect(urlRegexProblem('(a)\\1')).toMatch(/RE2 syntax: no backreferences or lookaround/);
    expect(urlRegexProblem('(?<=a)b')).toMatch(/RE2 syntax/);
    expect(urlRegexProblem('a'.repeat(513))).toMatch(/at most 512 characters/);
  });

  it('runs a pattern that makes a backtracking engine take exponential time, in linear time', () => {
    // (a+)+$ on "aaa…ab" takes a backtracking engine 2^n steps; RE2 reads the input once
    const path = `/${'a'.repeat(50_000)}b`;
    expect(wants({ include_regex: ['(a+)+$'] }, `https://example.com${path}`)).toBe(false);
    expect(urlRulesFilter({ include_regex: ['(a+)+$'] })?.workFor(`https://example.com${path}`)).toBeGreaterThan(path.length);
  });

  it('combines with the glob path filters: a URL must pass both', () => {
    const combined = bothFilters(pathFilter({ include_paths: ['/docs/**'] }), urlRulesFilter({ exclude_regex: ['old'] }));
    expect(combined?.wants('https://example.com/docs/new')).toBe(true);
    expect(combined?.wants('https://example.com/docs/old')).toBe(false);
    expect(combined?.wants('https://example.com/blog/new')).toBe(false);
    expect(bothFilters(undefined, undefined)).toBeUndefined();
  });
});

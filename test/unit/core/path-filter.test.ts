import { describe, expect, it } from 'vitest';
import { compilePathPattern, matchesPath, pathFilter, pathPatternProblem } from '../../../lambdas/core/path-filter.js';
import { seededRandom } from '../../helpers/seeded-random.js';

const matches = (pattern: string, path: string) => matchesPath(compilePathPattern(pattern), path);

describe('path globs', () => {
  it.each([
    ['/docs', '/docs', true],
    ['/docs', '/docs/', false],
    ['/docs', '/docs/intro', false],
    ['/docs/*', '/docs/', true],
    ['/docs/*', '/docs/intro', true],
    ['/docs/*', '/docs/a/b', false],
    ['/docs/**', '/docs/', true],
    ['/docs/**', '/docs/a/b/c', true],
    ['/docs/**', '/docs', false],
    ['/docs/**', '/documents/a', false],
    ['/docs**', '/docs', true],
    ['/docs**', '/docs-v2/a', true],
    ['/docs/**/*.html', '/docs/a/b.html', true],
    ['/docs/**/*.html', '/docs/b.html', false],
    // literal rule: both slashes must be there; `/**.html` is "any .html at any depth"
    ['/**/*.html', '/a.html', false],
    ['/**.html', '/a.html', true],
    ['/**.html', '/a/b/c.html', true],
    ['/blog?', '/blogs', true],
    ['/blog?', '/blog', false],
    ['/blog?', '/blog/', false],
    ['/a?c', '/a/c', false],
    ['/Docs/**', '/docs/a', false],
    ['/café/**', '/café/menu', true],
    ['/caf%C3%A9/**', '/café/menu', true],
    ['/a.b', '/axb', false],
    ['/(x)+[y]', '/(x)+[y]', true],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected);
  });

  it('answers patterns that make regular expressions backtrack (their cost: npm run bench -- path-filter)', () => {
    const hostile = `/${'**a'.repeat(84)}**b`;
    expect(matches(hostile, `/${'a'.repeat(1900)}`)).toBe(false);
    expect(matches(hostile, `/${'a'.repeat(1900)}b`)).toBe(true);
    expect(matches(`/${'*a'.repeat(120)}*b`, `/${'a'.repeat(1900)}`)).toBe(false);
    expect(matches(`/${'?'.repeat(40)}**${'a?'.repeat(60)}`, `/${'a'.repeat(1900)}`)).toBe(true);
    // the longest pattern as one piece: 256 tokens, 257 states in 9 words
    expect(matches(`/${'?'.repeat(255)}`, `/${'a'.repeat(255)}`)).toBe(true);
    expect(matches(`/${'?'.repeat(255)}`, `/${'a'.repeat(254)}`)).toBe(false);
    expect(matches(`/${'?'.repeat(254)}*`, `/${'a'.repeat(300)}`)).toBe(true);
  });

  it('takes `?` as one character, outside the Basic Multilingual Plane too', () => {
    expect(matches('/?', '/😀')).toBe(true);
    expect(matches('/??', '/😀')).toBe(false);
    expect(matches('/*😀*', '/a😀b')).toBe(true);
    expect(matches('/**😀', '/x/😀')).toBe(true);
  });

  it.each([
    ['short patterns and paths', { seed: 0x9a7f, cases: 20_000, tokens: ['a', 'b', '/', 'é', '😀', '*', '**', '?'], maxTokens: 12 }],
    // Pieces between `**` longer than 31 tokens step state sets of several words.
    ['long patterns and paths', { seed: 0x51ed, cases: 3_000, tokens: ['a', 'a', 'b', '?', '?', '*', '/', '😀', 'é', 'a', 'b', '?', '**'], maxTokens: 120 }],
  ])('agrees with a plain backtracking matcher on random %s', (_name, { seed, cases, tokens, maxTokens }) => {
    const random = seededRandom(seed);
    const chars = ['a', 'b', '/', 'é', '😀'];
    const notSlash = chars.filter((char) => char !== '/');
    const run = (from: readonly string[]) => Array.from({ length: random.int(4) }, () => random.pick(from)).join('');
    let matched = 0;
    for (let compared = 0; compared < cases; ) {
      const drawn = Array.from({ length: random.int(maxTokens) }, () => random.pick(tokens));
      const pattern = `/${drawn.join('')}`;
      if (pathPatternProblem(pattern)) continue;
      // A path the pattern describes (read as drawn), then, half the time, one character changed.
      const described = Array.from(`/${drawn.map((token) => (token === '**' ? run(chars) : token === '*' ? run(notSlash) : token === '?' ? random.pick(notSlash) : token)).join('')}`);
      if (random.int(2) === 0) described[random.int(described.length)] = random.pick(chars);
      const path = described.join('');
      const expected = referenceMatch(pattern, path);
      expect(matches(pattern, path), `${pattern} against ${path}`).toBe(expected);
      matched += expected ? 1 : 0;
      compared += 1;
    }
    // both answers are well represented
    expect(matched).toBeGreaterThan(cases / 4);
    expect(matched).toBeLessThan((cases * 3) / 4);
  });

  it.each([
    ['', 'must not be empty'],
    ['docs/**', 'must start with "/"'],
    ['/docs /x', 'spaces'],
    ['/docs#intro', '"#"'],
    ['/docs/***', '"***"'],
    [`/${'a'.repeat(300)}`, 'at most 256'],
  ])('refuses %j', (pattern, message) => {
    expect(pathPatternProblem(pattern)).toContain(message);
  });

  it('accepts ordinary patterns', () => {
    for (const pattern of ['/', '/docs', '/docs/**', '/*/api/?', '/a%20b/**']) expect(pathPatternProblem(pattern)).toBeUndefined();
  });
});

describe('path filters', () => {
  const filter = (rules: Parameters<typeof pathFilter>[0]) => {
    const compiled = pathFilter(rules);
    if (!compiled) throw new Error('no filter');
    return (url: string) => compiled.wants(url);
  };

  it('is none without patterns: everything passes', () => {
    expect(pathFilter({})).toBeUndefined();
    expect(pathFilter({ include_paths: [], exclude_paths: [] })).toBeUndefined();
  });

  it('bounds its work by the URL length and the patterns, more for long pieces', () => {
    const url = 'https://example.com/docs/a';
    const work = (patterns: string[]) => pathFilter({ include_paths: patterns })?.workFor(url) ?? 0;
    expect(work(['/docs/**', '/docs/old/*'])).toBe(2 * work(['/docs/**']));
    expect(work([`/${'?'.repeat(40)}`])).toBeGreaterThan(work(['/docs/**']));
    expect(work([`/${'?'.repeat(255)}`])).toBeGreaterThan(work([`/${'?'.repeat(40)}`]));
    expect(work(['/docs/**'])).toBeGreaterThanOrEqual(url.length);
  });

  it('queues a URL matching an include pattern and no exclude pattern, ignoring the query', () => {
    const wanted = filter({ include_paths: ['/docs', '/docs/**'], exclude_paths: ['/docs/old/**'] });
    expect(wanted('https://example.com/docs')).toBe(true);
    expect(wanted('https://example.com/docs/intro?lang=en')).toBe(true);
    expect(wanted('https://example.com/docs/old/intro')).toBe(false);
    expect(wanted('https://example.com/blog/post')).toBe(false);
    expect(wanted('https://example.com/?page=/docs/x')).toBe(false);
  });

  it('with only exclude patterns, keeps everything they do not match', () => {
    const wanted = filter({ exclude_paths: ['/blog/**', '/tag/*'] });
    expect(wanted('https://example.com/blog/2024/post')).toBe(false);
    expect(wanted('https://example.com/tag/x')).toBe(false);
    expect(wanted('https://example.com/tag/x/y')).toBe(true);
    expect(wanted('https://example.com/blog')).toBe(true);
  });

  it('compares percent-encoded paths decoded', () => {
    expect(filter({ include_paths: ['/café/**'] })('https://example.com/caf%C3%A9/menu')).toBe(true);
  });
});

/**
 * The glob rules read literally, by backtracking over code points (memoized, so long random inputs
 * stay cheap): plain to check, and independent of the matcher under test.
 */
function referenceMatch(pattern: string, path: string): boolean {
  const tokens: string[] = [];
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === '*' && chars[i + 1] === '*') {
      tokens.push('**');
      i += 1;
    } else tokens.push(chars[i] as string);
  }
  const text = Array.from(path);
  const known = new Map<number, boolean>();
  const from = (t: number, p: number): boolean => {
    const key = t * (text.length + 1) + p;
    let answer = known.get(key);
    if (answer === undefined) known.set(key, (answer = step(t, p)));
    return answer;
  };
  const step = (t: number, p: number): boolean => {
    if (t === tokens.length) return p === text.length;
    const token = tokens[t];
    if (token === '**') return from(t + 1, p) || (p < text.length && from(t, p + 1));
    if (token === '*') return from(t + 1, p) || (p < text.length && text[p] !== '/' && from(t, p + 1));
    if (p === text.length) return false;
    if (token === '?') return text[p] !== '/' && from(t + 1, p + 1);
    return text[p] === token && from(t + 1, p + 1);
  };
  return from(0, 0);
}

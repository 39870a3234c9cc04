import { describe, expect, it } from 'vitest';
import { compilePathPattern, matchesPath, pathFilter, pathPatternProblem } from '../../../lambdas/core/path-filter.js';

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

  it('stays fast on patterns that make regular expressions backtrack', () => {
    const started = performance.now();
    expect(matches('/**a**a**a**a**a**a**a**b', `/${'a'.repeat(2000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
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
  it('lets everything through without patterns', () => {
    expect(pathFilter({})('https://example.com/anything?x=1')).toBe(true);
  });

  it('queues a URL matching an include pattern and no exclude pattern, ignoring the query', () => {
    const wanted = pathFilter({ include_paths: ['/docs', '/docs/**'], exclude_paths: ['/docs/old/**'] });
    expect(wanted('https://example.com/docs')).toBe(true);
    expect(wanted('https://example.com/docs/intro?lang=en')).toBe(true);
    expect(wanted('https://example.com/docs/old/intro')).toBe(false);
    expect(wanted('https://example.com/blog/post')).toBe(false);
    expect(wanted('https://example.com/?page=/docs/x')).toBe(false);
  });

  it('with only exclude patterns, keeps everything they do not match', () => {
    const wanted = pathFilter({ exclude_paths: ['/blog/**', '/tag/*'] });
    expect(wanted('https://example.com/blog/2024/post')).toBe(false);
    expect(wanted('https://example.com/tag/x')).toBe(false);
    expect(wanted('https://example.com/tag/x/y')).toBe(true);
    expect(wanted('https://example.com/blog')).toBe(true);
  });

  it('compares percent-encoded paths decoded', () => {
    expect(pathFilter({ include_paths: ['/café/**'] })('https://example.com/caf%C3%A9/menu')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lambdas/api/errors.js';
import { parseJsonBody } from '../../../lambdas/api/http.js';
import { assertPlanAllows, parseCreateJobRequest } from '../../../lambdas/api/job-request.js';
import { quotaCost } from '../../../lambdas/domain/job-request.js';
import { messageFor, namedFields, thrownApiError } from './helpers.js';

const SEED = 'https://example.com/';
const single = { mode: 'single', url: SEED };
const full = { mode: 'full', url: SEED };
const select = { mode: 'select', url: SEED, urls: ['https://example.com/a'] };

/** The URL list a select body is recorded with. */
function keptUrls(body: Record<string, unknown>): string[] {
  const request = parseCreateJobRequest({ ...select, ...body });
  if (request.mode !== 'select') throw new Error(`expected a select request, got ${request.mode}`);
  return request.urls;
}

/** The 422 for `body`, after checking status and code. */
function rejection(body: unknown): ApiError {
  const error = thrownApiError(() => parseCreateJobRequest(body));
  expect(error.status).toBe(422);
  expect(error.code).toBe('validation_error');
  return error;
}

describe('common fields', () => {
  it.each([
    ['missing', { url: SEED }],
    ['not a mode', { mode: 'crawl', url: SEED }],
    ['not a string', { mode: 1, url: SEED }],
  ])('rejects a mode that is %s', (_label, body) => {
    expect(namedFields(rejection(body))).toEqual(['mode']);
  });

  it('still checks the shared fields when the mode is unusable', () => {
    expect(namedFields(rejection({ url: 'http://example.com/', check_tos: 'no' })).sort()).toEqual(['check_tos', 'mode', 'url']);
  });

  it('requires url', () => {
    expect(messageFor(rejection({ mode: 'single' }), 'url')).toBe('required');
  });

  it.each([
    ['an http URL', 'http://example.com/', /https/],
    ['a private address', 'https://10.0.0.1/', /public/],
    ['loopback', 'https://127.0.0.1/', /public/],
    ['localhost', 'https://localhost/', /public/],
    ['an internal name', 'https://db.internal/', /public/],
    ['user-info', 'https://user:pass@example.com/', /user-info/],
    ['a relative URL', '/about', /absolute/],
    ['a URL over 2048 characters', `https://example.com/${'a'.repeat(2048)}`, /2048/],
  ])('rejects %s as url, saying why', (_label, url, why) => {
    for (const mode of ['single', 'full']) {
      expect(messageFor(rejection({ mode, url }), 'url')).toMatch(why);
    }
  });

  it('rejects a url that is not a string', () => {
    expect(namedFields(rejection({ mode: 'single', url: ['https://example.com/'] }))).toEqual(['url']);
  });

  it('applies the defaults: markdown export, robots, terms check, main content only, render where needed', () => {
    expect(parseCreateJobRequest(single)).toMatchObject({
      export_formats: ['markdown'],
      respect_robots: true,
      check_tos: true,
      only_main_content: true,
      render: 'auto',
    });
  });

  it('accepts render auto, always and never in every mode, and nothing else', () => {
    for (const body of [single, full, select]) {
      for (const render of ['auto', 'always', 'never']) expect(parseCreateJobRequest({ ...body, render })).toMatchObject({ render });
      for (const render of ['sometimes', true, 'AUTO', null]) expect(messageFor(rejection({ ...body, render }), 'render')).toBe('must be auto, always or never');
    }
  });

  it('keeps the submitted url string as given', () => {
    expect(parseCreateJobRequest({ ...single, url: 'https://EXAMPLE.com' }).url).toBe('https://EXAMPLE.com');
  });

  it('accepts every format and flag set explicitly', () => {
    const request = { ...single, export_formats: ['text', 'markdown'], respect_robots: false, check_tos: false, only_main_content: false };

    expect(parseCreateJobRequest(request)).toMatchObject({
      export_formats: ['text', 'markdown'],
      respect_robots: false,
      check_tos: false,
      only_main_content: false,
    });
  });

  it('rejects an empty export_formats', () => {
    expect(namedFields(rejection({ ...single, export_formats: [] }))).toEqual(['export_formats']);
  });

  it('rejects a repeated format', () => {
    expect(messageFor(rejection({ ...single, export_formats: ['markdown', 'text', 'markdown'] }), 'export_formats')).toMatch(
      /"markdown" is listed more than once/,
    );
  });

  it.each(['html', 'pdf', 'docx', 'word', 'HTML'])('says %s is announced for v1.1', (format) => {
    expect(messageFor(rejection({ ...single, export_formats: ['markdown', format] }), 'export_formats[1]')).toMatch(/v1\.1/);
  });

  it.each(['csv', 'Markdown', 3])('rejects the unknown format %j', (format) => {
    expect(messageFor(rejection({ ...single, export_formats: [format] }), 'export_formats[0]')).toBe('must be markdown or text');
  });

  it('rejects export_formats given as a string', () => {
    expect(namedFields(rejection({ ...single, export_formats: 'markdown' }))).toEqual(['export_formats']);
  });

  it.each(['respect_robots', 'check_tos', 'only_main_content'])('takes only a real boolean for %s', (flag) => {
    for (const value of ['true', 1, null]) {
      expect(messageFor(rejection({ ...single, [flag]: value }), flag)).toBe('must be true or false');
    }
  });

  it('names unknown top-level fields in every mode', () => {
    for (const body of [single, full, select]) {
      const error = rejection({ ...body, callback_url: 'https://example.com/hook' });
      expect(messageFor(error, 'callback_url')).toBe('unknown field');
    }
  });

  it('names keys that collide with Object.prototype instead of trusting them', () => {
    const body = parseJsonBody({ body: '{"mode":"single","url":"https://example.com/","__proto__":{"x":1},"constructor":1}', isBase64Encoded: false });

    expect(namedFields(rejection(body)).sort()).toEqual(['__proto__', 'constructor']);
  });

  it('answers 400 when the body is not an object', () => {
    const error = thrownApiError(() => parseCreateJobRequest(['https://example.com/']));

    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_json');
  });
});

describe('mode single', () => {
  it.each(['max_depth', 'max_pages', 'concurrency', 'urls'])('rejects %s', (field) => {
    expect(messageFor(rejection({ ...single, [field]: 1 }), field)).toBe('not accepted in single mode');
  });

  it('names all of them at once', () => {
    const error = rejection({ ...single, max_depth: 1, max_pages: 1, concurrency: 1, urls: [SEED] });

    expect(namedFields(error).sort()).toEqual(['concurrency', 'max_depth', 'max_pages', 'urls']);
  });

  it('records a one-page job', () => {
    expect(parseCreateJobRequest(single)).toEqual({
      mode: 'single',
      url: SEED,
      export_formats: ['markdown'],
      respect_robots: true,
      check_tos: true,
      only_main_content: true,
      render: 'auto',
      max_depth: 0,
      max_pages: 1,
      concurrency: 1,
    });
  });
});

describe('mode full', () => {
  it('rejects urls', () => {
    expect(messageFor(rejection({ ...full, urls: [SEED] }), 'urls')).toBe('not accepted in full mode');
  });

  it('applies the defaults depth 3, 50 pages, concurrency 5', () => {
    expect(parseCreateJobRequest(full)).toMatchObject({ max_depth: 3, max_pages: 50, concurrency: 5 });
  });

  it.each([
    ['max_depth', 1, 10],
    ['max_pages', 1, 1000],
    ['concurrency', 1, 20],
  ])('accepts %s from %i to %i', (field, min, max) => {
    expect(parseCreateJobRequest({ ...full, [field]: min })).toMatchObject({ [field]: min });
    expect(parseCreateJobRequest({ ...full, [field]: max })).toMatchObject({ [field]: max });
  });

  it.each([
    ['max_depth', [0, 11, 5.5, '10', null, -1]],
    ['max_pages', [0, 1001, 2.5, '10', 1e300]],
    ['concurrency', [0, 21, 1.5, '5', true]],
  ])('rejects %s outside its range or not an integer', (field, values) => {
    for (const value of values) {
      expect(messageFor(rejection({ ...full, [field]: value }), field)).toMatch(/^must be an integer from \d+ to \d+$/);
    }
  });
});

describe('mode select', () => {
  it('requires urls', () => {
    expect(messageFor(rejection({ mode: 'select', url: SEED }), 'urls')).toBe('required');
  });

  it('rejects an empty list', () => {
    expect(namedFields(rejection({ ...select, urls: [] }))).toEqual(['urls']);
  });

  it('accepts 1000 entries', () => {
    const urls = Array.from({ length: 1000 }, (_, i) => `https://example.com/p${i}`);

    expect(keptUrls({ urls })).toHaveLength(1000);
  });

  it('counts the limit of 1000 before de-duplication', () => {
    const urls = Array.from({ length: 1001 }, () => 'https://example.com/same');

    expect(messageFor(rejection({ ...select, urls }), 'urls')).toBe('must list at most 1000 URLs');
  });

  it('rejects an entry on another site with a message naming it', () => {
    const error = rejection({ ...select, urls: ['https://example.com/a', 'https://other.example.org/b'] });

    expect(namedFields(error)).toEqual(['urls[1]']);
    expect(messageFor(error, 'urls[1]')).toContain('https://other.example.org/b');
  });

  it('treats www. and letter case as the same site', () => {
    const urls = ['https://www.example.com/a', 'https://EXAMPLE.com./b'];

    expect(keptUrls({ urls })).toEqual(['https://www.example.com/a', 'https://example.com./b']);
  });

  it('names every bad entry, whatever is wrong with it', () => {
    const urls = ['https://example.com/ok', 'http://example.com/a', 'https://evil.test.com/', 42, 'https://192.168.1.1/', 'https://other.com/'];

    expect(namedFields(rejection({ ...select, urls })).sort()).toEqual(['urls[1]', 'urls[2]', 'urls[3]', 'urls[4]', 'urls[5]']);
  });

  it('checks the entries even when the anchor url is invalid', () => {
    expect(namedFields(rejection({ ...select, url: 'ftp://example.com/', urls: ['http://example.com/'] })).sort()).toEqual([
      'url',
      'urls[0]',
    ]);
  });

  it('collapses duplicates, keeping the first occurrence and the submitted order', () => {
    const urls = [
      'https://example.com/b',
      'https://example.com/a#top',
      'https://EXAMPLE.com:443/b',
      'https://example.com/a',
      'https://example.com/a/',
      'https://example.com/a?x=1',
    ];

    const request = parseCreateJobRequest({ ...select, urls });

    expect(keptUrls({ urls })).toEqual([
      'https://example.com/b',
      'https://example.com/a',
      'https://example.com/a/',
      'https://example.com/a?x=1',
    ]);
    expect(request.max_pages).toBe(4);
    expect(request.max_depth).toBe(1);
  });

  it('ignores max_pages and max_depth whatever their value', () => {
    const request = parseCreateJobRequest({ ...select, max_pages: 'lots', max_depth: 99 });

    expect(request).toMatchObject({ max_pages: 1, max_depth: 1 });
  });

  it('defaults concurrency to 5 and keeps it within 1 to 20', () => {
    expect(parseCreateJobRequest(select).concurrency).toBe(5);
    expect(parseCreateJobRequest({ ...select, concurrency: 20 }).concurrency).toBe(20);
    expect(namedFields(rejection({ ...select, concurrency: 21 }))).toEqual(['concurrency']);
  });

  it('names every offending field of one request at once', () => {
    const body = {
      ...select,
      urls: ['https://example.com/ok', 'https://elsewhere.net/'],
      export_formats: ['pdf'],
      concurrency: '5',
      respect_robots: 'false',
      priority: 'high',
    };

    expect(namedFields(rejection(body)).sort()).toEqual(['concurrency', 'export_formats[0]', 'priority', 'respect_robots', 'urls[1]']);
  });
});

describe('hostile input', () => {
  function fromJson(text: string): unknown {
    return parseJsonBody({ body: text, isBase64Encoded: false });
  }

  it('answers a field nested 100,000 levels deep with a clean 422', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);

    for (const [field, named] of [['url', 'url'], ['extra', 'extra'], ['export_formats', 'export_formats[0]'], ['urls', 'urls[0]']]) {
      const error = rejection(fromJson(`{"mode":"select","url":"https://example.com/","urls":["https://example.com/"],"${field}":${deep}}`));
      expect(namedFields(error)).toEqual([named]);
    }
  });

  it('rejects a huge export_formats list without working through it', () => {
    const body = fromJson(`{"mode":"single","url":"https://example.com/","export_formats":[${Array(500_000).fill('1').join(',')}]}`);

    expect(messageFor(rejection(body), 'export_formats')).toMatch(/at most/);
  });

  it.each([
    ['a right-to-left override in the path', 'https://example.com/\u202Eevil', 'https://example.com/%E2%80%AEevil'],
    ['a zero-width space in the host (IDNA maps it away)', 'https://exam\u200Bple.com/', 'https://example.com/'],
    ['a trailing NUL (the URL parser strips C0 controls)', 'https://example.com/\u0000', 'https://example.com/'],
  ])('accepts %s in its WHATWG-serialized form', (_label, url, kept) => {
    expect(keptUrls({ urls: [url] })).toEqual([kept]);
  });

  it.each([
    ['a lone high surrogate in the path', 'https://example.com/\ud800'],
    ['a lone low surrogate in the host', 'https://exa\udc00mple.com/'],
    ['a byte order mark before the scheme', '\uFEFFhttps://example.com/'],
    ['an emoji subdomain (another site)', 'https://🦄.example.com/'],
  ])('rejects %s with a 422 naming the entry', (_label, url) => {
    expect(namedFields(rejection({ ...select, urls: [url] }))).toEqual(['urls[0]']);
  });

  it('keeps a seed url with a well-formed astral character, but not one with a lone surrogate', () => {
    expect(parseCreateJobRequest({ ...single, url: 'https://example.com/🦄' }).url).toBe('https://example.com/🦄');
    expect(messageFor(rejection({ ...single, url: 'https://example.com/\ud83e' }), 'url')).toMatch(/lone surrogate/);
  });

  it('names an unknown field whose name is a lone surrogate', () => {
    expect(namedFields(rejection({ ...single, '\udc00': 1 }))).toEqual(['\udc00']);
  });
});

describe('assertPlanAllows', () => {
  const withoutRobots = parseCreateJobRequest({ ...single, respect_robots: false });

  it.each(['free', 'pro'] as const)('refuses respect_robots: false on the %s plan with 403', (plan) => {
    const error = thrownApiError(() => assertPlanAllows(withoutRobots, plan));

    expect(error.status).toBe(403);
    expect(error.code).toBe('forbidden');
    expect(namedFields(error)).toEqual(['respect_robots']);
  });

  it('allows respect_robots: false on the enterprise plan', () => {
    expect(() => assertPlanAllows(withoutRobots, 'enterprise')).not.toThrow();
  });

  it('allows every plan to respect robots.txt', () => {
    expect(() => assertPlanAllows(parseCreateJobRequest(single), 'free')).not.toThrow();
  });
});

describe('quotaCost', () => {
  it('is 1 page for single', () => {
    expect(quotaCost(parseCreateJobRequest(single))).toBe(1);
  });

  it('is the de-duplicated URL count for select', () => {
    const urls = ['https://example.com/a', 'https://example.com/a#x', 'https://example.com/b'];

    expect(quotaCost(parseCreateJobRequest({ ...select, urls, max_pages: 1000 }))).toBe(2);
  });

  it('is the whole max_pages budget for full', () => {
    expect(quotaCost(parseCreateJobRequest(full))).toBe(50);
    expect(quotaCost(parseCreateJobRequest({ ...full, max_pages: 7 }))).toBe(7);
  });
});

describe('path filters', () => {
  it('keeps include_paths and exclude_paths of a full job', () => {
    const request = parseCreateJobRequest({ ...full, include_paths: ['/docs', '/docs/**'], exclude_paths: ['/docs/old/**'] });
    expect(request).toMatchObject({ include_paths: ['/docs', '/docs/**'], exclude_paths: ['/docs/old/**'] });
  });

  it.each([single, select])('refuses them in $mode mode', (body) => {
    const error = rejection({ ...body, include_paths: ['/docs/**'] });
    expect(messageFor(error, 'include_paths')).toBe(`not accepted in ${body.mode} mode`);
  });

  it('names the bad pattern by its index', () => {
    const error = rejection({ ...full, include_paths: ['/docs/**', 'docs', 7], exclude_paths: ['/a#b'] });
    expect(namedFields(error).sort()).toEqual(['exclude_paths[0]', 'include_paths[1]', 'include_paths[2]']);
    expect(messageFor(error, 'include_paths[1]')).toContain('must start with "/"');
  });

  it('accepts at most 50 patterns', () => {
    const patterns = Array.from({ length: 51 }, (_, i) => `/p${i}/**`);
    expect(messageFor(rejection({ ...full, exclude_paths: patterns }), 'exclude_paths')).toBe('must list at most 50 patterns');
    expect(() => parseCreateJobRequest({ ...full, exclude_paths: patterns.slice(0, 50) })).not.toThrow();
  });
});

describe('webhook', () => {
  const hook = { url: 'https://hooks.example.com/crawl' };

  it('defaults to all four events and empty metadata, and keeps events in their canonical order', () => {
    expect(parseCreateJobRequest({ ...single, webhook: hook }).webhook).toEqual({ ...hook, events: ['started', 'completed', 'failed', 'cancelled'], metadata: {} });
    expect(parseCreateJobRequest({ ...full, webhook: { ...hook, events: ['completed', 'started', 'completed'] } }).webhook?.events).toEqual(['started', 'completed']);
  });

  it.each([
    ['not an object', 'https://hooks.example.com/', 'webhook'],
    ['a private url', { url: 'https://10.0.0.1/hook' }, 'webhook.url'],
    ['no events', { ...hook, events: [] }, 'webhook.events'],
    ['metadata that is an array', { ...hook, metadata: [1] }, 'webhook.metadata'],
    ['an unknown key', { ...hook, secret: 'x' }, 'webhook.secret'],
  ])('refuses %s, naming the field', (_label, webhook, field) => {
    expect(namedFields(rejection({ ...select, webhook }))).toEqual([field]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

const KEY = 'threads-key-00001';

/*
 * depth 0: /
 * depth 1: /a /b
 * depth 2: /a1 /b1
 */
const PAGES = {
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
  '/': page('Home', ['/a', '/b']),
  '/a': page('A', ['/a1', '/b']),
  '/b': page('B', ['/b1']),
  '/a1': page('A1'),
  '/b1': page('B1'),
};

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
const log: string[] = [];

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite(PAGES));
  runtime = await lifecycle.runtime({
    users: [{ user_id: 'threads', api_key: KEY, plan: 'pro', monthly_pages: 1000 }],
    hostOverrides: site.overrides,
    lambdaThreads: 2,
    log: (line) => log.push(line),
  });
});

describe('a runtime whose handlers run in worker threads (as npm start runs them)', () => {
  it('crawls a site to the same document, breadth-first, and its metrics reach the runtime log', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'full', max_depth: 2, check_tos: false } });
    expect(created.status, created.text).toBe(202);
    const id = String(created.json.id);
    const job = await runtime.waitForJob(KEY, id);
    expect(job).toMatchObject({ status: 'completed', progress: { pages_crawled: 5, pages_failed: 0 } });

    const result = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY });
    expect(result.status, result.text).toBe(200);
    expect([...result.text.matchAll(/^URL: (.+)$/gm)].map((match) => match[1])).toEqual(['/', '/a', '/b', '/a1', '/b1'].map((path) => `https://site.test${path}`));
    expect(result.text).toContain('Title: B1');

    // A line holds an array of values when pages were recorded together before one flush (EMF).
    const crawled = log
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => [(JSON.parse(line) as Record<string, unknown>).PagesCrawled ?? []].flat())
      .reduce((pages: number, value) => pages + Number(value), 0);
    expect(crawled).toBe(5);
  });
});

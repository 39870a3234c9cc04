import { beforeAll, describe, expect, it } from 'vitest';
import { pathFilter } from '../../lambdas/core/path-filter.js';
import { PATH_FILTER_WORK_PER_LEVEL } from '../../lambdas/domain/frontier.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

/*
 * A job built to make planning as costly as validation allows (issue 25): a seed page of long
 * links, against 100 patterns whose matching costs the most per path character. Planning its
 * next level runs in the runtime's one event loop, beside everyone else's requests.
 */
const HOSTILE_KEY = 'hostile-key-0001';
const NORMAL_KEY = 'normal-key-0001';

/** A link of about 1,900 characters that no hostile pattern matches, though each keeps all its states alive to its end. */
const hostileLink = (i: number) => `/${'a'.repeat(1890)}/${i}`;
const EXCLUDE = Array.from({ length: 50 }, () => `/**${'a?'.repeat(126)}`);
const INCLUDE = [...Array.from({ length: 49 }, () => `/${'*a'.repeat(127)}`), '/wanted/*'];

/** Links the planning can examine before it has done its matching work for the level. */
const EXAMINED = Math.floor(PATH_FILTER_WORK_PER_LEVEL / (pathFilter({ include_paths: INCLUDE, exclude_paths: EXCLUDE })?.workFor(`https://site.test${hostileLink(1000)}`) ?? 1));
const HOSTILE_LINKS = Array.from({ length: 2 * EXAMINED }, (_, i) => hostileLink(i));
/** Links the include patterns want, after the work runs out: never examined, so never crawled. */
const LATE_LINKS = ['/wanted/1', '/wanted/2'];

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/': `<!doctype html><html><head><title>Long links</title></head><body><main><h1>Long links</h1>${[...HOSTILE_LINKS, ...LATE_LINKS].map((href) => `<a href="${href}">x</a>`).join(' ')}</main></body></html>`,
    '/wanted/1': page('Wanted 1'),
    '/wanted/2': page('Wanted 2'),
    '/normal': page('Normal'),
  }));
  runtime = await lifecycle.runtime({
    users: [
      { user_id: 'hostile', api_key: HOSTILE_KEY, plan: 'pro', monthly_pages: 1000 },
      { user_id: 'normal', api_key: NORMAL_KEY, plan: 'pro', monthly_pages: 1000 },
    ],
    hostOverrides: site.overrides,
  });
});

describe('a job whose path filters cost the most to match', () => {
  it('does not hold up another user: their requests are answered promptly while its level is planned, and it ends', { timeout: 180_000 }, async () => {
    const created = await runtime.request('POST', '/v1/jobs', {
      key: HOSTILE_KEY,
      body: { url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: 1000, include_paths: INCLUDE, exclude_paths: EXCLUDE, check_tos: false },
    });
    expect(created.status, created.text).toBe(202);
    const hostileId = String(created.json.id);

    // Another user works as usual for as long as the hostile job runs, planning included.
    const slowest = { ms: 0, what: '' };
    const timed = async <T>(what: string, request: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      const answer = await request();
      if (Date.now() - started > slowest.ms) Object.assign(slowest, { ms: Date.now() - started, what });
      return answer;
    };
    let requests = 0;
    let hostile: Record<string, unknown> = {};
    for (const deadline = Date.now() + 150_000; Date.now() < deadline; requests++) {
      expect((await timed('GET /v1/usage', () => runtime.request('GET', '/v1/usage', { key: NORMAL_KEY }))).status).toBe(200);
      hostile = (await timed('GET the hostile job', () => runtime.request('GET', `/v1/jobs/${hostileId}`, { key: HOSTILE_KEY }))).json;
      if (['completed', 'failed', 'cancelled'].includes(String(hostile.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const normalJob = await timed('POST /v1/jobs', () => runtime.request('POST', '/v1/jobs', { key: NORMAL_KEY, body: { url: 'https://site.test/normal', mode: 'single', check_tos: false } }));
    expect(normalJob.status, normalJob.text).toBe(202);

    expect(hostile.status).toBe('completed');
    expect(requests).toBeGreaterThan(5);
    expect(slowest.ms, `slowest answer: ${slowest.what}`).toBeLessThan(3_000);
    // The level stopped at the matching work's end: the wanted links after it were not crawled.
    expect(hostile).toMatchObject({ progress: { pages_crawled: 1 } });
    expect(site.hits.get('site.test/wanted/1')).toBeUndefined();
    expect((await runtime.waitForJob(NORMAL_KEY, String(normalJob.json.id), 30_000)).status).toBe('completed');
  });
});

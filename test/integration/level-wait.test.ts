import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

vi.mock('node:dns/promises', () => import('../helpers/offline-dns.js'));

const KEY = 'level-wait-key-0001';
const PAGES = 12;

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

const lifecycle = testLifecycle();
beforeAll(async () => {
  // Twelve pages of a second each on two lanes: the level takes about 6 s, past CheckLevel's 5 s watch.
  const children = Object.fromEntries(Array.from({ length: PAGES }, (_, i) => [`/p/${i}`, { body: page(`Page ${i}`), delayMs: 1_000 }]));
  site = lifecycle.site(await startSite({ '/robots.txt': 'User-agent: *\nAllow: /\n', '/': page('Home', Object.keys(children)), ...children }));
  runtime = await lifecycle.runtime({
    users: [{ user_id: 'level-wait-user', api_key: KEY, plan: 'pro', monthly_pages: 1_000 }],
    hostOverrides: site.overrides,
    ownLevelWaits: true,
  });
});

describe("a level that outlasts CheckLevel's watch, under the state machine's own waits", () => {
  it('goes through the Wait/Check loop to a complete crawl', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'full', max_depth: 1, concurrency: 2, check_tos: false } });
    expect(created.status).toBe(202);
    const job = await runtime.waitForJob(KEY, String(created.json.id), 60_000);
    expect(job.status).toBe('completed');
    expect(job.progress).toMatchObject({ pages_crawled: PAGES + 1, pages_failed: 0 });
    const result = await runtime.request('GET', `/v1/jobs/${String(created.json.id)}/result`, { key: KEY });
    for (let i = 0; i < PAGES; i++) expect(result.text).toContain(`Title: Page ${i}\n`);
  }, 90_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

const KEY = 'controls-key-0001';

/* A site with a docs section, a blog and a docs index that links across both. */
const PAGES = {
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
  '/': page('Home', ['/blog/', '/docs', '/blog/post-1', '/docs/intro', '/about']),
  '/docs': page('Docs', ['/docs/intro', '/docs/guide/setup', '/docs/old/v1']),
  '/docs/intro': page('Intro', ['/docs/guide/advanced', '/blog/post-2']),
  '/docs/guide/setup': page('Setup'),
  '/docs/guide/advanced': page('Advanced'),
  '/docs/old/v1': page('Old'),
  '/blog/': page('Blog', ['/blog/post-1', '/blog/post-2']),
  '/blog/post-1': page('Post 1'),
  '/blog/post-2': page('Post 2'),
  '/about': page('About'),
};

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

beforeAll(async () => {
  site = await startSite(PAGES);
  runtime = await startTestRuntime({ users: [{ user_id: 'controls', api_key: KEY, plan: 'pro', monthly_pages: 5000 }], hostOverrides: site.overrides });
});
afterAll(async () => {
  await runtime?.close();
  await site?.close();
});

async function crawl(body: Record<string, unknown>) {
  const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body });
  expect(created.status, created.text).toBe(202);
  const id = String(created.json.id);
  return { id, job: await runtime.waitForJob(KEY, id) };
}

const urlsOf = (text: string) => [...text.matchAll(/^URL: (.+)$/gm)].map((match) => match[1]);

describe('path filters', () => {
  it('crawls only the docs section, the seed included, and charges only what it crawled', async () => {
    const { id, job } = await crawl({
      mode: 'full',
      url: 'https://site.test/',
      max_depth: 3,
      max_pages: 5,
      include_paths: ['/docs', '/docs/**'],
      exclude_paths: ['/docs/old/**'],
    });
    expect(job.status).toBe('completed');
    expect(job).toMatchObject({ include_paths: ['/docs', '/docs/**'], exclude_paths: ['/docs/old/**'] });
    const result = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY });
    // BFS order as always; the blog, /about and the excluded /docs/old/v1 never take the budget
    expect(urlsOf(result.text)).toEqual([
      'https://site.test/',
      'https://site.test/docs',
      'https://site.test/docs/intro',
      'https://site.test/docs/guide/setup',
      'https://site.test/docs/guide/advanced',
    ]);
    expect(site.hits.get('site.test/blog/post-1')).toBeUndefined();
    expect(site.hits.get('site.test/docs/old/v1')).toBeUndefined();
    const pages = await runtime.request('GET', `/v1/jobs/${id}/pages?limit=100`, { key: KEY });
    expect((pages.json.pages as unknown[]).length).toBe(5);
    expect((job.quota as { charged: number }).charged).toBe(5);
  });

  it('refuses a bad pattern at creation, naming it', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { mode: 'full', url: 'https://site.test/', include_paths: ['/docs/**', 'docs'] } });
    expect(created.status).toBe(422);
    expect(created.json.error?.details).toEqual([expect.objectContaining({ field: 'include_paths[1]' })]);
  });
});

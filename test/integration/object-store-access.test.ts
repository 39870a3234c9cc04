import { beforeAll, describe, expect, it } from 'vitest';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { BIG_HTML, startSite } from '../helpers/site.js';

/**
 * The red team's requests against the object store of a running local runtime, after a real job:
 * its document is over 4 MiB, so the API answers 303 with a presigned URL. Only that URL, whole and
 * unexpired, reads the document, and only the console's page may read it from a browser.
 */
const KEY = 'object-store-key-0001';
let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let jobId: string;
let downloadUrl: URL;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({ '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' }, '/': BIG_HTML }));
  runtime = await lifecycle.runtime({ users: [{ user_id: 'owner', api_key: KEY, plan: 'pro', monthly_pages: 100 }], hostOverrides: site.overrides });
  const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'single', check_tos: false } });
  expect(created.status, created.text).toBe(202);
  jobId = String(created.json.id);
  expect((await runtime.waitForJob(KEY, jobId, 120_000)).status).toBe('completed');
  const result = await runtime.request('GET', `/v1/jobs/${jobId}/result`, { key: KEY, redirect: 'manual' });
  expect(result.status).toBe(303);
  downloadUrl = new URL(String(result.headers.get('location')));
}, 180_000);

const store = () => downloadUrl.origin;
const bucket = () => downloadUrl.pathname.split('/')[1];

describe('the object store of npm start', () => {
  it('serves the presigned URL the API redirects to, and to the console’s page in a browser', async () => {
    for (const origin of [runtime.url, runtime.url.replace('127.0.0.1', 'localhost')]) {
      const download = await fetch(downloadUrl, { headers: { origin } });
      expect(download.status).toBe(200);
      expect(download.headers.get('access-control-allow-origin')).toBe(origin);
      expect((await download.text()).length).toBeGreaterThan(4 * 1024 * 1024);
    }
  });

  it('refuses an anonymous listing of every job’s objects, and answers no other page’s CORS', async () => {
    const listing = await fetch(`${store()}/${bucket()}/?prefix=jobs/`, { headers: { origin: 'https://attacker.example' } });
    expect(listing.status).toBe(403);
    expect(listing.headers.get('access-control-allow-origin')).toBeNull();
    const elsewhere = await fetch(downloadUrl, { headers: { origin: 'https://attacker.example' } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses the bare object URL and the URL with its signature zeroed', async () => {
    expect((await fetch(`${store()}${downloadUrl.pathname}`)).status).toBe(403);
    const zeroed = new URL(downloadUrl);
    zeroed.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(zeroed)).status).toBe(403);
  });

  it('refuses an anonymous PUT over the result: the owner downloads their own document', async () => {
    const overwrite = await fetch(`${store()}/${bucket()}/jobs/${jobId}/result.md`, { method: 'PUT', body: 'attacker text' });
    expect(overwrite.status).toBe(403);
    const again = await runtime.request('GET', `/v1/jobs/${jobId}/result`, { key: KEY });
    expect(again.status).toBe(200);
    expect(again.text).toContain('Lorem ipsum dolor sit amet');
    expect(again.text).not.toContain('attacker text');
  });
});

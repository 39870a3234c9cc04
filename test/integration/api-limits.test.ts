import { beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../lambdas/api/errors.js';
import { reservePages, settleReservation } from '../../lambdas/data/usage.js';
import { quotaPeriod } from '../../lambdas/domain/quota.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite, urlset } from '../helpers/site.js';

/*
 * Quota pre-flight and rate limits through the local runtime's router. `/held` answers after
 * HOLD_MS, so jobs crawling it keep their reservations while the test looks at the usage.
 */
const HOLD_MS = 12_000;
const KEYS = {
  quota: 'limits-key-quota-0001',
  burst: 'limits-key-burst-0001',
  preview: 'limits-key-preview-0001',
  previewOther: 'limits-key-preview-0002',
};

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/sitemap.xml': {
      headers: { 'content-type': 'application/xml' },
      body: urlset(['/', '/a', '/b', '/logo.png']),
    },
    '/': page('Home', ['/a', '/b']),
    '/a': page('A'),
    '/b': page('B'),
    '/held': { body: page('Held'), delayMs: HOLD_MS },
  }));
  runtime = await lifecycle.runtime({
    users: [
      { user_id: 'quota-user', api_key: KEYS.quota, plan: 'pro', monthly_pages: 100 },
      { user_id: 'burst-user', api_key: KEYS.burst, plan: 'pro', monthly_pages: 10 },
      { user_id: 'preview-user', api_key: KEYS.preview, plan: 'free', monthly_pages: 100 },
      { user_id: 'preview-other', api_key: KEYS.previewOther, plan: 'free', monthly_pages: 100 },
    ],
    hostOverrides: site.overrides,
  });
});

function errorOf(reply: { json: unknown }) {
  return errorEnvelopeSchema.parse(reply.json).error;
}

describe('quota pre-flight', () => {
  it('the spec example: 60 of 100 used or reserved, a full job with max_pages 50 is 402; 40 still fits', async () => {
    // prepare: 40 pages charged by an earlier job and 20 held by a running one
    const now = new Date();
    const period = quotaPeriod(now);
    await reservePages({ userId: 'quota-user', period, jobId: 'earlier-job', pages: 40, allowance: 100, now });
    await settleReservation({ userId: 'quota-user', period, jobId: 'earlier-job', reserved: 40, charged: 40 });
    await reservePages({ userId: 'quota-user', period, jobId: 'running-job', pages: 20, allowance: 100, now });

    const refused = await runtime.request('POST', '/v1/jobs', { key: KEYS.quota, body: { url: 'https://site.test/', mode: 'full', max_pages: 50 } });
    expect(refused.status).toBe(402);
    const error = errorOf(refused);
    expect(error.code).toBe('quota_exceeded');
    expect(error.details).toEqual({ period, allowance: 100, used: 40, reserved: 20, requested: 50 });
    expect(error.message).toContain('40 remain');
    // refused even though the site has only three pages to crawl; one page over is still over
    expect((await runtime.request('POST', '/v1/jobs', { key: KEYS.quota, body: { url: 'https://site.test/', mode: 'full', max_pages: 41 } })).status).toBe(402);
    expect(await runtime.request('GET', '/v1/usage', { key: KEYS.quota })).toMatchObject({ status: 200, json: { used: 40, reserved: 20, remaining: 40 } });

    // exactly the rest fits
    const accepted = await runtime.request('POST', '/v1/jobs', { key: KEYS.quota, body: { url: 'https://site.test/held', mode: 'full', max_pages: 40, check_tos: false } });
    expect(accepted.status, accepted.text).toBe(202);
    expect(await runtime.request('GET', '/v1/usage', { key: KEYS.quota })).toMatchObject({ json: { used: 40, reserved: 60, remaining: 0 } });
    const single = await runtime.request('POST', '/v1/jobs', { key: KEYS.quota, body: { url: 'https://site.test/', mode: 'single' } });
    expect(single.status).toBe(402);
    expect(errorOf(single).details).toEqual({ period, allowance: 100, used: 40, reserved: 60, requested: 1 });
  });

  it('50 simultaneous jobs against room for 10: exactly 10 are accepted, 40 refused, none lost', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => runtime.request('POST', '/v1/jobs', { key: KEYS.burst, body: { url: 'https://site.test/held', mode: 'single', check_tos: false } })),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(statuses.filter((status) => status === 402)).toHaveLength(40);
    for (const reply of replies.filter((r) => r.status === 402)) expect(errorOf(reply)).toMatchObject({ code: 'quota_exceeded', details: { allowance: 10, requested: 1 } });
    const ids = new Set(replies.filter((reply) => reply.status === 202).map((reply) => reply.json.id));
    expect(ids.size).toBe(10);

    // the ten jobs are still fetching /held: all they were granted is reserved, nothing more
    const usage = await runtime.request('GET', '/v1/usage', { key: KEYS.burst });
    expect(usage.json).toMatchObject({ allowance: 10, used: 0, reserved: 10, remaining: 0 });
    const records = await Promise.all([...ids].map((id) => runtime.request('GET', `/v1/jobs/${String(id)}`, { key: KEYS.burst })));
    for (const record of records) expect(record.json).toMatchObject({ quota: { reserved: 1, charged: 0 } });
    expect(records.map((record) => record.json.status).every((status) => status === 'queued' || status === 'running')).toBe(true);
  });
});

describe('sitemap preview rate limit', () => {
  it('the 21st preview within a minute is 429 with Retry-After in whole seconds; another user is unaffected', async () => {
    const preview = (key: string) => runtime.request('GET', '/v1/sitemap/preview?url=https://site.test/', { key });
    const first = await preview(KEYS.preview);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ urls: ['https://site.test/', 'https://site.test/a', 'https://site.test/b'], source: 'sitemap', count: 3, capped: false, assets_filtered: 1 });
    for (let i = 2; i <= 20; i++) expect((await preview(KEYS.preview)).status, `preview ${i}`).toBe(200);

    const limited = await preview(KEYS.preview);
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    const retryAfter = limited.headers.get('retry-after') ?? '';
    expect(retryAfter).toMatch(/^[1-9]\d*$/);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    // still limited on the next try; the refused requests do not extend the window
    const again = await preview(KEYS.preview);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(Number(retryAfter));

    expect(await preview(KEYS.previewOther)).toMatchObject({ status: 200, json: { count: 3 } });
    // previews cost no quota
    expect(await runtime.request('GET', '/v1/usage', { key: KEYS.preview })).toMatchObject({ json: { used: 0, reserved: 0 } });
  });
});

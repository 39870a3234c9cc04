import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../lambdas/api/errors.js';
import { revokeApiKey } from '../../lambdas/data/accounts.js';
import { hashApiKey } from '../../lambdas/domain/accounts.js';
import { quotaPeriod } from '../../lambdas/domain/quota.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { BIG_HTML, page, startSite } from '../helpers/site.js';

/*
 * The public API through the local runtime's router: real authorizer, real handlers, the gateway
 * responses of the stack's template. Job lifecycle cases use the fixture site: `/` links `/a` and
 * `/b`, `/slow` answers after a few seconds (a job that is still running), `/missing` is a 404 (a
 * job that fails), `/big` exports to more than the 4 MiB answered inline.
 */
const KEYS = {
  pro: 'api-test-key-pro-0001',
  other: 'api-test-key-other-0001',
  free: 'api-test-key-free-0001',
  enterprise: 'api-test-key-enterprise-0001',
  revoked: 'api-test-key-revoked-0001',
};
const SLOW_MS = 3000;
const INLINE_LIMIT_BYTES = 4 * 1024 * 1024;

const CREATION_FIELDS = ['id', 'status', 'url', 'mode', 'links'];
const RECORD_FIELDS = [
  'id', 'status', 'url', 'mode', 'export_formats', 'respect_robots', 'check_tos', 'only_main_content', 'render', 'max_depth', 'max_pages', 'concurrency',
  'progress', 'cancel_requested', 'error', 'quota', 'created_at', 'started_at', 'finished_at', 'links',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/': page('Home', ['/a', '/b']),
    '/a': page('A'),
    '/b': page('B'),
    '/slow': { body: page('Slow'), delayMs: SLOW_MS },
    '/big': BIG_HTML,
  }));
  runtime = await lifecycle.runtime({
    users: [
      { user_id: 'pro-user', api_key: KEYS.pro, plan: 'pro', monthly_pages: 1000 },
      { user_id: 'other-user', api_key: KEYS.other, plan: 'pro', monthly_pages: 1000 },
      { user_id: 'free-user', api_key: KEYS.free, plan: 'free', monthly_pages: 1000 },
      { user_id: 'enterprise-user', api_key: KEYS.enterprise, plan: 'enterprise', monthly_pages: 1000 },
      { user_id: 'revoked-user', api_key: KEYS.revoked, plan: 'pro', monthly_pages: 1000 },
    ],
    hostOverrides: site.overrides,
  });
});

type Reply = Awaited<ReturnType<TestRuntime['request']>>;

/** The CONTRACT 1 envelope with this status and code; returns the error object. */
function expectError(reply: Reply, status: number, code: string) {
  expect(reply.status, reply.text.slice(0, 500)).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/json');
  const { error } = errorEnvelopeSchema.parse(reply.json);
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.request_id.length).toBeGreaterThan(0);
  return error;
}

function rawRequest(method: string, route: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return runtime.request(method, route, { headers, body });
}

async function createJob(key: string, body: Record<string, unknown>): Promise<string> {
  const created = await runtime.request('POST', '/v1/jobs', { key, body });
  expect(created.status, created.text).toBe(202);
  return String(created.json.id);
}

describe('authentication', () => {
  const unauthorizedCases: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['another scheme', { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` }],
    ['a bare key without the scheme', { authorization: KEYS.pro }],
    ['Bearer without a key', { authorization: 'Bearer' }],
    ['Bearer and spaces', { authorization: 'Bearer    ' }],
    ['a key with a space in it', { authorization: `Bearer ${KEYS.pro} extra` }],
    ['a key too short to be one', { authorization: 'Bearer abc' }],
    ['a key outside visible ASCII', { authorization: 'Bearer cl\u00e9-non-ascii-0001' }],
    ['an unknown key', { authorization: 'Bearer wcs_this-key-was-never-issued-to-anyone' }],
  ];

  it.each(unauthorizedCases)('refuses %s with 401, the envelope and WWW-Authenticate: Bearer', async (_name, headers) => {
    const reply = await rawRequest('GET', '/v1/usage', headers);
    expectError(reply, 401, 'unauthorized');
    expect(reply.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('reads the scheme case-insensitively, as HTTP does (RFC 9110 §11.1)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      expect((await rawRequest('GET', '/v1/usage', { authorization: `${scheme} ${KEYS.pro}` })).status, scheme).toBe(200);
    }
  });

  it('refuses a revoked key on every route, and accepted it before', async () => {
    expect((await runtime.request('GET', '/v1/usage', { key: KEYS.revoked })).status).toBe(200);
    await revokeApiKey(hashApiKey(KEYS.revoked), new Date());
    for (const [method, route] of [
      ['GET', '/v1/usage'],
      ['POST', '/v1/jobs'],
      ['GET', `/v1/jobs/${randomUUID()}`],
      ['GET', '/v1/sitemap/preview?url=https://site.test/'],
    ] as const) {
      const reply = await runtime.request(method, route, { key: KEYS.revoked, body: method === 'POST' ? { url: 'https://site.test/', mode: 'single' } : undefined });
      expectError(reply, 401, 'unauthorized');
      expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('answers an unknown route or method with 404 not_found, with or without a key', async () => {
    for (const [method, route] of [
      ['GET', '/v1/nothing-here'],
      ['GET', '/v2/jobs'],
      // GET / is the web console; the root has no other method.
      ['POST', '/'],
      ['PUT', '/v1/jobs'],
      ['PATCH', `/v1/jobs/${randomUUID()}`],
      ['GET', `/v1/jobs/${randomUUID()}/unknown`],
    ] as const) {
      expectError(await runtime.request(method, route, { key: KEYS.pro }), 404, 'not_found');
      expectError(await runtime.request(method, route), 404, 'not_found');
    }
  });
});

describe('bad input never gives 500', () => {
  const post = (body: string, key = KEYS.pro) => rawRequest('POST', '/v1/jobs', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body);

  it('malformed JSON is 400 invalid_json', async () => {
    for (const body of ['{"url": "https://site.test/", "mode": "single"', "{'url': 1}", '', '   ', 'null', '"a string"', '42', 'true']) {
      expectError(await post(body), 400, 'invalid_json');
    }
  });

  it('a JSON array is 400 invalid_json', async () => {
    expectError(await post(JSON.stringify([{ url: 'https://site.test/', mode: 'single' }])), 400, 'invalid_json');
  });

  it('a body over 4 MiB is 413 payload_too_large, also over the gateway limit', async () => {
    const padding = 'x'.repeat(4 * 1024 * 1024);
    expectError(await post(JSON.stringify({ url: 'https://site.test/', mode: 'single', padding })), 413, 'payload_too_large');
    expectError(await post(`{"padding":"${'y'.repeat(11 * 1024 * 1024)}"}`), 413, 'payload_too_large');
  });

  it('deeply nested JSON is a 4xx with the envelope', async () => {
    const depth = 100_000;
    for (const body of ['['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), `{"url":"https://site.test/","mode":"single","x":${'['.repeat(depth)}${']'.repeat(depth)}}`]) {
      const reply = await post(body);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      errorEnvelopeSchema.parse(reply.json);
    }
  });

  it('field problems are 422 validation_error naming each field', async () => {
    const reply = await runtime.request('POST', '/v1/jobs', { key: KEYS.pro, body: { url: 'http://site.test/', mode: 'single', max_pages: 5, colour: 'red' } });
    const error = expectError(reply, 422, 'validation_error');
    expect((error.details as Array<{ field: string }>).map((issue) => issue.field).sort()).toEqual(['colour', 'max_pages', 'url']);
  });

  it('respect_robots: false is 403 forbidden on free and pro plans, accepted on enterprise', async () => {
    const body = { url: 'https://site.test/', mode: 'single', respect_robots: false, check_tos: false };
    for (const key of [KEYS.free, KEYS.pro]) {
      const error = expectError(await runtime.request('POST', '/v1/jobs', { key, body }), 403, 'forbidden');
      expect(error.details).toEqual([{ field: 'respect_robots', message: expect.any(String) }]);
    }
    const accepted = await runtime.request('POST', '/v1/jobs', { key: KEYS.enterprise, body });
    expect(accepted.status, accepted.text).toBe(202);
    const job = await runtime.waitForJob(KEYS.enterprise, String(accepted.json.id));
    expect(job).toMatchObject({ status: 'completed', respect_robots: false });
  });
});

describe('jobs', () => {
  it('POST answers 202 with exactly the fields of spec 2.1; pages_total only for select', async () => {
    const single = await runtime.request('POST', '/v1/jobs', { key: KEYS.pro, body: { url: 'https://site.test/a', mode: 'single', check_tos: false } });
    expect(single.status).toBe(202);
    expect(Object.keys(single.json).sort()).toEqual([...CREATION_FIELDS].sort());
    const id = String(single.json.id);
    expect(id).toMatch(UUID);
    expect(single.json).toEqual({ id, status: 'queued', url: 'https://site.test/a', mode: 'single', links: { self: `/v1/jobs/${id}`, result: `/v1/jobs/${id}/result` } });

    const select = await runtime.request('POST', '/v1/jobs', {
      key: KEYS.pro,
      body: { url: 'https://site.test/', mode: 'select', urls: ['https://site.test/a', 'https://site.test/b', 'https://site.test/a#again'], check_tos: false },
    });
    expect(select.status).toBe(202);
    expect(Object.keys(select.json).sort()).toEqual([...CREATION_FIELDS, 'pages_total'].sort());
    expect(select.json).toMatchObject({ status: 'queued', mode: 'select', url: 'https://site.test/', pages_total: 2 });

    const full = await runtime.request('POST', '/v1/jobs', { key: KEYS.pro, body: { url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: 5, check_tos: false } });
    expect(full.status).toBe(202);
    expect(Object.keys(full.json).sort()).toEqual([...CREATION_FIELDS].sort());
    expect(full.json).toMatchObject({ status: 'queued', mode: 'full' });

    await Promise.all([id, String(select.json.id), String(full.json.id)].map((jobId) => runtime.waitForJob(KEYS.pro, jobId)));
  });

  it('GET /v1/jobs/{id} has the CONTRACT 3 record; result and ledger of a completed full job', async () => {
    const id = await createJob(KEYS.pro, { url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: 10, check_tos: false });
    const early = await runtime.request('GET', `/v1/jobs/${id}`, { key: KEYS.pro });
    expect(early.status).toBe(200);
    expect(Object.keys(early.json).sort()).toEqual([...RECORD_FIELDS].sort());
    expect(['queued', 'running']).toContain(early.json.status);

    await runtime.waitForJob(KEYS.pro, id);
    const record = (await runtime.request('GET', `/v1/jobs/${id}`, { key: KEYS.pro })).json;
    expect(Object.keys(record).sort()).toEqual([...RECORD_FIELDS].sort());
    expect(record).toEqual({
      id,
      status: 'completed',
      url: 'https://site.test/',
      mode: 'full',
      export_formats: ['markdown'],
      respect_robots: true,
      check_tos: false,
      only_main_content: true,
      render: 'auto',
      max_depth: 1,
      max_pages: 10,
      concurrency: 5,
      progress: { pages_crawled: 3, pages_failed: 0, pages_skipped: 0 },
      cancel_requested: false,
      error: null,
      quota: { reserved: 10, charged: 3 },
      created_at: expect.stringMatching(ISO_TIME),
      started_at: expect.stringMatching(ISO_TIME),
      finished_at: expect.stringMatching(ISO_TIME),
      links: { self: `/v1/jobs/${id}`, result: `/v1/jobs/${id}/result`, pages: `/v1/jobs/${id}/pages` },
    });

    const result = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEYS.pro });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect([...result.text.matchAll(/^URL: (.+)$/gm)].map((match) => match[1])).toEqual(['https://site.test/', 'https://site.test/a', 'https://site.test/b']);
    expect(await runtime.request('GET', `/v1/jobs/${id}/result?format=markdown`, { key: KEYS.pro })).toMatchObject({ status: 200, text: result.text });

    // a format the job was not created with, or no format at all
    const text = expectError(await runtime.request('GET', `/v1/jobs/${id}/result?format=text`, { key: KEYS.pro }), 422, 'validation_error');
    expect(text.details).toEqual([{ field: 'format', message: expect.stringContaining('markdown') }]);
    expectError(await runtime.request('GET', `/v1/jobs/${id}/result?format=html`, { key: KEYS.pro }), 422, 'validation_error');

    // the ledger, one entry per page, followed through next_cursor
    const seen: Array<Record<string, unknown>> = [];
    let cursor: string | null = null;
    for (let pageNumber = 0; pageNumber < 10; pageNumber++) {
      const reply: Reply = await runtime.request('GET', `/v1/jobs/${id}/pages?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { key: KEYS.pro });
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.json).sort()).toEqual(['next_cursor', 'pages']);
      const entries = reply.json.pages as Array<Record<string, unknown>>;
      expect(entries.length).toBeLessThanOrEqual(1);
      seen.push(...entries);
      cursor = reply.json.next_cursor as string | null;
      if (cursor === null) break;
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    expect(cursor).toBeNull();
    expect(seen).toEqual(
      ['https://site.test/', 'https://site.test/a', 'https://site.test/b'].map((url, i) => ({
        url,
        final_url: url,
        depth: i === 0 ? 0 : 1,
        status: 'crawled',
        reason: null,
        http_status: 200,
        title: ['Home', 'A', 'B'][i],
        bytes: expect.any(Number),
        rendered: false,
      })),
    );
    expectError(await runtime.request('GET', `/v1/jobs/${id}/pages?limit=0`, { key: KEYS.pro }), 422, 'validation_error');
    expectError(await runtime.request('GET', `/v1/jobs/${id}/pages?cursor=not%20a%20cursor`, { key: KEYS.pro }), 422, 'validation_error');

    // an ended job cannot be cancelled
    expectError(await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEYS.pro }), 409, 'job_finished');
    expect((await runtime.request('GET', `/v1/jobs/${id}`, { key: KEYS.pro })).json).toMatchObject({ status: 'completed', cancel_requested: false });
  });

  it('a select job has pages_total in its record and both formats when asked', async () => {
    const id = await createJob(KEYS.pro, { url: 'https://site.test/', mode: 'select', urls: ['https://site.test/b', 'https://site.test/a'], export_formats: ['markdown', 'text'], check_tos: false });
    const job = await runtime.waitForJob(KEYS.pro, id);
    expect(Object.keys(job).sort()).toEqual([...RECORD_FIELDS, 'pages_total'].sort());
    expect(job).toMatchObject({ status: 'completed', pages_total: 2, max_pages: 2, max_depth: 1, quota: { reserved: 2, charged: 2 } });
    const text = await runtime.request('GET', `/v1/jobs/${id}/result?format=text`, { key: KEYS.pro });
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect([...text.text.matchAll(/^URL: (.+)$/gm)].map((match) => match[1])).toEqual(['https://site.test/b', 'https://site.test/a']);
    expect(text.text).toContain('\n\n---\n\n');
  });

  it("another user's job, an unknown id and a malformed id are 404 on every job route", async () => {
    const id = await createJob(KEYS.pro, { url: 'https://site.test/slow', mode: 'single', check_tos: false });
    const routes = (jobId: string) =>
      [
        ['GET', `/v1/jobs/${jobId}`],
        ['DELETE', `/v1/jobs/${jobId}`],
        ['GET', `/v1/jobs/${jobId}/result`],
        ['GET', `/v1/jobs/${jobId}/pages`],
      ] as const;
    for (const [method, route] of routes(id)) expectError(await runtime.request(method, route, { key: KEYS.other }), 404, 'not_found');
    for (const jobId of [randomUUID(), 'not-a-job-id', id.toUpperCase(), `${id}0`, '%00', '..%2F..%2Fusage']) {
      for (const [method, route] of routes(jobId)) expectError(await runtime.request(method, route, { key: KEYS.pro }), 404, 'not_found');
    }
    // the other user's DELETE did nothing; the owner's does
    expect((await runtime.request('GET', `/v1/jobs/${id}`, { key: KEYS.pro })).json).toMatchObject({ cancel_requested: false });
    expect((await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEYS.pro })).status).toBe(202);
  });

  it('a running job: result is 409 result_not_ready; DELETE is 202 with cancel_requested; it ends cancelled', async () => {
    const id = await createJob(KEYS.pro, { url: 'https://site.test/slow', mode: 'single', check_tos: false });
    expectError(await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEYS.pro }), 409, 'result_not_ready');
    // told to poll the job under the version it asked
    const notReady = expectError(await runtime.request('GET', `/v1.1/jobs/${id}/result`, { key: KEYS.pro }), 409, 'result_not_ready');
    expect(notReady.message).toBe(`the job has not finished yet; poll GET /v1.1/jobs/${id} until it has`);

    const cancelled = await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEYS.pro });
    expect(cancelled.status).toBe(202);
    expect(Object.keys(cancelled.json).sort()).toEqual([...RECORD_FIELDS].sort());
    expect(cancelled.json).toMatchObject({ id, cancel_requested: true });
    expect(['queued', 'running']).toContain(cancelled.json.status);
    // asking again while it stops is fine
    expect((await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEYS.pro })).status).toBe(202);

    const job = await runtime.waitForJob(KEYS.pro, id);
    expect(job).toMatchObject({ status: 'cancelled', cancel_requested: true, error: null });
    expectError(await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEYS.pro }), 409, 'job_finished');
    // a cancelled job has a result: what was crawled
    const result = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEYS.pro });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it('a failed job: result is 409 job_failed carrying the job error', async () => {
    const id = await createJob(KEYS.pro, { url: 'https://site.test/missing', mode: 'single', check_tos: false });
    const job = await runtime.waitForJob(KEYS.pro, id);
    expect(job).toMatchObject({
      status: 'failed',
      error: { code: 'seed_fetch_failed', message: expect.any(String), details: { url: 'https://site.test/missing', reason: 'http_404', http_status: 404 } },
      quota: { reserved: 1, charged: 0 },
    });
    const error = expectError(await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEYS.pro }), 409, 'job_failed');
    expect(error.details).toEqual(job.error);
    expectError(await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEYS.pro }), 409, 'job_finished');
  });

  it('a document over the inline limit is a 303 to a download URL the client can GET', async () => {
    const id = await createJob(KEYS.pro, { url: 'https://site.test/big', mode: 'single', check_tos: false });
    const job = await runtime.waitForJob(KEYS.pro, id);
    expect(job.status).toBe('completed');

    const redirect = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEYS.pro, redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const location = redirect.headers.get('location') ?? '';
    const download = new URL(location);
    expect(download.hostname).toBe('127.0.0.1');
    expect(download.searchParams.get('X-Amz-Expires')).toBe('300');

    // no credentials needed: the URL is signed
    const response = await fetch(location);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const document = await response.text();
    expect(Buffer.byteLength(document)).toBeGreaterThan(INLINE_LIMIT_BYTES);
    expect(document.startsWith('URL: https://site.test/big\nTitle: Big\n\n')).toBe(true);
    expect(document).toContain('Lorem ipsum dolor sit amet');

    // a client that follows redirects just gets the document
    const followed = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEYS.pro });
    expect(followed.status).toBe(200);
    expect(followed.text).toBe(document);
  });
});

describe('usage', () => {
  it('GET /v1/usage has period, allowance, used, reserved and remaining', async () => {
    const reply = await runtime.request('GET', '/v1/usage', { key: KEYS.free });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(Object.keys(reply.json).sort()).toEqual(['allowance', 'period', 'remaining', 'reserved', 'used']);
    expect(reply.json).toEqual({ period: quotaPeriod(new Date()), allowance: 1000, used: 0, reserved: 0, remaining: 1000 });
  });
});

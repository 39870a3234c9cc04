import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../scripts/api-docs.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

/*
 * CONTRACT 9: GET /v1/openapi.json is public; GET /v1/jobs lists the caller's own jobs newest first, a page at a time, optionally
 * by status; GET /v1/account tells who the key belongs to and the webhook signing secret.
 */
const KEYS = { lister: 'jobs-list-key-lister-01', other: 'jobs-list-key-other-001' };

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/': page('Home'),
  }));
  runtime = await lifecycle.runtime({
    users: [
      { user_id: 'lister', api_key: KEYS.lister, plan: 'pro', monthly_pages: 1000 },
      { user_id: 'other', api_key: KEYS.other, plan: 'free', monthly_pages: 50 },
    ],
    hostOverrides: site.overrides,
  });
});

async function createJob(key: string): Promise<string> {
  const reply = await runtime.request('POST', '/v1/jobs', { key, body: { url: 'https://site.test/', mode: 'single' } });
  expect(reply.status, reply.text).toBe(202);
  return String(reply.json.id);
}

type JobList = { jobs: Array<{ id: string; status: string }>; next_cursor: string | null };

async function listJobs(key: string, query = ''): Promise<JobList> {
  const reply = await runtime.request('GET', `/v1/jobs${query}`, { key });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as unknown as JobList;
}

describe('GET /v1/jobs', () => {
  it('lists only the caller\'s jobs, newest first, a page at a time, and filters by status', async () => {
    // prepare: five jobs of the lister, one of another user
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      created.push(await createJob(KEYS.lister));
      // created_at has millisecond resolution; distinct times keep the expected order exact
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const othersJob = await createJob(KEYS.other);
    for (const id of created) await runtime.waitForJob(KEYS.lister, id);

    // act: pages of two
    const first = await listJobs(KEYS.lister, '?limit=2');
    const second = await listJobs(KEYS.lister, `?limit=2&cursor=${first.next_cursor}`);
    const third = await listJobs(KEYS.lister, `?limit=2&cursor=${second.next_cursor}`);

    // assert
    const newestFirst = [...created].reverse();
    expect(first.jobs.map((job) => job.id)).toEqual(newestFirst.slice(0, 2));
    expect(second.jobs.map((job) => job.id)).toEqual(newestFirst.slice(2, 4));
    expect(third).toEqual({ jobs: [expect.objectContaining({ id: newestFirst[4] })], next_cursor: null });
    expect(first.jobs[0]).toMatchObject({ status: 'completed', mode: 'single', links: { self: `/v1/jobs/${newestFirst[0]}` } });
    expect((await listJobs(KEYS.other)).jobs.map((job) => job.id)).toEqual([othersJob]);

    const completed = await listJobs(KEYS.lister, '?status=completed');
    expect(completed.jobs.map((job) => job.id)).toEqual(newestFirst);
    expect(await listJobs(KEYS.lister, '?status=running')).toEqual({ jobs: [], next_cursor: null });
  });

  it('refuses a bad limit, status or cursor with 422 naming the parameter', async () => {
    for (const [query, field] of [['?limit=0', 'limit'], ['?limit=101', 'limit'], ['?status=done', 'status'], ['?cursor=bm90LWEtY3Vyc29y', 'cursor'], ['?cursor=%2F%2F', 'cursor']]) {
      const reply = await runtime.request('GET', `/v1/jobs${query}`, { key: KEYS.lister });
      expect(reply.status, query).toBe(422);
      expect(reply.json.error?.details, query).toEqual([expect.objectContaining({ field })]);
    }
  });

  it('needs an API key', async () => {
    const reply = await runtime.request('GET', '/v1/jobs');
    expect(reply.status).toBe(401);
    expect(reply.json.error?.code).toBe('unauthorized');
  });
});

describe('GET /v1/openapi.json', () => {
  it('serves the OpenAPI document without authentication, as committed in docs/openapi.json', async () => {
    const reply = await runtime.request('GET', '/v1/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(reply.json).toEqual(JSON.parse(await readFile(OPENAPI_FILE, 'utf8')));
  });
});

describe('GET /v1/account', () => {
  it('tells the user, plan, allowance and a stable webhook signing secret', async () => {
    const first = await runtime.request('GET', '/v1/account', { key: KEYS.other });
    const again = await runtime.request('GET', '/v1/account', { key: KEYS.other });

    expect(first.status).toBe(200);
    expect(first.json).toEqual({ user_id: 'other', plan: 'free', monthly_pages: 50, webhook_signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/) });
    expect(again.json.webhook_signing_secret).toBe(first.json.webhook_signing_secret);
    const lister = await runtime.request('GET', '/v1/account', { key: KEYS.lister });
    expect(lister.json.webhook_signing_secret).not.toBe(first.json.webhook_signing_secret);
  });
});

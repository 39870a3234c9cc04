import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getUser, storeApiKey } from '../../lambdas/data/accounts.js';
import { getJob, updateJob } from '../../lambdas/data/jobs.js';
import { getEntry, writeLevel } from '../../lambdas/data/ledger.js';
import { getUsage, reservePages } from '../../lambdas/data/usage.js';
import { hashApiKey } from '../../lambdas/domain/accounts.js';
import { quotaPeriod } from '../../lambdas/domain/quota.js';
import { ENDPOINTS_FILE, LocalEndpointsSchema } from '../../local/endpoints-file.js';
import { EXIT, runAdmin } from '../../scripts/admin.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { runningJobWithoutExecution } from '../helpers/jobs.js';
import { page, startSite } from '../helpers/site.js';

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
const OPS_KEY = 'admin-ops-key-0001';

const lifecycle = testLifecycle();
beforeAll(async () => {
  // /slow answers after 8 s: a crawl of it is still running when an operator settles it.
  site = lifecycle.site(await startSite({ '/': page('Home', ['/slow']), '/slow': { body: page('Slow'), delayMs: 8_000 } }));
  runtime = await lifecycle.runtime({ users: [{ user_id: 'ops-user', api_key: OPS_KEY, plan: 'pro', monthly_pages: 1000 }], hostOverrides: site.overrides });
});

/** Runs the CLI in this process against the test runtime; returns its exit code and output. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin([...argv, '--data-dir', runtime.dataDir], { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function adminJson<T>(...argv: string[]): Promise<T> {
  const result = await admin(...argv, '--json');
  expect(result.err).toBe('');
  expect(result.code).toBe(EXIT.ok);
  return JSON.parse(result.out) as T;
}

interface CreatedKey {
  user_id: string;
  api_key: string;
  key_id: string;
}

describe('admin CLI against the running local runtime', () => {
  it('creates a user and a key the API accepts, lists it without the secret, and revokes it', async () => {
    // prepare
    const created = await admin('create-user', '--user', 'alice', '--plan', 'pro');
    expect(created).toMatchObject({ code: EXIT.ok, out: 'Created user alice: plan pro, 50000 pages per month.' });
    const issued = await admin('create-key', '--user', 'alice');
    expect(issued.code).toBe(EXIT.ok);
    const key = /\b(wcs_[A-Za-z0-9_-]{43})\b/.exec(issued.out)?.[1] ?? '';
    const keyId = /Key id: ([0-9a-f]{16})/.exec(issued.out)?.[1] ?? '';
    expect(keyId).toBe(hashApiKey(key).slice(0, 16));

    // the key works
    const usage = await runtime.request('GET', '/v1/usage', { key });
    expect(usage.status).toBe(200);
    expect(usage.json).toEqual({ period: quotaPeriod(new Date()), allowance: 50_000, used: 0, reserved: 0, remaining: 50_000 });

    // listed by id, never by secret
    const listed = await admin('list-keys', '--user', 'alice');
    expect(listed.code).toBe(EXIT.ok);
    expect(listed.out).toMatch(new RegExp(`^${keyId}\\s+\\d{4}-\\d\\d-\\d\\dT\\S+Z\\s+-$`, 'm'));
    expect(listed.out).not.toContain(key);
    expect(listed.out).not.toContain(hashApiKey(key));

    // revoked by a prefix of its id: the API refuses it with the envelope
    const revoked = await admin('revoke-key', '--key-id', keyId.slice(0, 10));
    expect(revoked.code).toBe(EXIT.ok);
    expect(revoked.out).toContain(`Revoked key ${keyId} of user alice`);
    const refused = await runtime.request('GET', '/v1/usage', { key });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    expect(refused.json.error).toMatchObject({ code: 'unauthorized', message: expect.any(String), request_id: expect.any(String) });

    const keys = await adminJson<{ keys: Array<{ key_id: string; revoked_at: string | null }> }>('list-keys', '--user', 'alice');
    expect(keys.keys).toEqual([expect.objectContaining({ key_id: keyId, revoked_at: expect.stringMatching(/Z$/) })]);
    // revoking again is harmless and says so
    const again = await admin('revoke-key', '--key', key);
    expect(again).toMatchObject({ code: EXIT.ok, out: expect.stringContaining('already revoked') });
  });

  it('updates a user: an explicit allowance, kept while the plan stays, the new default when it changes', async () => {
    await admin('create-user', '--user', 'bob', '--plan', 'free');
    expect(await adminJson('create-user', '--user', 'bob', '--plan', 'free', '--monthly-pages', '100')).toMatchObject({ plan: 'free', monthly_pages: 100, created: false });
    const key = (await adminJson<CreatedKey>('create-key', '--user', 'bob')).api_key;
    expect((await runtime.request('GET', '/v1/usage', { key })).json).toMatchObject({ allowance: 100, remaining: 100 });

    expect(await adminJson('create-user', '--user', 'bob', '--plan', 'free')).toMatchObject({ monthly_pages: 100 });
    expect(await adminJson('create-user', '--user', 'bob', '--plan', 'enterprise')).toMatchObject({ plan: 'enterprise', monthly_pages: 1_000_000 });
  });

  it('gives a new user a webhook signing secret once, kept when the user is updated', async () => {
    await admin('create-user', '--user', 'signer', '--plan', 'free');
    const secret = (await getUser('signer'))?.webhook_signing_secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await admin('create-user', '--user', 'signer', '--plan', 'pro');
    expect((await getUser('signer'))?.webhook_signing_secret).toBe(secret);
  });

  it('rotates a webhook signing secret: GET /v1/account shows the new one at once', async () => {
    // prepare
    await admin('create-user', '--user', 'rotator', '--plan', 'pro');
    const issued = await adminJson<CreatedKey>('create-key', '--user', 'rotator');
    const before = await runtime.request('GET', '/v1/account', { key: issued.api_key });
    expect(before.json.webhook_signing_secret).toMatch(/^whsec_/);

    // act
    const rotated = await adminJson<{ user_id: string; webhook_signing_secret: string }>('rotate-webhook-secret', '--user', 'rotator');

    // assert
    expect(rotated.webhook_signing_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rotated.webhook_signing_secret).not.toBe(before.json.webhook_signing_secret);
    const after = await runtime.request('GET', '/v1/account', { key: issued.api_key });
    expect(after.json.webhook_signing_secret).toBe(rotated.webhook_signing_secret);
    const missing = await admin('rotate-webhook-secret', '--user', 'nobody-here');
    expect(missing.code).toBe(EXIT.failed);
  });

  it('shows usage with the open reservations', async () => {
    await admin('create-user', '--user', 'carol', '--plan', 'free', '--monthly-pages', '100');
    const now = new Date();
    const period = quotaPeriod(now);
    await reservePages({ userId: 'carol', period, jobId: 'job-a', pages: 30, allowance: 100, now });
    await reservePages({ userId: 'carol', period, jobId: 'job-b', pages: 5, allowance: 100, now });

    const usage = await adminJson('usage', '--user', 'carol');
    expect(usage).toEqual({
      user_id: 'carol',
      period,
      allowance: 100,
      used: 0,
      reserved: 35,
      remaining: 65,
      reservations: expect.arrayContaining([
        { job_id: 'job-a', pages: 30, reserved_at: now.toISOString() },
        { job_id: 'job-b', pages: 5, reserved_at: now.toISOString() },
      ]),
    });
    const text = await admin('usage', '--user', 'carol');
    expect(text.out).toMatch(/reserved\s+35/);
    expect(text.out).toContain('job job-a: 30 pages');
    // another month has nothing
    expect(await adminJson('usage', '--user', 'carol', '--period', '2001-01')).toMatchObject({ period: '2001-01', used: 0, reserved: 0, remaining: 100, reservations: [] });
  });

  it('refuses an unknown or ambiguous key id, and names the matching keys', async () => {
    await admin('create-user', '--user', 'dave', '--plan', 'free');
    // two keys whose hashes share their first 4 hex digits (found by trying, as a birthday search)
    const byPrefix = new Map<string, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const candidate = `test-ambiguous-key-${i}`;
      const prefix = hashApiKey(candidate).slice(0, 4);
      const other = byPrefix.get(prefix);
      if (other) pair = [other, candidate];
      byPrefix.set(prefix, candidate);
    }
    const now = new Date();
    for (const key of pair) await storeApiKey('dave', key, now);
    const prefix = hashApiKey(pair[0]).slice(0, 4);

    const ambiguous = await admin('revoke-key', '--key-id', prefix);
    expect(ambiguous.code).toBe(EXIT.failed);
    expect(ambiguous.err).toContain(`key id ${prefix} is ambiguous`);
    for (const key of pair) expect(ambiguous.err).toContain(hashApiKey(key).slice(0, 16));
    // nothing was revoked
    const keys = await adminJson<{ keys: Array<{ revoked_at: string | null }> }>('list-keys', '--user', 'dave');
    expect(keys.keys.map((key) => key.revoked_at)).toEqual([null, null]);
    expect(await runtime.request('GET', '/v1/usage', { key: pair[0] })).toMatchObject({ status: 200 });

    const unknown = await admin('revoke-key', '--key-id', 'ffffffffffffffff');
    expect(unknown).toMatchObject({ code: EXIT.failed, err: expect.stringContaining('no API key has the id ffffffffffffffff') });
    const unknownKey = await admin('revoke-key', '--key', 'wcs_not-a-key-anyone-has');
    expect(unknownKey).toMatchObject({ code: EXIT.failed, err: 'error: no such API key' });
  });

  it('fails with 1 for a missing user, and with 2 and the usage for a wrong command line', async () => {
    expect(await admin('create-key', '--user', 'nobody')).toMatchObject({ code: EXIT.failed, err: expect.stringContaining('no user "nobody"') });
    expect(await admin('list-keys', '--user', 'nobody')).toMatchObject({ code: EXIT.failed });

    const wrong: Array<[string[], string]> = [
      [[], 'no command given'],
      [['frobnicate'], 'unknown command "frobnicate"'],
      [['create-user', '--user', 'x'], '--plan is required'],
      [['create-user', '--user', 'x', '--plan', 'gold'], '--plan must be one of free, pro, enterprise'],
      [['create-user', '--user', 'x', '--plan', 'free', '--monthly-pages', '-5'], "Option '--monthly-pages' argument is ambiguous"],
      [['create-user', '--user', 'x', '--plan', 'free', '--monthly-pages=-5'], '--monthly-pages must be a whole number of pages'],
      [['create-user', '--user', 'x', '--plan', 'free', '--monthly-pages', '1e3'], '--monthly-pages must be a whole number of pages'],
      [['create-user', '--user', 'bad id', '--plan', 'free'], '--user must be 1 to 128 letters'],
      [['create-key', '--user', 'x', '--plan', 'pro'], '--plan is not an option of this command'],
      [['revoke-key'], 'exactly one of --key or --key-id'],
      [['revoke-key', '--key', 'k', '--key-id', 'abcd'], 'exactly one of --key or --key-id'],
      [['revoke-key', '--key-id', 'xyz'], '--key-id must be a key id'],
      [['usage', '--user', 'x', '--period', '2024-13'], '--period must be a month written YYYY-MM'],
      [['usage', '--user', 'x', '--bogus'], "Unknown option '--bogus'"],
      [['usage', '--user', 'x', '--users-table', 'Users'], 'needs all of --users-table, --api-keys-table and --usage-table'],
    ];
    for (const [argv, message] of wrong) {
      const result = await admin(...argv);
      expect(result.code, argv.join(' ')).toBe(EXIT.usage);
      expect(result.err, argv.join(' ')).toContain(message);
      expect(result.err).toContain('Usage: npm run admin -- <command> [options]');
    }
    const help = await admin('help');
    expect(help).toMatchObject({ code: EXIT.ok, out: expect.stringContaining('revoke-key --key <key> | --key-id <id>') });
  });

  it('says clearly when no runtime is running on the data directory', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'crawl-admin-'));
    try {
      const io = { out: () => undefined, err: (text: string) => errors.push(text) };
      const errors: string[] = [];
      expect(await runAdmin(['usage', '--user', 'alice', '--data-dir', empty], io)).toBe(EXIT.failed);
      expect(errors.join('\n')).toContain(`no local runtime is running on ${empty}`);

      // a runtime that was killed leaves its file behind; its process is gone
      const deadPid = await exitedProcessId();
      await writeFile(path.join(empty, ENDPOINTS_FILE), JSON.stringify({ pid: deadPid, environment: pickEndpointEnvironment() }));
      errors.length = 0;
      expect(await runAdmin(['usage', '--user', 'alice', '--data-dir', empty], io)).toBe(EXIT.failed);
      expect(errors.join('\n')).toContain(`(pid ${deadPid}) is not running any more`);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

function pickEndpointEnvironment(): Record<string, string> {
  return Object.fromEntries(Object.keys(LocalEndpointsSchema.shape.environment.shape).map((name) => [name, process.env[name] ?? 'x']));
}

/** The id of a process that has exited (so nothing answers to it). */
async function exitedProcessId(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

describe('admin CLI against a deployed stack', () => {
  it('reads the table names from the stack outputs (a CloudFormation stand-in on loopback)', async () => {
    const outputs = {
      UsersTableName: process.env.USERS_TABLE,
      ApiKeysTableName: process.env.API_KEYS_TABLE,
      UsageTableName: process.env.USAGE_TABLE,
      JobsTableName: process.env.JOBS_TABLE,
      PagesTableName: process.env.PAGES_TABLE,
      PageQueueUrl: process.env.PAGE_QUEUE_URL,
      PageDeadLetterQueueUrl: process.env.PAGE_DEAD_LETTER_QUEUE_URL,
      DeadLetterParkingQueueUrl: process.env.DEAD_LETTER_PARKING_QUEUE_URL,
      StateMachineArn: process.env.STATE_MACHINE_ARN,
    };
    const asked: string[] = [];
    const cloudFormation = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        asked.push(new URLSearchParams(body).get('StackName') ?? '');
        const members = Object.entries(outputs).map(([key, value]) => `<member><OutputKey>${key}</OutputKey><OutputValue>${value}</OutputValue></member>`).join('');
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.end(
          `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><DescribeStacksResult><Stacks><member><StackName>WebCrawlService</StackName><StackStatus>CREATE_COMPLETE</StackStatus><CreationTime>2026-01-01T00:00:00Z</CreationTime><Outputs>${members}</Outputs></member></Stacks></DescribeStacksResult></DescribeStacksResponse>`,
        );
      });
    });
    await new Promise<void>((resolve) => cloudFormation.listen(0, '127.0.0.1', resolve));
    process.env.AWS_ENDPOINT_URL_CLOUDFORMATION = `http://127.0.0.1:${(cloudFormation.address() as AddressInfo).port}`;
    try {
      const out: string[] = [];
      const code = await runAdmin(['create-user', '--user', 'stack-user', '--plan', 'free', '--stack', 'WebCrawlService', '--region', 'us-east-1'], { out: (text) => out.push(text), err: (text) => out.push(text) });
      expect(code, out.join('\n')).toBe(EXIT.ok);
      expect(asked[0]).toBe('WebCrawlService');
      expect(await getUser('stack-user')).toMatchObject({ plan: 'free' });
      // the operations commands find the jobs table and the queues in the outputs too
      out.length = 0;
      expect(await runAdmin(['jobs', '--stuck', '--json', '--stack', 'WebCrawlService', '--region', 'us-east-1'], { out: (text) => out.push(text), err: (text) => out.push(text) }), out.join('\n')).toBe(EXIT.ok);
      expect(JSON.parse(out.join(''))).toMatchObject({ jobs: expect.any(Array) });
      expect(await runAdmin(['redrive-dlq', '--stack', 'WebCrawlService', '--region', 'us-east-1'], { out: () => undefined, err: () => undefined })).toBe(EXIT.ok);
      const mixed = await runAdmin(['usage', '--user', 'stack-user', '--stack', 'WebCrawlService', '--usage-table', 'x-table'], { out: () => undefined, err: () => undefined });
      expect(mixed).toBe(EXIT.usage);
    } finally {
      delete process.env.AWS_ENDPOINT_URL_CLOUDFORMATION;
      cloudFormation.close();
    }
  });
});

describe('admin CLI operations commands (docs/operations.md)', () => {
  it('jobs --stuck names the job without progress; settle-job ends it, settles its quota, and leaves others alone', async () => {
    await admin('create-user', '--user', 'ops-a', '--plan', 'pro');
    const stuck = await runningJobWithoutExecution('ops-a', 45);
    const fresh = await runningJobWithoutExecution('ops-a', 2);

    const open = await adminJson<{ jobs: Array<{ job_id: string; stuck: boolean; quiet_minutes: number }> }>('jobs');
    expect(open.jobs).toEqual(expect.arrayContaining([
      expect.objectContaining({ job_id: stuck.job_id, stuck: true, quiet_minutes: 45 }),
      expect.objectContaining({ job_id: fresh.job_id, stuck: false }),
    ]));
    const listed = await adminJson<{ jobs: Array<{ job_id: string }> }>('jobs', '--stuck');
    expect(listed.jobs.map((job) => job.job_id)).toContain(stuck.job_id);
    expect(listed.jobs.map((job) => job.job_id)).not.toContain(fresh.job_id);
    expect((await admin('jobs', '--stuck')).out).toMatch(new RegExp(`^${stuck.job_id}\\s+ops-a\\s+running\\s.*\\syes$`, 'm'));

    // progress the reconciler saw recently is not stuck, however old the job
    await updateJob(stuck.job_id, { progress_watch: { pages_done: 0, depth: null, status: 'running', since: new Date(Date.now() - 5 * 60_000).toISOString() } });
    expect((await adminJson<{ jobs: Array<{ job_id: string }> }>('jobs', '--stuck')).jobs.map((job) => job.job_id)).not.toContain(stuck.job_id);

    const settled = await admin('settle-job', '--job', stuck.job_id, '--reason', 'no progress, see ticket 42');
    expect(settled).toMatchObject({ code: EXIT.ok, out: `Job ${stuck.job_id} is failed: charged 0 page(s), released 5; its execution was not running.` });
    expect(await getJob(stuck.job_id)).toMatchObject({
      status: 'failed',
      error: { code: 'internal_error', message: 'settled by an operator: no progress, see ticket 42' },
      quota: { settled: true, charged: 0 },
    });
    const usage = await getUsage('ops-a', stuck.quota.period);
    expect(usage.reservations).not.toHaveProperty(stuck.job_id);
    expect(usage.reservations).toHaveProperty(fresh.job_id);
    expect(await admin('settle-job', '--job', stuck.job_id)).toMatchObject({ code: EXIT.ok, out: expect.stringContaining('already ended failed; nothing to settle') });
    expect(await admin('settle-job', '--job', randomUUID())).toMatchObject({ code: EXIT.failed, err: expect.stringContaining('no job') });
    expect(await admin('settle-job', '--job', 'not-a-job')).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('--job must be a job id') });
  });

  it('settle-job stops a running crawl: the operator\'s outcome stays, the user sees it failed', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: OPS_KEY, body: { url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: 5 } });
    expect(created.status, created.text).toBe(202);
    const jobId = String(created.json.id);
    // wait until the seed is crawled and /slow is being fetched
    for (let i = 0; i < 200 && (await getJob(jobId))?.level?.depth !== 1; i++) await new Promise((resolve) => setTimeout(resolve, 50));

    const settled = await adminJson<{ status: string; execution_stopped: boolean; charged: number; released: number }>('settle-job', '--job', jobId);
    expect(settled).toMatchObject({ status: 'failed', execution_stopped: true, charged: 1, released: 4 });
    const job = await runtime.waitForJob(OPS_KEY, jobId, 5_000);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'internal_error', message: 'settled by an operator' }, quota: { reserved: 5, charged: 1 } });
    expect((await runtime.request('GET', '/v1/usage', { key: OPS_KEY })).json).toMatchObject({ used: 1, reserved: 0 });
  });

  it('redrive-dlq moves parked dead letters back to their consumer, which fails the page so the crawl goes on', async () => {
    await admin('create-user', '--user', 'ops-b', '--plan', 'pro');
    const job = await runningJobWithoutExecution('ops-b', 1);
    await writeLevel(job.job_id, 0, [{ url: 'https://site.test/', status: 'queued' }], job.expires_at);
    await updateJob(job.job_id, { level: { depth: 0, size: 1, lanes: 1 } });
    const parking = process.env.DEAD_LETTER_PARKING_QUEUE_URL ?? '';
    expect(parking).not.toBe('');
    await new SQSClient({}).send(new SendMessageCommand({ QueueUrl: parking, MessageBody: JSON.stringify({ job_id: job.job_id, depth: 0, index: 0 }) }));

    expect(await admin('redrive-dlq')).toMatchObject({ code: EXIT.ok, out: expect.stringContaining('Moved 1 parked dead letter(s) to the dead-letter queue') });
    for (let i = 0; i < 100 && (await getEntry(job.job_id, 0, 0))?.status === 'queued'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await getEntry(job.job_id, 0, 0)).toMatchObject({ status: 'failed', reason: 'worker_failed' });
    expect(await adminJson('redrive-dlq', '--to', 'pages')).toEqual({ moved: 0, to: 'pages' });
    expect(await admin('redrive-dlq', '--to', 'nowhere')).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('--to must be dead-letters or pages') });
  });

  it('block-site: new jobs of the site and its subdomains fail before any fetch, at no charge, until unblocked', async () => {
    expect(await admin('block-site', '--host', 'Site.Test', '--reason', 'owner asked by e-mail')).toMatchObject({ code: EXIT.ok, out: expect.stringContaining('Blocked site.test') });
    expect(await adminJson('list-blocked-sites')).toEqual({ sites: [{ host: 'site.test', reason: 'owner asked by e-mail', blocked_at: expect.stringMatching(/Z$/) }] });
    const hitsBefore = site.hits.get('www.site.test/') ?? 0;

    const created = await runtime.request('POST', '/v1/jobs', { key: OPS_KEY, body: { url: 'https://www.site.test/', mode: 'single' } });
    expect(created.status, created.text).toBe(202);
    const refused = await runtime.waitForJob(OPS_KEY, String(created.json.id), 10_000);
    expect(refused).toMatchObject({
      status: 'failed',
      error: { code: 'robots_disallowed', message: 'the site has asked not to be crawled', details: { url: 'https://www.site.test/', blocked_host: 'site.test' } },
      quota: { charged: 0 },
    });
    expect(site.hits.get('www.site.test/') ?? 0).toBe(hitsBefore);

    expect(await admin('unblock-site', '--host', 'site.test')).toMatchObject({ code: EXIT.ok, out: 'Unblocked site.test.' });
    expect(await admin('unblock-site', '--host', 'site.test')).toMatchObject({ code: EXIT.ok, out: 'site.test was not blocked.' });
    const allowed = await runtime.request('POST', '/v1/jobs', { key: OPS_KEY, body: { url: 'https://www.site.test/', mode: 'single' } });
    expect((await runtime.waitForJob(OPS_KEY, String(allowed.json.id), 10_000)).status).toBe('completed');
    expect(await admin('block-site', '--host', 'com', '--reason', 'x')).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('--host must be a host name') });
    expect(await admin('block-site', '--host', 'example.com')).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('--reason is required') });
  });

  it('refuses the operations commands on a target that names only the account tables', async () => {
    const saved = { ...process.env };
    try {
      for (const name of ['JOBS_TABLE', 'PAGES_TABLE', 'STATE_MACHINE_ARN']) delete process.env[name];
      const errors: string[] = [];
      const result = await runAdmin(['jobs', '--users-table', 'Users', '--api-keys-table', 'Keys', '--usage-table', 'Usage', '--region', 'us-east-1'], { out: () => undefined, err: (text) => errors.push(text) });
      expect(result).toBe(EXIT.failed);
      expect(errors.join('\n')).toContain('this command needs the local runtime or --stack <name> (missing JOBS_TABLE)');
    } finally {
      Object.assign(process.env, saved);
    }
  });
});

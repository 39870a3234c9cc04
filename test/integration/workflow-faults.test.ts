import { StopExecutionCommand } from '@aws-sdk/client-sfn';
import { PurgeQueueCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqs, stepFunctions } from '../../lambdas/data/clients.js';
import { acquireLease } from '../../lambdas/data/ledger.js';
import { reservePages } from '../../lambdas/data/usage.js';
import { quotaPeriod } from '../../lambdas/domain/quota.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

const KEY = 'faults-key-0001';
let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let flakyHits = 0;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/': page('Home', ['/a', '/b', '/c', '/flaky']),
    '/a': page('A'),
    '/b': page('B'),
    '/c': page('C', ['/c1']),
    '/c1': page('C1'),
    // A Crawl-delay makes one lane and holds its next message in the queue for a second, where a purge finds it.
    'www.site.test/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nCrawl-delay: 1\n' },
    'www.site.test/': page('Slow home', ['/w1', '/w2', '/w3']),
    'www.site.test/w1': page('W1'),
    'www.site.test/w2': page('W2'),
    'www.site.test/w3': page('W3'),
    '/stall': { body: page('Stall'), delayMs: 5000 },
    '/flaky': {
      // 503 twice, then the page: a transient failure retried within the 3 attempts.
      handle: (_request, response) => {
        flakyHits += 1;
        if (flakyHits <= 2) {
          response.writeHead(503, { 'retry-after': '1', 'content-type': 'text/html' });
          response.end('busy');
          return;
        }
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(page('Flaky'));
      },
    },
  }));
  runtime = await lifecycle.runtime({
    users: [{ user_id: 'faults', api_key: KEY, plan: 'pro', monthly_pages: 1000 }],
    hostOverrides: site.overrides,
    // Redelivery after a crash waits for the visibility timeout; keep it short here.
    queueVisibilitySeconds: 2,
    pageLeaseSeconds: 1,
  });
  lifecycle.undo(() => runtime.host.intercept('page-worker', undefined));
});

/** The (depth, index) of the page message a worker invocation carries. */
function pageOf(event: unknown): string {
  const body = JSON.parse((event as SQSEvent).Records[0]?.body ?? '{}') as { depth: number; index: number };
  return `${body.depth}:${body.index}`;
}

async function crawlWithWorker(interceptor: Parameters<TestRuntime['host']['intercept']>[1], options: { url?: string; max_depth?: number } = {}) {
  runtime.host.intercept('page-worker', interceptor);
  try {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'full', max_depth: 2, check_tos: false, ...options } });
    const id = String(created.json.id);
    const job = await runtime.waitForJob(KEY, id, 90_000);
    const result = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY });
    const pages = await runtime.request('GET', `/v1/jobs/${id}/pages`, { key: KEY });
    return { job, text: result.text, ledger: pages.json.pages as Array<Record<string, unknown>> };
  } finally {
    runtime.host.intercept('page-worker', undefined);
  }
}

/**
 * A crawl of www.site.test, one lane because of its Crawl-delay, in which `meddle` runs once when
 * /w1 is done: /w2's message is then waiting out the delay in the queue.
 */
async function crawlOneLane(meddle: (jobId: string) => Promise<void>) {
  let meddled = false;
  const crawled = await crawlWithWorker(
    async (event, run) => {
      const result = await run();
      if (pageOf(event) === '1:0' && !meddled) {
        meddled = true;
        await meddle((JSON.parse((event as SQSEvent).Records[0]?.body ?? '{}') as { job_id: string }).job_id);
      }
      return result;
    },
    { url: 'https://www.site.test/', max_depth: 1 },
  );
  expect(meddled).toBe(true);
  return crawled;
}

const purgePageQueue = () => sqs().send(new PurgeQueueCommand({ QueueUrl: process.env.PAGE_QUEUE_URL }));

const urlsOf = (text: string) => [...text.matchAll(/^URL: (.+)$/gm)].map((match) => match[1]);

describe('faults', () => {
  it('redelivers the page of a worker that crashed before finishing, and exports it once', async () => {
    const crashed = new Set<string>();
    const { job, text } = await crawlWithWorker(async (event, run) => {
      const key = pageOf(event);
      // /a crashes before doing anything, /b after exporting but before the message is deleted.
      if (key === '1:0' && !crashed.has(key)) {
        crashed.add(key);
        throw new Error('worker crashed');
      }
      const result = await run();
      if (key === '1:1' && !crashed.has(key)) {
        crashed.add(key);
        throw new Error('worker crashed after its work');
      }
      return result;
    });
    expect(crashed).toEqual(new Set(['1:0', '1:1']));
    expect(job.status).toBe('completed');
    expect(urlsOf(text)).toEqual(['/', '/a', '/b', '/c', '/flaky', '/c1'].map((path) => `https://site.test${path}`));
  });

  it('retries a transient 503 and crawls the page within its attempts', async () => {
    flakyHits = 0;
    const { ledger } = await crawlWithWorker(undefined);
    expect(flakyHits).toBe(3);
    expect(ledger.find((entry) => entry.url === 'https://site.test/flaky')).toMatchObject({ status: 'crawled', http_status: 200 });
  });

  it('goes on with a lane whose message came back three times while its page had attempts left, instead of failing the page', async () => {
    flakyHits = 10;
    // The first run takes /a and dies; the next two die before they take any page (a runtime killed as it starts, say).
    let deliveries = 0;
    const { job, ledger } = await crawlWithWorker(async (event, run) => {
      if (pageOf(event) === '1:0' && deliveries < 3) {
        deliveries += 1;
        const { job_id } = JSON.parse((event as SQSEvent).Records[0]?.body ?? '{}') as { job_id: string };
        if (deliveries === 1) expect(await acquireLease(job_id, 1, 0, Date.now(), 1_000)).toMatchObject({ attempts: 1 });
        throw new Error('worker killed');
      }
      return run();
    });
    expect(deliveries).toBe(3);
    expect(job.status).toBe('completed');
    expect(ledger.find((entry) => entry.url === 'https://site.test/a')).toMatchObject({ status: 'crawled' });
  });

  it('sends a page whose worker always crashes to the DLQ, marks it failed, and finishes the level', async () => {
    flakyHits = 10;
    let attempts = 0;
    const { job, text, ledger } = await crawlWithWorker(async (event, run) => {
      if (pageOf(event) === '1:2') {
        attempts += 1;
        throw new Error('worker crashed');
      }
      return run();
    });
    expect(attempts).toBe(3);
    expect(job.status).toBe('completed');
    expect(ledger.find((entry) => entry.url === 'https://site.test/c')).toMatchObject({ status: 'failed', reason: 'worker_failed' });
    expect(urlsOf(text)).toEqual(['/', '/a', '/b', '/flaky'].map((path) => `https://site.test${path}`));
    expect(job.quota).toEqual({ reserved: 50, charged: 4 });
  });

  it('heals a level whose page message was purged: the job completes with the right document, charged once', async () => {
    const usageBefore = (await runtime.request('GET', '/v1/usage', { key: KEY })).json;
    // Nothing would ever send /w2 again.
    const { job, text, ledger } = await crawlOneLane(async () => {
      await purgePageQueue();
    });
    expect(job).toMatchObject({ status: 'completed', quota: { reserved: 50, charged: 4 } });
    expect(urlsOf(text)).toEqual(['/', '/w1', '/w2', '/w3'].map((path) => `https://www.site.test${path}`));
    expect(ledger.every((entry) => entry.status === 'crawled')).toBe(true);
    const usageAfter = (await runtime.request('GET', '/v1/usage', { key: KEY })).json;
    expect(usageAfter).toMatchObject({ used: Number(usageBefore.used) + 4, reserved: usageBefore.reserved });
  }, 90_000);

  it('ends a cancelled job whose page was taken by a worker that died and whose message was lost', async () => {
    const { job, text, ledger } = await crawlOneLane(async (jobId) => {
      // A worker takes /w2 and dies, its message is purged, and the user cancels.
      await acquireLease(jobId, 1, 1, Date.now(), 1000);
      await purgePageQueue();
      await runtime.request('DELETE', `/v1/jobs/${jobId}`, { key: KEY });
    });
    expect(job).toMatchObject({ status: 'cancelled', quota: { charged: 2 } });
    expect(urlsOf(text)).toEqual(['/', '/w1'].map((path) => `https://www.site.test${path}`));
    expect(ledger.map((entry) => [entry.url, entry.status, entry.reason])).toEqual([
      ['https://www.site.test/', 'crawled', null],
      ['https://www.site.test/w1', 'crawled', null],
      ['https://www.site.test/w2', 'skipped', 'cancelled'],
      ['https://www.site.test/w3', 'skipped', 'cancelled'],
    ]);
  }, 90_000);

  it('settles a job whose execution died before Finalize (the status-change path)', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/stall', mode: 'single', check_tos: false } });
    const id = String(created.json.id);
    const executionArn = `arn:aws:states:us-east-1:000000000000:execution:${stateMachineName()}:${id}`;
    await stepFunctions().send(new StopExecutionCommand({ executionArn }));
    const job = await runtime.waitForJob(KEY, id);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'internal_error' }, quota: { reserved: 1, charged: 0 } });
    expect((await runtime.request('GET', '/v1/usage', { key: KEY })).json.reserved).toBe(0);
  });

  it('releases a reservation left by a request that crashed before writing its job (the sweep)', async () => {
    const now = new Date();
    const before = (await runtime.request('GET', '/v1/usage', { key: KEY })).json;
    await reservePages({ userId: 'faults', period: quotaPeriod(now), jobId: 'never-written', pages: 7, allowance: 1000, now: new Date(now.getTime() - 20 * 60_000) });
    expect((await runtime.request('GET', '/v1/usage', { key: KEY })).json.reserved).toBe(Number(before.reserved) + 7);
    await runtime.host.invoke(runtime.host.logicalIdOf('reconciler'), { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} });
    expect((await runtime.request('GET', '/v1/usage', { key: KEY })).json).toEqual(before);
  });
});

function stateMachineName(): string {
  return (process.env.STATE_MACHINE_ARN ?? '').split(':').at(-1) ?? '';
}

import { beforeAll, describe, expect, it } from 'vitest';
import { getJob } from '../../lambdas/data/jobs.js';
import { METRICS_NAMESPACE } from '../../lambdas/observability/metrics.js';
import { runningJobWithoutExecution } from '../helpers/jobs.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

const KEY = 'metrics-key-0001';
const SMALL_KEY = 'metrics-key-0002';

const PAGES = {
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\n' },
  '/': page('Home', ['/a', '/b', '/missing', '/notes.txt', '/private/p']),
  '/a': page('A'),
  '/b': page('B'),
  '/notes.txt': { headers: { 'content-type': 'text/plain' }, body: 'plain text' },
};

/** One EMF line as CloudWatch reads it (the parts the test looks at). */
interface EmfLine {
  _aws: { Timestamp: number; CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> };
  [key: string]: unknown;
}

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
const logLines: string[] = [];

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite(PAGES));
  runtime = await lifecycle.runtime({
    users: [
      { user_id: 'metered', api_key: KEY, plan: 'pro', monthly_pages: 5000 },
      { user_id: 'small', api_key: SMALL_KEY, plan: 'free', monthly_pages: 3 },
    ],
    hostOverrides: site.overrides,
    log: (line) => logLines.push(line),
  });
});

function emfLines(): EmfLine[] {
  return logLines.filter((line) => line.startsWith('{"_aws"')).map((line) => JSON.parse(line) as EmfLine);
}

/** The sum of a metric's values over every line whose dimensions are exactly `dimensions` (besides service). */
function total(name: string, dimensions: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of emfLines()) {
    const [directive] = line._aws.CloudWatchMetrics;
    if (!directive?.Metrics.some((metric) => metric.Name === name)) continue;
    const keys = Object.keys(dimensions);
    const set = directive.Dimensions[0] ?? [];
    if (set.length !== keys.length + 1 || keys.some((key) => line[key] !== dimensions[key])) continue;
    const value = line[name] as number | number[];
    sum += Array.isArray(value) ? value.reduce((a, b) => a + b, 0) : value;
  }
  return sum;
}

describe('metrics of a crawl in the local runtime log', () => {
  it('are well-formed EMF lines with the counts of a small crawl, its refusals and its duration', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: 10 } });
    expect(created.status, created.text).toBe(202);
    const job = await runtime.waitForJob(KEY, String(created.json.id));
    expect(job.status).toBe('completed');

    // 402: three pages allowed, ten asked for
    const refused = await runtime.request('POST', '/v1/jobs', { key: SMALL_KEY, body: { url: 'https://site.test/', mode: 'full', max_pages: 10 } });
    expect(refused.status).toBe(402);
    // 429: the 21st preview within a minute
    let limited = 0;
    for (let i = 0; i < 21; i++) {
      if ((await runtime.request('GET', '/v1/sitemap/preview?url=https://site.test/a', { key: SMALL_KEY })).status === 429) limited += 1;
    }
    expect(limited).toBe(1);

    // every line is EMF: one namespace, the service dimension, each metric named with a unit and a value
    const lines = emfLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line._aws.Timestamp).toBeGreaterThan(Date.now() - 10 * 60_000);
      const [directive] = line._aws.CloudWatchMetrics;
      expect(directive?.Namespace).toBe(METRICS_NAMESPACE);
      expect(directive?.Dimensions[0]?.[0]).toBe('service');
      expect(line.service).toBe('web-crawl-service');
      for (const dimension of directive?.Dimensions.flat() ?? []) expect(typeof line[dimension]).toBe('string');
      for (const metric of directive?.Metrics ?? []) {
        expect(['Count', 'Seconds', 'Bytes']).toContain(metric.Unit);
        const value = line[metric.Name];
        expect(Array.isArray(value) ? value.every(Number.isFinite) : Number.isFinite(value), metric.Name).toBe(true);
      }
      // no job, user or URL ever becomes a dimension
      expect(JSON.stringify(directive?.Dimensions)).not.toMatch(/job|user|url/);
    }

    expect(total('JobsCreated')).toBe(1);
    expect(total('JobsCompleted')).toBe(1);
    expect(total('JobsFailed')).toBe(0);
    expect(total('PagesCrawled')).toBe(3);
    expect(total('PagesFailed')).toBe(1);
    expect(total('PagesFailed', { reason: 'http_404' })).toBe(1);
    expect(total('PagesSkipped')).toBe(2);
    expect(total('PagesSkipped', { reason: 'not_html' })).toBe(1);
    expect(total('PagesSkipped', { reason: 'robots_disallowed' })).toBe(1);
    expect(total('BytesExported')).toBeGreaterThan(3 * 'URL: https://site.test/a\nTitle: A\n'.length);
    expect(total('JobDuration')).toBeGreaterThan(0);
    expect(total('QuotaRefusals')).toBe(1);
    expect(total('RateLimitRefusals')).toBe(1);
  });
});

describe('the reconciler sweep', () => {
  it('counts an open job without progress as stalled, and a job past its execution timeout as rescued', async () => {
    const stalled = await runningJobWithoutExecution('metered', 45);
    const abandoned = await runningJobWithoutExecution('metered', 5 * 60);
    logLines.length = 0;
    await runtime.host.invoke(runtime.host.logicalIdOf('reconciler'), { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} });

    expect(total('StalledJobs')).toBe(1);
    expect(total('JobsRescued')).toBe(1);
    // the watch keeps the quiet's start, so the next sweep still counts the job
    expect(await getJob(stalled.job_id)).toMatchObject({ status: 'running', progress_watch: { pages_done: 0, status: 'running', since: stalled.started_at } });
    expect(await getJob(abandoned.job_id)).toMatchObject({ status: 'failed', error: { message: 'the crawl did not finish in time' }, quota: { settled: true } });
  });
});

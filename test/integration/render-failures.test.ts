import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

/**
 * When the browser cannot start, a user hears of it within seconds: the pages that needed it fail
 * with a reason that says so, the render worker logs the cause, and the job ends with its static
 * pages. A cancel does not wait for a render in progress.
 */
const KEY = 'render-failure-key-01';
const SHELL = `<!doctype html><html><head><title>App</title></head><body><div id="root"></div>
<script>document.getElementById('root').innerHTML = '<h1>Built by script</h1>';</script></body></html>`;

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let scratch: string;
let errorLines: Array<Record<string, unknown>>;
const write = process.stderr.write.bind(process.stderr);

const lifecycle = testLifecycle();
beforeAll(async () => {
  scratch = await lifecycle.scratch('render-failures-');
  lifecycle.undo(() => delete process.env.CRAWL_CHROMIUM_EXECUTABLE);
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/': page('Home', ['/app', '/about']),
    '/app': SHELL,
    '/about': page('About'),
  }));
  runtime = await lifecycle.runtime({ users: [{ user_id: 'render-failures', api_key: KEY, plan: 'pro', monthly_pages: 1_000 }], hostOverrides: site.overrides });
}, 120_000);

beforeEach(() => {
  errorLines = [];
  // Powertools writes ERROR lines to stderr, one JSON object each.
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    for (const line of String(chunk).split('\n').filter((text) => text.startsWith('{"level":"ERROR"'))) errorLines.push(JSON.parse(line) as Record<string, unknown>);
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
});
afterEach(() => {
  process.stderr.write = write;
});

async function create(body: Record<string, unknown>): Promise<string> {
  const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { check_tos: false, ...body } });
  expect(created.status).toBe(202);
  return String(created.json.id);
}

const ledgerOf = async (id: string) => (await runtime.request('GET', `/v1/jobs/${id}/pages`, { key: KEY })).json.pages as Array<Record<string, unknown>>;

describe('a browser that cannot start', () => {
  it('fails the pages that needed it within seconds, says why, and the job completes with its static pages', { timeout: 60_000 }, async () => {
    process.env.CRAWL_CHROMIUM_EXECUTABLE = path.join(scratch, 'no-such-chromium');
    const started = Date.now();
    const id = await create({ url: 'https://site.test/', mode: 'full', max_depth: 1 });
    const job = await runtime.waitForJob(KEY, id, 30_000);

    expect(Date.now() - started).toBeLessThan(30_000);
    expect(job).toMatchObject({ status: 'completed', progress: { pages_crawled: 2, pages_failed: 1 } });
    expect((await ledgerOf(id)).map((entry) => [entry.url, entry.status, entry.reason])).toEqual([
      ['https://site.test/', 'crawled', null],
      ['https://site.test/app', 'failed', 'browser_unavailable'],
      ['https://site.test/about', 'crawled', null],
    ]);
    expect(errorLines).toContainEqual(
      expect.objectContaining({ function_name: expect.stringMatching(/^RenderWorkerFunction/), message: expect.stringContaining('the browser could not start'), cause: expect.stringContaining('no-such-chromium') }),
    );
    const document = (await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY })).text;
    expect(document).toContain('Content of About.');
  });

  it('lets a cancel land within seconds while the browser is still starting, and the ledger says cancelled', { timeout: 60_000 }, async () => {
    // A browser that never gets going: Playwright waits for it until its launch timeout.
    const hanging = path.join(scratch, 'hanging-chromium');
    await writeFile(hanging, '#!/bin/sh\nsleep 8\n');
    await chmod(hanging, 0o755);
    process.env.CRAWL_CHROMIUM_EXECUTABLE = hanging;
    const id = await create({ url: 'https://site.test/app', mode: 'single', render: 'always' });
    // The render worker fetches the page, then starts the browser.
    for (let tries = 0; !site.hits.get('site.test/app'); tries++) {
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));

    const cancelledAt = Date.now();
    expect((await runtime.request('DELETE', `/v1/jobs/${id}`, { key: KEY })).status).toBe(202);
    const job = await runtime.waitForJob(KEY, id, 20_000);

    expect(Date.now() - cancelledAt).toBeLessThan(6_000);
    expect(job.status).toBe('cancelled');
    expect((await ledgerOf(id)).map((entry) => [entry.status, entry.reason])).toEqual([['skipped', 'cancelled']]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { CrawlApiError, CrawlClient, type Job } from '../../client/index.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { BIG_HTML, page, startSite } from '../helpers/site.js';

/*
 * The TypeScript client against the local runtime: start, wait, get; the select flow from a
 * preview; the ledger and job list as async iterators; a large document through its 303; errors as
 * typed exceptions. Every answer it receives is checked against the OpenAPI document.
 */
const KEY = 'client-test-key-000001';

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let client: CrawlClient;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/': page('Home', ['/a', '/b', '/c']),
    '/a': page('A'),
    '/b': page('B'),
    '/c': page('C'),
    '/big': BIG_HTML,
  }));
  runtime = await lifecycle.runtime({ users: [{ user_id: 'client-user', api_key: KEY, plan: 'pro', monthly_pages: 1000 }], hostOverrides: site.overrides });
  client = new CrawlClient({ baseUrl: runtime.url, apiKey: KEY, fetch: runtime.fetch });
});

describe('CrawlClient', () => {
  it('crawls a site in one call, reporting progress, and reads the ledger page by page', async () => {
    const seen: Job[] = [];
    const { job, document } = await client.crawl(
      { url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: 10 },
      { intervalMs: 50, onProgress: (record) => seen.push(record) },
    );

    expect(job.status).toBe('completed');
    expect(seen.at(-1)).toEqual(job);
    expect(document).toContain('URL: https://site.test/a');
    const ledger = [];
    for await (const entry of client.pages(job.id, { pageSize: 1 })) ledger.push(entry.url);
    expect(ledger).toEqual(['https://site.test/', 'https://site.test/a', 'https://site.test/b', 'https://site.test/c']);
  });

  it('runs the select flow: preview, choose, crawl', async () => {
    const preview = await client.previewSitemap({ url: 'https://site.test/' });
    const chosen = preview.urls.filter((url) => /\/(a|c)$/.test(url));

    const { job, document } = await client.crawl({ url: 'https://site.test/', mode: 'select', urls: chosen }, { intervalMs: 50 });

    expect(chosen).toEqual(['https://site.test/a', 'https://site.test/c']);
    expect(job).toMatchObject({ status: 'completed', pages_total: 2 });
    expect(document?.split('\n---\n')).toHaveLength(2);
  });

  it('follows the 303 of a large document without sending the key to the download URL', async () => {
    const downloads: Headers[] = [];
    const watching = new CrawlClient({
      baseUrl: runtime.url,
      apiKey: KEY,
      fetch: (input, init) => {
        if (!String(input).startsWith(runtime.url)) downloads.push(new Headers(init?.headers));
        return runtime.fetch(input, init);
      },
    });

    const { job, document } = await watching.crawl({ url: 'https://site.test/big', mode: 'single' }, { intervalMs: 100 });

    expect(job.status).toBe('completed');
    expect(Buffer.byteLength(document ?? '')).toBeGreaterThan(4 * 1024 * 1024);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.has('authorization')).toBe(false);
  });

  it('asks /v1.1 for html, pdf and docx on its own, reads the files as bytes and the jsonl result as records', async () => {
    const { job, document } = await client.crawl(
      { url: 'https://site.test/', mode: 'select', urls: ['https://site.test/a', 'https://site.test/b'], export_formats: ['html', 'pdf', 'docx'], pdf_paper: 'Letter' },
      { intervalMs: 100 },
    );
    const pdf = await client.getResultBytes(job.id, { format: 'pdf' });
    const docx = await client.getResultBytes(job.id, { format: 'docx' });
    const records = [];
    for await (const record of client.records(job.id)) records.push(record);

    expect(job).toMatchObject({ status: 'completed', export_formats: ['html', 'pdf', 'docx'], pdf_paper: 'Letter', links: { result: `/v1.1/jobs/${job.id}/result` } });
    expect(document).toMatch(/^<!DOCTYPE html>/i);
    expect(document).toContain('Content of B.');
    // unnamed, the result is the job's first format: html, which only /v1.1 describes
    expect(await client.getResult(job.id)).toBe(document);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // a Word file is a zip archive
    expect(Buffer.from(docx.subarray(0, 2)).toString('latin1')).toBe('PK');
    expect(records.map((record) => [record.url, record.depth, record.title])).toEqual([
      ['https://site.test/a', 0, 'A'],
      ['https://site.test/b', 0, 'B'],
    ]);
    expect(records[1]?.markdown).toContain('Content of B.');
  }, 120_000);

  it('lists the jobs newest first across pages, and reads usage and account', async () => {
    const ids = [];
    for await (const job of client.jobs({ limit: 1 })) ids.push(job.id);
    const usage = await client.getUsage();
    const account = await client.getAccount();

    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(usage.used).toBeGreaterThan(0);
    expect(account).toMatchObject({ user_id: 'client-user', plan: 'pro', monthly_pages: 1000 });
  });

  it('throws typed errors that carry the envelope', async () => {
    const invalid = await client.createJob({ url: 'https://site.test/', mode: 'full', max_pages: 5000 }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(CrawlApiError);
    expect(invalid).toMatchObject({ status: 422, code: 'validation_error', details: [{ field: 'max_pages', message: expect.any(String) }] });

    const missing = await client.getJob('00000000-0000-4000-8000-000000000000').catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', requestId: expect.any(String) });

    const stranger = new CrawlClient({ baseUrl: runtime.url, apiKey: 'not-a-valid-key-at-all', fetch: runtime.fetch });
    await expect(stranger.getUsage()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('stops waiting when its signal is aborted, leaving the job running', async () => {
    const created = await client.createJob({ url: 'https://site.test/', mode: 'full', max_depth: 1, max_pages: 10 });
    const controller = new AbortController();
    const waiting = client.waitForJob(created.id, { signal: controller.signal, intervalMs: 5000 });
    controller.abort(new Error('user gave up'));
    await expect(waiting).rejects.toThrow('user gave up');
    await client.cancelJob(created.id).catch(() => undefined);
  });
});

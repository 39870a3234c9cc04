import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleCacheRoot } from '../../local/synth-cache.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite, urlset } from '../helpers/site.js';

/**
 * What `cdk deploy` ships, run: every function hosted from the bundle a real synthesis builds
 * (CRAWL_LOCAL_CODE=bundled), in instances of its own function with nothing but Node beside it,
 * and each one invoked at least once by what a user does: a crawl that renders a script-built page
 * and prints a PDF, the API's routes, a webhook, a dead letter.
 */
const KEY = 'bundled-key-0001';
const SHELL = `<!doctype html><html><head><title>Dashboard</title></head><body><div id="root"></div>
<script>document.getElementById('root').innerHTML = '<main><h1>Dashboard</h1><p>This text was built by a script in the browser.</p></main>';</script></body></html>`;

/**
 * A sentence in each script Open Sans (the font @sparticuz/chromium unpacks) lacks, and the font
 * the documents function's bundle ships for it (`PRINT_FONTS`); Japanese and Traditional Chinese
 * print with the Chinese font, which holds their characters. Hebrew is Open Sans's own.
 */
const SCRIPTS = [
  { language: 'Japanese', text: '日本語の文章です。ひらがなとカタカナ。', font: 'NotoSansSC' },
  { language: 'Simplified Chinese', text: '这是简体中文的文本，我们测试字体。', font: 'NotoSansSC' },
  { language: 'Traditional Chinese', text: '這是繁體中文的文字，我們測試字型。', font: 'NotoSansSC' },
  { language: 'Korean', text: '한국어 텍스트입니다. 글꼴을 시험합니다.', font: 'NotoSansKR' },
  { language: 'Arabic', text: 'هذا نص باللغة العربية', font: 'NotoSansArabic' },
  { language: 'Hebrew', text: 'זהו טקסט בעברית', font: 'OpenSans' },
  { language: 'Hindi', text: 'यह हिंदी में एक पाठ है', font: 'NotoSansDevanagari' },
  { language: 'Thai', text: 'นี่คือข้อความภาษาไทย', font: 'NotoSansThai' },
];

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let scratch: string;
const hooks: string[] = [];
/** Handler name → how its invocations ended. */
const invocations = new Map<string, { ok: number; failed: string[] }>();

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\nSitemap: https://site.test/sitemap.xml\n' },
    '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: urlset(['/', '/guide', '/dashboard']) },
    '/': page('Home', ['/guide', '/dashboard']),
    '/guide': page('Guide'),
    '/dashboard': SHELL,
    // Each sentence as a heading (bold) and as a paragraph (regular).
    '/scripts': page('Scripts', [], SCRIPTS.map(({ language, text }) => `<h2>${language}: ${text}</h2><p>${text}</p>`).join('')),
    '/hook': {
      handle: (request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          hooks.push(String((JSON.parse(body) as { event?: unknown }).event));
          response.writeHead(200).end();
        });
      },
    },
  }));
  scratch = await lifecycle.scratch('bundled-');
  // The first bundled start of this code bundles every function (a minute or more on two cores).
  runtime = await lifecycle.runtime({ users: [{ user_id: 'bundled', api_key: KEY, plan: 'pro', monthly_pages: 10_000 }], hostOverrides: site.overrides, code: 'bundled', lambdaThreads: 1 });
  for (const { handlerName } of runtime.host.functions()) {
    runtime.host.intercept(handlerName, async (event, run) => {
      const record = invocations.get(handlerName) ?? { ok: 0, failed: [] };
      invocations.set(handlerName, record);
      try {
        const result = await run();
        record.ok += 1;
        return result;
      } catch (error) {
        record.failed.push(String(error));
        throw error;
      }
    });
  }
}, 15 * 60_000);

async function crawl(version: string, body: Record<string, unknown>) {
  const created = await runtime.request('POST', `/${version}/jobs`, { key: KEY, body: { check_tos: false, ...body } });
  expect(created.status, created.text).toBe(202);
  const id = String(created.json.id);
  return { id, job: await runtime.waitForJob(KEY, id, 5 * 60_000) };
}

describe('the bundled functions', { timeout: 10 * 60_000 }, () => {
  it('import, each in instances of its own function, from a folder with no packages above it', async () => {
    await runtime.host.warm();
    const root = bundleCacheRoot();
    for (let dir = root; path.dirname(dir) !== dir; dir = path.dirname(dir)) expect(existsSync(path.join(dir, 'node_modules')), dir).toBe(false);
  });

  it('crawl, render and print a PDF whose text is there with only the fonts the bundle ships', async () => {
    const { id, job } = await crawl('v1.1', {
      url: 'https://site.test/',
      mode: 'full',
      max_depth: 1,
      render: 'auto',
      export_formats: ['markdown', 'text', 'html', 'pdf', 'docx'],
      webhook: { url: 'https://site.test/hook' },
    });
    expect(job).toMatchObject({ status: 'completed', progress: { pages_crawled: 3, pages_failed: 0 } });
    expect(job.document_failures).toBeUndefined();
    const markdown = await runtime.request('GET', `/v1.1/jobs/${id}/result?format=markdown`, { key: KEY });
    expect(markdown.text).toContain('This text was built by a script in the browser.');
    const pages = await runtime.request('GET', `/v1/jobs/${id}/pages`, { key: KEY });
    expect((pages.json.pages as Array<{ url: string; rendered: boolean }>).map((entry) => [entry.url, entry.rendered])).toEqual([
      ['https://site.test/', false],
      ['https://site.test/guide', false],
      ['https://site.test/dashboard', true],
    ]);
    for (const format of ['text', 'html', 'docx', 'jsonl']) expect((await runtime.request('GET', `/v1.1/jobs/${id}/result?format=${format}`, { key: KEY })).status, format).toBe(200);

    const pdf = await fetch(`${runtime.url}/v1.1/jobs/${id}/result?format=pdf`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(pdf.status).toBe(200);
    const file = path.join(scratch, 'bundled.pdf');
    await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
    if (!hasPoppler) return;
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    for (const words of ['Content of Guide.', 'This text was built by a script in the browser.']) expect(text).toContain(words);
    // Lambda's image has no fonts: the browser embeds @sparticuz/chromium's Open Sans and nothing of
    // this machine's (the page numbers are in a standard PDF font, which no file carries).
    expect(embeddedFonts(file)).toEqual(['OpenSans-Bold', 'OpenSans-Regular']);
  });

  it('print Chinese, Japanese, Korean, Arabic, Hebrew, Hindi and Thai in the fonts the bundle ships, regular and bold', async () => {
    const { id, job } = await crawl('v1.1', { url: 'https://site.test/scripts', mode: 'single', export_formats: ['pdf'] });
    expect(job).toMatchObject({ status: 'completed', progress: { pages_crawled: 1 } });
    expect(job.document_failures).toBeUndefined();
    const pdf = await fetch(`${runtime.url}/v1.1/jobs/${id}/result?format=pdf`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(pdf.status).toBe(200);
    const file = path.join(scratch, 'scripts.pdf');
    await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
    if (!hasPoppler) return;
    // pdftotext reads Arabic's joined letters as runs with spaces between some of them.
    const letters = (text: string) => text.replace(/\s+/g, '');
    const text = letters(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
    for (const { language, text: sentence } of SCRIPTS) expect(text, language).toContain(letters(sentence));
    // Before the bundle shipped fonts, the text was there too, drawn as blanks in Open Sans.
    const fonts = embeddedFonts(file);
    for (const { language, font } of SCRIPTS) expect(fonts, language).toEqual(expect.arrayContaining([`${font}-Regular`, `${font}-Bold`]));
    expect(fonts.filter((font) => !/^(OpenSans|NotoSans(SC|KR|Arabic|Devanagari|Thai))-(Regular|Bold)$/.test(font))).toEqual([]);
  });

  it('answer every route of the API', async () => {
    const { id } = await crawl('v1', { url: 'https://site.test/guide', mode: 'single' });
    const routes = ['/v1/jobs', `/v1/jobs/${id}`, `/v1/jobs/${id}/result`, `/v1/jobs/${id}/pages`, '/v1/usage', '/v1/account', '/v1/openapi.json', '/v1/sitemap/preview?url=https://site.test/'];
    for (const route of routes) expect((await runtime.request('GET', route, { key: KEY })).status, route).toBe(200);
    expect((await fetch(`${runtime.url}/`)).status).toBe(200);
    // the Firecrawl-compatible routes' three functions
    const scraped = await runtime.request('POST', '/firecrawl/v2/scrape', { key: KEY, body: { url: 'https://site.test/guide', formats: ['markdown', 'html'] } });
    expect(scraped.json, scraped.text).toMatchObject({ success: true, data: { metadata: { title: 'Guide' } } });
    expect((await runtime.request('POST', '/firecrawl/v2/map', { key: KEY, body: { url: 'https://site.test/' } })).status).toBe(200);
    expect((await runtime.request('GET', '/firecrawl/v2/team/credit-usage', { key: KEY })).status).toBe(200);
    const running = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'full', check_tos: false } });
    const cancelled = await runtime.request('DELETE', `/v1/jobs/${String(running.json.id)}`, { key: KEY });
    expect(cancelled.status, cancelled.text).toBe(202);
  });

  it('sweep as the reconciler, on its schedule', async () => {
    const reconciler = runtime.host.logicalIdOf('reconciler');
    await runtime.host.invoke(reconciler, { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} });
  });

  it('take a dead letter', async () => {
    const { id } = await crawl('v1', { url: 'https://site.test/guide', mode: 'single' });
    const deadLetters = runtime.host.logicalIdOf('page-dead-letter');
    const event = { Records: [{ messageId: 'dead-1', body: JSON.stringify({ job_id: id, depth: 0, index: 0 }), attributes: {}, messageAttributes: {}, eventSource: 'aws:sqs' }] };
    expect(await runtime.host.invoke(deadLetters, event)).toEqual({ batchItemFailures: [] });
  });

  it('have each been invoked, and none failed to load', async () => {
    await until(() => hooks.includes('completed'));
    const functions = runtime.host.functions().map((fn) => fn.handlerName);
    expect(functions.filter((name) => !invocations.get(name)?.ok).sort()).toEqual([]);
    const loadFailures = [...invocations.values()].flatMap((record) => record.failed).filter((error) => /Cannot find|ERR_MODULE|is not defined|exports no handler/.test(error));
    expect(loadFailures).toEqual([]);
  });
});

/** The fonts a PDF embeds, by name without the subset's prefix (`AAAAAA+`), sorted. */
function embeddedFonts(file: string): string[] {
  const embedded = execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => / yes +(yes|no) +(yes|no) +\d+ +\d+$/.test(line))
    .map((line) => (line.split(/\s+/)[0] ?? '').replace(/^[A-Z]{6}\+/, ''));
  return [...new Set(embedded)].sort();
}

async function until(probe: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

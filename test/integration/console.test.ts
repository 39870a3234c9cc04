import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local/template.js';
import { launchBrowser } from '../helpers/browser.js';
import { summarizePdf } from '../helpers/pdf.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime, TestUser } from '../helpers/runtime.js';
import { page as htmlPage, startSite } from '../helpers/site.js';

/**
 * The web console in a real browser (Chromium driven by playwright-core) against the local runtime
 * and a loopback fixture site: the whole select flow, cancel, a bad key, and a crawled page that
 * tries to run script. `CRAWL_SCREENSHOTS=1` saves each step to docs/console/.
 */

const SCREENSHOTS = process.env.CRAWL_SCREENSHOTS ? path.join(PROJECT_ROOT, 'docs', 'console') : undefined;
const XML = { 'content-type': 'application/xml' };
const user = (id: string): TestUser => ({ user_id: id, api_key: `console-key-${id}-0001`, plan: 'free', monthly_pages: 100 });
const USERS = { flow: user('flow'), cancel: user('cancel'), hostile: user('hostile'), big: user('big'), words: user('words'), documents: user('documents') };

const CONTENT_PAGES = ['/guide/intro', '/guide/setup', '/blog/hello'];
const SLOW_PAGES = Array.from({ length: 8 }, (_, i) => `/slow/${i}`);
/** Three pages of about 1.7 MB each on other.test: their document is over the API's 4 MiB inline limit. */
const BIG_PAGES = ['/big/1', '/big/2', '/big/3'];
// Each page's paragraphs name it: the same paragraphs on every page would be site-wide boilerplate, kept on one page only.
const bigPage = (title: string) => htmlPage(title, [], `<p>${`A long paragraph of ${title}. `.repeat(6)}</p>`.repeat(8000));

/** Every way a crawled page could try to run script: each one would raise a dialog or set a global. */
const HOSTILE_PAGE = `<!doctype html><html><head><title>&lt;img src=x onerror="alert('title')"&gt; Hostile</title></head><body><main>
<h1>Hostile page</h1>
<p id="markup-text">Text that looks like markup: &lt;script&gt;window.__pwned = 'text'; alert('text')&lt;/script&gt; and &lt;img src=x onerror="window.__pwned = 'img text'"&gt; end.</p>
<p><a href="javascript:window.__pwned = 'link'; alert('link')">a javascript link</a> and <a href=" JaVaScRiPt:alert('mixed case')">a mixed-case one</a>
and <a href="data:text/html,&lt;script&gt;alert('data')&lt;/script&gt;">a data link</a>.</p>
<p><img src="x" onerror="window.__pwned = 'onerror'; alert('onerror')" alt="broken image"> <a href="https://site.test/guide/intro" onclick="alert('onclick')">a plain link</a></p>
<p>Markdown that tries: [click](javascript:alert('md')) and &lt;a href="javascript:alert('html in md')"&gt;raw&lt;/a&gt;</p>
<svg><script>alert('svg')</script></svg>
<script>window.__pwned = 'script element'; alert('script element')</script>
</main></body></html>`;

const urlset = (paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>https://site.test${p}</loc></url>`).join('')}</urlset>`;

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
let context: BrowserContext;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\nSitemap: https://site.test/sitemap.xml\n' },
    '/sitemap.xml': { headers: XML, body: urlset([...CONTENT_PAGES, '/hostile', '/logo.png', ...SLOW_PAGES]) },
    '/guide/intro': { body: htmlPage('Introduction', [], '<h2>Getting started</h2><p>Install with <code>npm ci</code>, then <a href="/guide/setup">set up</a>.</p><pre><code>npm ci\nnpm start</code></pre>'), delayMs: 1200 },
    '/guide/setup': { body: htmlPage('Setup', [], '<table><tr><th>Setting</th><th>Value</th></tr><tr><td>concurrency</td><td>5</td></tr></table><h2>Next steps</h2><p>Crawl a site.</p>'), delayMs: 1200 },
    '/blog/hello': { body: htmlPage('Hello blog'), delayMs: 1200 },
    '/hostile': HOSTILE_PAGE,
    'other.test/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    'other.test/sitemap.xml': { headers: XML, body: urlset(BIG_PAGES).replaceAll('https://site.test', 'https://other.test') },
    ...Object.fromEntries(BIG_PAGES.map((bigPath) => [`other.test${bigPath}`, bigPage(`Big ${bigPath}`)])),
    ...Object.fromEntries(SLOW_PAGES.map((slowPath) => [slowPath, { body: htmlPage(`Slow ${slowPath}`), delayMs: 2500 }])),
  }));
  runtime = await lifecycle.runtime({ users: Object.values(USERS), hostOverrides: site.overrides });
  browser = lifecycle.client(await launchBrowser());
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});

afterEach(async () => {
  await context?.close();
});

/** A fresh browser session on the console, watching for dialogs, page errors and CSP violations. */
async function openConsole(options: { width?: number } = {}) {
  context = await browser.newContext({ viewport: { width: options.width ?? 1000, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const pageErrors: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Browser-side snippets are strings: this project type-checks tests against Node, not the DOM.
  await page.addInitScript({
    content: `window.__violations = [];
      document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(event.violatedDirective + ' ' + event.blockedURI));`,
  });
  const response = await page.goto(`${runtime.url}/`);
  expect(response?.status()).toBe(200);
  return { page, dialogs, pageErrors, violations: () => page.evaluate<string[]>('window.__violations') };
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

}

/** Key, site URL, Preview; resolves once the page list is shown. */
async function preview(page: Page, key: string): Promise<void> {
  await page.getByRole('textbox', { name: 'API key' }).fill(key);
  await page.getByRole('textbox', { name: 'Site URL' }).fill('https://site.test/');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByText('Found 12 pages in the site\'s sitemaps. 1 asset URL').waitFor();
}

const checkbox = (page: Page, sitePath: string) => page.getByRole('checkbox', { name: `https://site.test${sitePath}`, exact: true });

async function waitForStatus(page: Page, status: RegExp): Promise<string> {
  const line = page.locator('#job-status').filter({ hasText: status });
  await line.waitFor({ timeout: 60_000 });
  return (await line.textContent()) ?? '';
}

async function download(page: Page, name: string): Promise<{ filename: string; bytes: Buffer; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  const bytes = await readFile(await file.path());
  return { filename: file.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

/** A result as the API gives it: the inline body, or the bytes at the download URL it redirects to. */
async function resultFromApi(key: string, jobId: string, format: string): Promise<Buffer> {
  const answer = await runtime.request('GET', `/v1.1/jobs/${jobId}/result?format=${format}`, { key, redirect: 'manual' });
  const location = answer.headers.get('location');
  return location ? Buffer.from(await (await fetch(location)).arrayBuffer()) : Buffer.from(answer.text);
}

describe('the console page', () => {
  it('is served without a key, with a strict Content-Security-Policy, nosniff and no framing', async () => {
    // Plain fetch: the console's files are web content, not answers of the API the OpenAPI document describes.
    const get = (route: string, headers: Record<string, string> = {}) => fetch(`${runtime.url}${route}`, { headers });
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>|\son\w+=/i);

    const script = await get('/console/console.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/console/console.js', { 'if-none-match': script.headers.get('etag') ?? '' })).status).toBe(304);
    const missing = await get('/console/secrets.txt');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found');
    // The API itself still wants a key.
    expect((await runtime.request('GET', '/v1/usage')).status).toBe(401);
  });
});

describe('the select flow in a browser', { timeout: 90_000 }, () => {
  it('goes from a site URL to downloaded markdown and text', async () => {
    const { page, dialogs, pageErrors, violations } = await openConsole();
    await page.getByRole('textbox', { name: 'API key' }).fill(USERS.flow.api_key);
    await page.getByRole('textbox', { name: 'Site URL' }).fill('https://site.test/');
    await screenshot(page, '01-key-and-site');
    // The keyboard alone drives the form: Enter in the site field previews.
    await page.getByRole('textbox', { name: 'Site URL' }).press('Enter');
    await page.getByText("Found 12 pages in the site's sitemaps. 1 asset URL").waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(18); // 12 pages, 5 documents and "Main content only"
    await screenshot(page, '02-preview');

    await page.getByRole('searchbox', { name: 'Filter' }).fill('guide');
    expect(await page.locator('#url-list li:not([hidden])').count()).toBe(2);
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('searchbox', { name: 'Filter' }).fill('');
    await page.getByRole('searchbox', { name: 'Filter' }).dispatchEvent('input');
    await checkbox(page, '/blog/hello').focus();
    await page.keyboard.press('Space');
    expect(await checkbox(page, '/blog/hello').isChecked()).toBe(true);
    expect(await page.locator('#selection-count').textContent()).toBe('3 of 12 pages selected.');
    expect(await page.locator('#cost').textContent()).toBe('This crawl costs 3 pages of your quota. 100 of 100 pages remain this month.');
    await page.getByRole('spinbutton', { name: 'Concurrency' }).fill('2');
    await screenshot(page, '03-selection');

    const created = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/v1.1/jobs'));
    // Enter on the button, not a click: after a full-page screenshot (CRAWL_SCREENSHOTS=1) Chromium
    // puts the scroll position back on the next mouse press, and the click lands beside the button.
    await page.getByRole('button', { name: 'Start crawl' }).press('Enter');
    // `render` left at auto is not sent, so the console also drives a service without that field.
    expect((await created).postDataJSON()).toEqual({
      mode: 'select',
      url: 'https://site.test/',
      urls: CONTENT_PAGES.map((p) => `https://site.test${p}`),
      export_formats: ['markdown', 'text'],
      concurrency: 2,
      only_main_content: true,
    });
    await page.getByRole('progressbar', { name: 'Crawl progress' }).waitFor();
    await waitForStatus(page, /^(Running: [12] |Completed)/);
    await screenshot(page, '04-progress');
    expect(await waitForStatus(page, /^Completed/)).toMatch(/^Completed: 3 of 3 pages crawled\./);
    expect(await page.locator('.counters').innerText()).toMatch(/Crawled\s+3\s+Failed\s+0\s+Skipped\s+0/);

    const result = page.getByRole('region', { name: 'Result' });
    await result.getByRole('heading', { name: 'Getting started' }).waitFor();
    await result.getByRole('cell', { name: 'concurrency' }).waitFor();
    expect(await result.getByRole('link', { name: 'set up' }).getAttribute('href')).toBe('https://site.test/guide/setup');
    await screenshot(page, '05-result');

    const markdown = await download(page, 'Download markdown');
    const jobId = /^crawl-(.+)\.md$/.exec(markdown.filename)?.[1] ?? '';
    const fromApi = await runtime.request('GET', `/v1/jobs/${jobId}/result?format=markdown`, { key: USERS.flow.api_key });
    expect(markdown.text).toBe(fromApi.text);
    expect(markdown.text.split('\n---\n').map((section) => /^\n?URL: (\S+)/.exec(section)?.[1])).toEqual(CONTENT_PAGES.map((p) => `https://site.test${p}`));
    const text = await download(page, 'Download text');
    expect(text.filename).toBe(`crawl-${jobId}.txt`);
    expect(text.text).toBe((await runtime.request('GET', `/v1/jobs/${jobId}/result?format=text`, { key: USERS.flow.api_key })).text);
    // Every job has JSON Lines: one record per crawled page.
    const jsonl = await download(page, 'Download JSON Lines (one record per page)');
    expect(jsonl.filename).toBe(`crawl-${jobId}.jsonl`);
    const records = jsonl.text.trim().split('\n').map((line) => JSON.parse(line) as { url: string });
    expect(records.map((record) => record.url).sort()).toEqual(CONTENT_PAGES.map((p) => `https://site.test${p}`).sort());

    // The key lasts for the browser session; recent jobs reopen a finished one, and tell a full
    // crawl's pages from its budget.
    const full = await runtime.request('POST', '/v1/jobs', { key: USERS.flow.api_key, body: { url: 'https://site.test/blog/hello', mode: 'full', max_depth: 1, max_pages: 20 } });
    await runtime.waitForJob(USERS.flow.api_key, (full.json as { id: string }).id);
    await page.reload();
    expect(await page.getByRole('textbox', { name: 'API key' }).inputValue()).toBe(USERS.flow.api_key);
    expect(await result.isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Completed · full, 1 page crawled · https:\/\/site\.test\/blog\/hello · / }).waitFor();
    await page.getByRole('button', { name: /^Completed · select, 3 of 3 pages crawled · https:\/\/site\.test\/ · / }).click();
    await result.getByRole('heading', { name: 'Getting started' }).waitFor();
    expect(await page.locator('#job-status').textContent()).toContain(jobId);
    await screenshot(page, '10-recent-jobs');

    // Readable on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, '09-narrow-screen');

    expect({ dialogs, pageErrors, violations: await violations() }).toEqual({ dialogs: [], pageErrors: [], violations: [] });
  });

  it('cancels a running crawl and keeps what it crawled', async () => {
    const { page } = await openConsole();
    await preview(page, USERS.cancel.api_key);
    await page.getByRole('searchbox', { name: 'Filter' }).fill('slow');
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('spinbutton', { name: 'Concurrency' }).fill('1');
    await page.getByRole('button', { name: 'Start crawl' }).click();
    await waitForStatus(page, /^Running/);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const status = await waitForStatus(page, /^Cancelled/);
    const crawled = Number(/(\d+) of 8 pages crawled/.exec(status)?.[1]);
    expect(crawled).toBeLessThan(8);
    expect(await page.locator('#count-crawled').textContent()).toBe(String(crawled));
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).isVisible()).toBe(false);
    await page.getByRole('region', { name: 'Result' }).waitFor();
    await page.getByRole('button', { name: 'Download markdown' }).waitFor();
    await screenshot(page, '07-cancelled');
  });

  it('says in words what is wrong: a refused key, a refused setting', async () => {
    const { page } = await openConsole();
    await page.getByRole('textbox', { name: 'API key' }).fill('not-a-real-key');
    await page.getByRole('textbox', { name: 'Site URL' }).fill('https://site.test/');
    await page.getByRole('button', { name: 'Preview' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'API key' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Missing, malformed, unknown or revoked API key. Send Authorization: Bearer <key>. (unauthorized)');
    expect(await page.getByRole('checkbox', { name: /site\.test/ }).count()).toBe(0);
    await screenshot(page, '06-bad-key');

    // A setting the API refuses is named, once, in the envelope's words.
    await page.getByRole('textbox', { name: 'API key' }).fill(USERS.words.api_key);
    expect(await alert.count()).toBe(0);
    await page.getByRole('button', { name: 'Preview' }).click();
    await checkbox(page, '/blog/hello').check();
    // Without a document there is nothing to crawl for.
    await page.getByRole('checkbox', { name: 'Markdown', exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Text', exact: true }).uncheck();
    expect(await page.locator('#cost').textContent()).toBe('Choose at least one document.');
    expect(await page.getByRole('button', { name: 'Start crawl' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Text', exact: true }).check();
    await page.getByRole('spinbutton', { name: 'Concurrency' }).fill('50');
    await page.getByRole('button', { name: 'Start crawl' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'validation_error' });
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Concurrency: must be an integer from 1 to 20. (validation_error)');
  });
});

describe('HTML, PDF and Word documents', { timeout: 120_000 }, () => {
  it('are chosen in the form, created through /v1.1 and downloaded from their presigned URLs without the key', async () => {
    const { page, pageErrors, violations } = await openConsole();
    // What the browser sends to the object store, which must not carry the API key.
    const storeRequests: Array<Promise<Record<string, string>>> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== runtime.url) storeRequests.push(request.allHeaders());
    });
    await preview(page, USERS.documents.api_key);
    await checkbox(page, '/guide/intro').check();
    await checkbox(page, '/guide/setup').check();
    const paper = page.getByRole('combobox', { name: 'PDF paper' });
    expect(await paper.isDisabled()).toBe(true);
    for (const name of ['Markdown', 'Text']) await page.getByRole('checkbox', { name, exact: true }).uncheck();
    for (const name of ['HTML', 'PDF', 'Word']) await page.getByRole('checkbox', { name, exact: true }).check();
    await paper.selectOption('Letter');
    const created = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/v1.1/jobs'));
    await page.getByRole('button', { name: 'Start crawl' }).click();
    expect((await created).postDataJSON()).toMatchObject({ export_formats: ['html', 'pdf', 'docx'], pdf_paper: 'Letter' });
    await waitForStatus(page, /^Completed/);

    // No markdown or text to show; a download for each document and the JSON Lines.
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByText('This job has no markdown or text document to show here: download its documents.').waitFor();
    expect(await result.getByRole('button').allTextContents()).toEqual(['Download HTML', 'Download PDF (Letter)', 'Download Word', 'Download JSON Lines (one record per page)']);
    await screenshot(page, '11-documents');

    const pdf = await download(page, 'Download PDF (Letter)');
    const jobId = /^crawl-(.+)\.pdf$/.exec(pdf.filename)?.[1] ?? '';
    expect(pdf.bytes.equals(await resultFromApi(USERS.documents.api_key, jobId, 'pdf'))).toBe(true);
    const { pages } = await summarizePdf(pdf.bytes);
    expect(pages.length).toBeGreaterThan(0);
    for (const size of pages) expect(size).toEqual([612, 792]);
    const word = await download(page, 'Download Word');
    expect(word.filename).toBe(`crawl-${jobId}.docx`);
    expect(word.bytes.equals(await resultFromApi(USERS.documents.api_key, jobId, 'docx'))).toBe(true);
    const html = await download(page, 'Download HTML');
    expect(html.filename).toBe(`crawl-${jobId}.html`);
    expect(html.text).toBe((await resultFromApi(USERS.documents.api_key, jobId, 'html')).toString('utf8'));
    expect(html.text).toContain('Getting started');

    // The browser left the Authorization header behind on the redirect to another origin.
    const storeHeaders = await Promise.all(storeRequests);
    expect(storeHeaders.length).toBe(2);
    for (const headers of storeHeaders) expect(headers).not.toHaveProperty('authorization');
    expect({ pageErrors, violations: await violations() }).toEqual({ pageErrors: [], violations: [] });
  });
});

describe('a document over 4 MiB', { timeout: 120_000 }, () => {
  it('is fetched from the download URL the API redirects to, shown in part and downloaded whole', async () => {
    const { page, pageErrors, violations } = await openConsole();
    await page.getByRole('textbox', { name: 'API key' }).fill(USERS.big.api_key);
    await page.getByRole('textbox', { name: 'Site URL' }).fill('https://other.test/');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText("Found 3 pages in the site's sitemaps.").waitFor();
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('checkbox', { name: 'Text', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Start crawl' }).click();
    await waitForStatus(page, /^Completed/);
    await page.getByText(/^Showing the beginning of a \d+\.\d MB document; the downloads hold all of it\.$/).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Download text' }).count()).toBe(0);

    const markdown = await download(page, 'Download markdown');
    expect(Buffer.byteLength(markdown.text)).toBeGreaterThan(4 * 1024 * 1024);
    const jobId = /^crawl-(.+)\.md$/.exec(markdown.filename)?.[1] ?? '';
    const redirect = await runtime.request('GET', `/v1/jobs/${jobId}/result`, { key: USERS.big.api_key, redirect: 'manual' });
    expect(redirect.status).toBe(303);
    expect(markdown.text).toBe((await runtime.request('GET', `/v1/jobs/${jobId}/result`, { key: USERS.big.api_key })).text);
    expect({ pageErrors, violations: await violations() }).toEqual({ pageErrors: [], violations: [] });
  });
});

describe('a crawled page that tries to run script', { timeout: 90_000 }, () => {
  it('is shown as text and links, and nothing in it runs', async () => {
    const { page, dialogs, pageErrors, violations } = await openConsole();
    await preview(page, USERS.hostile.api_key);
    await checkbox(page, '/hostile').check();
    await page.getByRole('button', { name: 'Start crawl' }).click();
    await waitForStatus(page, /^Completed/);
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByRole('heading', { name: 'Hostile page' }).waitFor();

    // Markup-looking text reads as written, and is text, not elements.
    const shown = await result.innerText();
    expect(shown).toContain(`<script>window.__pwned = 'text'; alert('text')</script>`);
    expect(shown).toContain(`<img src=x onerror="window.__pwned = 'img text'">`);
    expect(shown).toContain(`Title: <img src=x onerror="alert('title')"> Hostile`);
    const rendered = page.locator('#result-document');
    expect(await rendered.locator('script, img, svg, iframe, object, embed, [onerror], [onclick], [onload]').count()).toBe(0);

    // javascript: and data: links lose their target; what remains links to the web, in a new tab.
    await result.getByText('a javascript link').click();
    await result.getByText('a mixed-case one').click();
    const hrefs = await rendered.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\//);
    expect(await rendered.locator('a[href]').evaluateAll((links) => links.every((link) => link.getAttribute('rel') === 'noopener noreferrer nofollow'))).toBe(true);
    await screenshot(page, '08-hostile-page');

    expect(await page.evaluate<unknown>('window.__pwned')).toBeUndefined();
    expect({ dialogs, pageErrors, violations: await violations() }).toEqual({ dialogs: [], pageErrors: [], violations: [] });
    expect(context.pages()).toHaveLength(1);

    // Behind the sanitizer, the page's policy refuses HTML that did not come through it.
    const direct = await page.evaluate<string>(`(() => {
      try {
        document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__pwned = 1">');
        return 'written';
      } catch (error) {
        return error.name;
      }
    })()`);
    expect(direct).toBe('TypeError');
  });
});

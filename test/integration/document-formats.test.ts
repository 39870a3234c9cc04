import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { PageRecordSchema } from '../../lambdas/domain/page-record.js';
import { c0Controls, notXmlCharacters, pythonLineEnds } from '../helpers/characters.js';
import { summarizePdf } from '../helpers/pdf.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { startSite } from '../helpers/site.js';
import { pdftotext, soffice } from '../helpers/document-readers.js';

/**
 * The v1.1 documents and the JSON Lines result, crawled end to end on the local runtime: a job
 * asks `/v1.1/jobs` for every format, and each result is read back as a user would (the PDF's and
 * Word file's text too, where poppler and LibreOffice are installed, as CI installs them).
 */
const KEY = 'formats-key-0001';
const run = promisify(execFile);

const FOOTER = '<footer><p>© Teapot Docs. All rights reserved.</p></footer>';
const article = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title} · Teapot Docs</title></head><body><nav>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</nav>
<main><article><h1>${title}</h1>${body}</article></main>${FOOTER}</body></html>`;

const PAGES = {
  '/': article('Teapot guide', `<p>Teapots brew leaves in hot water; this guide walks through the kinds of teapot and how to care for them over many years.</p>
<h2>Kinds</h2><ul><li>Porcelain, for green tea</li><li>Cast iron, for black tea</li></ul>
<p>Read <a href="/care">how to care for a teapot</a> next.</p>`, ['/care', '/sizes']),
  '/care': article('Caring for a teapot', `<p>Rinse the pot with hot water after every brew and let it dry with the lid off, so nothing grows inside.</p>
<pre><code>rinse --hot --no-soap teapot</code></pre><p>Never use soap on unglazed clay: the clay keeps its taste.</p>`, ['/']),
  '/sizes': article('Teapot sizes', `<p>Pick the size by the cups you pour at once; a pot that is too large lets the tea stew.</p>
<table><thead><tr><th>Size</th><th>Cups</th></tr></thead><tbody><tr><td>Small</td><td>2</td></tr><tr><td>Large</td><td>6</td></tr></tbody></table>`, ['/']),
};
const CRAWL_ORDER = ['https://site.test/', 'https://site.test/care', 'https://site.test/sizes'];

/** Characters a page can send that no result may pass on as they are: controls, XML's forbidden ones, other languages' line ends. */
const ODD_CHARACTERS = 'F\uFFFEG\uFFFFH&#xFFFE;K \u0001a\u0008b\u000Bc\u000Cd\u001Fe \u2028f\u2029g\u0085h';
const EXTRA_PAGES = {
  '/characters': article(`Odd \u0001characters\uFFFF`, `<p>${ODD_CHARACTERS}</p><pre>${ODD_CHARACTERS}</pre><table><tr><th>${ODD_CHARACTERS}</th><th>b</th></tr><tr><td>c</td><td>d</td></tr></table>`),
};

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let scratch: string;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({ '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' }, ...PAGES, ...EXTRA_PAGES }));
  runtime = await lifecycle.runtime({ users: [{ user_id: 'formats', api_key: KEY, plan: 'pro', monthly_pages: 10_000 }], hostOverrides: site.overrides });
  scratch = await lifecycle.scratch('formats-');
}, 120_000);

async function crawl(version: 'v1' | 'v1.1', body: Record<string, unknown>, { url = 'https://site.test/', timeoutMs = 150_000 } = {}) {
  const created = await runtime.request('POST', `/${version}/jobs`, { key: KEY, body: { url, check_tos: false, ...body } });
  expect(created.status, created.text).toBe(202);
  const id = String(created.json.id);
  const job = await runtime.waitForJob(KEY, id, timeoutMs);
  expect(job.status).toBe('completed');
  return { id, created: created.json, job };
}

/** A binary result: the route answers 303, the download URL the bytes with their media type. */
async function download(route: string): Promise<{ contentType: string | null; bytes: Uint8Array }> {
  const answer = await runtime.request('GET', route, { key: KEY, redirect: 'manual' });
  expect(answer.status).toBe(303);
  const file = await fetch(String(answer.headers.get('location')));
  expect(file.status).toBe(200);
  return { contentType: file.headers.get('content-type'), bytes: new Uint8Array(await file.arrayBuffer()) };
}

const jsonLines = (text: string) => text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
const sectionContents = (document: string) => document.split('\n\n---\n\n').map((section) => section.slice(section.indexOf('\n\n') + 2));

describe('a /v1.1 job with every document', () => {
  let id: string;
  let created: Record<string, unknown>;
  let markdown: string;

  beforeAll(async () => {
    ({ id, created } = await crawl('v1.1', { mode: 'full', max_depth: 1, export_formats: ['markdown', 'text', 'html', 'pdf', 'docx'], pdf_paper: 'Letter' }));
    markdown = (await runtime.request('GET', `/v1.1/jobs/${id}/result?format=markdown`, { key: KEY })).text;
  }, 200_000);

  it('links the job under /v1.1 and keeps its formats and paper in the record', async () => {
    expect(created.links).toEqual({ self: `/v1.1/jobs/${id}`, result: `/v1.1/jobs/${id}/result` });
    const job = await runtime.request('GET', `/v1.1/jobs/${id}`, { key: KEY });
    expect(job.json).toMatchObject({ export_formats: ['markdown', 'text', 'html', 'pdf', 'docx'], pdf_paper: 'Letter', progress: { pages_crawled: 3 } });
  });

  it('HTML: one self-contained page, each crawled page a section with its URL and title, the same content as the markdown', async () => {
    const html = await runtime.request('GET', `/v1.1/jobs/${id}/result?format=html`, { key: KEY });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const sections = [...html.text.matchAll(/<section class="page" id="page-\d+">([\s\S]*?)<\/section>/g)].map((match) => match[1] as string);
    expect(sections).toHaveLength(3);
    CRAWL_ORDER.forEach((url, index) => expect(sections[index]).toContain(`<p class="url"><a href="${url}">${url}</a></p>`));
    expect(sections[0]).toContain('Teapot guide · Teapot Docs');
    expect(html.text.match(/<hr class="page-separator">/g)).toHaveLength(2);
    expect(sections[1]).toContain('<pre><code>rinse --hot --no-soap teapot');
    expect(sections[2]).toMatch(/<table>[\s\S]*<th>Size<\/th>[\s\S]*<td>Large<\/td>/);
    expect(markdown).toContain('Never use soap on unglazed clay');
    expect(html.text).toContain('Never use soap on unglazed clay');
    expect(html.text).not.toMatch(/<script|<link |<img |src=/i);
    // the footer every page repeats is site-wide boilerplate, left out of every document alike
    expect(markdown).not.toContain('All rights reserved');
    expect(html.text).not.toContain('All rights reserved');
  });

  it('PDF: printed on Letter with the contents first and each page starting a printed page, its text readable', { timeout: 60_000 }, async () => {
    const { contentType, bytes } = await download(`/v1.1/jobs/${id}/result?format=pdf`);
    expect(contentType).toBe('application/pdf');
    const pdf = await summarizePdf(bytes);
    expect(pdf.pages.length).toBeGreaterThanOrEqual(4);
    expect(new Set(pdf.pages.map(String))).toEqual(new Set(['612,792']));
    expect(pdf.destinations).toEqual({ 'page-1': 1, 'page-2': 2, 'page-3': 3 });
    expect(pdf.uris).toEqual(expect.arrayContaining(CRAWL_ORDER));
    // bookmarks: one per crawled page, where its section starts
    expect(pdf.outline).toEqual([
      { title: 'Teapot guide · Teapot Docs', page: 1 },
      { title: 'Caring for a teapot · Teapot Docs', page: 2 },
      { title: 'Teapot sizes · Teapot Docs', page: 3 },
    ]);
    if (!pdftotext) return;
    const file = path.join(scratch, 'result.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run(pdftotext, ['-layout', file, '-']);
    expect(stdout).toContain('Caring for a teapot');
    expect(stdout).toContain('Never use soap on unglazed clay');
    // each printed page is numbered in the footer, n / total, and the contents give each crawled page's number
    expect(stdout).toMatch(/\b1 ?\/ ?[4-9]\b/);
    expect(stdout).toMatch(/1\. Teapot guide · Teapot Docs +2\n\s*2\. Caring for a teapot · Teapot Docs +3\n/);
  });

  it('Word: a .docx with a heading per page, the table as a table, and the text LibreOffice reads back', { timeout: 150_000 }, async () => {
    const { contentType, bytes } = await download(`/v1.1/jobs/${id}/result?format=docx`);
    expect(contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const body = strFromU8(unzipSync(bytes)['word/document.xml'] as Uint8Array);
    expect(body.match(/<w:pStyle w:val="Heading1"\/>/g)).toHaveLength(3);
    expect(body).toContain('<w:tbl>');
    expect(body).toContain('Never use soap on unglazed clay');
    if (!soffice) return;
    const file = path.join(scratch, 'result.docx');
    await writeFile(file, bytes);
    await run(soffice, [`-env:UserInstallation=file://${path.join(scratch, 'profile')}`, '--headless', '--convert-to', 'txt:Text', '--outdir', scratch, file], { timeout: 140_000 });
    const text = await readFile(path.join(scratch, 'result.txt'), 'utf8');
    expect(text).toContain('Teapot sizes');
    expect(text).toContain('Rinse the pot with hot water');
  });

  it('JSON Lines: one record per crawled page in crawl order, with the markdown and text of the documents', async () => {
    const answer = await runtime.request('GET', `/v1.1/jobs/${id}/result?format=jsonl`, { key: KEY });
    expect(answer.headers.get('content-type')).toBe('application/x-ndjson');
    const records = jsonLines(answer.text);
    expect(records.map((record) => record.url)).toEqual(CRAWL_ORDER);
    expect(records.map((record) => Object.keys(record))).toEqual(records.map(() => ['url', 'final_url', 'title', 'depth', 'fetched_at', 'markdown', 'text']));
    expect(records.map((record) => record.depth)).toEqual([0, 1, 1]);
    expect(records[1]).toMatchObject({ final_url: 'https://site.test/care', title: 'Caring for a teapot · Teapot Docs' });
    for (const record of records) {
      // each line is the PageRecord the OpenAPI document publishes
      expect(PageRecordSchema.safeParse(record).error).toBeUndefined();
      expect(Date.parse(String(record.fetched_at))).toBeGreaterThan(Date.parse('2026-01-01'));
    }
    expect(records.map((record) => record.markdown)).toEqual(sectionContents(markdown));
    const text = (await runtime.request('GET', `/v1.1/jobs/${id}/result?format=text`, { key: KEY })).text;
    expect(records.map((record) => record.text)).toEqual(sectionContents(text));
  });
});

describe('a page with characters its documents may not carry', () => {
  it('markdown and text without C0 controls, HTML and Word without what XML forbids, JSON Lines one line per page to every reader', { timeout: 200_000 }, async () => {
    const { id } = await crawl('v1.1', { mode: 'single', export_formats: ['markdown', 'text', 'html', 'docx'] }, { url: 'https://site.test/characters' });
    const result = async (format: string) => (await runtime.request('GET', `/v1.1/jobs/${id}/result?format=${format}`, { key: KEY })).text;
    for (const format of ['markdown', 'text']) {
      const text = await result(format);
      // U+FFFE and U+FFFF are characters UTF-8 text may hold
      expect(text, format).toContain('F\uFFFEG\uFFFFH\uFFFEK abcde');
      expect(c0Controls(text), format).toEqual([]);
    }
    const html = await result('html');
    expect(html).toContain('FGHK');
    expect(notXmlCharacters(html)).toEqual([]);
    const word = unzipSync((await download(`/v1.1/jobs/${id}/result?format=docx`)).bytes);
    const parser = new new JSDOM('').window.DOMParser();
    for (const name of ['word/document.xml', 'docProps/core.xml']) {
      const xml = strFromU8(word[name] as Uint8Array);
      expect(notXmlCharacters(xml), name).toEqual([]);
      expect(parser.parseFromString(xml, 'application/xml').getElementsByTagName('parsererror'), name).toHaveLength(0);
    }
    const lines = (await result('jsonl')).trimEnd();
    expect(pythonLineEnds(lines)).toEqual([]);
    expect(JSON.parse(lines)).toMatchObject({ title: 'Odd characters\uFFFF · Teapot Docs', markdown: expect.stringContaining('\u2028f\u2029g\u0085h') });
  });
});

describe('when the document worker fails', () => {
  it('the job completes with its other documents, and the PDF route says why it has none', { timeout: 120_000 }, async () => {
    let attempts = 0;
    runtime.host.intercept('crawl-documents', async () => {
      attempts += 1;
      throw new Error('the browser ran out of memory');
    });
    try {
      const { id, job } = await crawl('v1.1', { mode: 'single', export_formats: ['markdown', 'pdf'] });
      // the state machine's retries first, then Finalize with what the job has
      expect(attempts).toBe(3);
      expect(job).toMatchObject({ status: 'completed', error: null, document_failures: { pdf: 'the document worker failed while building it' }, quota: { charged: 1 } });
      const markdown = await runtime.request('GET', `/v1.1/jobs/${id}/result?format=markdown`, { key: KEY });
      expect(markdown.text).toContain('Teapots brew leaves in hot water');
      const pdf = await runtime.request('GET', `/v1.1/jobs/${id}/result?format=pdf`, { key: KEY });
      expect(pdf.status).toBe(422);
      expect(pdf.json.error?.details).toEqual([
        { field: 'format', message: "the pdf document could not be built: the document worker failed while building it; the job's other documents are there" },
      ]);
    } finally {
      runtime.host.intercept('crawl-documents', undefined);
    }
  });
});

describe('JSON Lines for every job, and /v1 as the spec has it', () => {
  it('a /v1 job with the default markdown has its records on /v1, with markdown only', { timeout: 120_000 }, async () => {
    const { id, created } = await crawl('v1', { mode: 'full', max_depth: 1 });
    expect(created.links).toEqual({ self: `/v1/jobs/${id}`, result: `/v1/jobs/${id}/result` });
    const answer = await runtime.request('GET', `/v1/jobs/${id}/result?format=jsonl`, { key: KEY });
    expect(answer.status).toBe(200);
    const records = jsonLines(answer.text);
    expect(records.map((record) => record.url)).toEqual(CRAWL_ORDER);
    expect(records.every((record) => typeof record.markdown === 'string' && !('text' in record))).toBe(true);
  });

  it('a PDF-only job has no markdown document, and its records carry the markdown the PDF was printed from', { timeout: 120_000 }, async () => {
    const { id } = await crawl('v1.1', { mode: 'single', export_formats: ['pdf'] });
    const record = jsonLines((await runtime.request('GET', `/v1.1/jobs/${id}/result?format=jsonl`, { key: KEY })).text);
    expect(record).toHaveLength(1);
    expect(String(record[0]?.markdown)).toContain('Teapots brew leaves in hot water');
    const markdown = await runtime.request('GET', `/v1.1/jobs/${id}/result?format=markdown`, { key: KEY });
    expect(markdown.status).toBe(422);
    expect(markdown.json.error?.details).toEqual([{ field: 'format', message: 'this job was created with export_formats pdf (jsonl is there for every job)' }]);
    const v1Default = await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY });
    expect(v1Default.status).toBe(422);
    expect(JSON.stringify(v1Default.json.error?.details)).toContain('read them from /v1.1/jobs/{id}/result');
    const { bytes } = await download(`/v1.1/jobs/${id}/result?format=pdf`);
    expect(new Set((await summarizePdf(bytes)).pages.map(String))).toEqual(new Set(['596,843']));
  });

  it('/v1 refuses html, pdf and docx, and pdf_paper, pointing at /v1.1; /v1 cannot read a /v1.1 document', async () => {
    const refused = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'single', export_formats: ['html', 'pdf', 'docx'], pdf_paper: 'A4' } });
    expect(refused.status).toBe(422);
    expect(refused.json.error?.code).toBe('validation_error');
    expect((refused.json.error?.details as Array<{ field: string }>).map((detail) => detail.field)).toEqual(['export_formats[0]', 'export_formats[1]', 'export_formats[2]', 'pdf_paper']);
    expect(JSON.stringify(refused.json.error?.details)).toContain('/v1.1');
    const unknown = await runtime.request('POST', '/v1.1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'single', export_formats: ['epub'], pdf_paper: 'A3' } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error?.details).toEqual([
      { field: 'export_formats[0]', message: 'must be markdown, text, html, pdf or docx' },
      { field: 'pdf_paper', message: 'must be A4 or Letter' },
    ]);
  });
});

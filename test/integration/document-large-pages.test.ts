import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { startSite } from '../helpers/site.js';
import { pdftotext, soffice } from '../helpers/document-readers.js';

/**
 * Every word of the markdown is in the PDF and the Word file, on the pages the PDF once dropped:
 * one 5 MB word (printed: none of its 500,000 copies) and a table of 5,000 columns × 15 rows (22
 * columns printed, the rest cut at the paper's edge). Counted as a reader gets them: the PDF with
 * poppler's pdftotext, the Word file with LibreOffice (both installed in CI; skipped, with a
 * warning, where they are not). The handlers run in a Lambda thread, as `npm start` runs them: the
 * document worker's minutes of work do not hold up the API's answers.
 */
const KEY = 'large-pages-key-0001';
const run = promisify(execFile);

const WORD = 'abcdefghij';
const PAGES = {
  '/long-word': `<!doctype html><html><head><title>One long word</title></head><body><p>${WORD.repeat(500_000)}</p></body></html>`,
  '/wide-table': `<!doctype html><html><head><title>A wide table</title></head><body><table>${Array.from({ length: 15 }, (_, row) => `<tr>${Array.from({ length: 5000 }, (_, column) => `<td>r${row}c${column}</td>`).join('')}</tr>`).join('')}</table></body></html>`,
};

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let scratch: string;
let id: string;
let job: Record<string, unknown>;
let markdown: string;

/** The cells of the table in a text (the page is read up to its 100,000th node, as every page is). */
const cellsOf = (text: string) => new Set(text.match(/\br\d+c\d+\b/g));
/** The copies of the word in a text, its lines joined again (the word wraps across lines and pages) and page numbers left out. */
const wordsIn = (text: string) => text.replace(/^\s*\d+ \/ \d+\s*$/gm, '').replace(/\s+/g, '').split(WORD).length - 1;

async function download(format: string): Promise<Uint8Array> {
  const answer = await runtime.request('GET', `/v1.1/jobs/${id}/result?format=${format}`, { key: KEY, redirect: 'manual' });
  expect(answer.status).toBe(303);
  return new Uint8Array(await (await fetch(String(answer.headers.get('location')))).arrayBuffer());
}

describe.skipIf(!pdftotext || !soffice)('a 5 MB word and a table of 5,000 columns in every document', () => {
  const lifecycle = testLifecycle();
  beforeAll(async () => {
    site = lifecycle.site(await startSite({ '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' }, ...PAGES }));
    runtime = await lifecycle.runtime({ users: [{ user_id: 'large', api_key: KEY, plan: 'pro', monthly_pages: 100 }], hostOverrides: site.overrides, lambdaThreads: 1 });
    scratch = await lifecycle.scratch('large-pages-');
    const created = await runtime.request('POST', '/v1.1/jobs', {
      key: KEY,
      body: { url: 'https://site.test/long-word', mode: 'select', urls: ['https://site.test/long-word', 'https://site.test/wide-table'], export_formats: ['markdown', 'pdf', 'docx'], check_tos: false },
    });
    expect(created.status, created.text).toBe(202);
    id = String(created.json.id);
    job = await runtime.waitForJob(KEY, id, 540_000);
    expect(job.status).toBe('completed');
    markdown = (await runtime.request('GET', `/v1.1/jobs/${id}/result?format=markdown`, { key: KEY })).text;
  }, 600_000);

  it('the markdown holds the whole word, and the table as far as the page was read', () => {
    expect(wordsIn(markdown)).toBe(500_000);
    expect(cellsOf(markdown).size).toBeGreaterThan(45_000);
  });

  it('PDF: every copy of the word and every cell is printed, and nothing is reported cut', { timeout: 120_000 }, async () => {
    expect(job.document_failures).toBeUndefined();
    const file = path.join(scratch, 'large.pdf');
    await writeFile(file, await download('pdf'));
    const { stdout } = await run(pdftotext, [file, '-'], { maxBuffer: 256 * 1024 * 1024 });
    expect(wordsIn(stdout)).toBe(500_000);
    const printed = cellsOf(stdout);
    expect([...cellsOf(markdown)].filter((cell) => !printed.has(cell))).toEqual([]);
  });

  it('Word: every copy of the word and every cell, as LibreOffice reads the file', { timeout: 400_000 }, async () => {
    const file = path.join(scratch, 'large.docx');
    await writeFile(file, await download('docx'));
    await run(soffice, [`-env:UserInstallation=file://${path.join(scratch, 'profile')}`, '--headless', '--convert-to', 'txt:Text', '--outdir', scratch, file], { timeout: 380_000 });
    const text = await readFile(path.join(scratch, 'large.txt'), 'utf8');
    expect(wordsIn(text)).toBe(500_000);
    const read = cellsOf(text);
    expect([...cellsOf(markdown)].filter((cell) => !read.has(cell))).toEqual([]);
  });
});

if (!pdftotext || !soffice) console.warn('document-large-pages.test.ts: pdftotext or soffice is not installed, so the documents were not read back (apt-get install -y poppler-utils libreoffice-writer-nogui)');

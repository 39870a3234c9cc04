import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { htmlDocument } from '../../../lambdas/core/formats/html.js';
import { printPdf } from '../../../lambdas/render/print-pdf.js';
import { documentationMarkdown } from '../../helpers/documentation-markdown.js';
import { pdfPageCount } from '../../helpers/pdf.js';

const run = promisify(execFile);

/** Three short pages: each fits one printed page, and each starts a new one after the contents. */
const PAGES = [0, 1, 2].map((index) => ({ url: `https://docs.example/guide/${index}`, title: `Guide page ${index}`, markdown: documentationMarkdown(index, 600) }));
const HTML = htmlDocument('Crawl of https://docs.example/', PAGES);

function mediaBox(pdf: Buffer): number[] {
  const box = /\/MediaBox\s*\[([^\]]+)\]/.exec(pdf.toString('latin1'))?.[1] ?? '';
  return box.trim().split(/\s+/).map((value) => Math.round(Number(value)));
}

describe('PDF result', () => {
  let a4: Buffer;
  beforeAll(async () => {
    a4 = await printPdf(HTML, { paper: 'A4' });
  }, 120_000);

  it('is a PDF with the contents on its first page and each crawled page starting a page of its own', () => {
    expect(a4.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(a4)).toBe(1 + PAGES.length);
  });

  it('has the pages’ titles in its outline and the contents linking to each page', () => {
    const text = a4.toString('latin1');
    for (const page of PAGES) expect(text).toContain(`/Title (${page.title}`);
    for (const id of ['page-1', 'page-2', 'page-3']) expect(text).toContain(`/Dest /${id}`);
    expect(text).toContain('/URI (https://docs.example/guide/0)');
  });

  it('prints on A4 or Letter', { timeout: 120_000 }, async () => {
    expect(mediaBox(a4)).toEqual([0, 0, 596, 843]);
    expect(mediaBox(await printPdf(HTML, { paper: 'Letter' }))).toEqual([0, 0, 612, 792]);
  });

  it('loads nothing and runs no script, whatever the HTML asks for', { timeout: 120_000 }, async () => {
    const requests: string[] = [];
    const server: Server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const hostile = `<!DOCTYPE html><html><head><link rel="stylesheet" href="${origin}/style.css"><script src="${origin}/script.js"></script>
<style>@font-face { font-family: remote; src: url(${origin}/font.woff2); } body { font-family: remote; background: url(${origin}/bg.png); }</style></head>
<body><p id="text">printed as written</p><img src="${origin}/image.png"><iframe src="${origin}/frame"></iframe>
<script>document.getElementById('text').textContent = 'changed by a script'; fetch('${origin}/fetch');</script></body></html>`;
      const pdf = await printPdf(hostile, { paper: 'A4' });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(requests).toEqual([]);
      if (pdftotext) expect(await pdfText(pdf)).toContain('printed as written');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/*
 * The printed text itself (page numbers in the footer, the titles on the pages) is read with
 * poppler's pdftotext where it is installed (Debian's poppler-utils; CI installs it).
 */
const pdftotext = await run('which', ['pdftotext']).then(({ stdout }) => stdout.trim(), () => '');

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-text-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), pdf);
    await run(pdftotext, ['-layout', path.join(dir, 'in.pdf'), path.join(dir, 'out.txt')]);
    return await readFile(path.join(dir, 'out.txt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!pdftotext)('PDF result as text', () => {
  it('shows the contents, each page’s title and URL, and page numbers of the whole', { timeout: 120_000 }, async () => {
    const text = await pdfText(await printPdf(HTML, { paper: 'A4' }));
    const printedPages = text.split('\f').filter((page) => page.trim() !== '');
    expect(printedPages).toHaveLength(4);
    expect(printedPages[0]).toMatch(/Crawl of https:\/\/docs\.example\/\s+1\. Guide page 0\s+2\. Guide page 1\s+3\. Guide page 2/);
    for (const [index, page] of PAGES.entries()) {
      const printed = printedPages[index + 1] as string;
      expect(printed).toContain(page.title);
      expect(printed).toContain(page.url);
      expect(printed).toMatch(new RegExp(`\\b${index + 2}\\s*/\\s*4\\b`));
    }
  });
});

if (!pdftotext) console.warn('print-pdf.test.ts: pdftotext is not installed, so the printed text was not checked (apt-get install -y --no-install-recommends poppler-utils)');

import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { htmlPrintParts, sectionId } from '../../../lambdas/core/formats/html.js';
import { printPdf } from '../../../lambdas/render/print-pdf.js';
import { documentationMarkdown } from '../../helpers/documentation-markdown.js';
import { summarizePdf } from '../../helpers/pdf.js';
import { pdftotext } from '../../helpers/document-readers.js';

const run = promisify(execFile);

/** Three short pages: each fits one printed page, and each starts a new one after the contents. */
const PAGES = [0, 1, 2].map((index) => ({ url: `https://docs.example/guide/${index}`, title: `Guide page ${index}`, markdown: documentationMarkdown(index, 600) }));
const TITLE = 'Crawl of https://docs.example/';

const SECTIONS = PAGES.map((page, index) => ({ id: sectionId(index), title: page.title }));

/** The three pages printed in parts of two pages, as a long crawl is: the contents and pages 1–2, then page 3. */
async function print(paper: 'A4' | 'Letter'): Promise<Uint8Array> {
  const printed = await printPdf(htmlPrintParts(TITLE, PAGES, (index) => PAGES[index]?.markdown ?? '', { pages: 2, bytes: Number.POSITIVE_INFINITY }), { paper, title: TITLE, sections: SECTIONS });
  expect(printed.cutSections).toEqual([]);
  return printed.bytes;
}

describe('PDF result', () => {
  let a4: Uint8Array;
  beforeAll(async () => {
    a4 = await print('A4');
  }, 120_000);

  it('is one PDF with the contents on its first page and each crawled page starting a page of its own, across parts', async () => {
    expect(Buffer.from(a4.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await summarizePdf(a4)).pages).toHaveLength(1 + PAGES.length);
  });

  it('links the contents to each page, in whichever part it was printed, and each page to its URL', async () => {
    const { destinations, uris, internalLinks } = await summarizePdf(a4);
    expect(destinations).toEqual({ 'page-1': 1, 'page-2': 2, 'page-3': 3 });
    expect(internalLinks.filter((link) => link.page === 0).map((link) => link.destination)).toEqual(['page-1', 'page-2', 'page-3']);
    expect(uris).toEqual(expect.arrayContaining(PAGES.map((page) => page.url)));
  });

  it('has an outline with a bookmark per crawled page, leading to its first printed page', async () => {
    expect((await summarizePdf(a4)).outline).toEqual(PAGES.map((page, index) => ({ title: page.title, page: index + 1 })));
  });

  it('says which sections were cut at the paper’s edge, when something is wider than the stylesheet foresaw', { timeout: 120_000 }, async () => {
    const wide = (id: string, width: number) => `<section class="page" id="${id}"><div style="width: ${width}px">content</div></section>`;
    const printed = await printPdf([`<!DOCTYPE html><html><body>${wide('page-1', 600)}${wide('page-2', 3000)}${wide('page-3', 100)}</body></html>`], { paper: 'A4', title: 'Wide' });
    expect(printed.cutSections).toEqual(['page-2']);
  });

  it('prints on A4 or Letter', { timeout: 120_000 }, async () => {
    expect(new Set((await summarizePdf(a4)).pages.map(String))).toEqual(new Set(['596,843']));
    expect(new Set((await summarizePdf(await print('Letter'))).pages.map(String))).toEqual(new Set(['612,792']));
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
      const { bytes: pdf } = await printPdf([hostile], { paper: 'A4', title: 'Hostile' });
      expect((await summarizePdf(pdf)).pages).toHaveLength(1);
      expect(requests).toEqual([]);
      if (pdftotext) expect(await pdfText(pdf)).toContain('printed as written');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/* The printed text itself (page numbers in the footer, the titles on the pages) is read with pdftotext where it is installed. */
async function pdfText(pdf: Uint8Array): Promise<string> {
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
  it('shows the contents with each page’s page number, each page’s title and URL, and page numbers counting the whole document', { timeout: 120_000 }, async () => {
    const text = await pdfText(await print('A4'));
    const printedPages = text.split('\f').filter((page) => page.trim() !== '');
    expect(printedPages).toHaveLength(4);
    expect(printedPages[0]).toMatch(/Crawl of https:\/\/docs\.example\/\s+1\. Guide page 0 +2\n\s*2\. Guide page 1 +3\n\s*3\. Guide page 2 +4\n/);
    for (const [index, page] of PAGES.entries()) {
      const printed = printedPages[index + 1] as string;
      expect(printed).toContain(page.title);
      expect(printed).toContain(page.url);
      expect(printed).toMatch(new RegExp(`\\b${index + 2}\\s*/\\s*4\\b`));
    }
  });
});

if (!pdftotext) console.warn('print-pdf.test.ts: pdftotext is not installed, so the printed text was not checked (apt-get install -y --no-install-recommends poppler-utils)');

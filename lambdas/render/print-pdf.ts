import { PDFArray, PDFDict, PDFDocument, PDFName, rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import type { PaperSize } from '../domain/formats.js';
import { launchBrowser } from './browser.js';


export interface PrintOptions {
  paper: PaperSize;
  /** The document's title, in the PDF's metadata. */
  title: string;
  /** The browser to print with; by default the render worker's Chromium build, launched and closed for this document. */
  browser?: Browser;
}

const MARGIN = { top: '16mm', bottom: '16mm', left: '14mm', right: '14mm' };
const POINTS_PER_MM = 72 / 25.4;

/**
 * The HTML result printed to PDF by the render worker's Chromium build, with its lockdown flags.
 * The document comes in parts (`htmlPrintParts`): one `page.pdf` of a 1000-page crawl would hold
 * every printed page in the browser at once, several GB, so each part is printed on its own and
 * added to the PDF before the next is read. Across the parts the contents still link to each
 * page (the parts' named destinations are joined) and the page numbers in the footer count the
 * whole document (they are added after the last part).
 *
 * The HTML is self-contained, so the page may load nothing: every request is refused, and no
 * script runs.
 */
export async function printPdf(parts: Iterable<string> | AsyncIterable<string>, options: PrintOptions): Promise<Uint8Array> {
  const browser = options.browser ?? (await launchBrowser({ concurrentPages: false }));
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', acceptDownloads: false });
    try {
      await context.route('**/*', (route) => route.abort('blockedbyclient'));
      await context.routeWebSocket(/.*/, (socket) => socket.close());
      const page = await context.newPage();
      await page.emulateMedia({ media: 'print' });
      const merged = await PDFDocument.create();
      merged.setTitle(options.title);
      const destinations = new Map<string, PDFArray>();
      for await (const html of parts) {
        await appendPart(merged, await PDFDocument.load(await printPart(page, html, options.paper)), destinations);
      }
      if (destinations.size > 0) merged.catalog.set(PDFName.of('Dests'), merged.context.obj(Object.fromEntries(destinations)));
      await numberPages(merged);
      return await merged.save({ useObjectStreams: true });
    } finally {
      await context.close();
    }
  } finally {
    if (!options.browser) await browser.close();
  }
}

async function printPart(page: Page, html: string, paper: PaperSize): Promise<Buffer> {
  await page.setContent(html, { waitUntil: 'load', timeout: 0 });
  const pdf = await page.pdf({ format: paper, printBackground: true, margin: MARGIN });
  // The part's DOM goes before the next is parsed.
  await page.setContent('', { waitUntil: 'load' });
  return pdf;
}

/**
 * Copies the part's pages to the end of the document, and its named destinations (the sections'
 * ids, which the contents link to) onto the copied pages.
 */
async function appendPart(merged: PDFDocument, part: PDFDocument, destinations: Map<string, PDFArray>): Promise<void> {
  const copied = await merged.copyPages(part, part.getPageIndices());
  for (const page of copied) merged.addPage(page);
  const copyOf = new Map(part.getPages().map((page, index) => [page.ref.toString(), copied[index] as PDFPage]));
  const partDestinations = part.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  for (const [name, value] of partDestinations?.entries() ?? []) {
    const destination = part.context.lookupMaybe(value, PDFArray);
    const target = destination && copyOf.get(destination.get(0).toString());
    if (!destination || !target) continue;
    // [page /XYZ left top zoom]: the rest of the array is plain numbers and names.
    destinations.set(name.decodeText(), merged.context.obj([target.ref, ...destination.asArray().slice(1)]));
  }
}

/** "n / total", centred in the bottom margin of every page. */
async function numberPages(document: PDFDocument): Promise<void> {
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pages = document.getPages();
  const bottom = Number.parseFloat(MARGIN.bottom) * POINTS_PER_MM;
  for (const [index, page] of pages.entries()) {
    const text = `${index + 1} / ${pages.length}`;
    const size = 8;
    page.drawText(text, { x: (page.getWidth() - font.widthOfTextAtSize(text, size)) / 2, y: bottom / 2 - size / 2, size, font, color: rgb(0.33, 0.33, 0.33) });
  }
}

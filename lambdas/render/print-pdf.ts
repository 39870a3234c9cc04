import type { Browser, Page } from 'playwright-core';
import type { PaperSize } from '../domain/formats.js';
import { launchBrowser } from './browser.js';
import { PdfJoiner, type PdfSection } from './pdf-joiner.js';

export interface PrintOptions {
  paper: PaperSize;
  /** The document's title, in the PDF's metadata. */
  title: string;
  /** The crawled pages' sections, for the outline (bookmarks). */
  sections?: readonly PdfSection[];
  /** The browser to print with; by default the render worker's Chromium build, launched and closed for this document. */
  browser?: Browser;
}

export interface PrintedPdf {
  bytes: Uint8Array;
  /** The sections (ids) with content wider than the paper, which is cut at its edge; none, unless a layout rule missed a case. */
  cutSections: string[];
}

const MARGIN_MM = { top: 16, bottom: 16, left: 14, right: 14 };
const PAPER_WIDTH_MM: Record<PaperSize, number> = { A4: 210, Letter: 215.9 };
const POINTS_PER_MM = 72 / 25.4;
const CSS_PIXELS_PER_MM = 96 / 25.4;
/** The body's padding (1rem) inside the margin, where the contents' lines end. */
const BODY_PADDING_POINTS = 12;

/**
 * The HTML result printed to PDF by the render worker's Chromium build, with its lockdown flags.
 * The document comes in parts (`htmlPrintParts`): one `page.pdf` of a 1000-page crawl would hold
 * every printed page in the browser at once, several GB, so each part is printed on its own and
 * added to the PDF before the next is read (`PdfJoiner`, which also numbers the pages and the
 * contents and writes the outline).
 *
 * Before a part is printed, its layout at the paper's width is checked for content that passes the
 * paper's edge (the stylesheet wraps words and the renderer splits wide tables, so this finds only
 * what they did not foresee): the PDF says which sections were cut instead of cutting silently.
 *
 * The HTML is self-contained, so the page may load nothing: every request is refused, and no
 * script of the document runs.
 */
export async function printPdf(parts: Iterable<string> | AsyncIterable<string>, options: PrintOptions): Promise<PrintedPdf> {
  const browser = options.browser ?? (await launchBrowser({ concurrentPages: false }));
  try {
    const printableWidth = Math.floor((PAPER_WIDTH_MM[options.paper] - MARGIN_MM.left - MARGIN_MM.right) * CSS_PIXELS_PER_MM);
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', acceptDownloads: false, viewport: { width: printableWidth, height: 1000 } });
    try {
      await context.route('**/*', (route) => route.abort('blockedbyclient'));
      await context.routeWebSocket(/.*/, (socket) => socket.close());
      const page = await context.newPage();
      await page.emulateMedia({ media: 'print' });
      const devtools = await context.newCDPSession(page);
      const joiner = await PdfJoiner.create(options.title);
      const cutSections: string[] = [];
      for await (const html of parts) {
        const printed = await printPart(page, html, options.paper);
        cutSections.push(...printed.cutSections);
        await joiner.append(printed.pdf);
        // The part's layout is garbage now, but the browser would keep its memory into the next
        // part's (a 2 MiB piece of a 4,500-row table left 1.7 GB behind, and the next peaked at
        // 2.9 GB): collected, and the freed memory handed back, each part starts from the same floor.
        await devtools.send('HeapProfiler.collectGarbage');
        await devtools.send('Memory.simulatePressureNotification', { level: 'critical' });
      }
      const layout = { bottomMarginPoints: MARGIN_MM.bottom * POINTS_PER_MM, contentsRightPoints: MARGIN_MM.right * POINTS_PER_MM + BODY_PADDING_POINTS };
      return { bytes: await joiner.finish(options.sections ?? [], layout), cutSections };
    } finally {
      await context.close();
    }
  } finally {
    if (!options.browser) await browser.close();
  }
}

async function printPart(page: Page, html: string, paper: PaperSize): Promise<{ pdf: Buffer; cutSections: string[] }> {
  await page.setContent(html, { waitUntil: 'load', timeout: 0 });
  // Playwright's evaluation runs with the document's own scripts off.
  const cutSections = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('section.page, nav.contents')].filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.id || element.dataset.continues || 'contents'),
  );
  const margin = Object.fromEntries(Object.entries(MARGIN_MM).map(([side, mm]) => [side, `${mm}mm`]));
  const pdf = await page.pdf({ format: paper, printBackground: true, margin });
  // The part's DOM goes before the next is parsed.
  await page.setContent('', { waitUntil: 'load' });
  return { pdf, cutSections };
}

import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';

export const PDF_MEDIA_TYPE = 'application/pdf';

export const PAPER_FORMATS = ['A4', 'Letter'] as const;
export type PaperFormat = (typeof PAPER_FORMATS)[number];

export interface PrintOptions {
  paper: PaperFormat;
  /** The browser to print with; by default the render worker's Chromium build, launched and closed for this document. */
  browser?: Browser;
}

/** Page numbers, centred in the bottom margin (Chromium fills in the two spans). */
const FOOTER = '<div style="width:100%;font-size:8px;color:#555;text-align:center;"><span class="pageNumber"></span> / <span class="totalPages"></span></div>';

/**
 * The HTML result (`htmlDocument`) printed to PDF by the render worker's Chromium build, with its
 * lockdown flags: page numbers in the footer, the document's contents as links to each page, and
 * its headings as the PDF's outline. The document is self-contained, so the page may load
 * nothing: every request is refused, and no script runs.
 */
export async function printPdf(html: string, options: PrintOptions): Promise<Buffer> {
  const browser = options.browser ?? (await launchBrowser({ concurrentPages: false }));
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', acceptDownloads: false });
    try {
      await context.route('**/*', (route) => route.abort('blockedbyclient'));
      await context.routeWebSocket(/.*/, (socket) => socket.close());
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load', timeout: 0 });
      await page.emulateMedia({ media: 'print' });
      return await page.pdf({
        format: options.paper,
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: FOOTER,
        margin: { top: '16mm', bottom: '16mm', left: '14mm', right: '14mm' },
        outline: true,
        tagged: true,
      });
    } finally {
      await context.close();
    }
  } finally {
    if (!options.browser) await browser.close();
  }
}

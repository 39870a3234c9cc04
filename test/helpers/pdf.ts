/**
 * The number of pages of a PDF as Chromium writes it: each page is an object of `/Type /Page`
 * (the page tree's nodes are `/Type /Pages`), and Chromium keeps those dictionaries uncompressed.
 */
export function pdfPageCount(pdf: Uint8Array): number {
  return Buffer.from(pdf).toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';

export interface PdfSummary {
  /** Width and height of each page, in points. */
  pages: Array<[number, number]>;
  /** Named destinations (a section's id) and the index of the page each leads to. */
  destinations: Record<string, number>;
  /** The targets of the links to the web, in page order. */
  uris: string[];
}

/** What a reader of the PDF gets besides its text: its pages, where its internal links lead, its web links. */
export async function summarizePdf(pdf: Uint8Array): Promise<PdfSummary> {
  const document = await PDFDocument.load(pdf);
  const pages = document.getPages();
  const pageIndex = new Map(pages.map((page, index) => [page.ref.toString(), index]));
  const destinations: Record<string, number> = {};
  for (const [name, value] of document.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict)?.entries() ?? []) {
    const target = document.context.lookupMaybe(value, PDFArray)?.get(0).toString();
    if (target !== undefined && pageIndex.has(target)) destinations[name.decodeText()] = pageIndex.get(target) as number;
  }
  const uris: string[] = [];
  for (const page of pages) {
    for (const annotation of page.node.Annots()?.asArray() ?? []) {
      const action = document.context.lookupMaybe(annotation, PDFDict)?.lookupMaybe(PDFName.of('A'), PDFDict);
      const uri = action?.lookupMaybe(PDFName.of('URI'), PDFString);
      if (uri) uris.push(uri.decodeText());
    }
  }
  return { pages: pages.map((page) => [Math.round(page.getWidth()), Math.round(page.getHeight())]), destinations, uris };
}

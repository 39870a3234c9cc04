import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, type PDFRef } from 'pdf-lib';

export interface PdfSummary {
  /** Width and height of each page, in points. */
  pages: Array<[number, number]>;
  /** Named destinations (a section's id) and the index of the page each leads to. */
  destinations: Record<string, number>;
  /** The targets of the links to the web, in page order. */
  uris: string[];
  /** Links to named destinations, in page order: the page they are on and the destination's name. */
  internalLinks: Array<{ page: number; destination: string }>;
  /** The outline's (bookmarks') top-level entries, in order: title and the index of the page each leads to. */
  outline: Array<{ title: string; page: number | undefined }>;
}

/** What a reader of the PDF gets besides its text: its pages, where its internal links lead, its web links, its bookmarks. */
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
  const internalLinks: PdfSummary['internalLinks'] = [];
  for (const [index, page] of pages.entries()) {
    for (const annotation of page.node.Annots()?.asArray() ?? []) {
      const link = document.context.lookupMaybe(annotation, PDFDict);
      const uri = link?.lookupMaybe(PDFName.of('A'), PDFDict)?.lookupMaybe(PDFName.of('URI'), PDFString);
      if (uri) uris.push(uri.decodeText());
      const destination = link?.lookupMaybe(PDFName.of('Dest'), PDFName);
      if (destination) internalLinks.push({ page: index, destination: destination.decodeText() });
    }
  }
  const outline: PdfSummary['outline'] = [];
  const root = document.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  for (let item = root?.lookupMaybe(PDFName.of('First'), PDFDict); item; item = item.lookupMaybe(PDFName.of('Next'), PDFDict)) {
    const title = item.lookupMaybe(PDFName.of('Title'), PDFString, PDFHexString)?.decodeText() ?? '';
    const target = item.lookupMaybe(PDFName.of('Dest'), PDFArray)?.get(0) as PDFRef | undefined;
    outline.push({ title, page: target ? pageIndex.get(target.toString()) : undefined });
  }
  return { pages: pages.map((page) => [Math.round(page.getWidth()), Math.round(page.getHeight())]), destinations, uris, internalLinks, outline };
}

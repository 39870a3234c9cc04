import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, rgb, StandardFonts, type PDFFont, type PDFPage, type PDFRef } from 'pdf-lib';

/** A crawled page's section as the outline names it: its destination (the section's id) and its title. */
export interface PdfSection {
  id: string;
  title: string;
}

/** Where the printed pages' bottom margin is, in points: the page numbers are drawn in it. */
export interface PdfLayout {
  bottomMarginPoints: number;
  /** From the paper's right edge to the right end of the contents' lines. */
  contentsRightPoints: number;
}

const TEXT_GRAY = rgb(0.33, 0.33, 0.33);

/**
 * The PDF printed in parts, joined into one: each part's pages are copied in order, and its
 * named destinations (the sections' ids, which the contents link to) onto the copied pages. A
 * destination named in an earlier part (the first part's stand-in targets for the later
 * sections) is replaced by the part that holds the section. Once every part is in, `finish`
 * adds what only the whole document knows: each contents entry's page number, an outline
 * (bookmarks) with an entry per section, and `n / total` at the foot of every page. Its text is
 * drawn in a standard PDF font, so it needs no font from the system.
 */
export class PdfJoiner {
  private readonly destinations = new Map<string, PDFArray>();

  private constructor(private readonly document: PDFDocument) {}

  static async create(title: string): Promise<PdfJoiner> {
    const document = await PDFDocument.create();
    document.setTitle(title);
    return new PdfJoiner(document);
  }

  async append(partBytes: Uint8Array): Promise<void> {
    const part = await PDFDocument.load(partBytes);
    const copied = await this.document.copyPages(part, part.getPageIndices());
    for (const page of copied) this.document.addPage(page);
    const copyOf = new Map(part.getPages().map((page, index) => [page.ref.toString(), copied[index] as PDFPage]));
    for (const [name, value] of part.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict)?.entries() ?? []) {
      const destination = part.context.lookupMaybe(value, PDFArray);
      const target = destination && copyOf.get(destination.get(0).toString());
      if (!destination || !target) continue;
      // [page /XYZ left top zoom]: the rest of the array is plain numbers and names.
      this.destinations.set(name.decodeText(), this.document.context.obj([target.ref, ...destination.asArray().slice(1)]));
    }
  }

  async finish(sections: readonly PdfSection[], layout: PdfLayout): Promise<Uint8Array> {
    const { document } = this;
    if (this.destinations.size > 0) document.catalog.set(PDFName.of('Dests'), document.context.obj(Object.fromEntries(this.destinations)));
    const font = await document.embedFont(StandardFonts.Helvetica);
    this.numberContents(font, layout, sections[0]?.id);
    this.addOutline(sections);
    numberPages(document, font, layout);
    return document.save({ useObjectStreams: true });
  }

  /** The 1-based page each destination leads to. */
  private pageNumbers(): Map<string, number> {
    const indexOf = new Map(this.document.getPages().map((page, index) => [page.ref.toString(), index + 1]));
    const numbers = new Map<string, number>();
    for (const [name, destination] of this.destinations) {
      const number = indexOf.get(destination.get(0).toString());
      if (number !== undefined) numbers.set(name, number);
    }
    return numbers;
  }

  /**
   * The contents are the pages before the first section's. Each of their links to a section (one
   * per line of its title) gets the section's page number, right-aligned, beside its last line.
   */
  private numberContents(font: PDFFont, layout: PdfLayout, firstSection: string | undefined): void {
    const numbers = this.pageNumbers();
    const contentsEnd = firstSection === undefined ? 0 : (numbers.get(firstSection) ?? 1) - 1;
    const size = 11;
    for (const page of this.document.getPages().slice(0, contentsEnd)) {
      const lastLine = new Map<string, number>();
      for (const { name, rect } of this.internalLinks(page)) {
        if (numbers.has(name)) lastLine.set(name, Math.min(lastLine.get(name) ?? Number.POSITIVE_INFINITY, rect[1] ?? 0));
      }
      const right = page.getWidth() - layout.contentsRightPoints;
      // A link's rectangle starts at its text's descent; the number's baseline sits about 0.2 em above it.
      for (const [name, bottom] of lastLine) {
        const text = String(numbers.get(name));
        page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y: bottom + size * 0.2, size, font, color: TEXT_GRAY });
      }
    }
  }

  /** The page's links to a named destination (`/Dest /page-3`), with their rectangles. */
  private internalLinks(page: PDFPage): Array<{ name: string; rect: number[] }> {
    const links: Array<{ name: string; rect: number[] }> = [];
    for (const reference of page.node.Annots()?.asArray() ?? []) {
      const annotation = this.document.context.lookupMaybe(reference, PDFDict);
      const name = annotation?.lookupMaybe(PDFName.of('Dest'), PDFName);
      const rect = annotation?.lookupMaybe(PDFName.of('Rect'), PDFArray);
      if (name && rect) links.push({ name: name.decodeText(), rect: rect.asArray().map((value) => (value instanceof PDFNumber ? value.asNumber() : 0)) });
    }
    return links;
  }

  /** One bookmark per section, in document order, leading where the contents do; the reader opens with them shown. */
  private addOutline(sections: readonly PdfSection[]): void {
    const { context } = this.document;
    const entries = sections.filter((section) => this.destinations.has(section.id));
    if (entries.length === 0) return;
    const outline = context.nextRef();
    const refs: PDFRef[] = entries.map(() => context.nextRef());
    entries.forEach((section, index) => {
      const item = context.obj({ Title: PDFHexString.fromText(section.title), Parent: outline, Dest: this.destinations.get(section.id) as PDFArray });
      if (index > 0) item.set(PDFName.of('Prev'), refs[index - 1] as PDFRef);
      if (index < refs.length - 1) item.set(PDFName.of('Next'), refs[index + 1] as PDFRef);
      context.assign(refs[index] as PDFRef, item);
    });
    context.assign(outline, context.obj({ Type: 'Outlines', First: refs[0] as PDFRef, Last: refs.at(-1) as PDFRef, Count: refs.length }));
    this.document.catalog.set(PDFName.of('Outlines'), outline);
    this.document.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
  }
}

/** "n / total", centred in the bottom margin of every page. */
function numberPages(document: PDFDocument, font: PDFFont, layout: PdfLayout): void {
  const pages = document.getPages();
  const size = 8;
  for (const [index, page] of pages.entries()) {
    const text = `${index + 1} / ${pages.length}`;
    page.drawText(text, { x: (page.getWidth() - font.widthOfTextAtSize(text, size)) / 2, y: layout.bottomMarginPoints / 2 - size / 2, size, font, color: TEXT_GRAY });
  }
}

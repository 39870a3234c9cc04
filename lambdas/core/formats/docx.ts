import {
  AlignmentType,
  Bookmark,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  InternalHyperlink,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ILevelsOptions,
  type INumberingOptions,
  type ParagraphChild,
} from 'docx';
import type { Token, Tokens } from 'marked';
import { xmlText } from '../characters.js';
import { contentHeadingLevel, markdownTokens, pageHeading, safeLinkTarget, tableColumnGroups, unescapeMarkdown, type DocumentPage } from './markdown.js';

/** Word styles of the document (ids); Word's own Heading, Hyperlink and Quote styles are used too. */
export const DOCX_STYLES = { code: 'CodeBlock', inlineCode: 'InlineCode', url: 'PageUrl' } as const;

/**
 * The Word result, from the pages' markdown export: a title and a list of the pages' titles
 * linked to their sections, then per page a Heading 1 with its title, its URL as a link, and its
 * content with the markdown's headings, lists (nested), tables, links, code blocks and inline
 * code, bold, italic and struck text as Word styles. Markup in the markdown is shown as text, as
 * in the HTML result.
 *
 * It does not stream: the `docx` package builds the whole document before writing the zip, so
 * every page's paragraphs are held until `toBuffer`. The package writes text into its XML as it
 * is given, so what XML forbids is taken out of the builder's input (`xmlText`), from which every
 * run of the document comes.
 */
export class DocxDocumentBuilder {
  private readonly body: Array<Paragraph | Table> = [];
  private readonly lists = new ListNumbering();
  private readonly title: string;

  constructor(title: string, documentPages: readonly DocumentPage[]) {
    this.title = xmlText(title);
    const pages = documentPages.map(xmlPage);
    this.body.push(new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(this.title)] }));
    for (const [index, page] of pages.entries()) {
      this.body.push(new Paragraph({ bullet: { level: 0 }, children: [new InternalHyperlink({ anchor: bookmarkId(index), children: [new TextRun({ text: pageHeading(page), style: 'Hyperlink' })] })] }));
    }
  }

  /** Adds the pages in crawl order, `index` counting from 0 as in the page list. */
  addPage(documentPage: DocumentPage, markdown: string, index: number): void {
    const page = xmlPage(documentPage);
    this.body.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new Bookmark({ id: bookmarkId(index), children: [new TextRun(pageHeading(page))] })] }),
      new Paragraph({ style: DOCX_STYLES.url, children: [linkOrText(page.url, [new TextRun({ text: page.url, style: safeLinkTarget(page.url) ? 'Hyperlink' : undefined })])] }),
    );
    for (const token of markdownTokens(xmlText(markdown))) this.block(token, TOP_LEVEL);
  }

  async toBuffer(): Promise<Buffer> {
    const document = new Document({
      title: this.title,
      creator: 'web-crawl-service',
      styles: STYLES,
      numbering: this.lists.numbering(),
      sections: [{ children: this.body }],
    });
    return Packer.toBuffer(document);
  }

  /** One block of markdown; `place` says how deep in lists it sits, and whether it is quoted. */
  private block(token: Token, place: Place): void {
    const item = token as Token & { tokens?: Token[] };
    const indent = place.listLevel >= 0 ? { left: 720 * (place.listLevel + 1) } : undefined;
    const style = place.quoted ? 'Quote' : undefined;
    switch (token.type) {
      case 'heading':
        this.body.push(new Paragraph({ heading: HEADINGS[contentHeadingLevel((token as Tokens.Heading).depth)], indent, children: inline(item.tokens ?? []) }));
        return;
      case 'paragraph':
        this.body.push(new Paragraph({ style, indent, children: inline(item.tokens ?? []) }));
        return;
      case 'text':
        this.body.push(new Paragraph({ style, indent, children: item.tokens ? inline(item.tokens) : [new TextRun((token as Tokens.Text).text)] }));
        return;
      case 'code':
        this.body.push(new Paragraph({ style: DOCX_STYLES.code, indent, children: codeLines((token as Tokens.Code).text) }));
        return;
      case 'blockquote':
        for (const child of item.tokens ?? []) this.block(child, { ...place, quoted: true });
        return;
      case 'list':
        this.list(token as Tokens.List, place);
        return;
      case 'table':
        // Word joins tables that touch: a split table's parts keep a paragraph between them.
        tables(token as Tokens.Table).forEach((part, index) => this.body.push(...(index > 0 ? [new Paragraph({}), part] : [part])));
        return;
      case 'hr':
        this.body.push(new Paragraph({ thematicBreak: true }));
        return;
      case 'html':
        this.body.push(new Paragraph({ style, indent, children: [new TextRun(unescapeMarkdown((token as Tokens.HTML).text).trim())] }));
        return;
      default:
        // `space` and link definitions show nothing.
        return;
    }
  }

  /**
   * Each item's first paragraph carries the bullet or number; its other blocks follow indented,
   * and a nested list goes one level down.
   */
  private list(list: Tokens.List, place: Place): void {
    const level = Math.min(place.listLevel + 1, 8);
    const numbering = this.lists.next(list, level);
    for (const listItem of list.items) {
      let marked = false;
      for (const child of listItem.tokens) {
        if (child.type === 'list') {
          this.list(child as Tokens.List, { ...place, listLevel: level });
          continue;
        }
        if (!marked && (child.type === 'text' || child.type === 'paragraph')) {
          const runs = inline((child as Tokens.Paragraph).tokens ?? []);
          const checkbox = listItem.task ? [new TextRun(listItem.checked ? '☒ ' : '☐ ')] : [];
          this.body.push(new Paragraph({ numbering, children: [...checkbox, ...runs] }));
          marked = true;
          continue;
        }
        this.block(child, { ...place, listLevel: level });
      }
    }
  }
}

/** Where a block sits: `listLevel` -1 outside lists, else the level of the list item it belongs to (its text lines up with the item's). */
interface Place {
  listLevel: number;
  quoted: boolean;
}

const TOP_LEVEL: Place = { listLevel: -1, quoted: false };

function xmlPage(page: DocumentPage): DocumentPage {
  return { url: xmlText(page.url), title: page.title === undefined ? undefined : xmlText(page.title) };
}

function bookmarkId(index: number): string {
  return `page_${index + 1}`;
}

function linkOrText(href: string, children: ParagraphChild[]): ParagraphChild {
  const target = safeLinkTarget(href);
  return target ? new ExternalHyperlink({ link: target, children }) : (children[0] as ParagraphChild);
}

interface RunFormat {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  style?: string;
}

/** The runs of inline markdown: emphasis nests, a link's runs sit in a hyperlink, images become links to them. */
function inline(tokens: Token[], format: RunFormat = {}): ParagraphChild[] {
  const runs: ParagraphChild[] = [];
  for (const token of tokens) {
    const nested = (token as Token & { tokens?: Token[] }).tokens;
    switch (token.type) {
      case 'strong':
        runs.push(...inline(nested ?? [], { ...format, bold: true }));
        break;
      case 'em':
        runs.push(...inline(nested ?? [], { ...format, italics: true }));
        break;
      case 'del':
        runs.push(...inline(nested ?? [], { ...format, strike: true }));
        break;
      case 'codespan':
        runs.push(new TextRun({ ...format, text: (token as Tokens.Codespan).text, style: DOCX_STYLES.inlineCode }));
        break;
      case 'br':
        runs.push(new TextRun({ break: 1 }));
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const target = safeLinkTarget(link.href);
        const text = inline(nested ?? [], target ? { ...format, style: 'Hyperlink' } : format);
        if (target) runs.push(new ExternalHyperlink({ link: target, children: text }));
        else runs.push(...text);
        break;
      }
      case 'image': {
        const image = token as Tokens.Image;
        const label = new TextRun({ ...format, text: `[Image: ${image.text || 'untitled'}]`, style: safeLinkTarget(image.href) ? 'Hyperlink' : format.style });
        runs.push(linkOrText(image.href, [label]));
        break;
      }
      case 'checkbox':
        break;
      case 'html':
        runs.push(new TextRun({ ...format, text: unescapeMarkdown((token as Tokens.Tag).text) }));
        break;
      default:
        // Text, escapes and markup shown as text.
        if (nested) runs.push(...inline(nested, format));
        else runs.push(new TextRun({ ...format, text: (token as Tokens.Text).text }));
    }
  }
  return runs;
}

/** A code block keeps its lines: one paragraph with line breaks, so it stays one shaded block. */
function codeLines(code: string): TextRun[] {
  return code.split('\n').map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : undefined }));
}

/** The table, or the tables a table wider than the page is split into (`tableColumnGroups`; Word holds 63 columns at most). */
function tables(token: Tokens.Table): Table[] {
  const row = (cells: Tokens.TableCell[], columns: number[], header: boolean) =>
    new TableRow({
      tableHeader: header,
      children: columns.map((column) => new TableCell({ children: [new Paragraph({ children: inline(cells[column]?.tokens ?? [], header ? { bold: true } : {}) })] })),
    });
  const groups = tableColumnGroups([token.header, ...token.rows].map((cells) => cells.map((cell) => cell.text.length)));
  return groups.map((columns) => new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [row(token.header, columns, true), ...token.rows.map((cells) => row(cells, columns, false))] }));
}

const HEADINGS = {
  2: HeadingLevel.HEADING_2,
  3: HeadingLevel.HEADING_3,
  4: HeadingLevel.HEADING_4,
  5: HeadingLevel.HEADING_5,
  6: HeadingLevel.HEADING_6,
} as const;

/**
 * Word numbers a list by a numbering definition and an instance: bullets share one definition,
 * ordered lists have one per start number (the export keeps `<ol start>`), and each list is its
 * own instance so its numbers start again.
 */
class ListNumbering {
  private readonly starts = new Set<number>();
  private instances = 0;

  next(list: Tokens.List, level: number): { reference: string; level: number; instance: number } {
    this.instances += 1;
    if (!list.ordered) return { reference: BULLETS, level, instance: this.instances };
    const start = typeof list.start === 'number' ? list.start : 1;
    this.starts.add(start);
    return { reference: orderedReference(start), level, instance: this.instances };
  }

  numbering(): INumberingOptions {
    const levels = (format: (level: number) => Omit<ILevelsOptions, 'level'>) => Array.from({ length: 9 }, (_, level) => ({ level, ...format(level) }));
    const indentOf = (level: number) => ({ paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } });
    return {
      config: [
        { reference: BULLETS, levels: levels((level) => ({ format: LevelFormat.BULLET, text: ['•', '◦', '▪'][level % 3], alignment: AlignmentType.LEFT, style: indentOf(level) })) },
        ...[...this.starts].map((start) => ({
          reference: orderedReference(start),
          levels: levels((level) => ({ format: LevelFormat.DECIMAL, text: `%${level + 1}.`, start: level === 0 ? start : 1, alignment: AlignmentType.LEFT, style: indentOf(level) })),
        })),
      ],
    };
  }
}

const BULLETS = 'bullets';

function orderedReference(start: number): string {
  return `ordered-${start}`;
}

const MONOSPACE = 'Courier New';

const STYLES = {
  paragraphStyles: [
    { id: DOCX_STYLES.code, name: 'Code Block', basedOn: 'Normal', next: 'Normal', run: { font: MONOSPACE, size: 18 }, paragraph: { spacing: { before: 120, after: 120 } , shading: { fill: 'F2F2F2', type: 'clear', color: 'auto' } } },
    { id: DOCX_STYLES.url, name: 'Page URL', basedOn: 'Normal', next: 'Normal', run: { color: '555555', size: 18 } },
  ],
  characterStyles: [{ id: DOCX_STYLES.inlineCode, name: 'Inline Code', basedOn: 'DefaultParagraphFont', run: { font: MONOSPACE, shading: { fill: 'F2F2F2', type: 'clear', color: 'auto' } } }],
} as const;

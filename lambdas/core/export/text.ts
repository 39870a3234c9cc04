import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { collapseWhitespace } from '../html.js';

/**
 * Plain text of an element: paragraphs and headings separated by blank lines, list items on their
 * own lines with `- ` or `1. `, table rows on one line with cells joined by ` | `, preformatted
 * text kept as is, no markup, images and horizontal rules dropped.
 */
export function toPlainText(root: Element): string {
  const writer = new TextWriter();
  writer.element(root);
  return writer.finish();
}

/** Blocks separated from their neighbours by a blank line. */
const PARAGRAPH_BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'details', 'dialog', 'div', 'dl', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'legend',
  'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'ul', 'menu', 'caption',
]);
/** Blocks that start a new line but not a new paragraph. */
const LINE_BLOCKS = new Set(['li', 'dt', 'dd', 'tr', 'option']);

/** Whether the writers put `name` on lines of its own (a block), rather than among the words around it. */
export function isBlockElement(name: string): boolean {
  return PARAGRAPH_BLOCKS.has(name) || LINE_BLOCKS.has(name) || CELLS.has(name);
}
const SKIPPED = new Set(['img', 'picture', 'video', 'audio', 'svg', 'canvas', 'iframe', 'object', 'embed', 'head', 'hr']);
const CELLS = new Set(['td', 'th']);
/** Inline elements that sit apart from the words around them on screen. */
export const SPACED_INLINE = new Set(['button', 'input', 'select', 'textarea', 'img']);

const enum Break {
  None = 0,
  Line = 1,
  Paragraph = 2,
}

interface ListLevel {
  ordered: boolean;
  next: number;
}

class TextWriter {
  private readonly lines: string[] = [];
  private line = '';
  private pending = Break.None;
  private readonly lists: ListLevel[] = [];
  /** Marker for the next line written (`- ` or `3. `, indented), set by a list item. */
  private marker: string | undefined;
  /** Indentation of continuation lines inside a list item. */
  private indent = '';
  private inPre = 0;
  /** HTML drops a newline right after `<pre>`; so do we. */
  private atPreStart = false;
  private inCell = 0;
  private cellsInRow = 0;

  element(element: Element): void {
    const name = element.name;
    if (SPACED_INLINE.has(name)) this.line += ' ';
    if (SKIPPED.has(name)) {
      if (name === 'hr') this.requestBreak(Break.Paragraph);
      return;
    }
    if (name === 'br') {
      if (this.inCell > 0) this.line += ' ';
      else this.requestBreak(Break.Line);
      return;
    }
    if (CELLS.has(name)) return this.cell(element);
    if (name === 'li') return this.listItem(element);
    if (name === 'pre') {
      this.block(Break.Paragraph, () => {
        this.inPre++;
        this.atPreStart = true;
        this.children(element);
        this.flush();
        this.inPre--;
      });
      return;
    }
    if (name === 'ul' || name === 'ol') {
      const start = Number.parseInt(element.attribs.start ?? '', 10);
      this.lists.push({ ordered: name === 'ol', next: Number.isFinite(start) ? start : 1 });
      this.block(this.lists.length > 1 ? Break.Line : Break.Paragraph, () => this.children(element));
      this.lists.pop();
      return;
    }
    if (name === 'tr') {
      this.cellsInRow = 0;
      this.block(Break.Line, () => this.children(element));
      return;
    }
    if (PARAGRAPH_BLOCKS.has(name)) {
      // Inside a list item, a paragraph is a new line of the item, not a new paragraph.
      this.block(this.lists.length > 0 ? Break.Line : Break.Paragraph, () => this.children(element));
      return;
    }
    if (LINE_BLOCKS.has(name)) {
      this.block(Break.Line, () => this.children(element));
      return;
    }
    this.children(element);
    if (SPACED_INLINE.has(name)) this.line += ' ';
  }

  finish(): string {
    this.flush();
    return this.lines.join('\n');
  }

  private children(element: Element): void {
    for (const child of element.children) this.node(child);
  }

  private node(node: AnyNode): void {
    if (isText(node)) this.text(node.data);
    else if (isTag(node)) this.element(node);
  }

  private text(data: string): void {
    if (this.inPre === 0 || this.inCell > 0) {
      this.line += collapseWhitespace(data);
      return;
    }
    const text = this.atPreStart ? data.replace(/^\r?\n/, '') : data;
    this.atPreStart = false;
    const parts = text.split(/\r\n|\r|\n/);
    parts.forEach((part, index) => {
      if (index > 0) this.preLine();
      this.line += part;
    });
  }

  private block(around: Break, content: () => void): void {
    if (this.inCell > 0) {
      this.line += ' ';
      content();
      this.line += ' ';
      return;
    }
    this.requestBreak(around);
    content();
    this.requestBreak(around);
  }

  private cell(element: Element): void {
    if (this.cellsInRow > 0) this.line += ' | ';
    this.cellsInRow++;
    this.inCell++;
    this.children(element);
    this.inCell--;
  }

  private listItem(element: Element): void {
    const list = this.lists[this.lists.length - 1];
    const depth = Math.max(this.lists.length - 1, 0);
    const bullet = list?.ordered ? `${list.next++}. ` : '- ';
    const outerIndent = this.indent;
    this.requestBreak(Break.Line);
    this.marker = '  '.repeat(depth) + bullet;
    this.indent = ' '.repeat(this.marker.length);
    this.children(element);
    this.requestBreak(Break.Line);
    this.marker = undefined;
    this.indent = outerIndent;
  }

  private requestBreak(kind: Break): void {
    this.flush();
    if (kind > this.pending) this.pending = kind;
  }

  /** Inside `<pre>` every source line is an output line, blank ones included. */
  private preLine(): void {
    this.emit(this.line.trimEnd(), true);
    this.line = '';
    this.pending = Break.Line;
  }

  private flush(): void {
    const text = this.inPre > 0 ? this.line.trimEnd() : this.line.trim().replace(/ {2,}/g, ' ');
    this.line = '';
    if (text !== '') this.emit(text, false);
  }

  private emit(text: string, keepEmpty: boolean): void {
    if (text === '' && !keepEmpty) return;
    if (this.lines.length > 0 && this.pending === Break.Paragraph) this.lines.push('');
    const prefix = this.marker ?? this.indent;
    this.marker = undefined;
    this.lines.push(text === '' ? '' : prefix + text);
    this.pending = Break.None;
  }
}

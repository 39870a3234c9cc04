import { Element, isTag, isText, type AnyNode, type ChildNode } from 'domhandler';
import { descendantElements, resolveHttpUrl } from '../html.js';
import { createText, elementChildren, insertBefore, relink, removeNode, removeNodes, replaceNode } from './dom.js';

/**
 * Shapes the content tree for the converters: absolute link and image URLs, code blocks whose
 * line breaks survive, and tables that are either a plain grid with a header row (so they become
 * GFM tables) or, when they only lay the page out, plain blocks.
 */
export function normalizeForExport(root: Element, base: URL): void {
  resolveUrls(root, base);
  keepLineBreaksInCode(root);
  normalizeTables(root);
  removeEmpty(root);
}

/** Kept even when empty: line breaks and rules carry meaning, and cells hold a table's shape. */
const MEANINGFUL_WHEN_EMPTY = new Set(['br', 'hr', 'img', 'td', 'th', 'tr']);

/**
 * Removes elements without text or images. Besides dropping empty-link noise, this spares
 * turndown, which searches every blank element's subtree once per void tag name.
 */
function removeEmpty(root: Element): void {
  const empty: Element[] = [];
  const hasContent = (node: AnyNode): boolean => {
    if (isText(node)) return node.data.trim() !== '';
    if (!isTag(node)) return false;
    let found = MEANINGFUL_WHEN_EMPTY.has(node.name) && node.name !== 'br' && node.name !== 'tr';
    for (const child of node.children) {
      if (hasContent(child)) found = true;
      else if (isTag(child) && !MEANINGFUL_WHEN_EMPTY.has(child.name)) empty.push(child);
    }
    return found;
  };
  hasContent(root);
  removeNodes(empty);
}

const LINK_PROTOCOLS = new Set(['https:', 'http:', 'mailto:', 'tel:']);
const LAZY_IMAGE_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-srcset', 'srcset'];

function resolveUrls(root: Element, base: URL): void {
  const brokenImages: Element[] = [];
  for (const element of descendantElements(root, (e) => e.name === 'a' || e.name === 'img')) {
    const { attribs } = element;
    if (element.name === 'a') {
      if (attribs.href === undefined) continue;
      const url = URL.parse(attribs.href, base.href);
      // Without an href the converters keep the text and drop the link (javascript:, data:, …).
      if (url && LINK_PROTOCOLS.has(url.protocol)) attribs.href = url.href;
      else delete attribs.href;
      continue;
    }
    const source = imageSource(attribs);
    const url = source === undefined ? undefined : resolveHttpUrl(source, base);
    if (url) attribs.src = url.href;
    else brokenImages.push(element);
  }
  removeNodes(brokenImages);
}

/** The image's own URL; lazy-loading pages keep it in a data attribute behind a placeholder. */
function imageSource(attribs: Record<string, string>): string | undefined {
  const src = attribs.src?.trim();
  if (src && !src.startsWith('data:')) return src;
  for (const name of LAZY_IMAGE_ATTRIBUTES) {
    const candidate = attribs[name]?.trim().split(/\s+/)[0];
    if (candidate && !candidate.startsWith('data:')) return candidate;
  }
  return undefined;
}

function keepLineBreaksInCode(root: Element): void {
  for (const pre of descendantElements(root, (e) => e.name === 'pre')) {
    for (const br of descendantElements(pre, (e) => e.name === 'br')) replaceNode(br, createText('\n'));
  }
}

const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption']);
const CELLS = new Set(['td', 'th']);

function normalizeTables(root: Element): void {
  // Outer tables first: a table holding another table is layout and becomes blocks before its inner tables are looked at.
  for (const table of descendantElements(root, (e) => e.name === 'table')) {
    if (table.name !== 'table') continue;
    const parts = ownParts(table);
    const rows = parts.rows.map((row) => elementChildren(row).filter((cell) => CELLS.has(cell.name))).filter((cells) => cells.length > 0);
    const columns = rows.reduce((widest, cells) => Math.max(widest, cells.reduce((sum, cell) => sum + span(cell), 0)), 0);
    if (parts.nested || columns <= 1) toBlocks(parts.all);
    else toGrid(table, parts.captions, rows, columns);
  }
}

interface TableParts {
  rows: Element[];
  captions: Element[];
  /** The table's own elements (not those of nested tables), the table included. */
  all: Element[];
  nested: boolean;
}

function ownParts(table: Element): TableParts {
  const parts: TableParts = { rows: [], captions: [], all: [table], nested: false };
  const stack: AnyNode[] = [...table.children];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!isTag(node)) continue;
    if (node.name === 'table') {
      parts.nested = true;
      continue;
    }
    if (TABLE_PARTS.has(node.name)) parts.all.push(node);
    if (node.name === 'tr') parts.rows.push(node);
    else if (node.name === 'caption') parts.captions.push(node);
    for (const child of node.children) stack.push(child);
  }
  parts.rows.reverse();
  return parts;
}

function span(cell: Element): number {
  const colspan = Number.parseInt(cell.attribs.colspan ?? '', 10);
  return Number.isFinite(colspan) && colspan > 1 ? Math.min(colspan, 100) : 1;
}

function toBlocks(elements: Element[]): void {
  for (const element of elements) element.name = 'div';
}

/** Rows straight under the table, the first one a header row, every row as wide as the widest. */
function toGrid(table: Element, captions: Element[], rows: Element[][], columns: number): void {
  const rowElements = rows.map((cells, index) => {
    const row = cells[0]?.parent as Element;
    const padded: ChildNode[] = [];
    for (const cell of cells) {
      if (index === 0) cell.name = 'th';
      padded.push(cell);
      for (let extra = span(cell); extra > 1; extra--) padded.push(emptyCell(index === 0));
    }
    while (padded.length < columns) padded.push(emptyCell(index === 0));
    relink(row, padded);
    return row;
  });
  for (const caption of captions) {
    caption.name = 'p';
    insertBefore(table, caption);
  }
  if (rowElements.length === 0) removeNode(table);
  else relink(table, rowElements);
}

function emptyCell(header: boolean): Element {
  return new Element(header ? 'th' : 'td', {});
}

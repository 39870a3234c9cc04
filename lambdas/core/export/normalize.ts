import { Element, isTag, isText, type AnyNode, type ChildNode } from 'domhandler';
import { descendantElements, resolveHttpUrl, textOf } from '../html.js';
import { isBlockElement } from './text.js';
import { createElement, createText, elementChildren, findAncestor, insertBefore, previousElement, relink, removeNode, removeNodes, replaceNode } from './dom.js';

/**
 * Shapes the content tree for the converters: absolute link and image URLs, code blocks whose
 * line breaks survive, and tables that are either a plain grid with a header row (so they become
 * GFM tables) or, when they only lay the page out, plain blocks.
 */
export function normalizeForExport(root: Element, base: URL | undefined): void {
  removeHeadingPermalinks(root);
  resolveUrls(root, base);
  removeLineNumbers(root);
  keepLineBreaksInCode(root);
  replaceNonBreakingSpaces(root);
  normalizeTables(root);
  removeEmpty(root);
  moveEdgeBreaksOut(root);
  mergeAdjacentEmphasis(root);
  normalizeLists(root);
}

/**
 * A line break that ends (or starts) an inline element (`<span> – Main Gym<br></span>7899`) goes
 * after (or before) it: turndown trims an inline element's content on both sides when it has
 * whitespace at either edge, and the break would go with it.
 */
function moveEdgeBreaksOut(parent: Element): void {
  let changed = false;
  const children: ChildNode[] = [];
  for (const child of parent.children) {
    if (!isTag(child) || child.name === 'br') {
      children.push(child);
      continue;
    }
    moveEdgeBreaksOut(child);
    const leading = isBlockElement(child.name) ? [] : edgeBreaks(child.children);
    const trailing = isBlockElement(child.name) ? [] : edgeBreaks([...child.children].reverse()).filter((br) => !leading.includes(br)).reverse();
    if (leading.length + trailing.length > 0) {
      changed = true;
      const moved = new Set<ChildNode>([...leading, ...trailing]);
      relink(child, child.children.filter((node) => !moved.has(node)));
    }
    children.push(...leading, child, ...trailing);
  }
  if (changed) relink(parent, children);
}

/** The `<br>`s at the start of `nodes`, whitespace between them aside. */
function edgeBreaks(nodes: ChildNode[]): Element[] {
  const breaks: Element[] = [];
  for (const node of nodes) {
    if (isTag(node) && node.name === 'br') breaks.push(node);
    else if (!isText(node) || node.data.trim() !== '') break;
  }
  return breaks;
}

/** Inline elements that markdown writes as emphasis, by the delimiter they get. */
const EMPHASIS_KIND = new Map([
  ['em', 'em'],
  ['i', 'em'],
  ['strong', 'strong'],
  ['b', 'strong'],
]);

function sameEmphasis(a: AnyNode | null | undefined, b: AnyNode | null | undefined): boolean {
  return !!a && !!b && isTag(a) && isTag(b) && EMPHASIS_KIND.has(a.name) && EMPHASIS_KIND.get(a.name) === EMPHASIS_KIND.get(b.name);
}

/**
 * `<em>b</em><em>y Your Name</em>` is one emphasis on screen; written as two, the delimiters meet
 * (`*b**y Your Name*`) and a markdown reader shows them as text inside the word. One pass per parent.
 */
function mergeAdjacentEmphasis(root: Element): void {
  const parents = new Set<Element>();
  for (const element of descendantElements(root, (e) => EMPHASIS_KIND.has(e.name))) {
    if (element.parent && isTag(element.parent) && sameEmphasis(element, element.next)) parents.add(element.parent);
  }
  for (const parent of parents) {
    const children: ChildNode[] = [];
    // The run's first element and the children gathered for it, linked once the run ends (a long run stays linear).
    let run: { element: Element; children: ChildNode[] } | undefined;
    const closeRun = () => {
      if (run) relink(run.element, run.children);
      run = undefined;
    };
    for (const child of parent.children) {
      if (run && sameEmphasis(run.element, child)) {
        run.children.push(...(child as Element).children);
        continue;
      }
      closeRun();
      children.push(child);
      if (isTag(child) && EMPHASIS_KIND.has(child.name)) run = { element: child, children: [...child.children] };
    }
    closeRun();
    relink(parent, children);
  }
}

const LISTS = new Set(['ul', 'ol']);

/**
 * Lists as a browser builds them from markup htmlparser2 keeps as written. A `<p>` left open in a
 * list (`<ol><li>…</li><p><li>…`) is closed by the next item, so its items are the list's own. A
 * list straight inside a list (not in an item) is shown indented under the item before it, as the
 * text export writes it; markdown only nests a list that is inside an item, so it goes there
 * (written at the outer level it would join the outer list and renumber it).
 */
function normalizeLists(root: Element): void {
  const inList = (e: Element) => !!e.parent && isTag(e.parent) && LISTS.has(e.parent.name);
  for (const paragraph of descendantElements(root, (e) => e.name === 'p' && inList(e) && elementChildren(e).some((child) => child.name === 'li')).reverse()) {
    replaceNode(paragraph, [...paragraph.children]);
  }
  for (const list of descendantElements(root, (e) => LISTS.has(e.name) && inList(e)).reverse()) {
    const item = previousElement(list);
    if (item?.name === 'li') {
      removeNode(list);
      relink(item, [...item.children, list]);
    } else {
      const wrapper = createElement('li');
      replaceNode(list, wrapper);
      relink(wrapper, [list]);
    }
  }
}

/** `&nbsp;` spaces words on screen; in markdown or text it is an invisible character that trips searches. */
function replaceNonBreakingSpaces(root: Element): void {
  const walk = (node: AnyNode): void => {
    if (isText(node)) {
      if (node.data.includes('\u00a0')) node.data = node.data.replaceAll('\u00a0', ' ');
    } else if (isTag(node)) for (const child of node.children) walk(child);
  };
  walk(root);
}

/** Kept even when empty: line breaks and rules carry meaning, and cells hold a table's shape. */
const MEANINGFUL_WHEN_EMPTY = new Set(['br', 'hr', 'img', 'td', 'th', 'tr']);

/**
 * Removes elements without text or images. Besides dropping empty-link noise, this spares
 * turndown, which searches every blank element's subtree once per void tag name.
 */
function removeEmpty(root: Element): void {
  const empty: Element[] = [];
  const breaking: Element[] = [];
  const spacing: Element[] = [];
  // Whether the node has text or an image; if not, what it shows: a line break, a space, or nothing.
  const walk = (node: AnyNode): { content: boolean; shows: 'break' | 'space' | 'nothing' } => {
    if (isText(node)) return node.data.trim() !== '' ? { content: true, shows: 'nothing' } : { content: false, shows: node.data === '' ? 'nothing' : 'space' };
    if (!isTag(node)) return { content: false, shows: 'nothing' };
    let content = MEANINGFUL_WHEN_EMPTY.has(node.name) && node.name !== 'br' && node.name !== 'tr';
    let shows: 'break' | 'space' | 'nothing' = node.name === 'br' ? 'break' : 'nothing';
    for (const child of node.children) {
      const found = walk(child);
      if (found.shows === 'break' || (found.shows === 'space' && shows === 'nothing')) shows = found.shows;
      if (found.content) content = true;
      else if (isTag(child) && !MEANINGFUL_WHEN_EMPTY.has(child.name)) {
        // An inline element holding only a line break or a space (`2006<b><br></b>Why`, `in<font> </font>Green`)
        // leaves it, and an empty block among words leaves a line break: the words either side stay apart.
        const inline = !isBlockElement(child.name);
        if (inline && found.shows === 'space') spacing.push(child);
        else if (inline ? found.shows === 'break' : isBetweenWords(child)) breaking.push(child);
        else empty.push(child);
      }
    }
    return { content, shows };
  };
  walk(root);
  removeNodes(empty);
  replaceEach(breaking, () => createElement('br'));
  replaceEach(spacing, () => createText(' '));
}

/** Whether an element sits among words: the nearest non-blank node on each side is text or inline. */
export function isBetweenWords(element: Element): boolean {
  const inline = (node: AnyNode | null): boolean => !!node && (isText(node) || (isTag(node) && !isBlockElement(node.name) && node.name !== 'br'));
  return inline(besideSkippingBlanks(element, 'prev')) && inline(besideSkippingBlanks(element, 'next'));
}

/** The nearest non-blank node on one side, looking past the edge of inline parents (`<b>…<p></p></b>Q.`). */
function besideSkippingBlanks(node: AnyNode, side: 'prev' | 'next'): AnyNode | null {
  for (let current: AnyNode = node; ; ) {
    let beside = current[side];
    while (beside && isText(beside) && beside.data.trim() === '') beside = beside[side];
    if (beside) return beside;
    const parent = current.parent;
    if (!parent || !isTag(parent) || isBlockElement(parent.name)) return null;
    current = parent;
  }
}

/** Puts `replacement()` where each of `elements` is, one pass per parent (wide pages stay linear). */
function replaceEach(elements: Element[], replacement: () => ChildNode): void {
  const byParent = new Map<Element, Set<AnyNode>>();
  for (const element of elements) {
    if (!element.parent || !isTag(element.parent)) continue;
    const set = byParent.get(element.parent) ?? new Set();
    byParent.set(element.parent, set.add(element));
  }
  for (const [parent, replaced] of byParent) {
    relink(parent, parent.children.map((child) => (replaced.has(child) ? replacement() : child)));
  }
}

const LINK_PROTOCOLS = new Set(['https:', 'http:', 'mailto:', 'tel:']);
const LAZY_IMAGE_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-srcset', 'srcset'];

function resolveUrls(root: Element, base: URL | undefined): void {
  const brokenImages: Element[] = [];
  for (const element of descendantElements(root, (e) => e.name === 'a' || e.name === 'img')) {
    const { attribs } = element;
    if (element.name === 'a') {
      if (attribs.href === undefined) continue;
      const url = URL.parse(attribs.href, base?.href);
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

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** What a permalink shows: nothing but an icon, or a mark (`¶`, `#`, `§`, `🔗`). */
const PERMALINK_MARK = /^(?:[\s#¶§🔗⚓]|\uFE0E|\uFE0F)*$/u;

/**
 * A heading's permalink (Sphinx's `¶`, a `#` or an icon linking to the heading itself) is a
 * control for sharing the place, not the heading's text: it would end every Markdown heading
 * in a link.
 */
function removeHeadingPermalinks(root: Element): void {
  const isPermalink = (e: Element) =>
    e.name === 'a' && (e.attribs.href ?? '').startsWith('#') && PERMALINK_MARK.test(textOf(e)) && descendantElements(e, (d) => d.name === 'img').length === 0;
  removeNodes(descendantElements(root, (e) => HEADINGS.has(e.name)).flatMap((heading) => descendantElements(heading, isPermalink)));
}

/**
 * A listing's line numbers, in a gutter beside it (SyntaxHighlighter's `td.gutter`, Pygments'
 * `td.linenos`, Rouge's `rouge-gutter`) or before each line (Sphinx's `span.linenos`), are not code
 * a reader copies: the highlighters keep them out of a selection, and so does the export.
 */
const LINE_NUMBERS = /(?:^|\s)(?:gutter|linenos|linenodiv|line-numbers(?:-rows)?|hljs-ln-numbers|rouge-gutter)(?:\s|$)/;
const ONLY_NUMBERS = /^[\d\s]*$/;

function removeLineNumbers(root: Element): void {
  const numbers = descendantElements(root, (e) => LINE_NUMBERS.test(e.attribs.class ?? '') && ONLY_NUMBERS.test(textOf(e)));
  removeNodes(numbers.filter((e) => findAncestor(e, 'pre') !== undefined || besideListing(e)));
}

/** The gutter's parent (the table row, the wrapper) holds a listing besides any in the gutter itself. */
function besideListing(gutter: Element): boolean {
  const { parent } = gutter;
  const listings = (within: Element) => descendantElements(within, (e) => e.name === 'pre' || e.name === 'code').length;
  return parent !== null && isTag(parent) && listings(parent) > listings(gutter);
}

function keepLineBreaksInCode(root: Element): void {
  for (const pre of descendantElements(root, (e) => e.name === 'pre')) {
    for (const br of descendantElements(pre, (e) => e.name === 'br')) replaceNode(br, createText('\n'));
  }
}

const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption']);
const CELLS = new Set(['td', 'th']);

function normalizeTables(root: Element): void {
  // Rows and cells whose table was left behind (the main content can be a layout table's cell or row) are blocks.
  toBlocks(descendantElements(root, (e) => TABLE_PARTS.has(e.name) && e.name !== 'table' && !findAncestor(e, 'table')));
  // Outer tables first: a table holding another table is layout and becomes blocks before its inner tables are looked at.
  for (const table of descendantElements(root, (e) => e.name === 'table')) {
    if (table.name !== 'table') continue;
    const parts = ownParts(table);
    const rows = parts.rows.map((row) => elementChildren(row).filter((cell) => CELLS.has(cell.name))).filter((cells) => cells.length > 0);
    const columns = rows.reduce((widest, cells) => Math.max(widest, cells.reduce((sum, cell) => sum + span(cell), 0)), 0);
    if (parts.nested || columns <= 1 || isLayoutTable(table, rows)) toBlocks(parts.all);
    else toGrid(table, parts.captions, rows.filter((cells) => cells.some(hasTextOrImage)), columns);
  }
}

/** What makes a cell's content more than a value: paragraphs, headings, lists, forms. */
const BLOCK_CONTENT = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'pre', 'form', 'article', 'section']);

/**
 * A table that lays out the page rather than holding data: one row (a sidebar beside an article),
 * cells holding paragraphs or headings, or half its cells empty (a form whose inputs are gone).
 * Data tables (headers, a caption, or a large grid; `isDataTable`) never are.
 */
function isLayoutTable(table: Element, rows: Element[][]): boolean {
  if (isDataTable(table)) return false;
  if (rows.length === 1) return true;
  const cells = rows.flat();
  if (cells.some((cell) => descendantElements(cell, (e) => BLOCK_CONTENT.has(e.name)).length > 0)) return true;
  return cells.filter((cell) => !hasTextOrImage(cell)).length * 2 >= cells.length;
}

function hasTextOrImage(node: AnyNode): boolean {
  if (isText(node)) return node.data.trim() !== '';
  return isTag(node) && (node.name === 'img' || node.children.some(hasTextOrImage));
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

/** Readability's test: a table with headers, a caption, a summary or a large grid holds data. */
export function isDataTable(table: Element): boolean {
  const role = table.attribs.role;
  if (role === 'presentation' || table.attribs.datatable === '0') return false;
  if (table.attribs.summary) return true;
  const inner = descendantElements(table);
  const caption = inner.find((e) => e.name === 'caption');
  if (caption && caption.children.length > 0) return true;
  if (inner.some((e) => ['col', 'colgroup', 'tfoot', 'thead', 'th'].includes(e.name))) return true;
  if (inner.some((e) => e.name === 'table')) return false;
  let rows = 0;
  let columns = 0;
  for (const row of inner.filter((e) => e.name === 'tr')) {
    rows += Number.parseInt(row.attribs.rowspan ?? '', 10) || 1;
    let rowColumns = 0;
    for (const cell of descendantElements(row, (e) => e.name === 'td')) {
      rowColumns += Number.parseInt(cell.attribs.colspan ?? '', 10) || 1;
    }
    columns = Math.max(columns, rowColumns);
  }
  if (columns === 1 || rows === 1) return false;
  if (rows >= 10 || columns > 4) return true;
  return rows * columns > 10;
}

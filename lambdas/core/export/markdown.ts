import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { isBlockElement, SPACED_INLINE } from './text.js';

/**
 * Markdown of an element normalized by `normalizeForExport`: turndown with GFM tables and
 * strikethrough, ATX headings (a setext `---` underline would clash with the page separator),
 * `- ` bullets, fenced code blocks with their language, and links without empty text.
 */
export function toMarkdown(root: Element): string {
  return converter.turndown(turndownTree(root) as unknown as Parameters<TurndownService['turndown']>[0]);
}

/** Set by the text node turndown is about to escape (see `MirrorNode.nodeValue`). */
let linkTextBeingEscaped = false;

const converter = createConverter();

/** What turndown's escapes look for: one of its characters anywhere, or a line-start marker at the start. */
const MAY_NEED_ESCAPE = /[\\*`[\]_]|^(?:[-+=#>]|\d+\. )/;
const ENTITY_LIKE = /&(?=#?[0-9a-z]+;)/gi;
const TAG_LIKE = /<(?=[a-z/?!])/gi;
/**
 * A number and `.` or `)` that start a line, with nothing after them or a space: markdown reads it as
 * an ordered list's marker (a paragraph `2.` is an empty item and the number is gone). turndown
 * escapes only `1. ` followed by text.
 */
const LIST_NUMBER_LIKE = /^(\d{1,9})([.)])(?=[ \t]|$)/gm;
/**
 * A bare URL in the text, which a GFM reader makes a link as it stands: a backslash escape inside
 * it would become part of the link and of the words shown (`AP\_Sports`).
 */
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<]+/gi;

function createConverter(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '* * *',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    // `*`, not `_`: CommonMark reads `_` inside a word as a letter, so `<em>tre</em>k` would show `_tre_k`.
    emDelimiter: '*',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  service.use(gfm);
  // turndown runs 13 replacements over every text; most texts need none of them.
  const escapeAll = service.escape.bind(service);
  // A GFM reader strikes out text between tildes (`\frac~xn … ^x~e`), and the words at either end
  // run into the text beside them: every tilde is escaped, and what is between them as any text.
  const escapeWords = (text: string): string => (text.includes('~') ? text.split('~').map(escapeText).join('\\~') : escapeText(text));
  const escapeText = (text: string) => {
    const escaped = MAY_NEED_ESCAPE.test(text) ? escapeAll(text) : text;
    // Text that reads like an entity (a page showing `&amp;`) or a tag (a page showing `<?php … ?>`)
    // would be decoded or taken for HTML by a markdown reader.
    const entities = escaped.includes('&') ? escaped.replace(ENTITY_LIKE, '\\&') : escaped;
    const tags = entities.includes('<') ? entities.replace(TAG_LIKE, '\\<') : entities;
    return tags.replace(LIST_NUMBER_LIKE, '$1\\$2');
  };
  // A bare URL inside a link's text is no link of its own to a reader, so its escapes are read as escapes there.
  service.escape = (text) => (linkTextBeingEscaped ? escapeWords(text) : escapeOutsideUrls(text, escapeWords));
  // Rules added later win over the built-in and GFM ones. The table rules replace GFM's: those keep
  // header-less tables as HTML, break rows on cells holding line breaks or pipes, and look up each
  // cell's position with indexOf, which is quadratic on wide rows.
  service.addRule('table', {
    // normalizeForExport gave every table a header row.
    filter: (node) => node.nodeName === 'TABLE',
    replacement: (content) => `\n\n${content.replace(/\n{2,}/g, '\n')}\n\n`,
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      const row = asConverted(node);
      if (row.previousElementSibling) return `\n${content}`;
      return `\n${content}\n|${' --- |'.repeat(row.children.length)}`;
    },
  });
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const cell = content.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
      return `${asConverted(node).previousElementSibling ? ' ' : '| '}${cell} |`;
    },
  });
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const item = asConverted(node);
      const list = item.parentNode;
      let marker = '- ';
      if (list?.nodeName === 'OL') {
        const start = Number.parseInt(list.getAttribute('start') ?? '', 10);
        marker = `${(Number.isFinite(start) ? start : 1) + positionInList(list, item)}${listDelimiter(list)} `;
      }
      const endsParagraph = content.endsWith('\n');
      const body = trimNewlines(content) + (endsParagraph ? '\n' : '');
      // Continuation lines line up with the item's text, as CommonMark nests them.
      return marker + body.replace(/\n/g, `\n${' '.repeat(marker.length)}`) + (item.nextSibling ? '\n' : '');
    },
  });
  service.addRule('codeBlock', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => {
      const pre = asConverted(node);
      const code = codeText(pre).replace(/\n$/, '');
      const fence = fenceFor(code);
      return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
    },
  });
  addInlineRules(service);
  return service;
}

/** Emphasis, links and images: the rules of the words inside a block. */
function addInlineRules(service: TurndownService): void {
  // turndown trims an inline element's content when its text starts or ends with a space (a code
  // block's last line feed), and with it the blank line that parts a block at its edge from the
  // words beside the element (`component```` and every fence after it pairs wrongly): put it back.
  // Controls sit apart from the words around them on screen, as the text export has them
  // (`</button><button>`): a space on each side that has words, one between two controls.
  service.addRule('spacedControl', {
    filter: (node) => isSpacedControl(asConverted(node)),
    replacement: (content, node) => {
      const control = asConverted(node);
      const wordBefore = /\S/.test(adjacentCharacter(control, 'previous')) && !(control.previousSibling && isSpacedControl(control.previousSibling));
      return (wordBefore ? ' ' : '') + content + (/\S/.test(adjacentCharacter(control, 'next')) ? ' ' : '');
    },
  });
  service.addRule('inlineAroundBlock', {
    filter: (node) => passesContentThrough(asConverted(node)) && (blockAtEdge(asConverted(node), 'first') || blockAtEdge(asConverted(node), 'last')),
    replacement: (content, node) => {
      const before = blockAtEdge(asConverted(node), 'first') && !content.startsWith('\n') ? '\n\n' : '';
      const after = blockAtEdge(asConverted(node), 'last') && !content.endsWith('\n') ? '\n\n' : '';
      return `${before}${content}${after}`;
    },
  });
  service.addRule('bangBeforeLink', {
    filter: (node) => node.nodeName === BANG_BEFORE_LINK,
    replacement: () => '\\!',
  });
  service.addRule('emphasis', {
    filter: ['em', 'i'],
    replacement: (content, node) => delimited(content, meetsSameEmphasis(asConverted(node)) ? '' : '*', asConverted(node)),
  });
  service.addRule('strong', {
    filter: ['strong', 'b'],
    replacement: (content, node) => delimited(content, meetsSameEmphasis(asConverted(node)) ? '' : '**', asConverted(node)),
  });
  // GFM's rule writes the tildes whatever touches them (`$111.99~$141.99~21%`), where a reader shows them
  // as text and runs the words together: they go as emphasis's delimiters go.
  service.addRule('strikethrough', {
    filter: (node) => STRUCK.has(node.nodeName),
    replacement: (content, node) => delimited(content, meetsSameEmphasis(asConverted(node)) ? '' : '~', asConverted(node)),
  });
  // A code span shows its text as written: emphasis or a link inside it (`status_<i>user</i>`) would
  // show as its syntax (`status_*user*`), so the code's own text is written, not its converted content.
  service.addRule('inlineCode', {
    filter: (node) => node.nodeName === 'CODE' && !(node.parentNode?.nodeName === 'PRE' && !node.previousSibling && !node.nextSibling),
    replacement: (content, node) => {
      // turndown has moved the spaces at the edges outside when it trimmed `content`.
      const text = codeText(asConverted(node)).replace(/\n/g, ' ');
      return codeSpan(text.slice(/^\s/.test(content) ? 0 : text.length - text.trimStart().length, /\s$/.test(content) ? text.length : text.trimEnd().length));
    },
  });
  service.addRule('link', {
    filter: (node) => node.nodeName === 'A' && node.getAttribute('href') !== null,
    replacement: (content, node) => {
      const text = content.replace(/\s*\n\s*/g, ' ').trim();
      if (text === '') return '';
      // A link around blocks (a table, paragraphs) stays apart from the words beside it, as its blocks were.
      const [before, after] = [/^\s*\n/.test(content) ? '\n\n' : '', /\n\s*$/.test(content) ? '\n\n' : ''];
      return `${before}[${text}](${escapeDestination(asConverted(node).getAttribute('href') ?? '')})${after}`;
    },
  });
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const image = asConverted(node);
      const src = image.getAttribute('src');
      if (!src) return '';
      const alt = (image.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim().replace(/([[\]\\])/g, '\\$1');
      return `![${alt}](${escapeDestination(src)})`;
    },
  });
}

/** `text` escaped by `escape`, but for the bare URLs in it, which a reader shows as they stand. */
function escapeOutsideUrls(text: string, escape: (text: string) => string): string {
  if (!text.includes('://') && !text.includes('www.')) return escape(text);
  let escaped = '';
  let from = 0;
  for (const url of text.matchAll(BARE_URL)) {
    escaped += escape(text.slice(from, url.index)) + url[0];
    from = url.index + url[0].length;
  }
  return escaped + escape(text.slice(from));
}

/**
 * Sentence punctuation (and the spaces after or before it) at the edges of emphasis; brackets,
 * parentheses and backticks belong to links and code.
 */
const LEADING_PUNCTUATION = /^[.,;:?"'\u2018\u2019\u201C\u201D\u00AB\u00BB\u2026\u2013\u2014][\s.,;:?"'\u2018\u2019\u201C\u201D\u00AB\u00BB\u2026\u2013\u2014]*/u;
const TRAILING_PUNCTUATION = /[\s.,;:?!"'\u2018\u2019\u201C\u201D\u00AB\u00BB\u2026\u2013\u2014]*[.,;:?!"'\u2018\u2019\u201C\u201D\u00AB\u00BB\u2026\u2013\u2014]$/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** CommonMark's punctuation, which decides whether a delimiter can open or close emphasis. */
const PUNCTUATION = /[\p{P}\p{S}]/u;

/**
 * The character of the block's text right beside `node` (`'previous'`: before it), past empty
 * elements (an icon's `<i>`) and out of inline elements it ends or starts; '' at the block's edge.
 */
function adjacentCharacter(node: MirrorNode, side: 'previous' | 'next'): string {
  for (let current: MirrorNode | null = node; current && !isBlockElement(current.nodeName.toLowerCase()); current = current.parentNode) {
    for (let sibling = current[`${side}Sibling`]; sibling; sibling = sibling[`${side}Sibling`]) {
      if (sibling.nodeType === ELEMENT_NODE && isBlockElement(sibling.nodeName.toLowerCase())) return '';
      const text = sibling.textContent;
      if (text !== '') return side === 'previous' ? text.slice(-1) : text.charAt(0);
    }
  }
  return '';
}

/**
 * Emphasis around `content`. CommonMark opens emphasis before punctuation, or closes it after, only
 * where a space or punctuation is on the other side: `Kotaku*. Warning*` shows its asterisks. So
 * sentence punctuation at an edge that touches a letter or digit outside goes outside the
 * delimiters; where other punctuation is at such an edge (a link's `)` or `[`), no delimiter could
 * open or close there and the emphasis is left out, its words kept.
 */
function delimited(content: string, delimiter: string, node: MirrorNode): string {
  if (content.trim() === '') return '';
  // Line breaks at the edges (`<b>text<br></b>`) go outside too: a delimiter after a line break closes nothing.
  const [, before = '', inside = '', after = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(content) ?? [];
  let lead = '';
  let inner = inside;
  let trail = '';
  const wordBefore = WORD_CHARACTER.test(adjacentCharacter(node, 'previous'));
  const wordAfter = WORD_CHARACTER.test(adjacentCharacter(node, 'next'));
  if (wordBefore) {
    lead = LEADING_PUNCTUATION.exec(inner)?.[0] ?? '';
    inner = inner.slice(lead.length);
  }
  if (wordAfter) {
    trail = TRAILING_PUNCTUATION.exec(inner)?.[0] ?? '';
    inner = inner.slice(0, inner.length - trail.length);
  }
  // A space or the punctuation moved out now stands between the delimiter and the word outside.
  const cannotOpen = wordBefore && before + lead === '' && PUNCTUATION.test(inner.charAt(0));
  const cannotClose = wordAfter && trail + after === '' && PUNCTUATION.test(inner.slice(-1));
  // Emphasis ends at a block's end in markdown: around several blocks its delimiters would show as text.
  if (inner === '' || inner.includes('\n\n') || cannotOpen || cannotClose) return content;
  return `${before}${lead}${delimiter}${inner}${delimiter}${trail}${after}`;
}

const STRUCK = new Set(['DEL', 'S', 'STRIKE']);
const EMPHASIS_KIND: Record<string, string> = { EM: 'em', I: 'em', STRONG: 'strong', B: 'strong', DEL: 'struck', S: 'struck', STRIKE: 'struck' };

/**
 * Whether `node` starts right where an emphasis of its kind ends, with nothing between
 * (`<font><b>ar</b></font><font><b>ea</b></font>`, `<s>co</s><b><s>me</s>s</b>`): their delimiters
 * would meet (`**ar****ea**`, `~co~~me~`) and show, or pair wrongly. Such a node is written without
 * its own; the words stay whole.
 */
function meetsSameEmphasis(node: MirrorNode): boolean {
  let current: MirrorNode | null = node;
  while (current && !current.previousSibling) {
    current = current.parentNode;
    if (!current || isBlockElement(current.nodeName.toLowerCase())) return false;
  }
  for (let before = current?.previousSibling ?? null; before?.nodeType === ELEMENT_NODE; before = before.lastChild) {
    if (EMPHASIS_KIND[before.nodeName] === EMPHASIS_KIND[node.nodeName]) return !/\s$/.test(before.textContent);
    if (isBlockElement(before.nodeName.toLowerCase())) return false;
  }
  return false;
}

/** A control with content of its own (a button, a select), which stands apart from the words beside it. */
function isSpacedControl(node: MirrorNode): boolean {
  return node.nodeType === ELEMENT_NODE && node.nodeName !== 'IMG' && SPACED_INLINE.has(node.nodeName.toLowerCase());
}

/** turndown hands the rules the nodes of the tree it was given: mirror nodes. */
function asConverted(node: unknown): MirrorNode {
  return node as MirrorNode;
}

const itemPositions = new WeakMap<MirrorNode, Map<MirrorNode, number>>();

/** Index of `item` among the list's items, from one pass per list (not one per item). */
function positionInList(list: MirrorNode, item: MirrorNode): number {
  let positions = itemPositions.get(list);
  if (!positions) {
    positions = new Map(list.children.filter((child) => child.nodeName === 'LI').map((child, index) => [child, index]));
    itemPositions.set(list, positions);
  }
  return positions.get(item) ?? 0;
}

const listDelimiters = new WeakMap<MirrorNode, string>();

/**
 * `.`, or `)` for an ordered list written right after one with `.` (and so on): markdown reads a
 * list straight after a list of the same delimiter as more of it and numbers on (`1. 2.` then
 * `3. 4.` where the page shows `1. 2.` twice, as two breadcrumbs in blocks of their own).
 */
function listDelimiter(list: MirrorNode): string {
  const chain: MirrorNode[] = [];
  let current: MirrorNode | null = list;
  while (current && !listDelimiters.has(current)) {
    chain.push(current);
    const before = blockBefore(current);
    current = before?.nodeName === 'OL' ? before : null;
  }
  let delimiter = current ? listDelimiters.get(current) : undefined;
  for (const earlier of chain.reverse()) {
    delimiter = delimiter === '.' ? ')' : '.';
    listDelimiters.set(earlier, delimiter);
  }
  return listDelimiters.get(list) ?? '.';
}

/** What is written just before `node`: the last block or text before it, across the ends of the blocks around it (not out of a list). */
function blockBefore(node: MirrorNode): MirrorNode | null {
  let current = node;
  let before = previousNonBlank(current);
  while (!before) {
    const parent = current.parentNode;
    if (!parent || parent.nodeName === 'LI' || parent.nodeName === 'OL' || parent.nodeName === 'UL') return null;
    current = parent;
    before = previousNonBlank(current);
  }
  let last: MirrorNode = before;
  while (last.nodeType === ELEMENT_NODE && last.nodeName !== 'OL' && last.nodeName !== 'UL') {
    const inner = last.lastChild && (isBlankText(last.lastChild) ? previousNonBlank(last.lastChild) : last.lastChild);
    if (!inner) break;
    last = inner;
  }
  return last;
}

function previousNonBlank(node: MirrorNode): MirrorNode | null {
  let sibling = node.previousSibling;
  while (sibling && isBlankText(sibling)) sibling = sibling.previousSibling;
  return sibling;
}

function isBlankText(node: MirrorNode): boolean {
  return node.nodeType === TEXT_NODE && node.data.trim() === '';
}

function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}

const LANGUAGE_CLASS = /(?:^|\s)(?:lang|language)-([\w#+.-]+)/i;

/**
 * The code's text, a `<br>` a line break. A block inside it (each line a `div`, as highlighters
 * write them, or a paragraph made of a run of `<br>`s) is on lines of its own, a paragraph after a
 * blank line, as the text export has them; its text alone would run the lines together.
 */
function codeText(code: MirrorNode): string {
  let text = '';
  let pendingBreaks = 0;
  const visit = (node: MirrorNode) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) {
        const breaks = pendingBreaks - trailingLineFeeds(text) - (/^\n*/.exec(child.data)?.[0].length ?? 0);
        if (text !== '' && breaks > 0) text += '\n'.repeat(breaks);
        text += child.data;
        pendingBreaks = 0;
        continue;
      }
      if (child.nodeName === 'BR') {
        text += '\n';
        continue;
      }
      const block = isBlockElement(child.nodeName.toLowerCase());
      const breaks = child.nodeName === 'P' ? 2 : 1;
      if (block) pendingBreaks = Math.max(pendingBreaks, breaks);
      visit(child);
      if (block) pendingBreaks = Math.max(pendingBreaks, breaks);
    }
  };
  visit(code);
  return text;
}

function trailingLineFeeds(text: string): number {
  let count = 0;
  while (text[text.length - 1 - count] === '\n') count++;
  return count;
}

/** `language-x` or `lang-x` on the `<pre>` or its `<code>`. */
function codeLanguage(pre: MirrorNode): string {
  for (const element of [pre.querySelector('code'), pre]) {
    const match = LANGUAGE_CLASS.exec(element?.getAttribute('class') ?? '');
    if (match?.[1]) return match[1].toLowerCase();
  }
  return '';
}

/** A fence longer than any backtick run in the code, so the code cannot close it. */
function fenceFor(code: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(code) + 1));
}

/** Code between backticks, more of them than any run inside; spaced when it starts or ends with one, or with spaces, which a reader strips. */
function codeSpan(code: string): string {
  if (code === '') return '';
  const delimiter = '`'.repeat(longestBacktickRun(code) + 1);
  const space = /^`|`$|^ .*[^ ].* $/.test(code) ? ' ' : '';
  return `${delimiter}${space}${code}${space}${delimiter}`;
}

function longestBacktickRun(code: string): number {
  let longestRun = 0;
  for (const match of code.matchAll(/`+/g)) longestRun = Math.max(longestRun, match[0].length);
  return longestRun;
}

function escapeDestination(url: string): string {
  return url.replace(/[()]/g, (parenthesis) => `\\${parenthesis}`).replace(/ /g, '%20');
}

/**
 * The element's content as the small part of the DOM turndown reads and changes (it collapses
 * whitespace in place and removes nodes), built straight from our tree instead of serializing it
 * and parsing it again with turndown's HTML parser, which cost more than the conversion. Where an
 * HTML parser would read the serialized content differently from our tree, the mirror does as
 * the parser: adjacent texts are one node, line breaks are LF, NUL characters are dropped, the
 * first line feed of a `<pre>` goes, and SVG and MathML elements keep their lowercase names.
 */
class MirrorNode {
  parentNode: MirrorNode | null = null;
  firstChild: MirrorNode | null = null;
  lastChild: MirrorNode | null = null;
  previousSibling: MirrorNode | null = null;
  nextSibling: MirrorNode | null = null;

  constructor(
    readonly nodeType: typeof ELEMENT_NODE | typeof TEXT_NODE,
    readonly nodeName: string,
    public data: string,
    private readonly attributes: Record<string, string>,
    /** Inside an `<a href>`, whose text the link rule writes between brackets. */
    readonly inLinkText = false,
  ) {}

  /** turndown escapes a text node's value as it reads it, so the read tells the escape whether the text is a link's. */
  get nodeValue(): string | null {
    if (this.nodeType !== TEXT_NODE) return null;
    linkTextBeingEscaped = this.inLinkText;
    return this.data;
  }

  get childNodes(): MirrorNode[] {
    const nodes: MirrorNode[] = [];
    for (let child = this.firstChild; child; child = child.nextSibling) nodes.push(child);
    return nodes;
  }

  get children(): MirrorNode[] {
    return this.childNodes.filter((child) => child.nodeType === ELEMENT_NODE);
  }

  get lastElementChild(): MirrorNode | null {
    let child = this.lastChild;
    while (child && child.nodeType !== ELEMENT_NODE) child = child.previousSibling;
    return child;
  }

  get previousElementSibling(): MirrorNode | null {
    let sibling = this.previousSibling;
    while (sibling && sibling.nodeType !== ELEMENT_NODE) sibling = sibling.previousSibling;
    return sibling;
  }

  get textContent(): string {
    if (this.nodeType === TEXT_NODE) return this.data;
    let text = '';
    for (let child = this.firstChild; child; child = child.nextSibling) text += child.textContent;
    return text;
  }

  get className(): string {
    return this.attributes.class ?? '';
  }

  /** What turndown-plugin-gfm asks of task list checkboxes. */
  get type(): string | undefined {
    return this.nodeName === 'INPUT' ? (this.attributes.type ?? 'text').toLowerCase() : undefined;
  }

  get checked(): boolean {
    return this.nodeName === 'INPUT' && 'checked' in this.attributes;
  }

  getAttribute(name: string): string | null {
    return this.attributes[name.toLowerCase()] ?? null;
  }

  getElementsByTagName(name: string): MirrorNode[] {
    const found: MirrorNode[] = [];
    const wanted = name.toUpperCase();
    const visit = (node: MirrorNode) => {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.nodeName === wanted) found.push(child);
        visit(child);
      }
    };
    visit(this);
    return found;
  }

  /** A tag name is the only selector the rules use. */
  querySelector(tagName: string): MirrorNode | null {
    return this.getElementsByTagName(tagName)[0] ?? null;
  }

  /** turndown works on a copy of its input; the mirror is one already, made for this conversion. */
  cloneNode(): MirrorNode {
    return this;
  }

  appendChild(child: MirrorNode): void {
    child.parentNode = this;
    child.previousSibling = this.lastChild;
    if (this.lastChild) this.lastChild.nextSibling = child;
    else this.firstChild = child;
    this.lastChild = child;
  }

  removeChild(child: MirrorNode): MirrorNode {
    if (child.previousSibling) child.previousSibling.nextSibling = child.nextSibling;
    else this.firstChild = child.nextSibling;
    if (child.nextSibling) child.nextSibling.previousSibling = child.previousSibling;
    else this.lastChild = child.previousSibling;
    child.parentNode = child.previousSibling = child.nextSibling = null;
    return child;
  }
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
/** Elements whose first line feed an HTML parser drops. */
const DROPS_FIRST_LINE_FEED = new Set(['PRE', 'LISTING', 'TEXTAREA']);
/** Where SVG and MathML content goes back to being HTML. */
const HTML_INTEGRATION_POINTS = new Set(['foreignobject', 'desc', 'title', 'annotation-xml', 'mi', 'mo', 'mn', 'ms', 'mtext']);
const NO_ATTRIBUTES: Record<string, string> = {};
/**
 * Blocks of the text export that turndown's list of blocks lacks: it would run their words into the
 * words beside them (`<legend>More options</legend><a>Option: white</a>`, a select's options). No
 * rule reads them, so they are mirrored as the block they show as.
 */
const BLOCKS_TURNDOWN_MISSES = new Set(['details', 'dialog', 'legend', 'option', 'summary']);
/** And the one it takes for a block where the text export (and a browser) runs it in with the words beside it. */
const INLINE_TURNDOWN_MISSES = new Set(['output']);

function turndownTree(root: Element): MirrorNode {
  const mirror = new MirrorNode(ELEMENT_NODE, 'X-TURNDOWN', '', NO_ATTRIBUTES);
  appendMirrored(mirror, root.children, false);
  return mirror;
}

function appendMirrored(parent: MirrorNode, children: readonly ChildNode[], foreign: boolean): void {
  for (const child of children) {
    if (isText(child)) {
      let data = asParsed(child.data);
      if (!parent.firstChild && DROPS_FIRST_LINE_FEED.has(parent.nodeName) && data.startsWith('\n')) data = data.slice(1);
      if (data === '') continue;
      if (parent.lastChild?.nodeType === TEXT_NODE) parent.lastChild.data += data;
      else parent.appendChild(new MirrorNode(TEXT_NODE, '#text', data, NO_ATTRIBUTES, parent.inLinkText));
    } else if (isTag(child)) {
      // Comments and other markup an HTML parser keeps are removed by turndown first: not built.
      const inForeign = foreign || child.name === 'svg' || child.name === 'math';
      const name = inForeign ? child.name : mirroredName(child.name);
      const element = new MirrorNode(ELEMENT_NODE, name, '', child.attribs, parent.inLinkText || (name === 'A' && 'href' in child.attribs));
      if (opensWithLink(child)) separateBang(parent);
      // Code right after code (`<code>name</code><code>string</code>`) is more of it: their backticks would meet and show.
      if (element.nodeName === 'CODE' && parent.lastChild?.nodeName === 'CODE') {
        appendMirrored(parent.lastChild, child.children, false);
        continue;
      }
      parent.appendChild(element);
      if (child.name !== 'template') appendMirrored(element, child.children, inForeign && !HTML_INTEGRATION_POINTS.has(child.name));
    }
  }
}

/** Inline elements a rule writes as markdown of their own; turndown writes any other inline element's content as it is. */
const INLINE_WITH_RULES = new Set(['A', 'B', 'STRONG', 'I', 'EM', 'CODE', 'IMG', 'BR', 'DEL', 'S', 'STRIKE', 'INPUT']);

function passesContentThrough(element: MirrorNode): boolean {
  return !INLINE_WITH_RULES.has(element.nodeName) && !isBlockElement(element.nodeName.toLowerCase());
}

/** Whether the element's first (or last) child that is not blank text is a block, or an element like this one that has a block there. */
function blockAtEdge(element: MirrorNode, edge: 'first' | 'last'): boolean {
  let child = edge === 'first' ? element.firstChild : element.lastChild;
  while (child && isBlankText(child)) child = edge === 'first' ? child.nextSibling : child.previousSibling;
  if (child?.nodeType !== ELEMENT_NODE) return false;
  return isBlockElement(child.nodeName.toLowerCase()) || (passesContentThrough(child) && blockAtEdge(child, edge));
}

function mirroredName(name: string): string {
  if (BLOCKS_TURNDOWN_MISSES.has(name)) return 'DIV';
  return INLINE_TURNDOWN_MISSES.has(name) ? 'SPAN' : name.toUpperCase();
}

/** A `!` written just before a link, which markdown would read as an image (`Thanks![Shop](…)` shows no "Shop"). */
const BANG_BEFORE_LINK = 'X-BANG-BEFORE-LINK';

/** Whether an element's first content is a link (the link itself, or `<span><a href>` inside `<tt>!…</tt>` as YARD writes a type). */
function opensWithLink(element: Element): boolean {
  for (let node: Element | undefined = element; node; ) {
    if (node.name === 'a' && 'href' in node.attribs) return true;
    const first: ChildNode | undefined = node.children.find((child) => !(isText(child) && child.data.trim() === ''));
    node = first && isTag(first) ? first : undefined;
  }
  return false;
}

/**
 * Takes a `!` that ends the text before a link into an element of its own, which is written escaped,
 * just before the link: also when it ends inline elements there (`<b>Thanks!</b><a>`, where the
 * emphasis would put it outside its delimiters) and when spaces follow it, which may not survive.
 */
function separateBang(parent: MirrorNode): void {
  let text = parent.lastChild;
  while (text?.nodeType === ELEMENT_NODE && text.nodeName !== BANG_BEFORE_LINK && !isBlockElement(text.nodeName.toLowerCase())) text = text.lastChild;
  const ending = text?.nodeType === TEXT_NODE ? /!(\s*)$/.exec(text.data) : null;
  if (!text || !ending) return;
  text.data = text.data.slice(0, ending.index);
  if (text.data === '') text.parentNode?.removeChild(text);
  const bang = new MirrorNode(ELEMENT_NODE, BANG_BEFORE_LINK, '', NO_ATTRIBUTES);
  bang.appendChild(new MirrorNode(TEXT_NODE, '#text', '!', NO_ATTRIBUTES));
  parent.appendChild(bang);
  if (ending[1]) parent.appendChild(new MirrorNode(TEXT_NODE, '#text', ending[1], NO_ATTRIBUTES));
}

/** Text as an HTML parser hands it on: CR LF and CR read as LF, NUL characters dropped. */
function asParsed(text: string): string {
  if (!text.includes('\r') && !text.includes('\0')) return text;
  return text.replace(/\r\n?/g, '\n').replaceAll('\0', '');
}

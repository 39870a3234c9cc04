import type { Element } from 'domhandler';
import { getInnerHTML } from 'domutils';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

/** The subset of the DOM node API the rules below read (turndown hands them domino nodes). */
interface ConvertedNode {
  nodeName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  parentNode: ConvertedNode | null;
  nextSibling: ConvertedNode | null;
  previousElementSibling: ConvertedNode | null;
  children: ArrayLike<ConvertedNode>;
  querySelector(selector: string): ConvertedNode | null;
}

/**
 * Markdown of an element normalized by `normalizeForExport`: turndown with GFM tables and
 * strikethrough, ATX headings (a setext `---` underline would clash with the page separator),
 * `- ` bullets, fenced code blocks with their language, and links without empty text.
 */
export function toMarkdown(root: Element): string {
  return converter.turndown(getInnerHTML(root, { encodeEntities: 'utf8' }));
}

const converter = createConverter();

function createConverter(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '* * *',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  service.use(gfm);
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
        marker = `${(Number.isFinite(start) ? start : 1) + positionInList(list, item)}. `;
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
      const code = (pre.textContent ?? '').replace(/\n$/, '');
      const fence = fenceFor(code);
      return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
    },
  });
  service.addRule('link', {
    filter: (node) => node.nodeName === 'A' && node.getAttribute('href') !== null,
    replacement: (content, node) => {
      const text = content.replace(/\s*\n\s*/g, ' ').trim();
      if (text === '') return '';
      return `[${text}](${escapeDestination(asConverted(node).getAttribute('href') ?? '')})`;
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
  return service;
}

function asConverted(node: unknown): ConvertedNode {
  return node as ConvertedNode;
}

const itemPositions = new WeakMap<ConvertedNode, Map<ConvertedNode, number>>();

/** Index of `item` among the list's children, from one pass per list (not one per item). */
function positionInList(list: ConvertedNode, item: ConvertedNode): number {
  let positions = itemPositions.get(list);
  if (!positions) {
    positions = new Map(Array.from(list.children, (child, index) => [child, index]));
    itemPositions.set(list, positions);
  }
  return positions.get(item) ?? 0;
}

function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}

const LANGUAGE_CLASS = /(?:^|\s)(?:lang|language)-([\w#+.-]+)/i;

/** `language-x` or `lang-x` on the `<pre>` or its `<code>`. */
function codeLanguage(pre: ConvertedNode): string {
  for (const element of [pre.querySelector('code'), pre]) {
    const match = LANGUAGE_CLASS.exec(element?.getAttribute('class') ?? '');
    if (match?.[1]) return match[1].toLowerCase();
  }
  return '';
}

/** A fence longer than any backtick run in the code, so the code cannot close it. */
function fenceFor(code: string): string {
  let longestRun = 0;
  for (const match of code.matchAll(/`+/g)) longestRun = Math.max(longestRun, match[0].length);
  return '`'.repeat(Math.max(3, longestRun + 1));
}

function escapeDestination(url: string): string {
  return url.replace(/[()]/g, (parenthesis) => `\\${parenthesis}`).replace(/ /g, '%20');
}

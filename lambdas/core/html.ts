import { DomHandler, hasChildren, isTag, isText, type AnyNode, type ChildNode, type Document, type Element, type ParentNode } from 'domhandler';
import { Parser, type Handler } from 'htmlparser2';

/**
 * Pages longer than this (in UTF-16 code units) are cut here before parsing: the parser closes
 * whatever is still open, so the export and the link list hold the first 5 MiB of the page.
 * This bounds the work per page; real pages over 1 MiB are 1.7% of the web and mostly inline
 * scripts and styles.
 */
export const MAX_HTML_CHARS = 5 * 1024 * 1024;

/**
 * Elements opened deeper than this are closed at once (Blink does the same at 512 levels): what they
 * held becomes their following siblings. htmlparser2's open-element stack and the converters'
 * recursion both cost per level, so 100k nested divs would be quadratic or overflow the stack.
 */
const MAX_ELEMENT_DEPTH = 128;

/**
 * Nodes built for one page at most; the rest of the page is left out as if it were cut. Real
 * article pages have a few thousand (the largest of the extraction corpus: 4,000), and the export
 * costs a little per node, so this bounds hostile pages of a million tiny elements.
 */
const MAX_NODES = 100_000;

/** Text in `<noscript>` that is a page for readers without scripts, not a plea to turn them on. */
const NOSCRIPT_PAGE_MIN_CHARS = 500;

const ESCAPED_MARKUP = /<[^>]*>?/g;

/** Elements whose content is never page content, whatever the export mode. */
const NEVER_CONTENT = new Set(['script', 'style', 'noscript', 'template']);

export interface BoundedHtml {
  html: string;
  truncated: boolean;
}

export function boundHtml(html: string): BoundedHtml {
  return html.length > MAX_HTML_CHARS ? { html: html.slice(0, MAX_HTML_CHARS), truncated: true } : { html, truncated: false };
}

export interface ParsedHtml {
  document: Document;
  /** The page was over `MAX_HTML_CHARS` or `MAX_NODES`: the document holds its beginning. */
  truncated: boolean;
  /** The text of each `<script type="application/ld+json">`: what the page says it is (scripts are not built). */
  jsonLd: string[];
  /**
   * Most of the page's text is in `<noscript>` (not built unless `noscriptIsContent`): an app that
   * shows its content to readers without scripts there, such as Discourse's threads.
   */
  textInNoscript: boolean;
}

export interface ParseOptions {
  /** `<noscript>` content is built as page content: what a reader without scripts sees. */
  noscriptIsContent?: boolean;
}

/** Another reader of a parse's element and text events, so that one parse serves it and the tree. */
export type ParseObserver = Required<Pick<Handler, 'onopentag' | 'ontext' | 'onclosetag'>>;

/**
 * Parses HTML into a domhandler tree for content export: comments and the content of
 * `NEVER_CONTENT` elements are not even built, and the depth is capped (`MAX_ELEMENT_DEPTH`).
 * `observer` sees every element and text the parser emits, built or not.
 */
export function parseHtml(html: string, observer?: ParseObserver, { noscriptIsContent = false }: ParseOptions = {}): ParsedHtml {
  const bounded = boundHtml(html);
  const handler = new ContentDomHandler(observer, noscriptIsContent);
  new DepthBoundedParser(handler, () => handler.depth).parseComplete(bounded.html);
  const { textLengths } = handler;
  return {
    document: handler.root,
    truncated: bounded.truncated || handler.overBudget,
    jsonLd: handler.jsonLd,
    textInNoscript: textLengths.noscript > textLengths.built && textLengths.noscript >= NOSCRIPT_PAGE_MIN_CHARS,
  };
}

/** Elements whose content the tokenizer reads as raw text: they cannot nest, so they never need flattening. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

/**
 * htmlparser2's Parser with the depth cap of `MAX_ELEMENT_DEPTH`. `depth` reports how many
 * elements the handler has open (it sees every open and close the parser emits).
 */
export class DepthBoundedParser extends Parser {
  private source = '';
  private openedName: { start: number; end: number } | undefined;
  /** End tags still to ignore, by name: those of elements closed at once for being too deep. */
  private readonly flattened = new Map<string, number>();

  constructor(
    handler: Partial<Handler>,
    private readonly depth: () => number,
  ) {
    super(handler, { decodeEntities: true });
  }

  /** Parses a whole document in one go (the tag name positions index into it). */
  override parseComplete(html: string): void {
    this.source = html;
    super.parseComplete(html);
  }

  override onopentagname(start: number, endIndex: number): void {
    this.openedName = { start, end: endIndex };
    super.onopentagname(start, endIndex);
  }

  override onopentagend(endIndex: number): void {
    super.onopentagend(endIndex);
    const opened = this.openedName;
    this.openedName = undefined;
    // Opening one element past the cap is the only way over it, so the new element is the innermost.
    if (!opened || this.depth() <= MAX_ELEMENT_DEPTH) return;
    const name = this.tagName(opened.start, opened.end);
    if (RAW_TEXT.has(name)) return;
    super.onclosetag(opened.start, opened.end);
    this.flattened.set(name, (this.flattened.get(name) ?? 0) + 1);
  }

  override onclosetag(start: number, endIndex: number): void {
    const name = this.tagName(start, endIndex);
    const pending = this.flattened.get(name);
    if (pending) {
      this.flattened.set(name, pending - 1);
      return;
    }
    super.onclosetag(start, endIndex);
  }

  private tagName(start: number, end: number): string {
    return this.source.slice(start, end).toLowerCase();
  }
}

class ContentDomHandler extends DomHandler {
  /** Open never-content elements, which are not built and whose text is dropped. */
  private insideNeverContent = 0;
  /** Open `<noscript>` elements that are not built; text inside one and no other never-content element is counted. */
  private insideNoscript = 0;
  /** Characters of text built, and of text in `<noscript>` that was not. */
  readonly textLengths = { built: 0, noscript: 0 };
  /** The text of the `<noscript>` open, until it closes. */
  private noscriptText = '';
  /** One entry per element open in the parser, innermost last. */
  private readonly open: Array<{ neverContent: boolean; built: boolean }> = [];

  private built = 0;
  overBudget = false;
  readonly jsonLd: string[] = [];
  /** The text of the JSON-LD script being read, if one is open. */
  private jsonLdText: string | undefined;

  constructor(
    private readonly observer: ParseObserver | undefined,
    private readonly noscriptIsContent: boolean,
  ) {
    super();
  }

  get depth(): number {
    return this.open.length;
  }

  protected override addNode(node: ChildNode): void {
    if (this.built >= MAX_NODES) {
      this.overBudget = true;
      return;
    }
    this.built++;
    super.addNode(node);
  }

  override onopentag(name: string, attribs: Record<string, string>, isImplied = false): void {
    this.observer?.onopentag(name, attribs, isImplied);
    if (name === 'script' && attribs.type?.trim().toLowerCase() === 'application/ld+json') this.jsonLdText = '';
    const neverContent = NEVER_CONTENT.has(name) && !(name === 'noscript' && this.noscriptIsContent);
    const built = this.insideNeverContent === 0 && !neverContent;
    this.open.push({ neverContent, built });
    if (neverContent) this.insideNeverContent++;
    if (neverContent && name === 'noscript') this.insideNoscript++;
    if (built) super.onopentag(name, attribs);
    // Text on either side of a dropped element must not merge into one node as if adjacent.
    else this.lastNode = null;
  }

  // The parser passes the name; DomHandler's own signature takes none.
  override onclosetag(name = '', isImplied = false): void {
    this.observer?.onclosetag(name, isImplied);
    if (name === 'script' && this.jsonLdText !== undefined) {
      this.jsonLd.push(this.jsonLdText);
      this.jsonLdText = undefined;
    }
    const closed = this.open.pop();
    if (closed?.neverContent) this.insideNeverContent--;
    if (closed?.neverContent && name === 'noscript' && --this.insideNoscript === 0) {
      // A page saved by a browser running scripts holds its `<noscript>` markup as text: no text to read.
      this.textLengths.noscript += this.noscriptText.replace(ESCAPED_MARKUP, '').trim().length;
      this.noscriptText = '';
    }
    if (closed?.built) super.onclosetag();
    else this.lastNode = null;
  }

  override ontext(data: string): void {
    this.observer?.ontext(data);
    if (this.jsonLdText !== undefined) this.jsonLdText += data;
    if (this.insideNeverContent === 0) {
      this.textLengths.built += data.trim().length;
      super.ontext(data);
    } else if (this.insideNeverContent === this.insideNoscript) this.noscriptText += data;
  }

  override oncomment(): void {}

  override oncommentend(): void {}
}

/**
 * The document base URL (HTML: the first `<base href>`, resolved against the page URL; the page
 * URL when there is none or it does not parse).
 */
export function documentBaseUrl(baseHref: string | undefined, pageUrl: string): URL {
  const page = new URL(pageUrl);
  if (baseHref === undefined) return page;
  return URL.parse(baseHref, page.href) ?? page;
}

/** `href` resolved against `base` (no base: `href` as an absolute URL), when it is an http or https URL. */
export function resolveHttpUrl(href: string, base: URL | undefined): URL | undefined {
  const url = URL.parse(href, base?.href);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url : undefined;
}

const WHITESPACE_RUN = /[ \t\n\f\r]+/g;
const COLLAPSIBLE_WHITESPACE = /[\t\n\f\r]| [ \t\n\f\r]/;

/** Whether `text` has a whitespace run other than a single space: what collapsing changes (most texts have none). */
export function hasCollapsibleWhitespace(text: string): boolean {
  return COLLAPSIBLE_WHITESPACE.test(text);
}

/** HTML whitespace runs as one space (non-breaking spaces are content and stay). */
export function collapseWhitespace(text: string): string {
  return hasCollapsibleWhitespace(text) ? text.replace(WHITESPACE_RUN, ' ') : text;
}

/** Descendant elements of `root` in document order (iterative: no recursion on deep trees). */
export function descendantElements(root: ParentNode, filter?: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!isTag(node)) continue;
    if (!filter || filter(node)) found.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return found;
}

/** The first descendant element that passes `test`, in document order. */
export function firstElement(root: ParentNode, test: (element: Element) => boolean): Element | undefined {
  const stack: AnyNode[] = [...root.children].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!isTag(node)) continue;
    if (test(node)) return node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return undefined;
}

/** Concatenated text of the descendants (iterative), but for what is inside the elements `skipped` picks. */
export function textOf(node: AnyNode, skipped?: (element: Element) => boolean): string {
  if (isText(node)) return node.data;
  if (!hasChildren(node)) return '';
  let text = '';
  const stack: AnyNode[] = [...node.children].reverse();
  for (let current = stack.pop(); current; current = stack.pop()) {
    if (isText(current)) text += current.data;
    else if (hasChildren(current) && !(skipped && isTag(current) && skipped(current))) {
      for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as AnyNode);
    }
  }
  return text;
}

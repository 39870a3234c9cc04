import { selectAll } from 'css-select';
import { isTag, type ChildNode, type Document, type Element } from 'domhandler';
import { getOuterHTML } from 'domutils';
import { plainText } from './characters.js';
import { createElement, createText, findAncestor, relink, removeNodes } from './export/dom.js';
import { extractMainContent, type MainContent, type PageNames } from './export/main-content.js';
import { toMarkdown } from './export/markdown.js';
import { normalizeForExport } from './export/normalize.js';
import { pageKind, structuredText, type PageKind } from './export/structured-data.js';
import { EXPORT_FORMATS, type ExportFormat } from './export/formats.js';
import { toPlainText } from './export/text.js';
import { collapseWhitespace, descendantElements, documentBaseUrl, firstElement, parseHtml, resolveHttpUrl, textOf, type ParseObserver, type ParseOptions } from './html.js';

export { EXPORT_FORMATS, type ExportFormat };

export interface ExportOptions<F extends ExportFormat> {
  /** The page's final URL: relative links and images are resolved against it (or its `<base href>`); see `exportBaseUrl` for one that is not absolute. */
  url: string;
  /** Leave out navigation, headers, footers, sidebars, cookie banners: keep the article. */
  onlyMainContent: boolean;
  /** The formats to produce; both when omitted. */
  formats?: readonly F[];
  /** Sees the parse's events as well (a page's links are collected from the same parse). */
  observer?: ParseObserver;
  /** CSS selectors applied to the body first: only the `include` elements are kept, the `exclude` ones dropped (Firecrawl's includeTags/excludeTags). */
  selectors?: { include?: readonly string[]; exclude?: readonly string[] };
  /** Also answer the exported content as HTML, and the page's meta description and language. */
  details?: boolean;
}

/** What `details` adds: the content as (cleaned) HTML, and the page's own description and language. */
export interface PageDetails {
  html: string;
  description?: string;
  language?: string;
}

export type PageExport<F extends ExportFormat = ExportFormat> = {
  title: string | undefined;
  /** The article's headline, which the markdown starts with as a heading; only when the page has one. */
  headline?: string;
  /** The article's byline/date line, which the text starts with; only when the page has one. */
  byline?: string;
  /** The page was longer than `MAX_HTML_CHARS`; only its beginning was exported. */
  truncated: boolean;
  details?: PageDetails;
} & Record<F, string>;

/**
 * The page's content as markdown and/or plain text. Never throws on bad markup or a page URL that
 * does not parse; the work is bounded by the size cap and the depth cap of `parseHtml`.
 */
export function exportPage<F extends ExportFormat = ExportFormat>(html: string, options: ExportOptions<F>): PageExport<F> {
  const parsed = parseHtml(html, options.observer);
  // A page that shows its text only to readers without scripts is read as they see it.
  const parseOptions = { noscriptIsContent: parsed.textInNoscript };
  const { document, truncated, jsonLd } = parsed.textInNoscript ? parseHtml(html, undefined, parseOptions) : parsed;
  const title = pageTitle(document);
  const base = exportBaseUrl(document, options.url);
  const metadata = options.details ? pageMetadata(document) : undefined;
  const names = { title, ...storyNames(document, base) };
  const kind = pageKind(document, jsonLd, URL.parse(options.url) ?? undefined);
  const body = selectedBody(pageBody(document), options.selectors);
  const main = options.onlyMainContent
    ? (extractMainContent(body, names, kind) ?? structuredContent(jsonLd) ?? mainContentOfWholePage(html, parseOptions, options.selectors, names, kind))
    : undefined;
  const content = options.onlyMainContent ? main?.article : body;
  if (content) normalizeForExport(content, base);
  const details = metadata && { html: content ? getOuterHTML(content) : '', ...metadata };

  const formats: readonly F[] = options.formats ?? (EXPORT_FORMATS as readonly ExportFormat[] as readonly F[]);
  const output = {} as Record<F, string>;
  // Markdown first: it starts with the article's title heading; the text starts at the byline (its
  // section's `Title:` line names the page, so the heading would say it twice).
  const ordered = formats.includes('markdown' as F) ? ['markdown' as F, ...formats.filter((format) => format !== 'markdown')] : formats;
  for (const format of ordered) {
    if (format === 'text' && main?.titleHeading) removeNodes([main.titleHeading]);
    const converted = content ? (format === 'markdown' ? toMarkdown(content) : toPlainText(content)) : '';
    output[format] = tidy(converted);
  }
  const headline = main?.titleHeading ? tidy(toPlainText(main.titleHeading)) : '';
  const byline = main?.byline ? tidy(toPlainText(main.byline)) : '';
  return { title, truncated, ...(headline === '' ? {} : { headline }), ...(byline === '' ? {} : { byline }), ...(details ? { details } : {}), ...output };
}

/** Markup in a JSON-LD text (some sites put the article's HTML in `articleBody`). */
const MARKUP = /<\/?[a-z][^>]*>/i;

/**
 * For a page whose HTML shows no content (an app that renders it with scripts), the text its
 * JSON-LD carries for search engines, as paragraphs (see `structuredText`).
 */
function structuredContent(jsonLd: readonly string[]): MainContent | undefined {
  const blocks = structuredText(jsonLd).flatMap((text): ChildNode[] => {
    if (MARKUP.test(text)) return pageBody(parseHtml(text).document).children;
    return text.split(/\n\s*\n/).map((paragraph) => createElement('p', [createText(paragraph)]));
  });
  return blocks.length === 0 ? undefined : { article: createElement('div', blocks), titleHeading: undefined, byline: undefined };
}

/**
 * A page whose text is all in what is taken for boilerplate (a post shown in a dialog over an empty
 * app, a page inside a landmark) would export nothing: its main content is then looked for in the
 * whole page, parsed again since the first pass removed it (rare, so the common path pays nothing).
 */
function mainContentOfWholePage(html: string, parseOptions: ParseOptions, selectors: ExportOptions<ExportFormat>['selectors'], names: PageNames, kind: PageKind | undefined) {
  const body = selectedBody(pageBody(parseHtml(html, undefined, parseOptions).document), selectors);
  return extractMainContent(body, names, kind, { keepBoilerplate: true });
}

/** Why a CSS selector cannot be used, or undefined when it can. */
export function cssSelectorProblem(selector: string): string | undefined {
  try {
    selectAll(selector, []);
    return undefined;
  } catch (error) {
    return `is not a CSS selector: ${(error as Error).message}`;
  }
}

/** The body with only the elements `include` selects (outermost first, in document order), less those `exclude` selects. */
function selectedBody(body: Element, selectors: ExportOptions<ExportFormat>['selectors']): Element {
  if (selectors?.exclude?.length) removeNodes(selectAll(selectors.exclude.join(','), body));
  if (!selectors?.include?.length) return body;
  const chosen = new Set(selectAll(selectors.include.join(','), body));
  const outermost = [...chosen].filter((element) => {
    for (let parent = element.parent; parent; parent = parent.parent) if (chosen.has(parent as Element)) return false;
    return true;
  });
  return createElement('body', outermost);
}

/** `<meta name="description">` (else its Open Graph twin) and `<html lang>`, when the page has them. */
function pageMetadata(document: Document): Omit<PageDetails, 'html'> {
  const meta = (name: string) => firstElement(document, (e) => e.name === 'meta' && (e.attribs.name ?? e.attribs.property)?.toLowerCase() === name)?.attribs.content?.trim();
  const description = meta('description') || meta('og:description');
  const language = firstElement(document, (e) => e.name === 'html')?.attribs.lang?.trim();
  return { ...(description ? { description } : {}), ...(language ? { language } : {}) };
}

/**
 * What relative links and images resolve against: the page's `<base href>`, else its URL. A page
 * handed over without an absolute URL has none unless its `<base href>` is absolute: its relative
 * links are then kept as text and its relative images left out, rather than the export throwing.
 */
function exportBaseUrl(document: Document, pageUrl: string): URL | undefined {
  const baseHref = firstElement(document, (e) => e.name === 'base' && 'href' in e.attribs)?.attribs.href;
  if (URL.canParse(pageUrl)) return documentBaseUrl(baseHref, pageUrl);
  return baseHref === undefined ? undefined : (URL.parse(baseHref) ?? undefined);
}

/** What else names the page's own story: its Open Graph title and its canonical URL (else `og:url`). */
function storyNames(document: Document, base: URL | undefined): Omit<PageNames, 'title'> {
  const meta = (name: string) => firstElement(document, (e) => e.name === 'meta' && (e.attribs.property ?? e.attribs.name) === name)?.attribs.content?.trim();
  const link = firstElement(document, (e) => e.name === 'link' && (e.attribs.rel ?? '').toLowerCase().split(/\s+/).includes('canonical'));
  const ogTitle = meta('og:title');
  const href = link?.attribs.href ?? meta('og:url');
  const canonical = href ? resolveHttpUrl(href, base) : undefined;
  return { base, ...(ogTitle ? { ogTitle } : {}), ...(canonical ? { canonical } : {}) };
}

/** `<title>`, else the Open Graph title, else the first `<h1>`. */
function pageTitle(document: Document): string | undefined {
  const candidates = [
    () => firstElement(document, (e) => e.name === 'title' && !findAncestor(e, 'svg')),
    () => {
      const meta = firstElement(document, (e) => e.name === 'meta' && (e.attribs.property ?? e.attribs.name) === 'og:title');
      return meta?.attribs.content;
    },
    () => firstElement(document, (e) => e.name === 'h1'),
  ];
  for (const candidate of candidates) {
    const found = candidate();
    const text = plainText(collapseWhitespace(typeof found === 'string' ? found : found ? textOf(found) : '')).trim();
    if (text !== '') return text;
  }
  return undefined;
}

/** Metadata elements, which broken markup may put anywhere; never content. */
const METADATA = new Set(['title', 'meta', 'link', 'base']);
/** The document's shell: a browser builds one of each, whatever the markup repeats or leaves out. */
const SHELL = new Set(['html', 'head', 'body']);

/**
 * The page's content under one `<body>`, as a browser's tree has it for broken markup too: content
 * before or without a `<body>` tag, after `</body>` or `</html>`, or under a stray second
 * `<html><body>` is all body content. The shell elements are taken off wherever they are, and the
 * metadata elements dropped; the body keeps the first `<body>`'s attributes.
 */
function pageBody(document: Document): Element {
  removeNodes(descendantElements(document, (e) => METADATA.has(e.name)));
  const firstBody = firstElement(document, (e) => e.name === 'body');
  const body = createElement('body', withoutShells(document.children));
  if (firstBody) body.attribs = firstBody.attribs;
  return body;
}

/** `nodes` with every shell element below them replaced by its children, in one pass (wide pages stay linear). */
function withoutShells(nodes: ChildNode[]): ChildNode[] {
  const kept: ChildNode[] = [];
  for (const node of nodes) {
    if (!isTag(node)) kept.push(node);
    else if (SHELL.has(node.name)) for (const child of withoutShells(node.children)) kept.push(child);
    else {
      relink(node, withoutShells(node.children));
      kept.push(node);
    }
  }
  return kept;
}

const SEPARATOR_LINE = /^([ \t]*)---([ \t]*)$/gm;

/**
 * The step after conversion: keeps only the characters a text result may hold (`plainText`),
 * trims, and rewrites any line that reads `---` (the page separator of the assembled document,
 * CONTRACT 4) as `- - -`: whatever the page holds, in code blocks too, the separator stays unambiguous.
 */
function tidy(output: string): string {
  return plainText(output).replace(SEPARATOR_LINE, '$1- - -$2').trim();
}

import { Lexer, type Token } from 'marked';

/**
 * What the document formats share about reading a page's markdown export: one page as the
 * builders take it, the markdown's tokens, which link targets may become links, and where the
 * page's own headings sit below the page's title.
 */
export interface DocumentPage {
  /** The page's final URL, as its section's `URL:` line. */
  url: string;
  title: string | undefined;
}

/** The tokens of a page's markdown export (GitHub-flavoured: its tables and strikethrough). */
export function markdownTokens(markdown: string): Token[] {
  return Lexer.lex(markdown, { gfm: true });
}

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The target a link may have in a document: absolute http(s) and mailto only. The export resolved
 * the page's links, so anything else (`javascript:`, `data:`, a relative path) is dropped and its
 * text kept.
 */
export function safeLinkTarget(href: string): string | undefined {
  if (!URL.canParse(href)) return undefined;
  const url = new URL(href);
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
}

/**
 * Markup in a page's markdown is text the page showed (the export writes no HTML), but markdown
 * does not unescape inside HTML: `\_` the export wrote for a `_` of the page would show as such.
 */
export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** The page's title is the top heading of its section; the page's own headings go one level down. */
export function contentHeadingLevel(depth: number): 2 | 3 | 4 | 5 | 6 {
  return Math.min(6, Math.max(2, depth + 1)) as 2 | 3 | 4 | 5 | 6;
}

/** What the document shows for a page: its title, else its URL. */
export function pageHeading(page: DocumentPage): string {
  return page.title?.trim() || page.url;
}

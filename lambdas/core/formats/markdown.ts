import { Lexer, type Token } from 'marked';

/**
 * What the document formats share about reading a page's markdown export: one page as the
 * builders take it, the markdown's tokens, which link targets may become links, where the
 * page's own headings sit below the page's title, and how a table wider than the paper is split.
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

/**
 * The characters of a table's cells a line of the printed page or the Word page holds side by
 * side at the documents' body size: about 85 of text in a wide sans-serif font, less the cells'
 * borders and bold headers, rounded down so the estimate holds for other fonts too.
 */
const LINE_CHARACTERS = 72;
/** A column is given the width of its longest cell up to this, plus its padding and border. */
const COLUMN_CHARACTERS = { most: 12, padding: 3 };

/**
 * The columns of each table a table is shown as on paper (PDF, Word), so that every cell fits the
 * page's width: the whole table when its columns fit, else groups of the columns that fit a line
 * side by side, each group after the first led by the first column again, which names the rows in
 * most tables. A column counts as wide as its longest cell, at most 12 characters (longer cells
 * wrap within it). `cellLengths` is the table's rows of cell text lengths, the header row first.
 */
export function tableColumnGroups(cellLengths: ReadonlyArray<readonly number[]>, lineCharacters = LINE_CHARACTERS): number[][] {
  const columns = Math.max(0, ...cellLengths.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) => Math.min(COLUMN_CHARACTERS.most, Math.max(0, ...cellLengths.map((row) => row[column] ?? 0))) + COLUMN_CHARACTERS.padding);
  if (widths.reduce((sum, width) => sum + width, 0) <= lineCharacters) return [widths.map((_, column) => column)];
  const groups: number[][] = [];
  let group = [0];
  let used = widths[0] as number;
  for (let column = 1; column < columns; column++) {
    const width = widths[column] as number;
    if (used + width > lineCharacters && group.length > 1) {
      groups.push(group);
      group = [0];
      used = widths[0] as number;
    }
    group.push(column);
    used += width;
  }
  groups.push(group);
  return groups;
}

/** What the document shows for a page: its title, else its URL. */
export function pageHeading(page: DocumentPage): string {
  return page.title?.trim() || page.url;
}

import { Marked, type Tokens } from 'marked';
import { xmlText } from '../characters.js';
import { sectionPieces } from './html-pieces.js';
import { boundedRuns } from './html-runs.js';
import { PRINT_FONTS } from './print-fonts.js';
import { contentHeadingLevel, pageHeading, safeLinkTarget, tableColumnGroups, unescapeMarkdown, type DocumentPage } from './markdown.js';

/**
 * The HTML result: one self-contained document (a small inline stylesheet, no script, nothing
 * loaded from anywhere), built in three parts so the assembly can stream it: `htmlDocumentStart`
 * (head and contents, from the page list the ledger gives before any section is read), one
 * `htmlPageSection` per page in crawl order, then `HTML_DOCUMENT_END`.
 *
 * The content is the markdown export's. Nothing from a page becomes markup: the markdown's HTML
 * (text on the page that looked like tags) is shown as text, links keep only http(s) and mailto
 * targets, and images become links to the image, so opening the document fetches nothing. Each
 * part holds only characters XML allows (`xmlText`), which HTML's parser takes without error too.
 */
export function htmlDocumentStart(title: string, pages: readonly DocumentPage[]): string {
  const contents = pages.map((page, index) => `<li><a href="#${sectionId(index)}">${boundedRuns(escapeHtml(pageHeading(page)))}</a></li>`).join('\n');
  return xmlText(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLESHEET}</style>
</head>
<body>
${pages.length > 0 ? `<nav class="contents">\n<h1>${escapeHtml(title)}</h1>\n<ol>\n${contents}\n</ol>\n</nav>\n` : ''}`);
}

/** Where the HTML is read: on a screen, or printed to PDF (where a table wider than the paper is split, `tableColumnGroups`). */
export type Medium = 'screen' | 'print';

/**
 * One page as a `<section>`: its title (a link to the section itself, which also makes Chromium
 * keep the section as a PDF destination in whichever printed part it falls) and URL, then its
 * markdown as HTML; an `<hr>` before every page but the first.
 */
export function htmlPageSection(page: DocumentPage, markdown: string, index: number, medium: Medium = 'screen'): string {
  const link = safeLinkTarget(page.url);
  const url = boundedRuns(link ? `<a href="${escapeHtml(link)}">${escapeHtml(page.url)}</a>` : escapeHtml(page.url));
  const body = RENDERERS[medium].parse(markdown, { async: false });
  return xmlText(`${index > 0 ? '<hr class="page-separator">\n' : ''}<section class="page" id="${sectionId(index)}">
<header><h1><a class="permalink" href="#${sectionId(index)}">${boundedRuns(escapeHtml(pageHeading(page)))}</a></h1><p class="url">${url}</p></header>
${body}</section>
`);
}

export const HTML_DOCUMENT_END = '</body>\n</html>\n';

/** The whole document at once, for a caller that holds every page. */
export function htmlDocument(title: string, pages: ReadonlyArray<DocumentPage & { markdown: string }>): string {
  return htmlDocumentStart(title, pages) + pages.map((page, index) => htmlPageSection(page, page.markdown, index)).join('') + HTML_DOCUMENT_END;
}

/** How much of the document one print holds at most: crawled pages, and bytes of HTML. */
export interface PrintPartLimits {
  pages: number;
  bytes: number;
}

/**
 * The document as the PDF printer takes it: whole HTML documents of at most `limits.pages` pages
 * and about `limits.bytes` bytes each (a page larger than that is cut across parts:
 * `sectionPieces`), printed for paper, the first with the contents. The sections are numbered
 * through, and the first part holds an empty target for each section of the later parts, so that
 * Chromium links the contents to them; joined, the later part's destination replaces it
 * (`PdfJoiner`). `pages` lists every page for the contents; `markdownOf` gives a page's markdown
 * as its part is made, so a caller reading sections from storage holds one part at a time.
 */
export async function* htmlPrintParts(
  title: string,
  pages: readonly DocumentPage[],
  markdownOf: (index: number) => string | Promise<string>,
  limits: PrintPartLimits = PRINT_PART_LIMITS,
): AsyncGenerator<string> {
  let part = htmlDocumentStart(title, pages);
  let bytes = Buffer.byteLength(part);
  let pagesInPart = 0;
  let first = true;
  const finish = (lastIndex: number) => {
    const targets = first ? pages.slice(lastIndex + 1).map((_, offset) => `<a id="${sectionId(lastIndex + 1 + offset)}"></a>`).join('') : '';
    first = false;
    return part + (targets ? `<p class="targets">${targets}</p>\n` : '') + HTML_DOCUMENT_END;
  };
  for (let index = 0; index < pages.length; index++) {
    const pieces = sectionPieces(htmlPageSection(pages[index] as DocumentPage, await markdownOf(index), index, 'print'), limits.bytes);
    for (const [piece, html] of pieces.entries()) {
      const pieceBytes = Buffer.byteLength(html);
      if (pagesInPart > 0 && (pagesInPart >= limits.pages || bytes + pieceBytes > limits.bytes)) {
        // A page's first piece holds its section's id, the target of its contents entry.
        yield finish(piece === 0 ? index - 1 : index);
        part = htmlDocumentStart(title, []);
        bytes = Buffer.byteLength(part);
        pagesInPart = 0;
      }
      part += html;
      bytes += pieceBytes;
      pagesInPart += 1;
    }
  }
  yield finish(pages.length - 1);
}

/**
 * A part of at most 50 crawled pages and about 2 MiB of HTML: the print browser's memory grows with
 * the part it lays out, not with its count of pages (six pages of 19.3 MB of markdown in one part
 * took it to 2.9 GB). A page larger than that is cut across parts: whole, the heaviest pages of the
 * 5 MiB a page may hold took the browser to 3.6 GB; cut, to 1.7 GB (see the document-formats benchmark).
 */
export const PRINT_PART_LIMITS: PrintPartLimits = { pages: 50, bytes: 2 * 1024 * 1024 };

/** The id of the page's section, which the contents link to and the PDF names a destination after. */
export function sectionId(index: number): string {
  return `page-${index + 1}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] as string);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The markdown as HTML for a medium. Every block of text (paragraph, heading, list item text,
 * table cell, code block, markup shown as text) is cut into runs (`boundedRuns`), so no block is
 * too long for the printer.
 */
function markdownRenderer(medium: Medium): Marked {
  return new Marked({
    gfm: true,
    renderer: {
      // Markup in the markdown is text the page showed: shown as text, never parsed.
      html({ text, block }) {
        const shown = escapeHtml(unescapeMarkdown(text));
        return block ? `<p class="markup">${boundedRuns(shown.trim())}</p>\n` : shown;
      },
      heading({ tokens, depth }) {
        const level = contentHeadingLevel(depth);
        return `<h${level}>${boundedRuns(this.parser.parseInline(tokens))}</h${level}>\n`;
      },
      paragraph({ tokens }) {
        return `<p>${boundedRuns(this.parser.parseInline(tokens))}</p>\n`;
      },
      // A list item's text is a block of its own; inline text is left to marked (false).
      text(token) {
        return 'tokens' in token && token.tokens ? boundedRuns(this.parser.parseInline(token.tokens)) : false;
      },
      code({ text, lang }) {
        const language = /^\S+/.exec(lang ?? '')?.[0];
        const code = boundedRuns(escapeHtml(`${text.replace(/\n$/, '')}\n`));
        return `<pre><code${language ? ` class="language-${escapeHtml(language)}"` : ''}>${code}</code></pre>\n`;
      },
      table(token) {
        const cell = (content: Tokens.TableCell) => {
          const name = content.header ? 'th' : 'td';
          return `<${name}${content.align ? ` align="${content.align}"` : ''}>${boundedRuns(this.parser.parseInline(content.tokens))}</${name}>`;
        };
        const rows = (columns: number[]) =>
          `<thead>\n<tr>${columns.map((column) => cell(token.header[column] as Tokens.TableCell)).join('')}</tr>\n</thead>\n` +
          (token.rows.length > 0 ? `<tbody>\n${token.rows.map((row) => `<tr>${columns.map((column) => cell(row[column] as Tokens.TableCell)).join('')}</tr>\n`).join('')}</tbody>\n` : '');
        if (medium === 'screen') return `<div class="table">\n<table>\n${rows(token.header.map((_, column) => column))}</table>\n</div>\n`;
        const groups = tableColumnGroups([token.header, ...token.rows].map((row) => row.map((content) => content.text.length)));
        return groups.map((columns) => `<table${groups.length > 1 ? ' class="split"' : ''}>\n${rows(columns)}</table>\n`).join('');
      },
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        const target = safeLinkTarget(href);
        if (!target) return text;
        return `<a href="${escapeHtml(target)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${text}</a>`;
      },
      image({ href, text }: Tokens.Image) {
        const label = `Image: ${text || 'untitled'}`;
        const target = safeLinkTarget(href);
        return target ? `<a class="image" href="${escapeHtml(target)}">[${escapeHtml(label)}]</a>` : `[${escapeHtml(label)}]`;
      },
    },
  });
}

const RENDERERS: Record<Medium, Marked> = { screen: markdownRenderer('screen'), print: markdownRenderer('print') };

/**
 * Readable on screen and on paper; each page of the crawl starts a new printed page. On paper the
 * print fonts are named after the screen's (`PRINT_FONTS`: the PDF's browser has them and few
 * others; on screen the reader's browser picks fonts for each language itself). Long words
 * wrap; a wide table scrolls on screen and is split on paper; lists and quotes nested deeper than
 * eight stop indenting, so nothing is pushed past the paper's edge.
 */
const TEXT_FONTS = 'system-ui, -apple-system, "Segoe UI", "DejaVu Sans"';
const CODE_FONTS = '"DejaVu Sans Mono", Menlo, Consolas';
const PRINT_FAMILIES = PRINT_FONTS.map((font) => `"${font.family}"`).join(', ');
const STYLESHEET = `
body { font: 11pt/1.5 ${TEXT_FONTS}, sans-serif; color: #1a1a1a; max-width: 50rem; margin: 0 auto; padding: 1rem; overflow-wrap: break-word; }
h1 { font-size: 1.6em; } h2 { font-size: 1.35em; } h3 { font-size: 1.15em; } h4, h5, h6 { font-size: 1em; }
a { color: #0b57d0; overflow-wrap: anywhere; }
a.permalink { color: inherit; text-decoration: none; }
.url { margin-top: -0.5em; font-size: 0.9em; color: #555; overflow-wrap: anywhere; }
span.run { display: block; }
pre, code { font-family: ${CODE_FONTS}, monospace; font-size: 0.9em; }
pre { background: #f5f5f5; padding: 0.6em; white-space: pre-wrap; overflow-wrap: anywhere; }
code { background: #f5f5f5; padding: 0 0.2em; }
pre code { background: none; padding: 0; }
div.table { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
blockquote { margin-left: 0; padding-left: 1em; border-left: 3px solid #ccc; color: #444; }
:is(ul, ol) :is(ul, ol) :is(ul, ol) :is(ul, ol) :is(ul, ol) :is(ul, ol) :is(ul, ol) :is(ul, ol) :is(ul, ol) { padding-left: 0; }
blockquote blockquote blockquote blockquote blockquote blockquote blockquote blockquote blockquote { padding-left: 0; border-left: 0; }
p.markup { white-space: pre-wrap; }
hr.page-separator { border: 0; border-top: 2px solid #888; margin: 2em 0; }
@media print {
  body { font-family: ${TEXT_FONTS}, sans-serif, ${PRINT_FAMILIES}; }
  pre, code { font-family: ${CODE_FONTS}, monospace, ${PRINT_FAMILIES}; }
  hr.page-separator { display: none; } section.page { break-before: page; } a { color: inherit; }
  th, td { overflow-wrap: anywhere; }
  table.split + table.split { margin-top: 1em; }
  nav.contents li { padding-right: 3em; }
  p.targets { margin: 0; }
}
`;

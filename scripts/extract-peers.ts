import { extractFromHtml } from '@extractus/article-extractor';
import { Readability } from '@mozilla/readability';
import { DefuddleClass } from 'defuddle/node';
import { JSDOM, VirtualConsole } from 'jsdom';
import { parseHTML } from 'linkedom';
import { Marked } from 'marked';
import { exportPage, type PageExport } from '../lambdas/core/export.js';
import { createElement } from '../lambdas/core/export/dom.js';
import { toPlainText } from '../lambdas/core/export/text.js';
import { parseHtml } from '../lambdas/core/html.js';

/**
 * The extractors `eval:extract` runs side by side. Each peer gets the DOM its authors use in Node
 * (jsdom for Readability.js, as its README shows: on linkedom it throws on pages without a proper
 * `<body>`; linkedom for Defuddle, as its own Node entry; article-extractor parses with linkedom
 * itself), and that parse counts in its time. A peer's result is HTML; it is turned into text by our
 * text writer outside the timer, so every extractor is scored on the same text conversion and the
 * peers' times are not inflated by ours.
 */
export interface Extractor {
  name: string;
  /** The main content: text, or HTML to be converted to text (untimed). */
  extract(html: string, url: string): ExtractorResult | Promise<ExtractorResult>;
}

/** Text, HTML to be read as text, or markdown to be read as text (its syntax and link and image targets gone). */
export type ExtractorResult = { text: string } | { html: string } | ({ markdown: string } & ArticleLines);

/** The lines our export starts with that the labels leave out: the article's headline and byline. */
type ArticleLines = Pick<PageExport, 'headline' | 'byline'>;

export const EXTRACTORS: Extractor[] = [
  {
    name: 'this project (export, text)',
    extract: (html, url) => {
      // The text has no headline line (its section's Title: line names the page); it starts at the byline.
      const { text, byline } = exportPage(html, { url, onlyMainContent: true, formats: ['text'] });
      return { text: articleBody(text, byline === undefined ? {} : { byline }) };
    },
  },
  {
    name: 'Readability.js 0.6 + jsdom',
    extract: (html, url) => {
      let jsdom: JSDOM | undefined;
      try {
        jsdom = new JSDOM(html, { url, virtualConsole: quiet });
        return { html: new Readability(jsdom.window.document).parse()?.content ?? '' };
      } catch {
        // jsdom's CSS code throws on some style attributes (4 of the 181 benchmark pages):
        // Readability gets a second chance on linkedom rather than a zero.
        return { html: new Readability(linkedomDocument(html)).parse()?.content ?? '' };
      } finally {
        jsdom?.window.close(); // frees the window at once: thousands of open ones hold gigabytes
      }
    },
  },
  {
    name: 'Defuddle 0.19 + linkedom',
    // useAsync off: no fallback to third-party APIs over the network.
    extract: (html, url) => ({ html: new DefuddleClass(linkedomDocument(html), { url, useAsync: false }).parse().content }),
  },
  {
    name: 'article-extractor 9.0',
    // extractFromHtml only parses the HTML given (extract() would fetch a URL); null when it finds
    // no article (no title, or under 200 characters), scored as an empty page.
    extract: async (html, url) => ({ html: (await extractFromHtml(html, url))?.content ?? '' }),
  },
];

/**
 * Our markdown export, scored on the words a reader of the rendered markdown sees: the default
 * format users get. Kept apart from `EXTRACTORS` (the text export is the one timed against the
 * peers); its time is the markdown conversion's.
 */
export const MARKDOWN_EXPORT: Extractor = {
  name: 'this project (export, markdown)',
  extract: (html, url) => {
    const { markdown, headline, byline } = exportPage(html, { url, onlyMainContent: true, formats: ['markdown'] });
    return { markdown, ...(headline === undefined ? {} : { headline }), ...(byline === undefined ? {} : { byline }) };
  },
};

/**
 * Our text without the headline and byline lines it starts with: the labels hold the article's
 * body, without its headline and byline (Readability.js leaves both out too), so this is the text
 * they score.
 */
function articleBody(text: string, { headline, byline }: ArticleLines): string {
  let body = text;
  for (const line of [headline, byline]) {
    if (line !== undefined && (body === line || body.startsWith(`${line}\n`))) body = body.slice(line.length).trimStart();
  }
  return body;
}

/** jsdom reports every stylesheet it cannot parse on the console; nothing here needs them. */
const quiet = new VirtualConsole();

/** The DOM type both peers declare (this project compiles without the DOM library's types). */
type PeerDocument = ConstructorParameters<typeof Readability>[0];

function linkedomDocument(html: string): PeerDocument {
  const { document } = parseHTML(html);
  // linkedom has neither; Defuddle reads both (its own linkedom entry adds them the same way).
  const shims = document as unknown as { styleSheets?: unknown; defaultView?: { getComputedStyle?: unknown } | null };
  shims.styleSheets ??= [];
  if (shims.defaultView) shims.defaultView.getComputedStyle ??= () => ({ display: '' });
  return document as unknown as PeerDocument;
}

/** Text of an extractor's result, HTML and rendered markdown read with the same writer our export uses. */
export function textOfResult(result: ExtractorResult): string {
  if ('text' in result) return result.text;
  if ('markdown' in result) return articleBody(textOfHtml(markdownRenderer.parse(result.markdown, { async: false })), result);
  return textOfHtml(result.html);
}

function textOfHtml(html: string): string {
  const { document } = parseHtml(html);
  return toPlainText(createElement('div', [...document.children]));
}

/** GitHub-flavoured, as the export writes it; HTML in the markdown is text the page showed, so it stays text. */
const markdownRenderer = new Marked({ gfm: true, renderer: { html: ({ text }) => escapeHtml(text) } });

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

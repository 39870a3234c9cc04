import { extractFromHtml } from '@extractus/article-extractor';
import { Readability } from '@mozilla/readability';
import { DefuddleClass } from 'defuddle/node';
import { JSDOM, VirtualConsole } from 'jsdom';
import { parseHTML } from 'linkedom';
import { exportPage } from '../lambdas/core/export.js';
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

export type ExtractorResult = { text: string } | { html: string };

export const EXTRACTORS: Extractor[] = [
  {
    name: 'this project (export, text)',
    extract: (html, url) => ({ text: articleBody(exportPage(html, { url, onlyMainContent: true, formats: ['text'] })) }),
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
 * Our text without the byline line it starts with: the labels hold the article's body, without its
 * headline and byline (Readability.js leaves both out too), so this is the text they score.
 */
function articleBody({ text, byline }: { text: string; byline?: string }): string {
  return byline !== undefined && text.startsWith(byline) ? text.slice(byline.length).trimStart() : text;
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

/** Text of an extractor's HTML result, with the same writer our export uses. */
export function textOfResult(result: ExtractorResult): string {
  if ('text' in result) return result.text;
  const { document } = parseHtml(result.html);
  return toPlainText(createElement('div', [...document.children]));
}

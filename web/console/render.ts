import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { unescapeMarkdown } from '../../lambdas/core/formats/markdown.js';

/**
 * Crawled documents are hostile input. Markdown is rendered by marked and every byte of its HTML
 * passes DOMPurify before it reaches the DOM; the page's Content-Security-Policy admits only
 * DOMPurify's Trusted Types policy for HTML sinks, so nothing else can write markup.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

const markdown = new Marked({
  gfm: true,
  // Each section starts with `URL:` and `Title:` on lines of their own.
  breaks: true,
  async: false,
  renderer: {
    // The service's exporter writes no HTML, so markup in a document is text of the crawled page: show it as written.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(unescapeMarkdown(text)),
    // Remote images would be fetched from wherever the crawled page points (tracking, size): link them instead.
    image: ({ href, text }: Tokens.Image) => `<a href="${escapeHtml(href)}">${escapeHtml(text ? `[image: ${text}]` : '[image]')}</a>`,
  },
});

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  // Links open outside the console, without telling the crawled site where they came from.
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

/** HTML elements only (no SVG or MathML), and none that load media, style the page or take input. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'select', 'textarea', 'img', 'video', 'audio', 'picture', 'source'];

/** Shows a markdown document in `target`: the console's only HTML sink. */
export function showMarkdown(target: HTMLElement, source: string): void {
  const trusted = DOMPurify.sanitize(markdown.parse(source) as string, { USE_PROFILES: { html: true }, FORBID_TAGS, RETURN_TRUSTED_TYPE: true });
  // lib.dom types innerHTML as string; browsers take the TrustedHTML that the CSP requires.
  target.innerHTML = trusted as unknown as string;
}

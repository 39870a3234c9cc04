import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { hasCollapsibleWhitespace } from '../html.js';

/** Share of the text that sits inside links (in-page `#` links count for less). */
export function linkDensity(lengths: TextLengths, element: Element): number {
  const { text, links } = lengths.of(element);
  return text === 0 ? 0 : links / text;
}

/** A link to a place on the page (a section's permalink, a table of contents) counts for this share of its text. */
export const PLACE_LINK_WEIGHT = 0.3;

/**
 * Text and link-text lengths of every element, computed once bottom-up: the candidates are
 * nested, and measuring each one from scratch would cost the page size times the depth.
 */
export class TextLengths {
  private readonly known = new Map<AnyNode, { text: number; links: number }>();

  of(node: AnyNode): { text: number; links: number } {
    const cached = this.known.get(node);
    if (cached) return cached;
    let lengths = { text: 0, links: 0 };
    if (isText(node)) lengths = { text: collapsedLength(node.data), links: 0 };
    else if (isTag(node)) {
      for (const child of node.children) {
        const childLengths = this.of(child);
        lengths.text += childLengths.text;
        lengths.links += childLengths.links;
      }
      if (countsAsLink(node)) lengths.links = lengths.text * (/^#.+/.test(node.attribs.href ?? '') ? PLACE_LINK_WEIGHT : 1);
    }
    this.known.set(node, lengths);
    return lengths;
  }
}

const BLOCKS = new Set(['address', 'blockquote', 'div', 'dl', 'fieldset', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'p', 'pre', 'section', 'table', 'ul']);

/**
 * An `a` counts as a link unless it has no `href` and holds blocks: an anchor (`<a name>`) left
 * open above a section, which an HTML parser wraps around all that follows, is no link.
 */
export function isLink(element: Element): boolean {
  if (element.name !== 'a') return false;
  return element.attribs.href !== undefined || !element.children.some((child) => isTag(child) && BLOCKS.has(child.name));
}

/** Where a link is a cross-reference in code (a type in a signature, `<a><code>Tide</code></a>`), not a way off the text. */
const CODE = new Set(['code', 'pre', 'kbd', 'samp', 'tt']);
/**
 * A signature by its class, as API documentation generators write it (Sphinx's `sig`, Javadoc's
 * `member-signature`, rustdoc's `code-header`, Dokka's `symbol monospace`, Doxygen's `memname`,
 * `memItemLeft` and `memItemRight`, the two halves of a declaration in a class's summary), and a
 * class's inheritance tree, a type to a line (Javadoc's and DocFX's `inheritance`).
 */
const SIGNATURE_CLASS = /(^|[\s_-])(sig|signature|code-header|decl|monospace|memname|memItemLeft|memItemRight|inheritance)($|[\s_-])/i;
const CODE_LEVELS = 4;

/** A link that weighs in link density: not a cross-reference written as code, which an API reference is full of. */
export function countsAsLink(element: Element): boolean {
  if (!isLink(element)) return false;
  let parent = element.parent;
  for (let level = 0; parent && isTag(parent) && level < CODE_LEVELS; parent = parent.parent, level++) {
    if (CODE.has(parent.name) || SIGNATURE_CLASS.test(parent.attribs.class ?? '')) return false;
  }
  const children = element.children.filter((child) => !(isText(child) && child.data.trim() === ''));
  if (children.length === 1 && isTag(children[0]!) && CODE.has(children[0].name)) return false;
  return !(children.length === 1 && isText(children[0]!) && isAddressWrittenOut(element, children[0].data));
}

/** An address with its scheme, `www.` and last slash left out, as links that show it write it. */
function bareAddress(address: string): string {
  return address.trim().replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/\/$/, '').toLowerCase();
}

/**
 * A link that reads as the address it goes to (`http://localhost:9002/events/` in a tutorial's
 * steps, a reference's URL): an address written into the text for the reader, not a way off it.
 */
function isAddressWrittenOut(link: Element, text: string): boolean {
  const href = link.attribs.href;
  if (!href || !/^(?:https?:\/\/|www\.)/i.test(href.trim())) return false;
  return /^\s*(?:https?:\/\/|www\.)\S+\s*$/i.test(text) && bareAddress(text) === bareAddress(href);
}

/** Length of `text` with whitespace runs counted as one character. */
export function collapsedLength(text: string): number {
  if (!hasCollapsibleWhitespace(text)) return text === ' ' ? 0 : text.length;
  let length = 0;
  let inWhitespace = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const whitespace = code === 32 || code === 10 || code === 9 || code === 13 || code === 12;
    if (!whitespace || !inWhitespace) length++;
    inWhitespace = whitespace;
  }
  // Whitespace-only nodes between blocks are not text (innerText trims them away).
  return length === 1 && inWhitespace ? 0 : length;
}

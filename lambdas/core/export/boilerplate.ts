import { isTag, type AnyNode, type Element, type ParentNode } from 'domhandler';
import { descendantElements, firstElement, textOf } from '../html.js';
import { classAndId, findAncestor, removeNodes } from './dom.js';
import { TextLengths } from './lengths.js';
import type { PageKind } from './structured-data.js';

/**
 * What is never the main content, removed from the page before the scoring: navigation, the page's
 * header and footer, sidebars, embeds and form controls, hidden elements, cookie banners, comment
 * threads. (Readability removes several of these from the article only; removing them from the
 * page first spares the scoring passes.)
 */

/** Roles the scoring drops as unlikely in its first attempt; removed up front too. */
export const UNLIKELY_ROLES = new Set(['menu', 'menubar', 'complementary', 'navigation', 'alert', 'alertdialog', 'dialog']);

/**
 * A block marked `role="alert"` among a text's paragraphs is a note of that text (Bootstrap's
 * `alert alert-info` callouts in documentation), not a live message over the page.
 */
export function isNoteInText(element: Element): boolean {
  const { parent } = element;
  return element.attribs.role === 'alert' && parent !== null && parent.children.filter((child) => isTag(child) && child.name === 'p').length >= 2;
}

/** Page landmarks: elements and roles that frame the page's content (never are it, unless they swallowed it). */
const LANDMARK_TAGS = new Set(['nav', 'footer', 'aside', 'menu', 'header']);
const LANDMARK_ROLES = new Set(['menu', 'menubar', 'complementary', 'navigation', 'banner', 'contentinfo', 'search']);
const CONTROL_TAGS = new Set(['dialog', 'svg', 'iframe', 'object', 'embed', 'canvas', 'button', 'select', 'input', 'textarea']);
const DIALOG_ROLES = new Set(['alert', 'alertdialog', 'dialog']);
/**
 * Text shown to screen readers alone beside what is shown ("(opens new window)" after a link's text):
 * `sr-only`, `visually-hidden`, `screen-reader-text`, prefixed or not. As the whole text of an icon's
 * link to elsewhere or of a button it is kept: it names the control.
 */
/** How far above its text a control's name may sit (inside the icon's wrapper). */
const CONTROL_DEPTH = 3;
const SCREEN_READER_ONLY = /(?:^|\s)[\w-]*(?:sr-only|visually-?hidden|screen-?reader-(?:text|only))(?:\s|$)/i;
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;
/** A layer fixed over the page and not shown until a click (popup plugins' containers); a fade-in's `opacity: 0` alone is content. */
const FIXED_LAYER_STYLE = /position\s*:\s*fixed/i;
const UNSHOWN_STYLE = /opacity\s*:\s*0(\.0*)?\s*(;|$)|scale\(\s*0\s*\)/i;
/** Placed a thousand pixels or more off the screen (`left: -9999px`): skip links, and the hidden link spam of hacked sites. */
const POSITIONED_STYLE = /position\s*:\s*(absolute|fixed)/i;
const OFF_SCREEN_STYLE = /(?:^|[;\s])(?:left|top)\s*:\s*-\d{4,}(?:\.\d+)?px/i;
const CONSENT_BANNER = /cookie|consent|gdpr|onetrust|didomi|cookiebot|truste|(?<![a-z])fs-cc(?![a-z])/i;
/** A cookie notice is short; a long element matching the pattern is a cookie policy page's content. */
const CONSENT_BANNER_MAX_CHARS = 2000;

export function removeBoilerplate(root: Element, kind?: PageKind): void {
  const lengths = new TextLengths();
  const pageText = lengths.of(root).text;
  const panels = switchedPanelIds(root);
  const boilerplate: Element[] = [];
  const stack: AnyNode[] = [...root.children];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!isTag(node)) continue;
    // SyntaxHighlighter 1.x reads a listing from `<textarea name="code">` and shows it as code.
    if (node.name === 'textarea' && node.attribs.name === 'code') node.name = 'pre';
    const reason = kind === 'product' && node.name === 'form' && isShopForm(node, lengths.of(node).text, pageText) ? 'control' : boilerplateReason(node);
    // A discussion's replies and a product's reviews are its content, and so are a product's panels,
    // any page's closed accordion items, and the quotes in a discussion's posts.
    const content =
      (reason === 'thread' && kind !== undefined) ||
      (reason === 'hidden' && (kind === 'product' ? isSwitchedPanel(node, panels) : isClosedAccordionItem(node, panels))) ||
      (reason === 'landmark' && kind === 'discussion' && isPostQuote(node));
    if (reason && !content && !keptAnyway(reason, node, lengths.of(node).text, pageText, kind)) boilerplate.push(node);
    else for (const child of node.children) stack.push(child);
  }
  removeNodes(boilerplate);
}

/** Controls a shopper fills in or presses (a hidden input carries no choice). */
function isShopperControl(element: Element): boolean {
  if (element.name === 'input') return element.attribs.type?.toLowerCase() !== 'hidden';
  return element.name === 'button' || element.name === 'select' || element.name === 'textarea';
}

/**
 * A product page's forms (sizes, colours, quantity and cart button; a postcode to check delivery;
 * a search of questions): what a shopper picks or asks, not what they read about the product. A
 * form around the page (ASP.NET's), holding its headline or half its text, is the page.
 */
function isShopForm(element: Element, text: number, pageText: number): boolean {
  if (element.name !== 'form' || text * 2 > pageText || firstElement(element, (e) => e.name === 'h1') !== undefined) return false;
  return firstElement(element, isShopperControl) !== undefined;
}

/** What a tab or an accordion's header opens: the ids its `aria-controls`, `href="#…"` or `data-target`/`data-bs-target` name. */
function switchedPanelIds(root: Element): Set<string> {
  const ids = new Set<string>();
  for (const element of descendantElements(root)) {
    const { attribs } = element;
    for (const id of (attribs['aria-controls'] ?? '').split(/\s+/)) if (id) ids.add(id);
    for (const target of [attribs.href, attribs['data-target'], attribs['data-bs-target']]) {
      if (target?.startsWith('#') && target.length > 1) ids.add(target.slice(1));
    }
  }
  return ids;
}

/** Discourse quotes a post, or shows a linked page's preview, in an `<aside>`: what the reply answers. */
const POST_QUOTE = /(^|[-_\s])(quote|onebox)([-_\s]|$)/i;
/** The same words run into a longer class name (XenForo 1's `bbCodeQuote`). */
const CAMEL_CASE_QUOTE = /[a-z](Quote|Onebox)(?![a-z])/;

/** A quote in a post: an `<aside>` named for one, or the unnamed `<aside>` of a block named for one (XenForo 1's). */
function isPostQuote(element: Element): boolean {
  if (element.name !== 'aside') return false;
  const namesQuote = (node: Element) => POST_QUOTE.test(node.attribs.class ?? '') || CAMEL_CASE_QUOTE.test(node.attribs.class ?? '');
  return namesQuote(element) || (element.parent !== null && isTag(element.parent) && namesQuote(element.parent));
}

const PANEL_NAME = /(^|[-_\s])(tab|tabs|tab-pane|tab-content|panel|accordion|collapsible)([-_\s]|$)/i;

/**
 * A product's inactive tab or closed accordion item (its specifications, details, reviews): hidden
 * until a click, but the product's content. A `role="tabpanel"`, or what a control opens that is
 * named as a panel (a hidden menu a button opens is not).
 */
function isSwitchedPanel(element: Element, panelIds: Set<string>): boolean {
  const { role, id } = element.attribs;
  if (role === 'tabpanel') return true;
  return id !== undefined && panelIds.has(id) && PANEL_NAME.test(`${element.attribs.class ?? ''} ${id}`);
}

/** An accordion, or a toggle that shows more of the text (Elementor's `elementor-accordion` and `elementor-toggle`, Bootstrap's `accordion-collapse`). */
const ACCORDION_NAME = /(^|[-_\s])(accordion|toggle)([-_\s]|$)/i;
/** How far above a panel the accordion that holds it may be named (Elementor's: the item, then the accordion). */
const ACCORDION_LEVELS = 3;

/**
 * A closed item of an accordion (a page's questions and answers): what a control opens, in a block
 * named as an accordion. Unlike a product's tabs, other pages' tabs are alternatives (the same
 * example in other languages, a schema and its example), of which the one shown is enough.
 */
function isClosedAccordionItem(element: Element, panelIds: Set<string>): boolean {
  const { id } = element.attribs;
  if (id === undefined || !panelIds.has(id)) return false;
  let block: ParentNode | null = element;
  for (let level = 0; level < ACCORDION_LEVELS && block && isTag(block); level++, block = block.parent) {
    if (ACCORDION_NAME.test(block.attribs.class ?? '')) return true;
  }
  return false;
}

/** Under this much text outside a landmark, the page has no article beside it. */
const OUTSIDE_TEXT_MAX = 500;

/**
 * A landmark, a hidden element or an overlay that holds the page's article is looked into rather
 * than dropped: markup left open puts the page inside a landmark (`<header role="banner">` around
 * `<main>`); a page saved while a dialog was open has its whole app marked `aria-hidden`, and one
 * hidden until its scripts run (`display: none` on the page's wrapper) is shown by them; some sites
 * put the whole page in a "modal" layer.
 */
function keptAnyway(reason: Reason, element: Element, text: number, pageText: number, kind: PageKind | undefined): boolean {
  if (reason === 'landmark' || reason === 'hidden') return swallowsPage(element, text, pageText);
  // A shop names its product for how its cart opens (`form-cart-popup`): a layer holding the product's name is the product.
  return reason === 'overlay' && (holdsArticle(element) || (kind === 'product' && firstElement(element, (e) => e.name === 'h1') !== undefined));
}

function namesControl(element: Element): boolean {
  const control = findAncestor(element, 'a', CONTROL_DEPTH) ?? findAncestor(element, 'button', CONTROL_DEPTH);
  // A link to a place on the page (a heading's permalink, "Skip to content") goes with its name.
  if (!control || control.attribs.href?.startsWith('#')) return false;
  return textOf(control).trim() === textOf(element).trim();
}

function holdsArticle(element: Element): boolean {
  return firstElement(element, (e) => e.name === 'main' || e.name === 'article' || e.attribs.role === 'main') !== undefined;
}

/**
 * Markup that leaves a landmark open (`<header role="banner">` around `<main>`) puts the page inside
 * it: a landmark that holds most of the page's text, and the page's `<main>` or `<article>` or all
 * but a few lines of it, is looked into rather than dropped. (A long sidebar beside a short post
 * holds most of the text too, but not the post.)
 */
function swallowsPage(element: Element, text: number, pageText: number): boolean {
  if (text * 2 <= pageText) return false;
  return pageText - text < OUTSIDE_TEXT_MAX || holdsArticle(element);
}

/** A `<header>` in an article or section introduces it (headline, standfirst); elsewhere it is the page's masthead. */
const SECTIONING = ['article', 'main', 'section'];

/** A title block holds a title and a line or two under it; a masthead more. */
const TITLE_BLOCK_MAX_CHARS = 600;
/** What only a masthead holds: the site's navigation and search. */
const MASTHEAD_PARTS = new Set(['nav', 'ul', 'ol', 'menu', 'form', 'input', 'button', 'select']);

/**
 * A `<header>` outside any article or section that holds an `h1` as text (not a link home) and
 * little else, without the navigation or search a masthead has, is the title block of the content
 * beside it: a documentation page's title and description above its body.
 */
function isTitleBlock(header: Element): boolean {
  const text = textOf(header).trim().length;
  if (text === 0 || text > TITLE_BLOCK_MAX_CHARS) return false;
  if (firstElement(header, (e) => MASTHEAD_PARTS.has(e.name) || e.attribs.role === 'navigation' || e.attribs.role === 'search')) return false;
  const title = firstElement(header, (e) => e.name === 'h1');
  if (!title || textOf(title).trim() === '' || findAncestor(title, 'a') || firstElement(title, (e) => e.name === 'a')) return false;
  const linkText = descendantElements(header, (e) => e.name === 'a').reduce((sum, link) => sum + textOf(link).trim().length, 0);
  return linkText * 4 < text;
}

type Reason = 'landmark' | 'control' | 'hidden' | 'thread' | 'consent' | 'overlay';

function isUnshownLayer(style: string): boolean {
  return (FIXED_LAYER_STYLE.test(style) && UNSHOWN_STYLE.test(style)) || (POSITIONED_STYLE.test(style) && OFF_SCREEN_STYLE.test(style));
}

function boilerplateReason(element: Element): Reason | undefined {
  const { attribs } = element;
  const role = attribs.role ?? '';
  if (LANDMARK_ROLES.has(role)) return 'landmark';
  if (LANDMARK_TAGS.has(element.name) && (element.name !== 'header' || !(SECTIONING.some((name) => findAncestor(element, name)) || isTitleBlock(element)))) return 'landmark';
  if (CONTROL_TAGS.has(element.name) || (DIALOG_ROLES.has(role) && !isNoteInText(element)) || opensPopupInPlace(element)) return 'control';
  if ('hidden' in attribs || (attribs.style && (HIDDEN_STYLE.test(attribs.style) || isUnshownLayer(attribs.style)))) return 'hidden';
  if (attribs['aria-hidden'] === 'true' && !(attribs.class ?? '').includes('fallback-image')) return 'hidden';
  if (SCREEN_READER_ONLY.test(attribs.class ?? '') && !namesControl(element)) return 'hidden';
  if (isCommentThread(element)) return 'thread';
  if (isConsentLayer(element) && textOf(element).length < CONSENT_BANNER_MAX_CHARS) return 'consent';
  if (attribs['aria-modal'] === 'true' || (LAYER_TAGS.has(element.name) && isOverlay(attribs))) return 'overlay';
  return undefined;
}

/** A link to nowhere that opens a popup (`<a href="#" aria-haspopup="true">Size guide</a>`): a button in a link's markup. */
function opensPopupInPlace(element: Element): boolean {
  const { href, 'aria-haspopup': popup } = element.attribs;
  return element.name === 'a' && popup !== undefined && popup !== 'false' && (href === undefined || href === '#' || href.startsWith('javascript:'));
}

/** A consent banner by its name, or a form that posts cookie choices (Amazon's `action="/cookieprefs"`) however it is named. */
function isConsentLayer(element: Element): boolean {
  return CONSENT_BANNER.test(classAndId(element)) || (element.name === 'form' && CONSENT_BANNER.test(element.attribs.action ?? ''));
}

/** What a layer is built of (a link that opens a popup, `<a class="popup">`, is content). */
const LAYER_TAGS = new Set(['div', 'section', 'aside', 'form', 'dialog']);
/** A layer over the page by its name: the first or last word of a class name or the id (`modal`, `country-overlay`, `newsletter-popup`). */
const OVERLAY_WORD = /^(modal|overlay|popup|lightbox|interstitial)$/;
/**
 * …unless another word of the name says it is content, a part of it, or a state (`image-overlay`,
 * `article-overlay-handle`, `popup-gallery`, `modal-trigger`, `modal-enabled`).
 */
const NOT_A_LAYER =
  /^(image|img|photo|picture|video|gallery|hero|card|thumb|thumbnail|icon|caption|text|title|article|post|entry|story|main|content|body|inner|handle|trigger|link|button|btn|toggle|open|close|has|is|no|enabled|disabled|active)$/;
/** A wall in front of the content: `regwall`, `registration-wall`, `login_wall`, `subscribe-wall` (not `paywall`: the content behind it is often named so). */
const WALL = /(reg|registration|register|login|signin|signup|subscribe|subscription)[-_]?(wall|gate)/;

/**
 * Overlays and modal walls (a shipping-country chooser, a registration wall at the foot of the
 * page) are never the content, and a long one outscores a short article.
 */
function isOverlay(attribs: Record<string, string>): boolean {
  const names = [...(attribs.class ?? '').split(/\s+/), attribs.id ?? ''].map((name) => name.toLowerCase()).filter(Boolean);
  return names.some((name) => {
    if (WALL.test(name)) return true;
    const words = name.split(/[-_]+/).filter(Boolean);
    const edges = [words[0], words[words.length - 1]];
    return edges.some((word) => word !== undefined && OVERLAY_WORD.test(word)) && !words.some((word) => NOT_A_LAYER.test(word));
  });
}

/** The usual names of a page's comment section (WordPress, Disqus, most themes; a manual's readers' notes, php.net's), as a whole class or id. */
const COMMENT_THREAD = /^(comments?|comments?[-_](area|list|section|thread|wrapper|container)|commentlist|disqus_thread|respond|user[-_]?notes)$/i;

/**
 * Comment threads go before scoring, not only in the first attempt: under a short post a long
 * thread outscores the post once the retries stop dropping unlikely candidates. A thread is a
 * block: a `span` named `comment` is a comment in code, as syntax highlighters (Prism's `token
 * comment`) and Doxygen's code fragments (lines of `div`s, no `pre`) name them.
 */
function isCommentThread(element: Element): boolean {
  const { attribs } = element;
  if (element.name === 'span') return false;
  if (attribs.id !== undefined && COMMENT_THREAD.test(attribs.id)) return true;
  return (attribs.class ?? '').split(/\s+/).some((name) => COMMENT_THREAD.test(name));
}

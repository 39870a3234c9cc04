import { isTag, type Document, type Element } from 'domhandler';
import { descendantElements, firstElement } from '../html.js';
import { findAncestor } from './dom.js';

/**
 * What a page says it is, where that changes what its main content is: a product page's reviews
 * and switched panels (specifications, details) are its content, and so are a discussion's replies,
 * where on an article page comments and hidden panels are not.
 */
export type PageKind = 'product' | 'discussion';

const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel']);
const DISCUSSION_TYPES = new Set(['DiscussionForumPosting', 'QAPage', 'Question']);

/**
 * The page's kind from its own markup: the schema.org types of its top-level items (JSON-LD, with
 * `@graph`, or microdata) and its `og:type`. A product counts when it is on sale (it has `offers`,
 * or variants that do): rating plugins mark a blog post as a Product with a rating and nothing else.
 * A page that calls itself an article (`og:type` article) is no product page, whatever product a
 * review in it describes. A thread whose markup says nothing is a discussion by its address (`url`,
 * where forum software puts a thread) or by the forum software its `<meta name="generator">` names;
 * a shop's page whose markup says nothing (Amazon's) is a product page by its buying form.
 */
export function pageKind(document: Document, jsonLd: readonly string[], url?: URL): PageKind | undefined {
  const types = new Set([...topLevelItems(jsonLd).flatMap(jsonLdTypes), ...microdataTypes(document)]);
  if ([...types].some((type) => DISCUSSION_TYPES.has(type))) return 'discussion';
  const ogType = metaContent(document, 'og:type');
  const isArticle = ogType.startsWith('article');
  if (!isArticle && (/^(og:)?product\b/.test(ogType) || [...types].some((type) => PRODUCT_TYPES.has(type)))) return 'product';
  // Forum software may call a thread an article (XenForo 1 does): where it is still says what it is.
  if (isThreadAddress(url) || FORUM_SOFTWARE.test(metaContent(document, 'generator'))) return 'discussion';
  if (!isArticle && hasBuyingForm(document)) return 'product';
  return undefined;
}

/**
 * A control named by the shop's software as the one that puts this product in the cart (Amazon's
 * `add-to-cart-button`, Magento's `product-addtocart-button`, WooCommerce's `single_add_to_cart_button`).
 * Its words alone ("Add to cart") say less: a shop's widget in a blog post has them too.
 */
const ADD_TO_CART = /add[-_.]?to[-_.]?(cart|basket|bag|trolley)|addtocart/i;
/** A listing's forms, one a product, are more than a product page's (its own, and one for what is bought with it). */
const BUYING_FORMS_MAX = 2;

/**
 * A shop's page of one product that says so in no markup: one or two forms put something in the
 * cart, by their own name or their button's (a form whose item is out of stock has no button).
 */
function hasBuyingForm(document: Document): boolean {
  const forms = new Set<Element>();
  for (const element of descendantElements(document, (e) => namesAddToCart(e) && (e.name === 'form' || e.name === 'button' || e.name === 'input'))) {
    const form = element.name === 'form' ? element : findAncestor(element, 'form');
    if (form) forms.add(form);
  }
  return forms.size > 0 && forms.size <= BUYING_FORMS_MAX;
}

function namesAddToCart(element: Element): boolean {
  return ADD_TO_CART.test(`${element.attribs.class ?? ''} ${element.attribs.id ?? ''} ${element.attribs.name ?? ''}`);
}

function metaContent(document: Document, name: string): string {
  return firstElement(document, (e) => e.name === 'meta' && (e.attribs.property ?? e.attribs.name)?.toLowerCase() === name)?.attribs.content?.trim().toLowerCase() ?? '';
}

/** Forum software that names itself in `<meta name="generator">`. */
const FORUM_SOFTWARE = /\b(discourse|phpbb|vbulletin|xenforo|mybb|simple machines|smf|invision|nodebb|flarum|vanilla)\b/;

/**
 * Where forum and Q&A software puts a thread, in its own address: Discourse `/t/<slug>/<id>`,
 * XenForo and vBulletin `/threads/…<id>` (XenForo's shorter route: `/t/<slug>.<id>`), phpBB `viewtopic.php` (`…-t<id>.html` with its address
 * rewriting), vBulletin and MyBB `showthread.php` (and the like in other languages: `showtopic`,
 * `viewthread`, `topic_show`, `topic` scripts; MyBB's own `thread-<id>.html` and its SEO plugin's `Thread-<subject>`), Invision and NodeBB `/topic/<id>…`, Flarum
 * `/d/<id>`, Vanilla `/discussion/<id>`, Reddit `/r/<name>/comments/<id>`, code hosts'
 * `/<owner>/<repo>/issues/<n>` (and `pull`, `discussions`, GitLab's `-/merge_requests`), Stack
 * Exchange `/questions/<id>`; in its query, SMF's `?topic=<id>`, Phorum's `read.php?<forum>,<thread>`
 * and Hacker News's `/item?id=<id>`.
 */
const THREAD_PATHS = [
  /\/t\/[^/]+[/.]\d+/,
  /\/threads?\/[^/]*\d/,
  /\/(viewtopic|showthread|showtopic|viewthread|topic_show|topic)\.(php|pl|cgi|aspx?)$/,
  /\/thread-[^/]+$/i,
  /-t\d+(-\d+)?\.html$/,
  /\/topic\/\d+/,
  /^\/d\/\d+/,
  /\/discussion\/\d+/,
  /\/r\/[^/]+\/comments\/[a-z0-9]+/,
  /^\/[^/]+\/[^/]+\/(-\/)?(issues|pull|discussions|merge_requests)\/\d+(\/|$)/,
  /^\/questions\/\d+/,
];

/** A forum's own host (`forum.example`, `forums.`, `bbs.`, `community.`) or its folder (`/forum/`, `/Discuss/`). */
const FORUM_HOST = /^(forums?|boards?|bbs|community|discuss|discussions?)\./;
const FORUM_FOLDER = /^(forums?|bbs|discuss|discussions?)$/;
/** A folder that names the thread after it, where a thread's name carries no number (`/topic/<slug>/`). */
const THREAD_FOLDER = /^(topics?|threads?)$/;

/**
 * A thread in a forum, by an address no software's route gives: under a forum's host or folder, a
 * page whose name carries a number (a thread's or a post's) or follows a thread folder. The forum's
 * own page and a board's named sections carry neither.
 */
function isForumThreadAddress(url: URL): boolean {
  const folders = url.pathname.toLowerCase().split('/').filter((folder) => folder !== '');
  const isForumHost = FORUM_HOST.test(url.hostname);
  const forumFolder = folders.findIndex((folder) => FORUM_FOLDER.test(folder));
  if (!isForumHost && forumFolder < 0) return false;
  const inForum = folders.slice(isForumHost ? 0 : forumFolder + 1);
  return inForum.some((folder, i) => /\d/.test(folder) || (i > 0 && THREAD_FOLDER.test(inForum[i - 1] ?? '')));
}

function isThreadAddress(url: URL | undefined): boolean {
  if (!url) return false;
  const path = url.pathname.toLowerCase();
  if (THREAD_PATHS.some((pattern) => pattern.test(path)) || isForumThreadAddress(url)) return true;
  if (path === '/item' && /^\?id=\d+$/.test(url.search)) return true;
  return (path.endsWith('/read.php') && /^\?\d+,\d+/.test(url.search)) || /^\d/.test(url.searchParams.get('topic') ?? '');
}

/** `http://schema.org/Product`, `schema:Product` and `Product` are one type. */
function typeName(value: string): string {
  return value.trim().replace(/^.*[/:#]/, '');
}

function jsonLdTypes(item: JsonLdItem): string[] {
  const { '@type': type } = item;
  const own = (Array.isArray(type) ? type : [type]).filter((value): value is string => typeof value === 'string').map(typeName);
  const onSale = 'offers' in item || 'hasVariant' in item;
  return own.filter((name) => onSale || !PRODUCT_TYPES.has(name));
}

type JsonLdItem = Record<string, unknown>;

/** The top-level items of the page's JSON-LD: each script's root, each of an array, each of `@graph`. */
function topLevelItems(jsonLd: readonly string[]): JsonLdItem[] {
  const items: JsonLdItem[] = [];
  const visit = (data: unknown): void => {
    if (Array.isArray(data)) data.forEach(visit);
    else if (typeof data === 'object' && data !== null) {
      items.push(data as JsonLdItem);
      const graph = (data as JsonLdItem)['@graph'];
      if (Array.isArray(graph)) graph.forEach(visit);
    }
  };
  for (const text of jsonLd) {
    try {
      visit(JSON.parse(text));
    } catch {
      // A script that is not JSON says nothing.
    }
  }
  return items;
}

/** Where an item's text goes on: a page's main entity, a post's comments, a question's answers. */
const TEXT_CARRIERS = ['mainEntity', 'comment', 'acceptedAnswer', 'suggestedAnswer'];
const TEXT_CARRIER_DEPTH = 4;

/**
 * The text the page's JSON-LD carries for its items, in order and once each: an article's
 * `articleBody`, a post's or an answer's `text`, with its comments and answers. An app that
 * renders its page with scripts often puts the text here for search engines, and nowhere else.
 */
export function structuredText(jsonLd: readonly string[]): string[] {
  const texts = new Set<string>();
  const visit = (item: unknown, depth: number): void => {
    if (Array.isArray(item)) return item.forEach((each) => visit(each, depth));
    if (typeof item !== 'object' || item === null || depth > TEXT_CARRIER_DEPTH) return;
    const { articleBody, text } = item as JsonLdItem;
    for (const value of [articleBody, text]) if (typeof value === 'string' && value.trim() !== '') texts.add(value.trim());
    for (const key of TEXT_CARRIERS) visit((item as JsonLdItem)[key], depth + 1);
  };
  for (const item of topLevelItems(jsonLd)) visit(item, 0);
  return [...texts];
}

/** The types of the page's microdata items that are not a property of another item. */
function microdataTypes(document: Document): string[] {
  const topLevel = descendantElements(document, (e) => 'itemscope' in e.attribs && e.attribs.itemtype !== undefined && !('itemprop' in e.attribs) && !insideItem(e));
  return topLevel.flatMap((item) => {
    const onSale = firstElement(item, (e) => e.attribs.itemprop === 'offers') !== undefined;
    return (item.attribs.itemtype ?? '').split(/\s+/).filter(Boolean).map(typeName).filter((name) => onSale || !PRODUCT_TYPES.has(name));
  });
}

function insideItem(element: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (isTag(parent) && 'itemscope' in parent.attribs) return true;
  return false;
}

import { Element, hasChildren, isTag, isText, type AnyNode, type ChildNode, type ParentNode, type Text } from 'domhandler';
import { collapseWhitespace, descendantElements, firstElement, textOf } from '../html.js';
import {
  authoredClass,
  authoredId,
  classAndId,
  createElement,
  elementChildren,
  findAncestor,
  isInside,
  previousElement,
  relink,
  removeNodes,
  replaceNode,
  setChildren,
} from './dom.js';
import { isNoteInText, removeBoilerplate, UNLIKELY_ROLES } from './boilerplate.js';
import type { PageKind } from './structured-data.js';
import { collapsedLength, countsAsLink, linkDensity, PLACE_LINK_WEIGHT, TextLengths } from './lengths.js';
import { isBetweenWords, isDataTable } from './normalize.js';

/**
 * Main-content extraction: the content-scoring approach of Mozilla's Readability.js (Apache-2.0),
 * re-implemented on the htmlparser2 tree so that no browser-like DOM is needed. Paragraph-like
 * elements are scored by length and commas, the scores flow to their ancestors, the best ancestor
 * (discounted by link density) wins, related siblings join it, and junk inside is cleaned out.
 * When the result is short the extraction is retried with fewer filters, as Readability does.
 */

/**
 * A comment, but not a documentation comment: TypeDoc names each declaration's documentation
 * `tsd-comment`, and others `doc-comment` or `doccomment`.
 */
const COMMENT = '(?<!tsd-|doc-?)comment';
/** Class words of a page's discussion: an article's comments, but a discussion's replies and a product's reviews. */
const DISCUSSION_WORDS = new Set([COMMENT, 'com-', 'community', 'replies']);
/** One pattern of `words`, and one without the discussion words for pages whose discussion is content. */
function classPatterns(words: readonly string[]): { everywhere: RegExp; besideContentDiscussion: RegExp } {
  const pattern = (list: readonly string[]) => new RegExp(list.join('|'), 'i');
  return { everywhere: pattern(words), besideContentDiscussion: pattern(words.filter((word) => !DISCUSSION_WORDS.has(word))) };
}
const UNLIKELY_CANDIDATE = classPatterns([
  // `extra` at a word's start only: Nextra, a documentation generator, names every block of the text `nextra-…`;
  // and not as a size (Amazon's `a-spacing-extra-large` around a product's reviews).
  '-ad-', 'ai2html', 'banner', 'breadcrumb', 'combx', COMMENT, 'community', 'cover-wrap', 'disqus', '(?<![a-z])extra(?![-_]?(small|large|wide|narrow|light|bold))', 'footer', 'gdpr', 'header', 'legends', 'menu',
  'related', 'remark', 'replies', 'rss', 'shoutbox', 'sidebar', 'skyscraper', 'social', 'sponsor', 'supplemental', 'ad-break', 'agegate', 'pagination', 'pager', 'popup', 'yom-remote',
]);
const MAYBE_CANDIDATE = /and|article|body|column|content|main|shadow/i;
/** A name for items related to the page (`related-articles`, `relatedContent`): the article it names is another one. */
const RELATED_ITEMS = /related[-_]?(articles?|content)/gi;
/** Names of the text's own blocks (Doxygen's `memdoc`: a member's description under its declaration, beside links to its source). */
const POSITIVE_CLASS = /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story|memdoc/i;
const NEGATIVE_CLASS = classPatterns([
  '-ad-', 'hidden', '^hid$', ' hid$', ' hid ', '^hid ', 'banner', 'combx', COMMENT, 'com-', 'contact', 'footer', 'gdpr', 'masthead', 'media', 'meta', 'outbrain',
  'promo', 'related', 'scroll', 'share', 'shoutbox', 'sidebar', 'skyscraper', 'sponsor', 'shopping', 'tags', 'widget',
]);
/**
 * Classes that say how a box clips or scrolls, not what it holds: Tailwind's `overflow-hidden`,
 * `md:overflow-x-scroll`, `scroll-mt-24` (an anchor's margin), and a scroll's axis (`horizontal-scroll`,
 * which Javadoc wraps each class's and member's description in) would read as hidden or scrolling boxes.
 */
const SCROLL_UTILITY =
  /(?<=^|\s)(\S+:)?(overflow(-[xy])?-(hidden|scroll|clip|auto|visible)|scroll-[mp][xytblrse]?-\S+|scroll-(smooth|auto)|scrollbar-\S+|(horizontal|vertical)-scroll|scroll-(x|y|horizontal|vertical))(?=\s|$)/g;
/**
 * Page builders' names for a kind of module, not for its place on the page: Elementor's
 * `elementor-widget` on every module (before its type: `elementor-widget-icon-list`), Divi's
 * call to action `et_pb_promo`. A type after the name still counts (`elementor-widget-share-buttons`).
 */
const BUILDER_MODULE = /(?<=^|\s)(elementor-widget|et_pb_promo)(?=[-_\s]|$)/g;
/** Classes that say whether the page has a sidebar (`no-sidebar`, `has-sidebar`), a layout, not a box that is one. */
const SIDEBAR_LAYOUT = /(?<=^|\s)(no|has|with|without)[-_]?sidebars?(?=\s|$)/g;
const BYLINE = /byline|author|dateline|writtenby|p-author/i;
const SHARE_ELEMENT = /(\b|_)(share|sharedaddy)(\b|_)/i;
/** Where a reference's member is defined in the source (JSDoc's `tag-source`, TypeDoc's `tsd-sources`, rustdoc's `srclink`, ExDoc's `view-source`): a link, not documentation. */
const SOURCE_LOCATION = /(?<![\w-])(tag-source|tsd-sources|srclink|src-link|source-link|view-source)(?![\w-])/i;
/** A box about the article's author under it (`entry-author-bio`, `about-the-author`, `author-box`): who wrote it, not what. */
const AUTHOR_BIO = /author[-_]?(bio|box|info|card|details|profile|about|description)|about[-_]?the[-_]?author|bio[-_]?box/i;
const AD_WORDS = /^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|Реклама|Anuncio)$/iu;
const LOADING_WORDS = /^((loading|正在加载|Загрузка|chargement|cargando)(…|\.\.\.)?)$/iu;
/** What a copy button's popup says once pressed (Dokka's beside every member): the page's answer to a click, not its text. */
const COPIED_WORDS = /^((link |code )?copied( to (the )?clipboard)?)[.!]?$/i;
/** A popup is a few nodes (an icon and its words): a deep chain of short elements is not measured again at each level. */
const COPIED_MAX_NODES = 12;
const COPIED_MIN_CHARS = 'copied'.length;
const COPIED_MAX_CHARS = 'code copied to the clipboard!'.length;
const COMMAS = /[\u002C\u060C\uFE50\uFE10\uFE11\u2E41\u2E34\u2E32\uFF0C]/g;
const SENTENCE_END = /\.( |$)/;

const TAGS_TO_SCORE = new Set(['section', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'td', 'pre']);
const EMPTY_REMOVABLE = new Set(['div', 'section', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** A div holding one of these is a container, not a paragraph. */
const BLOCK_IN_DIV = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul']);
const PHRASING = new Set([
  'abbr', 'audio', 'b', 'bdo', 'big', 'br', 'button', 'cite', 'code', 'data', 'datalist', 'dfn', 'em', 'embed', 'font', 'i',
  'img', 'input', 'kbd', 'label', 'mark', 'math', 'meter', 'noscript', 'object', 'output', 'progress', 'q',
  'ruby', 's', 'samp', 'script', 'select', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'textarea', 'time', 'tt', 'u', 'var', 'wbr',
]);
const KEPT_TAG_WHEN_JOINING = new Set(['div', 'article', 'section', 'p', 'ol', 'ul']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const TEXTISH = new Set(['span', 'li', 'td', ...BLOCK_IN_DIV]);
/** What a thread's posts or a question's answers are each wrapped in. */
const POST_BLOCKS = new Set(['article', 'div', 'li', 'section', 'tr']);
const ALTERNATING_CLASS = /^(odd|even|first|last|alt|row)$/i;
/** A forum post's signature block, by its class or id (`signature`, `signaturecontainer`, `post-signature`, `sig123`). */
const POST_SIGNATURE = /(^|[\s_-])(signature(container)?|sig\d+)($|[\s_-])/i;
/** The site's word to every visitor above a thread (vBulletin's "If this is your first visit…"): no post. */
const SITE_NOTICE = /notice|announcement/i;
/** The line over or under a post that says who wrote it and when (`message-attribution`, `postdetails`, `crawler-post-meta`, a `<time>`). */
const POST_META = /(post|message|comment|crawler-post)[-_]?(meta|info|header|details|date|attribution|head)|posted|timestamp|dateline|(?<![\w-])author(?![\w-])/i;
const POST_META_MAX_CHARS = 100;
/** A name for the bar of a post's actions (reply, quote, report, vote). */
const POST_ACTIONS = /(?<![a-z])(action[-_]?bar|actions|(post|message)[-_]?(controls|buttons|tools))(?![a-z])/i;
/** Text cut short, as a teaser's opening is. */
const CUT_SHORT = /(\.\.\.|…)$/;
/** The most a line about a post ("Posted by <author> on <date>") says besides its date and links. */
const POST_META_OWN_WORDS_MAX_CHARS = 40;
/** What a reply's subject starts with: "Re:", "AW:" (German), "SV:" (Scandinavian), "RE :". */
const REPLY_PREFIX = /^\s*(re|aw|sv|antw)\s?:\s*/i;
/**
 * A post's box about its author (rank, post count, join date): phpBB's `postprofile`, XenForo's
 * `messageUserInfo` and `message-user` (not `message-userContent`, the post), Invision's
 * `cAuthorPane`, bbPress's `bbp-reply-author` (not `topic-author`, which marks the starter's posts).
 */
const POST_AUTHOR_BOX = /(post|user)-?profile|user-?info|user-?extras|author-?(info|wrap|pane)|bbp-(reply|topic)-author(?![\w-])|(?<![\w-])message-user(?![\w-])/i;
/** A line of a post's author box: a short label and its value ("Beiträge: 457", "Joined: Mar 2019", "Messages : 3"). */
const PROFILE_LINE = /^([\p{L}][\p{L} .'’-]{0,24}):(?!\/)\s*\S/u;
const PROFILE_LINE_MAX_CHARS = 60;
const PROFILE_LINE_TAGS = new Set(['p', 'div', 'span', 'dt', 'dd', 'li']);
/** An author box's most text: a dozen label lines. */
const AUTHOR_BOX_MAX_CHARS = 500;
/** What an author box holds besides its label lines: a name, a rank ("Senior Member", "(Themenstarter)"). */
const AUTHOR_BOX_OTHER_MAX_CHARS = 40;
/** Boxes an author box is drawn in; a post's own block (`tr`, `li`, `article`) is not one. */
const AUTHOR_BOX_TAGS = new Set(['td', 'div', 'dl', 'aside', 'section', 'ul']);

const TOP_CANDIDATES = 5;
/** How far above a discussion's winning block its replies are looked for (the post's text, its body, the post). */
const POST_WRAPPER_LEVELS = 3;
/** Headings that can name a story on a page of several. */
const NAMING_HEADINGS = new Set(['h1', 'h2', 'h3']);
/** A named story's least text in paragraphs (about two): a headline with its standfirst and byline, or a teaser, is no story. */
const NAMED_STORY_MIN_CHARS = 250;
/**
 * A named story's least share of the best block's paragraph text: a block that much shorter is the
 * headline's own box (standfirst, caption) or a section of the text beside it, not a story of its own.
 */
const NAMED_STORY_MIN_SHARE = 1 / 3;
/** Places on the page that a winning block must link to, outside it, to be the index of a document around it. */
const INDEXED_PLACES_MIN = 3;
/** The share of the links to a block's places that must lie in the block holding it and its index (the rest are a navigation bar's). */
const INDEX_SHARE = 0.75;
/** Text before a block's first heading that still lets the heading lead it (a kicker, a date). */
const LEADING_TEXT_MAX_CHARS = 100;
/** Under this much paragraph score in all (two or three short paragraphs), a page's data tables are its content. */
const DATA_PAGE_PROSE_MAX = 10;
const MIN_ARTICLE_CHARS = 500;
/** How many times the best attempt's text a page's own landmark must hold to be taken instead, when no attempt reaches `MIN_ARTICLE_CHARS`. */
const LANDMARK_OVER_BEST = 2;
/** How much of the best attempt's text is looked for in the landmark, to tell whether it lies there. */
const LANDMARK_MATCH_CHARS = 80;
/** A paragraph shorter than this (a caption, a date) is not scored. */
const SCORED_PARAGRAPH_MIN_CHARS = 25;
/** Prose a block beside the article needs to be more of it (a sentence or two), and a heading module's most. */
const ARTICLE_PART_MIN_CHARS = 80;
const LANDING_SECTIONS_MIN = 3;
/**
 * A page builder's section, by its tag or its class (`w-section`, `et_pb_section`, `elementor-section`;
 * Elementor's top-level container `e-parent`, WPBakery's row `vc_row`).
 */
const PAGE_SECTION_CLASS = /(?<![a-z])section(?![a-z])|(?<![\w-])(e-parent|vc_row)(?![\w-])/i;
const HEADING_MODULE_MAX_CHARS = 200;
/** What a title block holds besides the title: a description of a line or two, a kicker. */
const TITLE_BLOCK_MAX_CHARS = 500;
const SECTION_HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);
const CONTENTS_TAGS = new Set(['div', 'nav', 'ul', 'ol', 'table', 'section', 'aside']);
/** A contents box's links and their numbers; a long list of links to places on the page is an index of the text (a glossary's letters, a reference's members). */
const CONTENTS_MAX_CHARS = 3000;
const CONTENTS_MAX_NODES = 600;
const CONTENTS_MIN_LINKS = 3;
/** Besides the links: "Contents", "hide", "On this page". */
const CONTENTS_OTHER_MAX_CHARS = 30;
const EDIT_LINK = /^\[?\s*edit( source| this page| on github)?(\s*\|\s*edit source)?\s*\]?$/i;
const EDIT_LINK_MAX_CHARS = 30;
/** A description under a title is a sentence: a line shorter than this is a kicker, a date or a category. */
const DESCRIPTION_MIN_CHARS = 40;
/** Member tables link each member's name and types: a third of their text, where a list of links is most of it. */
const NESTED_PARTS_LINK_DENSITY_MAX = 1 / 3;
/** A best block with this share of the main landmark's text or more is the landmark's content already. */
const MAIN_BLOCK_SHARE = 0.9;
/** Links in the rest of a main landmark that is more of the document: a sixth of its text at most. */
const MAIN_REST_LINK_DENSITY_MAX = 0.15;
const SHARE_ELEMENT_MAX_CHARS = 500;
/** An author's box is a few lines; a long block so named is the author's page. */
const AUTHOR_BIO_MAX_CHARS = 1500;
/** A count's name (`js-vote-count`, `upvoteCount`, `like-count`, `karma`) and what it says: a number alone. */
const TALLY_NAME = /vote|karma|(?<![a-z])(count|likes?|points)(?![a-z])/i;
const TALLY = /^[+-]?\d[\d,.]*\s?[kKmM]?$/;
/** "Defined in src/tide.ts:42", "Source: tide.js, line 3787". */
const SOURCE_LOCATION_MAX_CHARS = 200;
/**
 * Where a site signs a reader in or up (`/login/`, `member.php?action=register`, `ucp.php?mode=login`,
 * `/users/sign_in`, `/account/signup`).
 */
const SIGN_IN_ADDRESS = /(?:^|[/?&=._-])(log-?in|sign-?in|sign-?up|register|registration|create-account)(?:$|[/?&=._-])/i;
/** "Please, Log in or Register to view URLs content!", "You must log in or register to reply here." */
const SIGN_IN_PROMPT_MAX_CHARS = 200;
const SIGN_IN_PROMPT_MAX_NODES = 40;
const SIGN_IN_PROMPT_TAGS = new Set(['div', 'p', 'li', 'section', 'aside']);
/** The longest label of a post's action (`permalink`, `Reply With Quote`). */
const ACTION_MAX_CHARS = 30;
/** The most text a post's bar of actions holds: its links and a prompt ("Was this helpful? 0 0"). */
const ACTION_BAR_MAX_CHARS = 100;
/** The share of the page's text that makes a block named as unlikely the page's wrapper rather than a box in it (a sidebar may hold 88%). */
const PAGE_WRAPPER_SHARE = 0.9;
/** Class names of a note set apart in a text, as documentation generators write them. */
const ADMONITION = /(?:^|[\s_-])(?:admonition|callout|custom-block|hint|tip|note|warning|caution|important)(?:$|[\s_-])/i;
/** The share of a wrapper's text its listing holds for the wrapper to be the listing's. */
const CODE_BLOCK_SHARE = 0.8;

interface Flags {
  stripUnlikely: boolean;
  weightClasses: boolean;
  cleanConditionally: boolean;
}

const ATTEMPTS: Flags[] = [
  { stripUnlikely: true, weightClasses: true, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: true, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: false, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: false, cleanConditionally: false },
];

/** What names the page's own story; on a page of several stories, that one is the content. */
export interface PageNames {
  title: string | undefined;
  ogTitle?: string;
  canonical?: URL;
  /** What the page's relative links resolve against (none for a page without an absolute URL). */
  base: URL | undefined;
}

export interface MainContent {
  article: Element;
  /** The article's title heading, first in `article`, when the page has one. */
  titleHeading: Element | undefined;
  /** The byline beside it, next in `article`, when the page has one. */
  byline: Element | undefined;
}

/**
 * The main content of `body` as a new element, or undefined when the page has no text at all.
 * Boilerplate is removed from `body` itself; the rest of the work happens on copies.
 */
export function extractMainContent(body: Element, names: PageNames, kind?: PageKind, { keepBoilerplate = false } = {}): MainContent | undefined {
  if (!keepBoilerplate) removeBoilerplate(body, kind);
  paragraphsFromBreakRuns(body);
  let best: { content: MainContent; length: number } | undefined;
  for (const flags of ATTEMPTS) {
    const page = body.cloneNode(true);
    const content = new Attempt(flags, names, kind).run(page);
    const length = new TextLengths().of(content.article).text;
    if (length >= MIN_ARTICLE_CHARS) return content;
    if (!best || length > best.length) best = { content, length };
  }
  // Text in a shape nothing scores (an index of links, headings over empty sections) that the page
  // still marks as its content, when the best attempt found only a line beside it. A short best
  // block inside the landmark (a story cut short by a paywall) is the story.
  const landmark = landmarkOf(body);
  if (landmark && new TextLengths().of(landmark).text >= Math.max(MIN_ARTICLE_CHARS, (best?.length ?? 0) * LANDMARK_OVER_BEST)) {
    const firstText = best && firstWordsAfterHeadline(best.content);
    const bestWords = firstText ? collapseWhitespace(firstText.data).trim().slice(0, LANDMARK_MATCH_CHARS) : '';
    if (bestWords === '' || !collapseWhitespace(textOf(landmark)).includes(bestWords)) return { article: landmark.cloneNode(true), titleHeading: undefined, byline: undefined };
  }
  return best && best.length > 0 ? best.content : undefined;
}

/** The first text with words in the content, past its title heading and byline, which go first in it wherever they stood. */
function firstWordsAfterHeadline({ article, titleHeading, byline }: MainContent): Text | undefined {
  for (const child of article.children) {
    if (child === titleHeading || child === byline) continue;
    const words = isText(child) ? (child.data.trim() === '' ? undefined : child) : hasChildren(child) ? firstWords(child) : undefined;
    if (words) return words;
  }
  return undefined;
}

/** The page's one `<article>`, else its main landmark. */
function landmarkOf(body: Element): Element | undefined {
  const articles = descendantElements(body, (e) => e.name === 'article');
  if (articles.length === 1) return articles[0];
  return firstElement(body, (e) => e.name === 'main' || e.attribs.role === 'main');
}

/**
 * Text written as `line<br><br>line` becomes paragraphs, as Readability prepares a page: the text
 * after each run of two or more `<br>` goes into a `<p>` until the next run or block, so articles
 * laid out with line breaks are scored like any other. One pass per parent keeps it linear.
 */
function paragraphsFromBreakRuns(root: Element): void {
  const parents = new Set<ParentNode>();
  for (const br of descendantElements(root, (e) => e.name === 'br')) {
    const next = nextNonWhitespace(br);
    if (br.parent && next && isTag(next) && next.name === 'br') parents.add(br.parent);
  }
  for (const parent of parents) {
    const children: ChildNode[] = [];
    let paragraph: Element | undefined;
    const close = () => {
      if (!paragraph) return;
      while (paragraph.children.length > 0 && isWhitespace(paragraph.children[paragraph.children.length - 1] as ChildNode)) paragraph.children.pop();
      relink(paragraph, paragraph.children);
      paragraph = undefined;
    };
    const nodes = parent.children;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as ChildNode;
      if (isBreakRunStart(nodes, i)) {
        close();
        while (i + 1 < nodes.length && isWhitespace(nodes[i + 1] as ChildNode)) i++;
        paragraph = new Element('p', {});
        children.push(paragraph);
        continue;
      }
      if (paragraph && isPhrasing(node)) {
        if (paragraph.children.length > 0 || !isWhitespace(node)) paragraph.children.push(node);
        continue;
      }
      close();
      children.push(node);
    }
    close();
    relink(parent, children);
    // A paragraph cannot hold paragraphs.
    if (isTag(parent) && parent.name === 'p') parent.name = 'div';
  }
}

/** A `<br>` followed by another `<br>` (whitespace between them aside). */
function isBreakRunStart(nodes: ChildNode[], index: number): boolean {
  const node = nodes[index];
  if (!node || !isTag(node) || node.name !== 'br') return false;
  for (let i = index + 1; i < nodes.length; i++) {
    const next = nodes[i] as ChildNode;
    if (isTag(next)) return next.name === 'br';
    if (!isText(next) || next.data.trim() !== '') return false;
  }
  return false;
}

function nextNonWhitespace(node: AnyNode): AnyNode | null {
  let next = node.next;
  while (next && isText(next) && next.data.trim() === '') next = next.next;
  return next;
}

/** The first text with words in `root`, in document order. */
function firstWords(root: ParentNode): Text | undefined {
  for (const child of root.children) {
    if (isText(child) && child.data.trim() !== '') return child;
    const inside = hasChildren(child) ? firstWords(child) : undefined;
    if (inside) return inside;
  }
  return undefined;
}

class Attempt {
  private readonly scores = new Map<Element, number>();
  private readonly toScore: Element[] = [];
  private readonly dataTables = new Set<Element>();
  /**
   * Lengths while preparing: a div is measured before anything inside it is removed, and only
   * its own children are regrouped, so what is cached for a subtree stays true until it is visited.
   */
  private readonly preparedLengths = new TextLengths();
  /** Lengths in the page as it came, before any part of it was dropped. */
  private readonly unpreparedLengths = new TextLengths();
  private pageText = 0;
  /** Lengths once the tree is prepared. */
  private lengths = new TextLengths();
  /**
   * The article's title heading and byline: kept out of the scoring (as Readability does, they
   * would pull the candidate up to the page header), then put back at the top of the result.
   */
  private titleHeading: Element | undefined;
  private titleHeadingPlace: ParentNode | null = null;
  private byline: Element | undefined;
  private bylineRemoved = false;
  /** The story the page names, chosen over a better-scored story beside it. */
  private namedStory: Element | undefined;
  /** A discussion's lists of posts, each with its posts' best scores together. */
  private threads = new Map<Element, number>();
  /** The posts of the thread that won, short ones too, and the first post before it. */
  private threadPosts = new Set<Element>();
  /** A discussion's label lines ("Beiträge: 457") whose label recurs on the page, as it does in each post's author box. */
  private authorBoxLines = new Set<Element>();
  private readonly proseParagraphs = new Map<Element, boolean>();
  /** The page's title, and the title less the site's name after its last separator. */
  private readonly titles: string[];

  private readonly unlikelyClass: RegExp;
  private readonly negativeClass: RegExp;

  constructor(
    private readonly flags: Flags,
    private readonly names: PageNames,
    private readonly kind: PageKind | undefined,
  ) {
    this.titles = names.title ? titleAndHeadline(names.title) : [];
    this.unlikelyClass = kind ? UNLIKELY_CANDIDATE.besideContentDiscussion : UNLIKELY_CANDIDATE.everywhere;
    this.negativeClass = kind ? NEGATIVE_CLASS.besideContentDiscussion : NEGATIVE_CLASS.everywhere;
  }

  run(page: Element): MainContent {
    this.pageText = this.unpreparedLengths.of(page).text;
    if (this.kind === 'discussion') this.authorBoxLines = this.recurringLabelLines(page);
    this.prepare(page);
    const candidates = this.scoreParagraphs(page);
    const top = this.pickTopCandidate(page, candidates);
    const article = this.joinSiblings(top);
    this.cleanArticle(article);
    const { titleHeading, byline } = this;
    const heading = [titleHeading, byline].filter((element) => element !== undefined);
    if (heading.length > 0) setChildren(article, [...heading, ...article.children]);
    return { article, titleHeading, byline };
  }

  /**
   * Drops unlikely nodes and turns paragraph-like divs into paragraphs, in document order. Inside
   * code nothing is reshaped or scored: a `div` per line (Docusaurus's `token-line`, Doxygen's
   * `line`) is a line of code, not a paragraph, and a long listing's lines would outscore the prose around it.
   */
  private prepare(parent: ParentNode, inCode = false): void {
    const kept: ChildNode[] = [];
    for (const child of parent.children) {
      if (!isTag(child)) {
        kept.push(child);
        continue;
      }
      if (this.isDroppedDuringPrepare(child)) continue;
      let element = child;
      if (!inCode && TAGS_TO_SCORE.has(element.name)) this.toScore.push(element);
      if (element.name === 'div' && !inCode) element = this.reshapeDiv(element);
      // A forum's post is often bare text in a blockquote (vBulletin's): its runs of text are paragraphs too.
      else if (element.name === 'blockquote' && this.kind === 'discussion') paragraphsOfLooseText(element);
      kept.push(element);
      this.prepare(element, inCode || isCode(element));
    }
    setChildren(parent, kept);
  }

  private isDroppedDuringPrepare(element: Element): boolean {
    const match = isIdOfCodeName(element) ? element.attribs.class ?? '' : classAndId(element);
    if (!this.bylineRemoved && isByline(element, match)) {
      this.bylineRemoved = true;
      // Only a byline beside the headline is the article's; one elsewhere (an author box) just goes.
      if (this.titleHeading && nearEachOther(this.titleHeading, element)) this.byline = element;
      return true;
    }
    // Nor is its author's signature, the same under each of their posts.
    if (this.kind === 'discussion' && (POST_SIGNATURE.test(match) || POST_AUTHOR_BOX.test(match) || this.isAuthorBoxByShape(element))) return true;
    if (!this.titleHeading && this.duplicatesTitle(element)) {
      this.titleHeading = element;
      this.titleHeadingPlace = element.parent;
      return true;
    }
    if (this.flags.stripUnlikely) {
      // A heading or a summary named `section-header` or `code-header` heads a part of the text: it is no page header.
      if (
        this.unlikelyClass.test(match) &&
        !MAYBE_CANDIDATE.test(match.replace(RELATED_ITEMS, '')) &&
        element.name !== 'body' &&
        element.name !== 'a' &&
        !HEADINGS.has(element.name) &&
        element.name !== 'summary' &&
        !findAncestor(element, 'table', 4) &&
        !isInCode(element) &&
        !this.isCodeBlock(element) &&
        !isMemberHeader(element) &&
        !this.holdsTitle(element) &&
        // A wrapper named for the header that holds nearly all the page (XenForo's `headerMover`) is the page.
        this.unpreparedLengths.of(element).text < this.pageText * PAGE_WRAPPER_SHARE
      ) {
        return true;
      }
      if (UNLIKELY_ROLES.has(element.attribs.role ?? '') && !isNoteInText(element)) return true;
      if (isNamedSidebar(element) && this.unpreparedLengths.of(element).text * 2 < this.pageText) return true;
      if (isNamedNavigation(element) && this.isMostlyLinks(element)) return true;
    }
    const length = this.unpreparedLengths.of(element).text;
    if (length >= COPIED_MIN_CHARS && length <= COPIED_MAX_CHARS && isCopiedNotice(element)) return true;
    return EMPTY_REMOVABLE.has(element.name) && isWithoutContent(element);
  }

  /**
   * A box of label lines about a post's author (join date, post count, place), whatever its class,
   * beside the post it belongs to, which says more besides such lines: ubuntuusers' `td.author`
   * beside `td.post`.
   */
  private isAuthorBoxByShape(element: Element): boolean {
    if (this.authorBoxLines.size === 0 || !AUTHOR_BOX_TAGS.has(element.name) || this.unpreparedLengths.of(element).text > AUTHOR_BOX_MAX_CHARS) return false;
    // A quote's "name:" over the words quoted is no label line.
    if (firstElement(element, (e) => e.name === 'blockquote') !== undefined) return false;
    const { lines, otherText } = this.authorLinesIn(element);
    if (lines < 2 || otherText > AUTHOR_BOX_OTHER_MAX_CHARS) return false;
    return element.parent !== null && element.parent.children.some((sibling) => isTag(sibling) && sibling !== element && this.authorLinesIn(sibling).otherText > otherText);
  }

  /** How many of the discussion's recurring label lines an element holds, and how much text it has besides. */
  private authorLinesIn(element: Element): { lines: number; otherText: number } {
    const lines = descendantElements(element, (e) => this.authorBoxLines.has(e));
    const outermost = lines.filter((line) => !lines.some((other) => other !== line && isInside(line, other)));
    const lineText = outermost.reduce((sum, line) => sum + this.unpreparedLengths.of(line).text, 0);
    return { lines: outermost.length, otherText: this.unpreparedLengths.of(element).text - lineText };
  }

  /** Short "label: value" lines whose label is on the page twice or more: an author's facts over each post, not a post's own lines. */
  private recurringLabelLines(page: Element): Set<Element> {
    const byLabel = new Map<string, { lines: Element[]; places: Set<AnyNode> }>();
    for (const line of descendantElements(page, (e) => PROFILE_LINE_TAGS.has(e.name) && this.unpreparedLengths.of(e).text <= PROFILE_LINE_MAX_CHARS)) {
      const label = PROFILE_LINE.exec(collapseWhitespace(textOf(line)).trim())?.[1]?.toLowerCase();
      if (label === undefined) continue;
      const seen = byLabel.get(label) ?? { lines: [], places: new Set() };
      seen.lines.push(line);
      // A line and the span inside it are one place on the page: they start with the same text.
      seen.places.add(firstWords(line) ?? line);
      byLabel.set(label, seen);
    }
    return new Set([...byLabel.values()].filter(({ places }) => places.size > 1).flatMap(({ lines }) => lines));
  }

  /** Half its text or more is the text of links (read as it reads: a link to a place on the page counts in full). */
  private isMostlyLinks(element: Element): boolean {
    const linked = descendantElements(element, (e) => e.name === 'a').reduce((sum, a) => sum + this.unpreparedLengths.of(a).text, 0);
    return linked * 2 >= this.unpreparedLengths.of(element).text;
  }

  /** A heading that says what the `<title>` says (not just the site name the title ends with). */
  /** A highlighter's wrapper around a listing (VuePress's `language-js extra-class`) is the listing. */
  private isCodeBlock(element: Element): boolean {
    const listing = firstElement(element, (e) => e.name === 'pre');
    return listing !== undefined && this.unpreparedLengths.of(listing).text >= this.unpreparedLengths.of(element).text * CODE_BLOCK_SHARE;
  }

  private duplicatesTitle(element: Element): boolean {
    if (element.name !== 'h1' && element.name !== 'h2') return false;
    const text = textOf(element);
    return this.titles.some((title) => sameWords(title, text) > 0);
  }

  /** Wraps loose phrasing content in paragraphs; a div that is really a paragraph becomes one. */
  private reshapeDiv(div: Element): Element {
    paragraphsOfLooseText(div);
    const only = singleChildElement(div, 'p');
    if (only && linkDensity(this.preparedLengths, div) < 0.25) {
      // The paragraph takes the div's place when the parent's children are rebuilt, and its name
      // when it has none (a signature's `summary-signature` around the link that is the signature).
      if (only.attribs.class === undefined && div.attribs.class !== undefined) only.attribs.class = div.attribs.class;
      this.toScore.push(only);
      return only;
    }
    if (!hasBlockDescendant(div)) {
      div.name = 'p';
      this.toScore.push(div);
    }
    return div;
  }

  private scoreParagraphs(page: Element): Element[] {
    const candidates: Element[] = [];
    const dataTables = new Set(descendantElements(page, (e) => e.name === 'table' && isDataTable(e)));
    let prose = 0;
    for (const element of this.toScore) {
      if (!element.parent || !isTag(element.parent)) continue;
      const text = innerText(element);
      if (text.length < SCORED_PARAGRAPH_MIN_CHARS) continue;
      // A data table's cells are values (names, places, figures), not paragraphs: their commas would
      // make a table of names outscore the letter it follows. The table is scored as one block.
      if (element.name === 'td' && !readsAsProse(text) && isInDataTable(element, dataTables)) continue;
      // A point for the paragraph, one per comma-separated part, one per 100 characters (at most 3).
      // Commas in code part arguments and items, not clauses: a listing, or a signature in a table's
      // cell, scores by its length alone.
      const parts = textOutsideCode(element).split(COMMAS).length;
      const score = 1 + parts + Math.min(Math.floor(text.length / 100), 3);
      prose += score;
      this.spreadScore(element, score, candidates);
    }
    this.lengths = new TextLengths();
    // A page with hardly any prose (a player's stats and fixtures) is its tables: they are scored as
    // blocks, so they outscore a login box. Elsewhere they would pull the article to a sidebar's calendar.
    if (prose < DATA_PAGE_PROSE_MAX) {
      for (const table of dataTables) {
        // A table of links is navigation (a list of headlines, a sidebar's rankings), not data.
        if (!findAncestor(table, 'table')) this.spreadScore(table, dataTableScore(table) * (1 - linkDensity(this.lengths, table)), candidates);
      }
    }
    for (const candidate of candidates) {
      this.scores.set(candidate, this.score(candidate) * (1 - linkDensity(this.lengths, candidate)));
    }
    if (this.kind === 'discussion') {
      // Teasers of other threads (their titles linked, their openings cut short) are not this one.
      for (const candidate of candidates) if (this.isListOfTeasers(candidate)) this.scores.set(candidate, 0);
      this.threads = this.scoreThreads(page, candidates);
    }
    return candidates;
  }

  /**
   * A discussion's content is its thread, not its best post: a list of posts scores what its posts'
   * best blocks score together.
   */
  private scoreThreads(page: Element, candidates: Element[]): Map<Element, number> {
    const bestWithin = new Map<ParentNode, number>();
    for (const candidate of candidates) {
      const score = this.score(candidate);
      for (let block: ParentNode | null = candidate; block; block = block.parent) {
        if ((bestWithin.get(block) ?? -Infinity) >= score) break;
        bestWithin.set(block, score);
      }
    }
    const threads = new Map<Element, number>();
    for (const thread of descendantElements(page, (e) => bestWithin.has(e) && this.isListOfPosts(e) && !this.isListOfTeasers(e))) {
      threads.set(thread, this.posts(thread).reduce((sum, post) => sum + Math.max(0, bestWithin.get(post) ?? 0), 0));
    }
    return threads;
  }

  /**
   * The best-scored thread that is where the best block is: around it, after it as its first post,
   * most of it (a wrapper with the thread's header and sidebar), or in the page's main landmark
   * when the best block is outside it (a sidebar's box). A list of posts elsewhere (related
   * threads with their openings, a forum's boards) is not the discussion. Its posts are kept whole.
   */
  private threadOf(page: Element, best: Element): Element | undefined {
    const main = firstElement(page, (e) => e.name === 'main' || e.attribs.role === 'main');
    const outsideMain = main !== undefined && !isAncestorOrSelf(main, best);
    for (const [thread, score] of [...this.threads].sort(([, a], [, b]) => b - a)) {
      const { block, firstPost } = this.threadWithFirstPost(page, thread);
      const around = isAncestorOrSelf(block, best) || (isAncestorOrSelf(best, block) && this.lengths.of(block).text * 2 >= this.lengths.of(best).text);
      if (!around && !(outsideMain && isAncestorOrSelf(main, thread))) continue;
      const kinds = new Set(this.posts(thread).map(postKind));
      this.threadPosts = new Set(elementChildren(thread).filter((child) => kinds.has(postKind(child))));
      if (firstPost) this.threadPosts.add(firstPost);
      this.scores.set(block, Math.max(this.scores.get(block) ?? 0, score));
      return block;
    }
    return undefined;
  }

  /** Gives a scored block's points to its ancestors, less with each level up (the page root included). */
  private spreadScore(element: Element, score: number, candidates: Element[]): void {
    let level = 0;
    for (let ancestor: ParentNode | null = element.parent; ancestor && level < 5; ancestor = ancestor.parent, level++) {
      // The page root (the body) is a candidate too: text straight under it can win.
      if (!isTag(ancestor)) continue;
      if (!this.scores.has(ancestor)) {
        this.scores.set(ancestor, this.initialScore(ancestor));
        candidates.push(ancestor);
      }
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      this.addScore(ancestor, score / divider);
    }
  }

  private pickTopCandidate(page: Element, candidates: Element[]): Element {
    const top = [...candidates].sort((a, b) => this.score(b) - this.score(a)).slice(0, TOP_CANDIDATES);
    // A discussion's thread may be all the page scores as a whole.
    let candidate = top[0] === page && this.kind === 'discussion' ? this.threadOf(page, page) : top[0];
    if (candidate && candidate !== page && this.kind === undefined) candidate = this.landingPageAround(page, candidate) ?? candidate;
    if (!candidate || candidate === page) {
      const wrapper = createElement('div', [...page.children]);
      setChildren(page, [wrapper]);
      this.scores.set(wrapper, this.initialScore(wrapper));
      return wrapper;
    }
    this.namedStory = this.storyNamedBesides(page, candidate);
    if (this.namedStory) candidate = this.kind === 'product' ? this.productAround(page, this.namedStory, candidate) : this.namedStory;
    else {
      candidate = this.commonAncestorOfAlternatives(page, candidate, top);
      candidate = this.climbWhileScoreRises(page, candidate);
      candidate = this.withIndexedPlaces(page, candidate);
      candidate = this.withIndexOf(page, candidate);
      candidate = this.mainLandmarkAround(page, candidate);
    }
    if (this.kind === 'product') candidate = this.withProductName(page, candidate);
    if (this.kind === 'discussion') candidate = this.threadOf(page, candidate) ?? this.postBeforeReplies(page, candidate);
    // An only child, a section's body beside its heading, an item's description beside its
    // declaration (Javadoc's) or a definition beside its term (Texinfo's `dl` for each function) is
    // joined with its parent's siblings (the page's other sections and items) more easily from the parent.
    while (
      candidate.parent &&
      candidate.parent !== page &&
      isTag(candidate.parent) &&
      (isOnlyBlockOf(candidate.parent, candidate) || isBesideDeclaration(candidate.parent, candidate) || (candidate.name === 'dd' && candidate.parent.name === 'dl'))
    ) {
      candidate = candidate.parent;
    }
    if (!this.scores.has(candidate)) this.scores.set(candidate, this.initialScore(candidate));
    return candidate;
  }

  /**
   * A landing page (a company's services, an app's features) is a run of sections side by side,
   * each led by its heading: a hero, features, testimonials, questions and answers, a call to
   * action. When the best block lies in a section beside two or more others led by a heading, the
   * sections together are the content, however long the best one is.
   */
  private landingPageAround(page: Element, best: Element): Element | undefined {
    for (let block: Element = best; block.parent && isTag(block.parent); block = block.parent) {
      const parent = block.parent;
      if (isPageSection(block) && elementChildren(parent).filter((section) => isPageSection(section) && this.isStoryOfItsOwn(section)).length >= LANDING_SECTIONS_MIN) return parent;
      if (parent === page) break;
    }
    return undefined;
  }

  /**
   * A product's name heads its summary (price, short description), a block apart from its
   * description and specifications: the block that holds both the named summary and the
   * best-scored block, short of the whole page, is the content.
   */
  private productAround(page: Element, summary: Element, best: Element): Element {
    let around: ParentNode | null = summary.parent;
    while (around && around !== page && !isInside(best, around)) around = around.parent;
    return around && around !== page && isTag(around) ? around : summary;
  }

  /**
   * A product page's name, price and buying box, its description and its specifications are often
   * blocks apart: the content is the block that holds both the best-scored one and the product's
   * name (the heading the page names, else its first `h1`), short of the whole page.
   */
  private withProductName(page: Element, best: Element): Element {
    const place = this.namingHeading(page)?.place ?? firstElement(page, (e) => e.name === 'h1')?.parent;
    if (!place) return best;
    const aroundBest = new Set<ParentNode>();
    for (let block: ParentNode | null = best; block; block = block.parent) aroundBest.add(block);
    for (let block: ParentNode | null = place; block && block !== page; block = block.parent) {
      if (aroundBest.has(block)) return isTag(block) ? block : best;
    }
    return best;
  }

  /**
   * A discussion's first post may win inside its own wrapper (a title and the text): the block to
   * join the replies to is the one, a few levels up at most, that the replies follow.
   */
  private postBeforeReplies(page: Element, post: Element): Element {
    let block = post;
    for (let level = 0; level <= POST_WRAPPER_LEVELS; level++) {
      const parent = block.parent;
      if (!parent || !isTag(parent)) break;
      const siblings = elementChildren(parent);
      if (this.repliesAfter(siblings, siblings.indexOf(block)) !== undefined) return block;
      if (parent === page) break;
      block = parent;
    }
    return post;
  }

  /**
   * A thread that won stands after its first post, often a few wrappers apart (a forum's post above
   * its comment area's sort menu and reply form): the block to keep is the one that holds both.
   * Blocks without a paragraph between them (a count, a menu, a form) are passed; other text ends the search.
   */
  private threadWithFirstPost(page: Element, thread: Element): { block: Element; firstPost?: Element } {
    let block = thread;
    for (let level = 0; level <= POST_WRAPPER_LEVELS; level++) {
      const parent = block.parent;
      if (!parent || !isTag(parent) || parent === page) break;
      const siblings = elementChildren(parent);
      for (const sibling of siblings.slice(0, siblings.indexOf(block)).reverse()) {
        if (!SITE_NOTICE.test(classAndId(sibling)) && this.holdsPost(sibling)) return { block: parent, firstPost: sibling };
        if (this.lengths.of(sibling).text >= ARTICLE_PART_MIN_CHARS) return { block: thread };
      }
      block = parent;
    }
    return { block: thread };
  }

  /** A paragraph with few links that is a post's length or a sentence long enough to be scored (not a "… opened this issue" line). */
  private holdsPost(element: Element): boolean {
    const paragraphs = element.name === 'p' ? [element] : descendantElements(element, (e) => e.name === 'p');
    return paragraphs.some((p) => {
      const text = this.lengths.of(p).text;
      if (text < SCORED_PARAGRAPH_MIN_CHARS || linkDensity(this.lengths, p) >= 0.25) return false;
      return text >= ARTICLE_PART_MIN_CHARS || /[.?!…]["'”’)]*$/.test(innerText(p));
    });
  }

  /**
   * The block around the heading the page names (its title, `og:title`, or a link to its canonical
   * URL), when that is a story of its own beside the best-scored block rather than inside or around
   * it: on a section or live page the page's own story wins, not the longest one.
   */
  private storyNamedBesides(page: Element, best: Element): Element | undefined {
    const named = this.namingHeading(page);
    if (!named) return undefined;
    for (let block = named.place; block && block !== page && isTag(block); block = block.parent) {
      if (!this.scores.has(block)) continue;
      return this.isStoryBeside(block, best, named.heading) ? block : undefined;
    }
    return undefined;
  }

  /**
   * The heading that names the page's story: of those that say what the title or `og:title` says,
   * the one that says it most nearly (a site name the title ends with says it less than the
   * headline), an `h1` first on a tie; else the first that links to the canonical URL.
   */
  private namingHeading(page: Element): { heading: Element; place: ParentNode | null } | undefined {
    const headings = descendantElements(page, (e) => NAMING_HEADINGS.has(e.name));
    const candidates = [
      ...(this.titleHeading ? [{ heading: this.titleHeading, place: this.titleHeadingPlace }] : []),
      ...headings.map((heading) => ({ heading, place: heading.parent })),
    ];
    let best: { heading: Element; place: ParentNode | null; match: number } | undefined;
    for (const candidate of candidates) {
      const match = this.saysPageName(candidate.heading);
      const better = best === undefined || match > best.match || (match === best.match && candidate.heading.name === 'h1' && best.heading.name !== 'h1');
      if (match > 0 && better) best = { ...candidate, match };
    }
    if (best) return best;
    const linked = headings.find((heading) => this.linksToCanonical(heading));
    return linked && { heading: linked, place: linked.parent };
  }

  /** How nearly a heading says what the title or `og:title` says (0: it does not). */
  private saysPageName(heading: Element): number {
    const text = textOf(heading);
    return Math.max(...this.titles.map((title) => sameWords(title, text)), this.names.ogTitle ? sameWords(this.names.ogTitle, text) : 0);
  }

  private linksToCanonical(heading: Element): boolean {
    const { canonical, base } = this.names;
    if (!canonical) return false;
    const target = withoutFragment(canonical);
    // A heading's own permalink (`#…`) links to the page it is on, whichever story it heads.
    return descendantElements(heading, (e) => e.name === 'a' && e.attribs.href !== undefined && !e.attribs.href.startsWith('#')).some((link) => {
      const url = URL.parse(link.attribs.href as string, base);
      return url !== null && withoutFragment(url) === target;
    });
  }

  /**
   * A block apart from the best one that reads as the named story: paragraphs of its own, at least
   * a third of the best block's (a headline's box with its standfirst, or one section of a long
   * text, is shorter), and no other heading as high as the naming one (then it is a list of
   * stories, e.g. teasers, one of them the page's).
   */
  private isStoryBeside(block: Element, best: Element, heading: Element): boolean {
    if (isAncestorOrSelf(block, best) || isAncestorOrSelf(best, block)) return false;
    const text = this.paragraphText(block);
    if (text < NAMED_STORY_MIN_CHARS || text < this.paragraphText(best) * NAMED_STORY_MIN_SHARE) return false;
    const level = headingLevel(heading);
    return !firstElement(block, (e) => e !== heading && HEADINGS.has(e.name) && headingLevel(e) <= level);
  }

  private paragraphText(block: Element): number {
    return descendantElements(block, (e) => e.name === 'p').reduce((sum, p) => sum + this.lengths.of(p).text, 0);
  }

  /**
   * A block that links to three or more places on the page outside it (a member summary's
   * `#method()`, a table of contents) is the index of a document: the content is the block that
   * holds it and those places, short of the page root.
   */
  private withIndexedPlaces(page: Element, best: Element): Element {
    const ids = this.placesLinkedFrom(best);
    if (ids.size < INDEXED_PLACES_MIN) return best;
    const places = descendantElements(page, (e) => ids.has(e.attribs.id ?? '') || (e.name === 'a' && ids.has(e.attribs.name ?? '')));
    const outside = places.filter((place) => !isAncestorOrSelf(best, place));
    if (outside.length < INDEXED_PLACES_MIN) return best;
    return ancestorHolding(page, best, outside, 1) ?? best;
  }

  /**
   * A block holding three or more places that links outside it point to (member details beside the
   * summary that indexes them) belongs with that index: the content is the block holding both.
   */
  private withIndexOf(page: Element, best: Element): Element {
    const placesInside = new Set(
      descendantElements(best, (e) => e.attribs.id !== undefined || (e.name === 'a' && e.attribs.name !== undefined)).map(
        (e) => e.attribs.id ?? e.attribs.name,
      ),
    );
    if (placesInside.size < INDEXED_PLACES_MIN) return best;
    const links: Element[] = [];
    const targets = new Set<string>();
    for (const link of descendantElements(page, (e) => e.name === 'a' && !isAncestorOrSelf(best, e))) {
      const id = this.placeLinkedBy(link);
      if (id && placesInside.has(id)) {
        links.push(link);
        targets.add(id);
      }
    }
    if (targets.size < INDEXED_PLACES_MIN) return best;
    return ancestorHolding(page, best, links, INDEX_SHARE) ?? best;
  }

  /** The ids a block's links point to on this page. */
  private placesLinkedFrom(block: Element): Set<string> {
    const ids = new Set<string>();
    for (const link of descendantElements(block, (e) => e.name === 'a')) {
      const id = this.placeLinkedBy(link);
      if (id) ids.add(id);
    }
    return ids;
  }

  /** The id a link points to on this page: `#id`, or this page's own address with `#id` (Javadoc's). */
  private placeLinkedBy(link: Element): string | undefined {
    const href = link.attribs.href;
    const hash = href?.indexOf('#') ?? -1;
    if (!href || hash < 0) return undefined;
    const { base } = this.names;
    const url = hash === 0 ? undefined : URL.parse(href, base);
    const here = hash === 0 || (url && base && withoutFragment(url) === withoutFragment(base));
    return (here && href.slice(hash + 1)) || undefined;
  }

  /** When three or more near-best candidates share an ancestor, the article is that ancestor. */
  private commonAncestorOfAlternatives(page: Element, candidate: Element, top: Element[]): Element {
    const alternatives = top
      .slice(1)
      .filter((other) => this.score(other) / this.score(candidate) >= 0.75)
      .map((other) => new Set(ancestorsOf(other)));
    if (alternatives.length < 3) return candidate;
    for (let ancestor = candidate.parent; ancestor && ancestor !== page && isTag(ancestor); ancestor = ancestor.parent) {
      const containing = alternatives.filter((ancestors) => ancestors.has(ancestor)).length;
      if (containing >= 3) return ancestor;
    }
    return candidate;
  }

  private climbWhileScoreRises(page: Element, candidate: Element): Element {
    let lastScore = this.score(candidate);
    const threshold = lastScore / 3;
    for (let parent = candidate.parent; parent && parent !== page && isTag(parent); parent = parent.parent) {
      if (!this.scores.has(parent)) continue;
      const parentScore = this.score(parent);
      if (parentScore < threshold) break;
      if (parentScore > lastScore) return parent;
      lastScore = parentScore;
    }
    return candidate;
  }

  /** The top candidate and the siblings that look like part of the same article. */
  private joinSiblings(top: Element): Element {
    const parent = top.parent;
    if (!parent) return createElement('div', [top]);
    const threshold = Math.max(10, this.score(top) * 0.2);
    const topClass = top.attribs.class ?? '';
    const sameClassBonus = this.score(top) * 0.2;
    const siblings = elementChildren(parent);
    const belongs = siblings.map((sibling) => {
      if (sibling === top) return true;
      // Beside the story the page names, the other stories are theirs.
      if (this.namedStory && this.isStoryOfItsOwn(sibling)) return false;
      const bonus = topClass !== '' && sibling.attribs.class === topClass ? sameClassBonus : 0;
      return this.siblingBelongs(sibling, bonus, threshold);
    });
    // A data table beside the article (a letter's signatories, a page's second table) is part of it.
    joinAdjacent(siblings, belongs, (sibling) => this.isDataBlock(sibling));
    // A reference's entries beside the one that won, a term and its definition each (Texinfo's `dl`
    // for every function), are more of it.
    if (top.name === 'dl') joinAdjacent(siblings, belongs, (sibling) => sibling.name === 'dl' && linkDensity(this.lengths, sibling) < 0.25);
    // Page builders and CMS components put each paragraph, the lead or a heading in a block of its
    // own: the prose blocks next to the article, and the headings between them, are more of it.
    // Only a winning block that is a fragment (under an article's length, or one of a document's
    // headed sections) is taken as split: beside a whole article, prose blocks are boxes of their
    // own (a fact check, an author's note).
    const scored = [...belongs];
    const sectioned = siblings.some((sibling) => sibling !== top && areSections(top, sibling));
    const fragment = this.lengths.of(top).text < MIN_ARTICLE_CHARS || sectioned;
    if (fragment) joinAdjacent(siblings, belongs, (sibling) => !(this.namedStory && this.isStoryOfItsOwn(sibling)) && this.isArticlePart(sibling));
    // A document's other headed sections are more of it, prose or not (a section of commands).
    if (sectioned && !this.namedStory) {
      for (const [index, sibling] of siblings.entries()) if (areSections(top, sibling) && linkDensity(this.lengths, sibling) < 0.25) belongs[index] = true;
    }
    // A question, or a thread's first post, stands just before the answers or replies that won: it is theirs.
    const before = siblings.indexOf(top) - 1;
    // The block the title heading stood in, just before the article, is its head: what stays in it is
    // the description under the title (a documentation page's header above its body).
    if (before >= 0 && !belongs[before] && this.isTitleBlock(siblings[before] as Element)) belongs[before] = true;
    if (before >= 0 && !belongs[before] && this.isListOfPosts(top) && this.isArticlePart(siblings[before] as Element)) belongs[before] = true;
    // On a page that says it is a discussion, the replies after the first post that won are its content.
    if (this.kind === 'discussion') {
      const replies = this.repliesAfter(siblings, siblings.indexOf(top));
      if (replies !== undefined) belongs[replies] = true;
    }
    for (let i = siblings.length - 1; i >= 0 && !scored[i]; i--) {
      // A heading that ends the run introduces what follows it (related links), not the article.
      if (belongs[i] && isHeadingOnly(siblings[i] as Element, this.lengths)) belongs[i] = false;
      else if (belongs[i]) break;
    }
    const joined = siblings.filter((_sibling, index) => belongs[index]);
    for (const sibling of joined) if (!KEPT_TAG_WHEN_JOINING.has(sibling.name)) sibling.name = 'div';
    return createElement('div', joined);
  }

  /**
   * A small block with few links that holds the page's title heading as text, however it is named:
   * a documentation page's title and description (`header#header`), not a masthead, whose title is a link home.
   */
  private holdsTitle(element: Element): boolean {
    if (this.titleHeading || this.unpreparedLengths.of(element).text > TITLE_BLOCK_MAX_CHARS || linkDensity(this.unpreparedLengths, element) >= 0.25) return false;
    return firstElement(element, (e) => this.duplicatesTitle(e) && !firstElement(e, (a) => a.name === 'a') && !findAncestor(e, 'a')) !== undefined;
  }

  /**
   * The block that held the title heading, now holding a sentence or two under it in a paragraph
   * (a description, a standfirst), few links and no other heading (a blog's masthead says its
   * motto in one; a dateline or a category is no sentence).
   */
  private isTitleBlock(block: Element): boolean {
    const place = this.titleHeadingPlace;
    if (!place || !isTag(place) || !isAncestorOrSelf(block, place)) return false;
    const { text } = this.lengths.of(block);
    if (text === 0 || text > TITLE_BLOCK_MAX_CHARS || linkDensity(this.lengths, block) >= 0.25) return false;
    if (firstElement(block, (e) => HEADINGS.has(e.name))) return false;
    return firstElement(block, (e) => e.name === 'p' && this.lengths.of(e).text >= DESCRIPTION_MIN_CHARS && SENTENCE_END.test(innerText(e).trim())) !== undefined;
  }

  /**
   * A block led by a heading of its own (an `h1`–`h3`, after at most a kicker or a date): beside
   * the named story, another story. The rest of the article's text, with subheadings further
   * down, is not one.
   */
  private isStoryOfItsOwn(block: Element): boolean {
    const heading = NAMING_HEADINGS.has(block.name) ? block : firstElement(block, (e) => NAMING_HEADINGS.has(e.name));
    if (!heading) return false;
    let before = 0;
    for (let node: AnyNode | undefined = firstLeaf(block); node && node !== heading && !isAncestorOrSelf(heading, node); node = nextInDocument(node, block)) {
      if (isText(node)) before += collapsedLength(node.data);
      if (before > LEADING_TEXT_MAX_CHARS) return false;
    }
    return true;
  }

  private siblingBelongs(sibling: Element, bonus: number, threshold: number): boolean {
    const score = this.scores.get(sibling);
    if (score !== undefined && score + bonus >= threshold) return true;
    if (score === undefined && this.holdsNestedParts(sibling, threshold)) return true;
    if (sibling.name !== 'p') return false;
    const text = innerText(sibling);
    const density = linkDensity(this.lengths, sibling);
    if (text.length > 80) return density < 0.25;
    return text.length > 0 && density === 0 && SENTENCE_END.test(text);
  }

  /**
   * Scores spread five levels up, so a block whose text sits deeper has none: Dokka's tables of
   * members, in a tab panel beside the class's description. Such a block with parts headed by a
   * heading that is no link (not a teaser's) and text scored as the article's, and few links, is more of it.
   */
  private holdsNestedParts(block: Element, threshold: number): boolean {
    if (linkDensity(this.lengths, block) >= NESTED_PARTS_LINK_DENSITY_MAX) return false;
    const partHeading = firstElement(block, (e) => HEADINGS.has(e.name) && e.name !== 'h1' && !this.isLinkElsewhere(e));
    return partHeading !== undefined && firstElement(block, (e) => (this.scores.get(e) ?? 0) >= threshold) !== undefined;
  }

  /**
   * The page's main landmark (`<main>`, `role="main"`) around the best block is the content when
   * what it holds besides that block reads as more of one document: parts under headings of their
   * own, none of them a link to another page (a teaser's), and few links (a shop's other products
   * and a news site's latest stories have more). Documentation puts a page's sections, member
   * tables and examples there, of which the best block is one.
   */
  private mainLandmarkAround(page: Element, candidate: Element): Element {
    let main: Element | undefined;
    for (let ancestor = candidate.parent; !main && ancestor && ancestor !== page && isTag(ancestor); ancestor = ancestor.parent) {
      if (ancestor.name === 'main' || ancestor.attribs.role === 'main') main = ancestor;
    }
    if (!main) return candidate;
    const whole = this.lengths.of(main);
    const best = this.lengths.of(candidate);
    const restText = whole.text - best.text;
    if (best.text >= whole.text * MAIN_BLOCK_SHARE || whole.links - best.links >= restText * MAIN_REST_LINK_DENSITY_MAX) return candidate;
    const headings = descendantElements(main, (e) => HEADINGS.has(e.name) && !isInside(e, candidate));
    if (headings.length === 0 || headings.some((heading) => this.isLinkElsewhere(heading))) return candidate;
    return main;
  }

  /** Whether an element is mostly a link to another page (not to a place on this one). */
  private isLinkElsewhere(element: Element): boolean {
    const link = firstElement(element, (e) => e.name === 'a' && e.attribs.href !== undefined && !e.attribs.href.startsWith('#'));
    return link !== undefined && this.lengths.of(link).text * 2 >= this.lengths.of(element).text;
  }

  /** A block of prose with few links (sentences in paragraphs), or a heading alone (a heading module). */
  private isArticlePart(element: Element): boolean {
    const { text } = this.lengths.of(element);
    if (text === 0 || linkDensity(this.lengths, element) >= 0.25) return false;
    if (isHeadingOnly(element, this.lengths)) return text <= HEADING_MODULE_MAX_CHARS;
    const paragraphs = element.name === 'p' ? [element] : descendantElements(element, (e) => e.name === 'p');
    const prose = paragraphs.filter((p) => SENTENCE_END.test(innerText(p))).reduce((sum, p) => sum + this.lengths.of(p).text, 0);
    return prose >= ARTICLE_PART_MIN_CHARS && prose >= text * 0.8;
  }

  /**
   * Posts side by side: two or more blocks of one class (not paragraphs) or of one custom element
   * (`<shreddit-comment>`), each with some text of its own and few links.
   */
  private isListOfPosts(element: Element): boolean {
    return this.posts(element).length >= 2;
  }

  /**
   * The posts among `element`'s children: the most of one kind, each with some text of its own and few links.
   */
  private posts(element: Element): Element[] {
    return this.postsByKind(element).reduce<Element[]>((most, posts) => (posts.length > most.length ? posts : most), []);
  }

  /** The blocks among `element`'s children that read as posts (some text of their own, few links), by kind. */
  private postsByKind(element: Element, kindOf: (block: Element) => string | undefined = postKind): Element[][] {
    const byKind = new Map<string, Element[]>();
    for (const child of elementChildren(element)) {
      const kind = kindOf(child);
      if (kind === undefined || this.lengths.of(child).text < ARTICLE_PART_MIN_CHARS || linkDensity(this.lengths, child) >= 0.5) continue;
      const posts = byKind.get(kind);
      if (posts) posts.push(child);
      else byKind.set(kind, [child]);
    }
    return [...byKind.values()];
  }

  /**
   * Posts most of which are headed by a link to another page in the same place of the site as this
   * one: teasers of other threads or stories (a post's heading may link to its author's profile).
   */
  private isListOfTeasers(element: Element): boolean {
    return this.areTeasers(this.posts(element));
  }

  private areTeasers(posts: readonly Element[]): boolean {
    return posts.length >= 2 && posts.filter((post) => this.headedByLinkToSibling(post)).length * 3 >= posts.length * 2;
  }

  private headedByLinkToSibling(post: Element): boolean {
    const { base } = this.names;
    const link = this.titleLinkOf(post);
    if (!base || !link) return false;
    const url = URL.parse(link.attribs.href as string, base);
    if (url === null || url.origin !== base.origin || withoutFragment(url) === withoutFragment(base)) return false;
    // Where the page is: a folder of threads or stories, or at the site's root the script that shows
    // them given the same parameters (not its profile pages: one script may show everything).
    const place = base.pathname.replace(/[^/]*\/?$/, '');
    if (place !== '/') return url.pathname.startsWith(place);
    return url.pathname === base.pathname && parameterNames(url) === parameterNames(base);
  }

  /**
   * The link a teaser's title is: the link in its heading, or without a heading, the link it opens
   * with when what it says besides its links is cut short ("…"), as an opening is.
   */
  private titleLinkOf(post: Element): Element | undefined {
    const isLink = (e: Element) => e.name === 'a' && e.attribs.href !== undefined;
    const heading = firstElement(post, (e) => HEADINGS.has(e.name));
    if (heading) {
      const link = firstElement(heading, isLink);
      return link && this.lengths.of(link).text * 2 >= this.lengths.of(heading).text ? link : undefined;
    }
    const lead = firstElement(post, isLink);
    const opensWithLink = lead !== undefined && textOf(post).trimStart().startsWith(textOf(lead).trim());
    return opensWithLink && CUT_SHORT.test(textOf(post, (e) => e.name === 'a').trimEnd()) ? lead : undefined;
  }

  /** Where the replies to the post at `post` are: the first list of posts after it, before any other block of text. */
  private repliesAfter(siblings: readonly Element[], post: number): number | undefined {
    for (let index = post + 1; index < siblings.length; index++) {
      const sibling = siblings[index] as Element;
      if (this.isListOfPosts(sibling)) return index;
      if (this.lengths.of(sibling).text >= ARTICLE_PART_MIN_CHARS) return undefined;
    }
    return undefined;
  }

  /** A data table, or a block that is mostly one (a heading and its table), that is not a table of links. */
  private isDataBlock(element: Element): boolean {
    if (linkDensity(this.lengths, element) >= 0.25) return false;
    const text = this.lengths.of(element).text;
    const tables = element.name === 'table' ? [element] : descendantElements(element, (e) => e.name === 'table');
    return tables.some((table) => isDataTable(table) && this.lengths.of(table).text * 2 >= text);
  }

  private cleanArticle(article: Element): void {
    this.markDataTables(article);
    // A post's row of actions (permalink, quote, report, reply) is no part of what it says.
    for (const post of this.threadPosts) removeNodes(descendantElements(post, (e) => ((e.name === 'ul' || e.name === 'ol') && this.isRowOfActions(e)) || this.isNamedBarOfActions(e)));
    // Nor is the line that says who wrote it and when.
    for (const post of this.threadPosts) removeNodes(descendantElements(post, (e) => this.isPostMeta(e)));
    // Nor are the site's notices and the teasers of other threads that the thread's block holds beside its posts.
    if (this.kind === 'discussion') {
      removeNodes(descendantElements(article, (e) => !this.isInThreadPost(e) && (SITE_NOTICE.test(classAndId(e)) || this.isListOfTeasers(e))));
      // Teasers may sit among the posts themselves, after the last reply (MedsChat's "More Discussions").
      for (const thread of new Set([...this.threadPosts].map((post) => post.parent))) {
        if (!thread || !isTag(thread)) continue;
        for (const teasers of this.postsByKind(thread, teaserKind)) if (!teasers.some((e) => this.threadPosts.has(e)) && this.areTeasers(teasers)) removeNodes(teasers);
      }
    }
    this.cleanConditionally(article, 'form');
    this.cleanConditionally(article, 'fieldset');
    for (const child of elementChildren(article)) {
      removeNodes(
        descendantElements(child, (e) => this.isShareWidget(e)),
      );
    }
    removeNodes(descendantElements(article, (e) => (e.name === 'h1' || e.name === 'h2') && this.classWeight(e) < 0));
    if (this.kind !== 'discussion') removeNodes(descendantElements(article, (e) => AUTHOR_BIO.test(classAndId(e)) && this.lengths.of(e).text < AUTHOR_BIO_MAX_CHARS));
    removeNodes(descendantElements(article, (e) => SOURCE_LOCATION.test(e.attribs.class ?? '') && this.lengths.of(e).text < SOURCE_LOCATION_MAX_CHARS));
    removeNodes(descendantElements(article, (e) => this.isTally(e)));
    removeNodes(descendantElements(article, (e) => this.isSignInPrompt(e)));
    removeNodes(descendantElements(article, (e) => this.isTableOfContents(e) || this.isEditLink(e)));
    this.cleanConditionally(article, 'table');
    this.cleanConditionally(article, 'ul');
    this.cleanConditionally(article, 'div');
    // An empty paragraph between words (a `<br><br>` run that ended an inline element) is left to
    // normalization, which keeps the words apart.
    removeNodes(
      descendantElements(
        article,
        (e) => e.name === 'p' && textOf(e).trim() === '' && !firstElement(e, (d) => d.name === 'img') && !isBetweenWords(e),
      ),
    );
    removeNodes(descendantElements(article, (e) => e.name === 'br' && nextNonBlank(e)?.name === 'p'));
    for (const table of descendantElements(article, (e) => e.name === 'table')) unwrapSingleCellTable(table);
  }

  /** Data tables (as opposed to layout tables) survive cleaning whatever their link density. */
  private markDataTables(root: Element): void {
    for (const table of descendantElements(root, (e) => e.name === 'table')) {
      if (isDataTable(table)) this.dataTables.add(table);
    }
  }

  /** Removes `tag` elements that look like junk: linky, image-heavy, form-like or empty. */
  private cleanConditionally(root: Element, tag: string): void {
    if (!this.flags.cleanConditionally) return;
    const removed = new Set<AnyNode>();
    const nodes = descendantElements(root, (e) => e.name === tag);
    for (let i = nodes.length - 1; i >= 0; i--) {
      const node = nodes[i] as Element;
      if (this.isJunk(node, tag, removed)) removed.add(node);
    }
    removeNodes(removed);
  }

  private isJunk(node: Element, tag: string, removed: Set<AnyNode>): boolean {
    if (tag === 'table' && this.dataTables.has(node)) return false;
    for (let ancestor = node.parent; ancestor; ancestor = ancestor.parent) {
      if (isTag(ancestor) && this.dataTables.has(ancestor)) return false;
    }
    if (isCode(node) || isInCode(node)) return false;
    // A post's text is the thread's content however short, and however many links its author's name, date and buttons hold.
    if (this.holdsPostText(node)) return false;
    const sectionBody = this.isSectionBody(node);
    const stats = measure(node, removed, this.dataTables, sectionBody ? (paragraph) => this.isProse(paragraph) : undefined);
    if (stats.hasDataTable) return false;
    const weight = this.classWeight(node);
    // A shop's class names say little (`celwidget`, `quick-add-hidden`): on a product page a block of
    // text is judged by its links, below, not by its name alone.
    if (weight < 0 && !(this.kind === 'product' && isTextBlock(stats))) return true;
    // Commas in other products' prices (`€ 24,36`) are no clauses.
    if (this.kind === 'product' && isListOfProductTeasers(node)) return true;
    if (stats.asciiCommas >= 10) return false;

    const isList = tag === 'ul' || tag === 'ol' || (stats.textLength > 0 && stats.listTextLength / stats.textLength > 0.9);
    const text = stats.shortText;
    if (text !== undefined && (AD_WORDS.test(text) || LOADING_WORDS.test(text))) return true;
    const { p, img } = stats;
    const li = stats.li - 100;
    const contentLength = stats.textLength;
    const density = contentLength === 0 ? 0 : stats.linkLength / contentLength;
    const headingDensity = contentLength === 0 ? 0 : stats.headingTextLength / contentLength;
    const isFigureChild = findAncestor(node, 'figure', 4) !== undefined;

    // A note set apart in the text (a tip, a warning) is the text's, however short and however much of it a link.
    if (isAdmonition(node) && density < 0.5 && stats.hasTextishText) return false;
    const suspicious =
      (!isFigureChild && img > 1 && p / img < 0.5) ||
      (!isList && li > p) ||
      (!isList && !isFigureChild && headingDensity < 0.9 && contentLength < 25 && (img === 0 || img > 2) && density > 0) ||
      (!isList && weight < 25 && (sectionBody ? (stats.linkLength - stats.linkInProseLength) / contentLength : density) > 0.2) ||
      (weight >= 25 && density > 0.5) ||
      (img === 0 && !stats.hasTextishText && !this.headsText(node, stats, removed));
    if (!suspicious) return false;
    // A list of images (one per item) is content, e.g. a gallery.
    if (isList && elementChildren(node).every((item) => elementChildren(item).length <= 1)) {
      return img !== stats.li;
    }
    return true;
  }

  /**
   * Buttons to share the page, named so (`share`, `sharedaddy`): links or icons, not words of their
   * own. A heading's or a section's id is its words (`social-networks-who-have-share-counters`).
   */
  private isShareWidget(element: Element): boolean {
    const byClass = SHARE_ELEMENT.test(element.attribs.class ?? '');
    if (!byClass && (HEADINGS.has(element.name) || !SHARE_ELEMENT.test(element.attribs.id ?? ''))) return false;
    if (textOf(element).length >= SHARE_ELEMENT_MAX_CHARS) return false;
    const { text, links } = this.lengths.of(element);
    return byClass || links * 2 >= text;
  }

  /**
   * A short block whose links all sign the reader in or up, two or more ("Please, Log in or
   * Register to view URLs content!", put by a forum in place of each link a guest may not see):
   * what the site asks of a reader, not what the text says. One link to a sign-in page may be a
   * step of a tutorial.
   */
  private isSignInPrompt(element: Element): boolean {
    if (!SIGN_IN_PROMPT_TAGS.has(element.name)) return false;
    const lengths = this.lengths.of(element);
    if (lengths.links === 0 || lengths.text > SIGN_IN_PROMPT_MAX_CHARS) return false;
    const links = (nodesOfSmall(element, SIGN_IN_PROMPT_MAX_NODES) ?? []).filter((node): node is Element => isTag(node) && node.name === 'a');
    return links.length >= 2 && links.every((link) => SIGN_IN_ADDRESS.test(link.attribs.href ?? ''));
  }

  /**
   * The body of a document's section, right under its heading (DokuWiki's `div.level2` after its
   * `h2`): the links in its sentences are references, not a list of links; a block of teasers
   * under a heading has no sentences around its links.
   */
  private isSectionBody(block: Element): boolean {
    const heading = previousElement(block);
    return heading !== undefined && SECTION_HEADINGS.has(heading.name) && !this.isLinkElsewhere(heading);
  }
  /** A paragraph that reads as prose: a sentence or more, most of its words no link. */
  private isProse(paragraph: Element): boolean {
    let prose = this.proseParagraphs.get(paragraph);
    if (prose === undefined) {
      const { text, links } = this.lengths.of(paragraph);
      prose = text >= PROSE_PARAGRAPH_MIN_CHARS && links * 2 < text && SENTENCE_END.test(innerText(paragraph));
      this.proseParagraphs.set(paragraph, prose);
    }
    return prose;
  }


  /**
   * A table of contents in the text (a wiki's "Contents" box, a tutorial's list of its sections):
   * a small block of three or more links, all to places on this page, and a word or two besides
   * them. A reference's summary of members says what each one does beside its link.
   */
  private isTableOfContents(element: Element): boolean {
    if (!CONTENTS_TAGS.has(element.name)) return false;
    // Cheaply first: links to places on the page count for less than their text (`TextLengths`), but not for nothing.
    const { text, links: weighted } = this.lengths.of(element);
    if (text > CONTENTS_MAX_CHARS || weighted === 0 || weighted < (text - CONTENTS_OTHER_MAX_CHARS) * PLACE_LINK_WEIGHT) return false;
    const nodes = nodesOfSmall(element, CONTENTS_MAX_NODES);
    if (!nodes) return false;
    const links = nodes.filter((node): node is Element => isTag(node) && node.name === 'a');
    if (links.length < CONTENTS_MIN_LINKS || !links.every((link) => /^#./.test(link.attribs.href ?? ''))) return false;
    const linkText = links.reduce((sum, link) => sum + this.lengths.of(link).text, 0);
    return text - linkText <= CONTENTS_OTHER_MAX_CHARS;
  }

  /** A link to edit the page or a section of it ("[edit]", "Edit this page"), with the brackets around it. */
  private isEditLink(element: Element): boolean {
    if (element.name !== 'a' && element.name !== 'span') return false;
    const { text, links } = this.lengths.of(element);
    return links > 0 && text <= EDIT_LINK_MAX_CHARS && EDIT_LINK.test(collapseWhitespace(textOf(element)).trim()) && !(element.parent && isTag(element.parent) && this.isEditLink(element.parent));
  }

  /**
   * A post's vote count, a comment's score, an article's count of comments or likes: a number alone,
   * named as one (`js-vote-count`, `comment-score`, `upvoteCount`), that says nothing of the text. A
   * score is a discussion's only: elsewhere it is a review's rating or a match's result.
   */
  private isTally(element: Element): boolean {
    const name = `${classAndId(element)} ${element.attribs.itemprop ?? ''}`;
    return (TALLY_NAME.test(name) || (this.kind === 'discussion' && /score/i.test(name))) && TALLY.test(textOf(element).trim());
  }

  /** A list whose every item is one short link or button, and nothing else. */
  private isRowOfActions(list: Element): boolean {
    const items = elementChildren(list);
    return items.length > 0 && items.every((item) => {
      const text = this.lengths.of(item).text;
      const actions = descendantElements(item, (e) => e.name === 'a' || e.name === 'button');
      return text <= ACTION_MAX_CHARS && actions.length === 1 && this.lengths.of(actions[0] as Element).text === text;
    });
  }

  /** A short block named for a post's actions (`action_bar`, XenForo's `actionBar`, phpBB's `post-buttons`) with a link in it. */
  private isNamedBarOfActions(block: Element): boolean {
    return POST_ACTIONS.test(classAndId(block)) && this.lengths.of(block).text <= ACTION_BAR_MAX_CHARS && firstElement(block, (e) => e.name === 'a') !== undefined;
  }

  /**
   * A block of one of the thread's posts that holds a paragraph without links, or with a sentence's
   * worth of words besides its links (a reply that points to resources): the post's text.
   */
  private holdsPostText(node: Element): boolean {
    if (!this.isInThreadPost(node)) return false;
    return descendantElements(node, (e) => e.name === 'p').some((p) => {
      const density = linkDensity(this.lengths, p);
      return density === 0 ? textOf(p).trim() !== '' : this.lengths.of(p).text * (1 - density) >= SCORED_PARAGRAPH_MIN_CHARS;
    });
  }

  private isPostMeta(element: Element): boolean {
    if (this.lengths.of(element).text > POST_META_MAX_CHARS) return false;
    if (HEADINGS.has(element.name)) return this.isReplyTitle(element);
    // A wrapper named for the post's details that holds its words too, in a blockquote (XenForo 1's `messageInfo`), is the post, however short.
    if (firstElement(element, (e) => e.name === 'blockquote') !== undefined) return false;
    if (POST_META.test(classAndId(element))) return true;
    // A block with a date is the line about the post unless it says more than that line would (a short
    // post whose wrapper holds its date too: "member says: <date> Isn't there a cheaper one?").
    const time = firstElement(element, (e) => e.name === 'time');
    if (time === undefined) return false;
    const { text, links } = this.lengths.of(element);
    return text - links - this.lengths.of(time).text <= POST_META_OWN_WORDS_MAX_CHARS;
  }

  /**
   * A post's heading that is a reply's subject ("Re: …", phpBB's over every post) or repeats the
   * thread's title (the first post's subject).
   */
  private isReplyTitle(heading: Element): boolean {
    const text = textOf(heading);
    return REPLY_PREFIX.test(text) || this.titles.some((title) => sameWords(title, text) > 0);
  }

  private isInThreadPost(node: Element): boolean {
    for (let block: ParentNode | null = node; block; block = block.parent) if (this.threadPosts.has(block as Element)) return true;
    return false;
  }

  /**
   * A wrapper that holds only a heading (GitHub's `div.markdown-heading`) heads the text that
   * follows it; a box's title left alone once its links are cleaned out heads nothing.
   */
  private headsText(node: Element, stats: Stats, removed: Set<AnyNode>): boolean {
    if (stats.textLength === 0 || stats.headingTextLength < stats.textLength) return false;
    let next = node.next;
    // Past what holds no text (a row of badges, an anchor), to the next block of text.
    while (next && (!isTag(next) || removed.has(next) || this.lengths.of(next).text === 0)) next = next.next;
    if (!next || !isTag(next)) return false;
    const following = measure(next, removed, this.dataTables);
    // A section's heading right above a subsection's heads what the subsection's heading does.
    if (HEADINGS.has(next.name) || (following.textLength > 0 && following.headingTextLength === following.textLength)) {
      return this.headsText(next, following, removed);
    }
    return following.textLength > 0 && following.linkLength < following.textLength * 0.5;
  }

  private initialScore(element: Element): number {
    return (TAG_SCORES[element.name] ?? 0) + this.classWeight(element);
  }

  private classWeight(element: Element): number {
    if (!this.flags.weightClasses) return 0;
    let weight = 0;
    for (const value of [authoredClass(element).replace(SCROLL_UTILITY, '').replace(BUILDER_MODULE, '').replace(SIDEBAR_LAYOUT, ''), authoredId(element)]) {
      if (!value) continue;
      if (this.negativeClass.test(value)) weight -= 25;
      if (POSITIVE_CLASS.test(value)) weight += 25;
    }
    return weight;
  }

  private score(element: Element): number {
    return this.scores.get(element) ?? 0;
  }

  private addScore(element: Element, points: number): void {
    this.scores.set(element, this.score(element) + points);
  }
}

const TAG_SCORES: Record<string, number> = {
  div: 5,
  pre: 3,
  td: 3,
  blockquote: 3,
  address: -3,
  ol: -3,
  ul: -3,
  dl: -3,
  dd: -3,
  dt: -3,
  li: -3,
  form: -3,
  h1: -5,
  h2: -5,
  h3: -5,
  h4: -5,
  h5: -5,
  h6: -5,
  th: -5,
};

/**
 * A data table's score as one block: a point, and one per row with text, at most 6 (a paragraph's
 * worth): a page of tables outscores a login box, and a table beside the article joins it.
 */
function dataTableScore(table: Element): number {
  const rows = descendantElements(table, (e) => e.name === 'tr' && textOf(e).trim() !== '').length;
  return 1 + Math.min(rows, 5);
}

function isInDataTable(cell: Element, dataTables: Set<Element>): boolean {
  const table = findAncestor(cell, 'table');
  return table !== undefined && dataTables.has(table);
}

/** Text that reads as sentences rather than a value: long, with a full stop. */
/** Whether a small element says only what a copy button's popup says once pressed. */
function isCopiedNotice(element: Element): boolean {
  const nodes = nodesOfSmall(element, COPIED_MAX_NODES);
  return nodes !== undefined && COPIED_WORDS.test(collapseWhitespace(nodes.filter(isText).map((node) => node.data).join('')).trim());
}

/**
 * The element and all it holds, in document order, if that is at most `maxNodes` nodes: a test
 * meant for small blocks stops early on a large one, and a deep chain of elements is not walked
 * again at each level.
 */
function nodesOfSmall(element: Element, maxNodes: number): AnyNode[] | undefined {
  const nodes: AnyNode[] = [];
  const stack: AnyNode[] = [element];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (nodes.push(node) > maxNodes) return undefined;
    if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return nodes;
}

function readsAsProse(text: string): boolean {
  return text.length >= 80 && SENTENCE_END.test(text);
}

/**
 * Marks the siblings that `fits` and sit next to a marked one, spreading outward from the marked
 * ones: one sweep to the right, one to the left.
 */
function joinAdjacent(siblings: Element[], belongs: boolean[], fits: (sibling: Element) => boolean): void {
  for (let i = 1; i < siblings.length; i++) if (!belongs[i] && belongs[i - 1] && fits(siblings[i] as Element)) belongs[i] = true;
  for (let i = siblings.length - 2; i >= 0; i--) if (!belongs[i] && belongs[i + 1] && fits(siblings[i] as Element)) belongs[i] = true;
}

const CODE = new Set(['code', 'pre', 'kbd', 'samp']);
/** Doxygen's code block: a `div.fragment` of a `div.line` per line (and its tooltips), without `pre`. */
const DOXYGEN_FRAGMENT = /(^|\s)fragment(\s|$)/;
/** A line of a listing a highlighter lays out without `pre`: Crayon's `crayon-line`, SyntaxHighlighter's `line`. */
const CODE_LINE = /(^|[\s_-])line(\s|$)/;
const CODE_LINES_MIN = 3;

/**
 * Code, or a highlighter's listing of a `div` per line without `pre` (Doxygen's, Crayon's
 * `div.crayon-pre`): each line would otherwise be scored as a paragraph, and the lines of a long
 * listing would outscore the prose around it.
 */
function isCode(element: Element): boolean {
  if (CODE.has(element.name)) return true;
  if (element.name !== 'div') return false;
  if (DOXYGEN_FRAGMENT.test(element.attribs.class ?? '')) return true;
  const children = elementChildren(element);
  return children.length >= CODE_LINES_MIN && children.every((child) => child.name === 'div' && CODE_LINE.test(child.attribs.class ?? ''));
}

function isInCode(node: AnyNode): boolean {
  for (let ancestor = node.parent; ancestor; ancestor = ancestor.parent) if (isTag(ancestor) && isCode(ancestor)) return true;
  return false;
}

/** The text of an element but for what is in code (none, for code itself). */
function textOutsideCode(element: Element): string {
  return isCode(element) ? '' : textOf(element, isCode);
}

/** Trimmed text with whitespace runs collapsed: the length every threshold here is about. */
function innerText(node: AnyNode): string {
  return collapseWhitespace(textOf(node)).trim();
}

/**
 * A name whose last word is `sidebar` names a sidebar, whatever it is the sidebar of: Zendesk's
 * `article-sidebar` (the section's other articles) reads as an article's by its first word.
 */
function isNamedSidebar(element: Element): boolean {
  return [...(element.attribs.class ?? '').split(/\s+/), element.attribs.id ?? ''].some((name) => /(^|[-_])sidebar$/i.test(name));
}

/**
 * A block named as navigation by a word of its name (Zendesk's `section-nav` of `sidenav-item`s,
 * Bootstrap's `nav`), not by a part of a word (`canvas`, `unavailable`).
 */
const NAVIGATION_NAME = /(?:^|[\s_-])(?:nav|navigation|navbar|sidenav|subnav|navlist)(?:$|[\s_-])/i;

function isNamedNavigation(element: Element): boolean {
  return NAVIGATION_NAME.test(classAndId(element));
}

function isByline(element: Element, match: string): boolean {
  const rel = element.attribs.rel;
  const itemprop = element.attribs.itemprop ?? '';
  if (rel !== 'author' && !itemprop.includes('author') && !BYLINE.test(match)) return false;
  const length = textOf(element).trim().length;
  return length > 0 && length < 100;
}

/**
 * A reference's header of one of its members (ExDoc's `detail-header`): the member's signature in
 * code, and no link but to places on the page (its own anchor). A page's header links elsewhere.
 */
function isMemberHeader(element: Element): boolean {
  if (!/header/i.test(element.attribs.class ?? '')) return false;
  const links = descendantElements(element, (e) => e.name === 'a' && e.attribs.href !== undefined);
  if (!links.every((link) => (link.attribs.href as string).startsWith('#'))) return false;
  return firstElement(element, (e) => e.name === 'pre' || e.name === 'code' || /signature/i.test(e.attribs.class ?? '')) !== undefined;
}

/** Whether two elements sit in the same small block (a shared ancestor at most three levels up from each). */
function nearEachOther(a: Element, b: Element): boolean {
  const near = new Set(ancestorsOf(a).slice(0, 3));
  return ancestorsOf(b).slice(0, 3).some((ancestor) => near.has(ancestor));
}

/** Two blocks of one tag and class, each led by a heading: sections of one document. */
function isPageSection(element: Element): boolean {
  return element.name === 'section' || PAGE_SECTION_CLASS.test(element.attribs.class ?? '');
}

function areSections(a: Element, b: Element): boolean {
  return a.name === b.name && a.attribs.class === b.attribs.class && isHeaded(a) && isHeaded(b);
}

/**
 * Whether a block's first part with content is a heading: past empty anchors before it (Sphinx's
 * `<span id="id2"></span>`), and through lone wrappers (Squarespace's `sqs-block-content` > `sqs-html-content`).
 */
function isHeaded(element: Element): boolean {
  const parts = elementChildren(element).filter((child) => !isWithoutContent(child));
  const first = parts[0];
  if (!first) return false;
  return HEADINGS.has(first.name) || (parts.length === 1 && first.name === 'div' && isHeaded(first));
}

/**
 * An id with a dot or a bracket names a part of the code a reference documents (Sphinx's
 * `module-openeo.extra.indices`, Javadoc's `add(java.lang.Object)`), not the block's role on the page.
 */
function isIdOfCodeName(element: Element): boolean {
  return /[.(]/.test(element.attribs.id ?? '');
}

/** What a reference puts beside an item's description: its declaration (`pre`, `code`), facts (`dl`) and rules. */
const DECLARATION_PARTS = new Set(['pre', 'code', 'dl', 'hr', 'br']);

/** Whether a block is all its parent holds but for headings and the declaration of what it describes. */
function isBesideDeclaration(parent: Element, child: Element): boolean {
  const others = elementChildren(parent).filter((other) => other !== child && !HEADINGS.has(other.name));
  return others.length > 0 && others.every((other) => DECLARATION_PARTS.has(other.name));
}

/** Whether a block is all its parent holds but for headings (a section's title beside its body). */
function isOnlyBlockOf(parent: Element, child: Element): boolean {
  return elementChildren(parent).every((other) => other === child || HEADINGS.has(other.name));
}

/** A separator between a title's headline and the site's name: `|`, `::`, a dash, `·`, `»`, with spaces around. */
const TITLE_SEPARATOR = /\s+(?:[|·•»/–—-]|::)\s+/g;

/**
 * A title, and its headline when a site's name follows the last separator ("Deploy the service ::
 * Tutorial Docs"): a long site name leaves the headline too little of the title to match a heading.
 * A headline of one word (a section's name) is not taken.
 */
function titleAndHeadline(title: string): string[] {
  const separators = [...title.matchAll(TITLE_SEPARATOR)];
  const last = separators.at(-1);
  if (last?.index === undefined) return [title];
  const headline = title.slice(0, last.index).trim();
  return headline.split(/\s+/).length >= 2 ? [title, headline] : [title];
}

/**
 * How nearly a heading says what a page name says: the lesser of the share of its words the name
 * has and the share of the name's words it has, or 0 when it says less (not just the site name
 * the title ends with) or more.
 */
function sameWords(name: string, heading: string): number {
  const covered = textSimilarity(name, heading);
  const covering = textSimilarity(heading, name);
  return covered > 0.75 && covering > 0.6 ? Math.min(covered, covering) : 0;
}

/** Share of `b`'s words that also occur in `a` (1 = `b` adds nothing to `a`). */
function textSimilarity(a: string, b: string): number {
  const tokensA = a.toLowerCase().split(/\W+/).filter(Boolean);
  const tokensB = b.toLowerCase().split(/\W+/).filter(Boolean);
  if (tokensA.length === 0 || tokensB.length === 0) return 0;
  const known = new Set(tokensA);
  const unique = tokensB.filter((token) => !known.has(token));
  return 1 - unique.join(' ').length / tokensB.join(' ').length;
}

function isWhitespace(node: AnyNode): boolean {
  return (isText(node) && node.data.trim() === '') || (isTag(node) && node.name === 'br');
}

function isPhrasing(node: AnyNode): boolean {
  if (isText(node)) return true;
  if (!isTag(node)) return false;
  if (PHRASING.has(node.name)) return true;
  return (node.name === 'a' || node.name === 'del' || node.name === 'ins') && node.children.every(isPhrasing);
}

function isWithoutContent(element: Element): boolean {
  for (const child of element.children) {
    if (isTag(child)) {
      if (child.name !== 'br' && child.name !== 'hr') return false;
    } else if (isText(child) && child.data.trim() !== '') {
      return false;
    }
  }
  return true;
}

function singleChildElement(element: Element, name: string): Element | undefined {
  let found: Element | undefined;
  for (const child of element.children) {
    if (isTag(child)) {
      if (found || child.name !== name) return undefined;
      found = child;
    } else if (isText(child) && /\S$/.test(child.data)) {
      return undefined;
    }
  }
  return found;
}

function hasBlockDescendant(element: Element): boolean {
  return element.children.some((child) => isTag(child) && (BLOCK_IN_DIV.has(child.name) || hasBlockDescendant(child)));
}

function headingLevel(heading: Element): number {
  return Number(heading.name.slice(1));
}

/** The first node in document order under `root` (itself when it has no children). */
function firstLeaf(root: AnyNode): AnyNode {
  let node = root;
  while (hasChildren(node) && node.children.length > 0) node = node.children[0] as AnyNode;
  return node;
}

/** The leaf after `node` in document order, within `root`. */
function nextInDocument(node: AnyNode, root: AnyNode): AnyNode | undefined {
  for (let current: AnyNode | null = node; current && current !== root; current = current.parent) {
    if (current.next) return firstLeaf(current.next);
  }
  return undefined;
}

/** A heading, or a block whose only text is in headings. */
function isHeadingOnly(element: Element, lengths: TextLengths): boolean {
  if (HEADINGS.has(element.name)) return true;
  const headings = descendantElements(element, (e) => HEADINGS.has(e.name) && !ancestorsOf(e).some((a) => a !== element && isTag(a) && HEADINGS.has(a.name)));
  const inHeadings = headings.reduce((sum, heading) => sum + lengths.of(heading).text, 0);
  return inHeadings > 0 && inHeadings === lengths.of(element).text;
}

/** Puts each run of phrasing content (text, inline elements) of `block` in a paragraph of its own. */
function paragraphsOfLooseText(block: Element): void {
  const children: ChildNode[] = [];
  let paragraph: ChildNode[] | undefined;
  const closeParagraph = () => {
    if (!paragraph) return;
    while (paragraph.length > 0 && isWhitespace(paragraph[paragraph.length - 1] as ChildNode)) paragraph.pop();
    const element = new Element('p', {});
    relink(element, paragraph);
    children.push(element);
    paragraph = undefined;
  };
  for (const child of block.children) {
    if (isPhrasing(child)) {
      if (paragraph) paragraph.push(child);
      else if (!isWhitespace(child)) paragraph = [child];
      else children.push(child);
    } else {
      closeParagraph();
      children.push(child);
    }
  }
  closeParagraph();
  relink(block, children);
}

/**
 * What a post is, to tell a list of posts: its element and class, or its custom element. Posts
 * are told apart by class names that say nothing of their kind: numbered (`id-t1_kx7z9`), or
 * alternating (`odd`, `even`, `bg1`/`bg2`, `windowbg`/`windowbg2`, `alt1`/`alt2`). A block without
 * a class is a post by the numbered id in it (`edit8890642`: forum software numbers its posts).
 */
function postKind(element: Element): string | undefined {
  const classes = (element.attribs.class ?? '')
    .split(/\s+/)
    .map((name) => name.replace(/^([a-z_-]+)\d+$/i, '$1'))
    .filter((name) => name !== '' && !/\d/.test(name) && !ALTERNATING_CLASS.test(name));
  if (element.name.includes('-') || (classes.length > 0 && POST_BLOCKS.has(element.name))) return `${element.name}.${classes.sort().join('.')}`;
  if (classes.length > 0 || !POST_BLOCKS.has(element.name)) return undefined;
  const numbered = numberedIdIn(element);
  return numbered === undefined ? undefined : `${element.name}#${numbered}`;
}

/** What a teaser is, to tell a list of them: its class, whatever its element (a teaser without a block inside reads as a paragraph). */
function teaserKind(element: Element): string | undefined {
  return element.attribs.class?.trim().split(/\s+/).sort().join('.') || undefined;
}

const NUMBERED_ID = /^([a-z][a-z_-]*?)[_-]?\d+$/i;
/** How deep a post's numbered id may be in its block (vBulletin's: in a table in two wrappers). */
const NUMBERED_ID_DEPTH = 8;
const numberedIds = new WeakMap<Element, string | null>();

/** The name of the first numbered id in `element` (the id less its number), near its top. */
function numberedIdIn(element: Element): string | undefined {
  let known = numberedIds.get(element);
  if (known === undefined) {
    known = firstNumberedId(element, 0) ?? null;
    numberedIds.set(element, known);
  }
  return known ?? undefined;
}

function firstNumberedId(element: Element, depth: number): string | undefined {
  const own = NUMBERED_ID.exec(element.attribs.id ?? '')?.[1];
  if (own !== undefined) return own.toLowerCase();
  if (depth === NUMBERED_ID_DEPTH) return undefined;
  for (const child of elementChildren(element)) {
    const found = firstNumberedId(child, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The nearest of a block and its ancestors, short of the page root, that holds this share of the nodes. */
function ancestorHolding(page: Element, block: Element, nodes: readonly AnyNode[], share: number): Element | undefined {
  for (let ancestor = block; ; ancestor = ancestor.parent) {
    if (nodes.filter((node) => isAncestorOrSelf(ancestor, node)).length >= nodes.length * share) return ancestor;
    if (!ancestor.parent || ancestor.parent === page || !isTag(ancestor.parent)) return undefined;
  }
}

function isAdmonition(element: Element): boolean {
  return element.attribs.role === 'note' || ADMONITION.test(element.attribs.class ?? '');
}

function isAncestorOrSelf(ancestor: ParentNode, node: AnyNode): boolean {
  for (let current: AnyNode | null = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

function parameterNames(url: URL): string {
  return [...new Set(url.searchParams.keys())].sort().join('&');
}

function withoutFragment(url: URL): string {
  return url.href.slice(0, url.href.length - url.hash.length);
}

function ancestorsOf(node: AnyNode): ParentNode[] {
  const ancestors: ParentNode[] = [];
  for (let current = node.parent; current; current = current.parent) ancestors.push(current);
  return ancestors;
}

function nextNonBlank(node: AnyNode): Element | undefined {
  for (let next = node.next; next; next = next.next) {
    if (isTag(next)) return next;
    if (isText(next) && next.data.trim() !== '') return undefined;
  }
  return undefined;
}

interface Stats {
  /** Text length, whitespace runs counted once. */
  textLength: number;
  /** The text itself while it is short enough to be a lone "Advertisement" or "Loading…". */
  shortText: string | undefined;
  asciiCommas: number;
  linkLength: number;
  /** Of `linkLength`, the links in paragraphs of prose, most of whose words are not links (a sentence's references). */
  linkInProseLength: number;
  listTextLength: number;
  headingTextLength: number;
  hasTextishText: boolean;
  hasDataTable: boolean;
  p: number;
  img: number;
  li: number;
}

const SHORT_TEXT_CHARS = 64;
/** A paragraph of prose is a sentence or more (a line with a link in it is a teaser's). */
const PROSE_PARAGRAPH_MIN_CHARS = 80;

/** A block of text, not of links: a sentence or two at least, links under a quarter of it. */
/** A price as shops write it: a currency sign or code before or after the amount. */
const PRICE = /(?:[$€£¥₹₽₸₺₩]|\b(?:EUR|USD|GBP|CHF|Lei|zł|Kč|kr|руб|грн|R\$)\.?)\s?\d|\d(?:[\d.,\s]*\d)?\s?(?:[$€£¥₹₽₸₺₩]|\b(?:EUR|USD|GBP|CHF|Lei|lei|zł|Kč|kr|руб|грн|Ft)\b)/;
/** The most text one teaser of another product holds (its name, brand, price, a rating). */
const TEASER_MAX_CHARS = 300;
const TEASERS_MIN = 3;

/**
 * Other products beside the one a page is about ("similar items", "you may also like", other
 * sellers' offers): a list of three or more short items, most of them a link with a price.
 */
function isListOfProductTeasers(list: Element): boolean {
  const items = elementChildren(list);
  if (items.length < TEASERS_MIN) return false;
  const teasers = items.filter((item) => {
    const text = collapseWhitespace(textOf(item));
    return text.length <= TEASER_MAX_CHARS && PRICE.test(text) && firstElement(item, (e) => e.name === 'a' && !(e.attribs.href ?? '#').startsWith('#')) !== undefined;
  });
  return teasers.length >= TEASERS_MIN && teasers.length * 5 >= items.length * 4;
}

function isTextBlock(stats: Stats): boolean {
  return stats.textLength >= ARTICLE_PART_MIN_CHARS && stats.linkLength < stats.textLength * 0.25;
}

/** Everything `isJunk` weighs, in one walk that skips nodes already marked for removal. */
/** `isProse`, when given, tells the paragraphs whose links are a sentence's references (counted apart). */
function measure(root: Element, removed: Set<AnyNode>, dataTables: Set<Element>, isProse?: (paragraph: Element) => boolean): Stats {
  const stats: Stats = {
    textLength: 0,
    shortText: '',
    asciiCommas: 0,
    linkLength: 0,
    linkInProseLength: 0,
    listTextLength: 0,
    headingTextLength: 0,
    hasTextishText: false,
    hasDataTable: false,
    p: 0,
    img: 0,
    li: 0,
  };
  const walk = (node: AnyNode, inLink: boolean, inList: boolean, inHeading: boolean, inTextish: boolean, inProse = false): void => {
    if (removed.has(node)) return;
    if (isText(node)) {
      const length = collapsedLength(node.data);
      stats.textLength += length;
      if (stats.shortText !== undefined) {
        stats.shortText += node.data;
        if (stats.shortText.length > SHORT_TEXT_CHARS) stats.shortText = undefined;
      }
      for (let i = node.data.indexOf(','); i >= 0; i = node.data.indexOf(',', i + 1)) stats.asciiCommas++;
      if (inLink) stats.linkLength += length;
      if (inLink && inProse) stats.linkInProseLength += length;
      if (inList) stats.listTextLength += length;
      if (inHeading) stats.headingTextLength += length;
      if (inTextish && length > 0) stats.hasTextishText = true;
      return;
    }
    if (!isTag(node)) return;
    const name = node.name;
    if (name === 'p') stats.p++;
    else if (name === 'img') stats.img++;
    else if (name === 'li') stats.li++;
    else if (name === 'table' && dataTables.has(node)) stats.hasDataTable = true;
    for (const child of node.children) {
      walk(
        child,
        inLink || countsAsLink(node),
        inList || name === 'ul' || name === 'ol',
        inHeading || HEADINGS.has(name),
        inTextish || TEXTISH.has(name),
        inProse || (name === 'p' && isProse !== undefined && isProse(node)),
      );
    }
  };
  if (hasChildren(root)) for (const child of root.children) walk(child, false, false, false, false);
  if (stats.shortText !== undefined) stats.shortText = collapseWhitespace(stats.shortText).trim();
  return stats;
}


/** A table with one cell is layout: the cell's content takes its place. */
function unwrapSingleCellTable(table: Element): void {
  const body = singleChildElement(table, 'tbody') ?? table;
  const row = singleChildElement(body, 'tr');
  const cell = row && singleChildElement(row, 'td');
  if (!cell) return;
  cell.name = cell.children.every(isPhrasing) ? 'p' : 'div';
  replaceNode(table, cell);
}

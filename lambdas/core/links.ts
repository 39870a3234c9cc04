import { DepthBoundedParser, boundHtml, collapseWhitespace, documentBaseUrl, resolveHttpUrl, type ParseObserver } from './html.js';
import { MAX_URL_LENGTH, isAssetUrl, isSameSite, normalizeUrl } from './urls.js';

export interface PageLink {
  /** Absolute http(s) URL in the `normalizeUrl` form (no fragment). */
  url: string;
  /** The anchor's text, whitespace collapsed and trimmed (an `<area>`'s alt text). */
  text: string;
}

/**
 * Every `<a href>` and `<area href>` of the page in document order, resolved against the first
 * `<base href>` (itself resolved against the page URL) or the page URL. Only http and https links
 * are kept; hrefs that do not parse are skipped. Duplicates stay: callers decide.
 *
 * htmlparser2's tokenizer follows the WHATWG tokenizer closely, which is what finding every link
 * in malformed markup needs (a looser parser misses about 2% of them).
 */
export function extractLinks(html: string, pageUrl: string): PageLink[] {
  const anchors = new AnchorCollector();
  new DepthBoundedParser(anchors, () => anchors.depth).parseComplete(boundHtml(html).html);
  return anchors.links(pageUrl);
}

export interface DiscoveredLinks {
  /** Same-site https page links, first occurrence of each, in document order. */
  links: string[];
  /** Distinct same-site links left out because they point at assets (images, PDFs, feeds, bundles…). */
  assetsFiltered: number;
}

/**
 * The links a crawl follows among a page's `links`: https, on the site of `siteUrl` (CONTRACT 2
 * same-host rule), not an asset, no user-info, at most `MAX_URL_LENGTH` characters, de-duplicated.
 */
export function discoverLinks(pageLinks: readonly PageLink[], siteUrl: string | URL): DiscoveredLinks {
  const site = typeof siteUrl === 'string' ? new URL(siteUrl) : siteUrl;
  const seen = new Set<string>();
  const links: string[] = [];
  let assetsFiltered = 0;
  for (const { url } of pageLinks) {
    if (seen.has(url)) continue;
    seen.add(url);
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' || parsed.username || parsed.password || url.length > MAX_URL_LENGTH) continue;
    if (!isSameSite(parsed, site)) continue;
    if (isAssetUrl(parsed)) assetsFiltered++;
    else links.push(url);
  }
  return { links, assetsFiltered };
}

interface RawAnchor {
  href: string;
  text: string;
}

/** Text inside these is not anchor text (it is code, styling or a form value). */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title']);

/**
 * Collects a page's anchors from a parse's events, in document order: on its own parse
 * (`extractLinks`) or alongside the export's (`parseHtml`'s observer), so a page is parsed once.
 */
export class AnchorCollector implements ParseObserver {
  private readonly anchors: RawAnchor[] = [];
  private baseHref: string | undefined;
  // One entry per open element: the anchor it opened, if any (the parser closes elements innermost first).
  private readonly open: Array<RawAnchor | undefined> = [];
  // Links do not nest in HTML (a new <a> closes the open one), so text belongs to the latest open <a> only.
  private textTarget: RawAnchor | undefined;
  private rawTextDepth = 0;
  // <template> content is inert: not part of the page until a script clones it.
  private templateDepth = 0;

  /** Elements open now, for the parser's depth cap. */
  get depth(): number {
    return this.open.length;
  }

  onopentag(name: string, attribs: Record<string, string>): void {
    let anchor: RawAnchor | undefined;
    if (name === 'base' && this.baseHref === undefined && attribs.href !== undefined) this.baseHref = attribs.href;
    if (name === 'a') this.textTarget = undefined;
    if (name === 'template') this.templateDepth++;
    if ((name === 'a' || name === 'area') && attribs.href !== undefined && this.templateDepth === 0) {
      anchor = { href: attribs.href, text: name === 'area' ? (attribs.alt ?? '') : '' };
      this.anchors.push(anchor);
      if (name === 'a') this.textTarget = anchor;
    }
    if (RAW_TEXT_ELEMENTS.has(name)) this.rawTextDepth++;
    this.open.push(anchor);
  }

  ontext(text: string): void {
    if (this.textTarget && this.rawTextDepth === 0) this.textTarget.text += text;
  }

  onclosetag(name: string): void {
    const anchor = this.open.pop();
    if (anchor && anchor === this.textTarget) this.textTarget = undefined;
    if (RAW_TEXT_ELEMENTS.has(name)) this.rawTextDepth--;
    if (name === 'template') this.templateDepth--;
  }

  /**
   * The http and https links, resolved against the first `<base href>` (itself resolved against
   * the page URL) or the page URL; hrefs that do not parse are skipped.
   */
  links(pageUrl: string): PageLink[] {
    const base = documentBaseUrl(this.baseHref, pageUrl);
    const links: PageLink[] = [];
    for (const anchor of this.anchors) {
      const url = resolveHttpUrl(anchor.href, base);
      if (url) links.push({ url: normalizeUrl(url), text: collapseWhitespace(anchor.text).trim() });
    }
    return links;
  }
}

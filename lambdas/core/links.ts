import { DepthBoundedParser, boundHtml, collapseWhitespace, documentBaseUrl, resolveHttpUrl } from './html.js';
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
  const { anchors, baseHref } = scanAnchors(boundHtml(html).html);
  const base = documentBaseUrl(baseHref, pageUrl);
  const links: PageLink[] = [];
  for (const anchor of anchors) {
    const url = resolveHttpUrl(anchor.href, base);
    if (url) links.push({ url: normalizeUrl(url), text: collapseWhitespace(anchor.text).trim() });
  }
  return links;
}

export interface DiscoveredLinks {
  /** Same-site https page links, first occurrence of each, in document order. */
  links: string[];
  /** Distinct same-site links left out because they point at assets (images, PDFs, feeds, bundles…). */
  assetsFiltered: number;
}

/**
 * The links a crawl follows from this page: https, on the site of `siteUrl` (CONTRACT 2 same-host
 * rule), not an asset, no user-info, at most `MAX_URL_LENGTH` characters, de-duplicated.
 */
export function discoverLinks(html: string, pageUrl: string, siteUrl: string | URL): DiscoveredLinks {
  const site = typeof siteUrl === 'string' ? new URL(siteUrl) : siteUrl;
  const seen = new Set<string>();
  const links: string[] = [];
  let assetsFiltered = 0;
  for (const { url } of extractLinks(html, pageUrl)) {
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

function scanAnchors(html: string): { anchors: RawAnchor[]; baseHref: string | undefined } {
  const anchors: RawAnchor[] = [];
  let baseHref: string | undefined;
  // One entry per open element: the anchor it opened, if any (the parser closes elements innermost first).
  const open: Array<RawAnchor | undefined> = [];
  // Links do not nest in HTML (a new <a> closes the open one), so text belongs to the latest open <a> only.
  let textTarget: RawAnchor | undefined;
  let rawTextDepth = 0;
  // <template> content is inert: not part of the page until a script clones it.
  let templateDepth = 0;
  const parser = new DepthBoundedParser(
    {
      onopentag(name, attribs) {
        let anchor: RawAnchor | undefined;
        if (name === 'base' && baseHref === undefined && attribs.href !== undefined) baseHref = attribs.href;
        if (name === 'a') textTarget = undefined;
        if (name === 'template') templateDepth++;
        if ((name === 'a' || name === 'area') && attribs.href !== undefined && templateDepth === 0) {
          anchor = { href: attribs.href, text: name === 'area' ? (attribs.alt ?? '') : '' };
          anchors.push(anchor);
          if (name === 'a') textTarget = anchor;
        }
        if (RAW_TEXT_ELEMENTS.has(name)) rawTextDepth++;
        open.push(anchor);
      },
      ontext(text) {
        if (textTarget && rawTextDepth === 0) textTarget.text += text;
      },
      onclosetag(name) {
        const anchor = open.pop();
        if (anchor && anchor === textTarget) textTarget = undefined;
        if (RAW_TEXT_ELEMENTS.has(name)) rawTextDepth--;
        if (name === 'template') templateDepth--;
      },
    },
    () => open.length,
  );
  parser.parseComplete(html);
  return { anchors, baseHref };
}

/**
 * The sitemap reader as it would be with fast-xml-parser (the design card's choice) in place of
 * the htmlparser2 SAX pass: the same gzip and plain-text handling (`parseSitemap`'s own), the XML
 * read as a tree. Only for the comparisons in `npm run bench -- sitemap` and `eval:sitemaps`;
 * the service does not use it (docs/sitemap-preview.md says why, with the numbers).
 */
import { XMLParser } from 'fast-xml-parser';
import { gunzipSync } from 'node:zlib';
import { parseSitemap, type ParsedSitemap } from '../lambdas/core/sitemap.js';

const ENTRY_ELEMENTS = ['url', 'sitemap', 'loc', 'item', 'entry', 'link'];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  isArray: (name) => ENTRY_ELEMENTS.includes(name),
});

type XmlNode = Record<string, unknown>;

/** `parseSitemap`'s answer with fast-xml-parser reading the XML; `threw` when the parser gave up. */
export function fastXmlParserSitemap(body: Uint8Array, sourceUrl: string): ParsedSitemap & { threw?: string } {
  let bytes = body;
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      bytes = gunzipSync(body);
    } catch {
      return { kind: 'invalid', urls: [] };
    }
  }
  const text = new TextDecoder('utf-8').decode(bytes).trimStart();
  if (!text.startsWith('<')) return parseSitemap(body, sourceUrl);
  let document: XmlNode;
  try {
    document = parser.parse(text) as XmlNode;
  } catch (error) {
    return { kind: 'invalid', urls: [], threw: (error as Error).message.split('\n')[0] };
  }
  return readTree(document, sourceUrl);
}

function readTree(document: XmlNode, sourceUrl: string): ParsedSitemap {
  const root = (name: string) => caseInsensitive(document, name) as XmlNode | undefined;
  const urlset = root('urlset');
  if (urlset) return { kind: 'urlset', urls: locs(urlset, 'url') };
  const index = root('sitemapindex');
  if (index) return { kind: 'index', urls: locs(index, 'sitemap') };
  const rss = root('rss');
  const rdf = root('RDF');
  if (rss || rdf) {
    // RSS 2.0 keeps its items in <channel>, RSS 1.0 beside it
    const items = array(rss ? (rss.channel as XmlNode | undefined)?.item : rdf?.item) as XmlNode[];
    return { kind: 'rss', urls: items.flatMap((item) => firstUrl([...array(item.link), item.guid].map(textOf), sourceUrl)) };
  }
  const feed = root('feed');
  if (feed) {
    const entries = array(feed.entry) as XmlNode[];
    return {
      kind: 'atom',
      urls: entries.flatMap((entry) => {
        const links = (array(entry.link) as XmlNode[]).filter((link) => link['@_rel'] === undefined || link['@_rel'] === 'alternate');
        return firstUrl(links.map((link) => String(link['@_href'] ?? '')), sourceUrl);
      }),
    };
  }
  return { kind: 'invalid', urls: [] };
}

/** Every `<loc>` of each entry, or the entry's bare text when it has none (the SAX reader's leniency too). */
function locs(container: XmlNode, entryName: string): string[] {
  return array(container[entryName]).flatMap((entry) => {
    const values = typeof entry === 'object' && entry !== null && 'loc' in entry ? array((entry as XmlNode).loc).map(textOf) : [textOf(entry)];
    return values.filter(isAbsoluteHttpUrl);
  });
}

function firstUrl(candidates: string[], base: string): string[] {
  for (const candidate of candidates) {
    try {
      const url = new URL(candidate.trim(), base);
      if (candidate.trim() && (url.protocol === 'https:' || url.protocol === 'http:')) return [url.href];
    } catch {
      // not a URL; try the next candidate
    }
  }
  return [];
}

function caseInsensitive(node: XmlNode, name: string): unknown {
  const key = Object.keys(node).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : node[key];
}

function array(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function textOf(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (value && typeof value === 'object' && '#text' in value) return String((value as XmlNode)['#text']).trim();
  return '';
}

function isAbsoluteHttpUrl(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);
}

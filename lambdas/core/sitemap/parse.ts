import { constants as zlibConstants, gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import { decodeAs, supportedEncoding } from '../charset.js';

export type SitemapKind = 'urlset' | 'index' | 'text' | 'rss' | 'atom' | 'invalid';

/** For `index`, `urls` are the child sitemaps; for every other kind, page URLs in document order. */
export interface ParsedSitemap {
  kind: SitemapKind;
  urls: string[];
}

/** sitemaps.org limits: 50 MiB uncompressed and 50,000 URLs per file. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
export const MAX_URLS_PER_SITEMAP = 50_000;
/** XML compresses about tenfold, so a gzipped sitemap within the limit is far smaller than this. */
export const MAX_COMPRESSED_SITEMAP_BYTES = 10 * 1024 * 1024;

function invalid(): ParsedSitemap {
  return { kind: 'invalid', urls: [] };
}

/**
 * Reads one sitemap document: XML `<urlset>` / `<sitemapindex>` (any namespace or none), RSS 1.0 / 2.0,
 * Atom 0.3 / 1.0, or a plain-text list. The format is sniffed from the bytes, never from the name or
 * content type, since servers mislabel sitemaps freely. Hostile input (DTD entities, gzip bombs)
 * gives `invalid`, and a truncated document gives the entries that were complete.
 */
export function parseSitemap(body: Uint8Array, sourceUrl: string): ParsedSitemap {
  const bytes = decompressIfGzip(body);
  if (!bytes) return invalid();
  // trimStart also drops a BOM the decoder left and the blank lines some generators emit first.
  const text = decodeAs(encodingOf(bytes), bytes).trimStart();
  return text.startsWith('<') ? parseXmlSitemap(text, sourceUrl) : parsePlainTextSitemap(text);
}

function decompressIfGzip(body: Uint8Array): Uint8Array | undefined {
  const isGzip = body[0] === 0x1f && body[1] === 0x8b;
  if (!isGzip) return body.byteLength <= MAX_SITEMAP_BYTES ? body : undefined;
  if (body.byteLength > MAX_COMPRESSED_SITEMAP_BYTES) return undefined;
  try {
    // SYNC_FLUSH keeps what a body cut short by the fetcher's size cap holds instead of failing.
    return gunzipSync(body, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: MAX_SITEMAP_BYTES });
  } catch {
    return undefined;
  }
}

/** A BOM first, then the XML declaration's `encoding`, then UTF-8 (the sitemaps.org encoding). */
function encodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512)).toString('latin1');
  const declared = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  return supportedEncoding(declared) ?? 'utf-8';
}

function parsePlainTextSitemap(text: string): ParsedSitemap {
  const urls: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const url = absoluteHttpUrl(line);
    if (url) urls.push(url);
    if (urls.length >= MAX_URLS_PER_SITEMAP) break;
  }
  // Junk lines are skipped; a body without a single URL line is not a sitemap.
  return urls.length > 0 ? { kind: 'text', urls } : invalid();
}

type XmlKind = Exclude<SitemapKind, 'text' | 'invalid'>;

const ROOT_KINDS = new Map<string, XmlKind>([
  ['urlset', 'urlset'],
  ['sitemapindex', 'index'],
  ['rss', 'rss'],
  ['rdf', 'rss'], // RSS 1.0: <rdf:RDF>
  ['feed', 'atom'],
]);

interface EntryRules {
  /** The element that holds one page or child sitemap. */
  entry: string;
  /** Its child whose text is the URL (Atom reads `<link href>` instead). */
  value: string;
  /** Sitemaps keep every `<loc>` of an entry; feeds keep the first link only. */
  everyValue: boolean;
  /** Used when an entry closes without a usable value: RSS `<guid>`, or a sitemap entry's bare text. */
  fallback: 'guid' | 'direct_text' | undefined;
}

const RULES: Record<XmlKind, EntryRules> = {
  urlset: { entry: 'url', value: 'loc', everyValue: true, fallback: 'direct_text' },
  index: { entry: 'sitemap', value: 'loc', everyValue: true, fallback: 'direct_text' },
  rss: { entry: 'item', value: 'link', everyValue: false, fallback: 'guid' },
  atom: { entry: 'entry', value: 'link', everyValue: false, fallback: undefined },
};

/** Bare text of an entry longer than this cannot be a URL; stop accumulating it. */
const MAX_DIRECT_TEXT = 4096;

interface OpenEntry {
  /** Number of open elements, the entry included. */
  depth: number;
  kept: number;
  directText: string;
  guid: string;
}

/**
 * A SAX pass (htmlparser2 in XML mode) rather than a tree parser: it never reads a DTD, decodes only
 * the five XML entities and character references (so `&lol9;` or an external `&xxe;` stays literal
 * text), keeps nothing but the URLs in memory, and reports what came before a truncation, where
 * tree parsers throw. A document that declares entities is refused outright, as usp and
 * crawler-commons do: no sitemap needs a DTD.
 */
function parseXmlSitemap(xml: string, sourceUrl: string): ParsedSitemap {
  let kind: XmlKind | undefined;
  let refused = false;
  let inputEnded = false;
  const urls: string[] = [];
  const open: string[] = [];
  let entry: OpenEntry | undefined;
  let captured: { name: string; text: string } | undefined;

  const keep = (current: OpenEntry, rules: EntryRules, url: string | undefined) => {
    if (!url || urls.length >= MAX_URLS_PER_SITEMAP || (current.kept > 0 && !rules.everyValue)) return;
    urls.push(url);
    current.kept += 1;
  };

  const parser = new Parser(
    {
      onprocessinginstruction(name, data) {
        const declaration = name.toLowerCase();
        if (declaration === '!entity' || (declaration === '!doctype' && data.includes('['))) refused = true;
      },
      onopentag(rawName, attributes) {
        const name = localName(rawName);
        if (open.length === 0 && kind === undefined) {
          kind = ROOT_KINDS.get(name);
          if (!kind) refused = true;
        }
        open.push(name);
        if (refused || !kind) return;
        const rules = RULES[kind];
        if (!entry) {
          if (name === rules.entry) entry = { depth: open.length, kept: 0, directText: '', guid: '' };
          return;
        }
        if (open.length !== entry.depth + 1) return;
        if (kind === 'atom') {
          if (name === 'link' && isAlternateLink(attributes.rel)) keep(entry, rules, resolvedHttpUrl(attributes.href, sourceUrl));
        } else if (name === rules.value || (name === 'guid' && rules.fallback === 'guid')) {
          captured = { name, text: '' };
        }
      },
      ontext(text) {
        if (!entry) return;
        if (captured && open.length === entry.depth + 1) captured.text += text;
        else if (open.length === entry.depth && entry.directText.length < MAX_DIRECT_TEXT) entry.directText += text;
      },
      onclosetag() {
        // Elements still open when the input ends were cut off: their text may be a partial URL.
        if (inputEnded) return;
        open.pop();
        if (!entry || !kind) return;
        const rules = RULES[kind];
        if (captured && open.length === entry.depth) {
          if (captured.name === 'guid') entry.guid = captured.text;
          else keep(entry, rules, kind === 'rss' ? resolvedHttpUrl(captured.text, sourceUrl) : absoluteHttpUrl(captured.text));
          captured = undefined;
        } else if (open.length === entry.depth - 1) {
          if (entry.kept === 0 && rules.fallback) {
            keep(entry, rules, absoluteHttpUrl(rules.fallback === 'guid' ? entry.guid : entry.directText));
          }
          entry = undefined;
        }
      },
    },
    { xmlMode: true },
  );
  parser.write(xml);
  inputEnded = true;
  parser.end();

  if (refused || !kind) return invalid();
  return { kind, urls };
}

/** `sit:urlset` → `urlset`; XML names are case-sensitive, but generators are not careful. */
function localName(qualifiedName: string): string {
  return qualifiedName.slice(qualifiedName.indexOf(':') + 1).toLowerCase();
}

/** Atom: a link without `rel` is `alternate`, the entry's own page. */
function isAlternateLink(rel: string | undefined): boolean {
  return rel === undefined || rel.trim().toLowerCase() === 'alternate';
}

const ABSOLUTE_HTTP_URL = /^https?:\/\/\S+$/i;

/** sitemaps.org requires absolute URLs; `trim` also strips NBSP and other Unicode spaces around them. */
function absoluteHttpUrl(raw: string): string | undefined {
  const candidate = raw.trim();
  return ABSOLUTE_HTTP_URL.test(candidate) && URL.canParse(candidate) ? candidate : undefined;
}

/** Feeds may use references relative to the document (RFC 4287), sitemaps may not. */
function resolvedHttpUrl(raw: string | undefined, base: string): string | undefined {
  const candidate = raw?.trim();
  if (!candidate || /\s/.test(candidate)) return undefined;
  try {
    const url = new URL(candidate, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

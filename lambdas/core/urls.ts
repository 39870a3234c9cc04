import { isIpLiteral, isPublicAddress, stripBrackets } from './address.js';

export const MAX_URL_LENGTH = 2048;

/** What is wrong with a refused URL, for callers that answer differently (the fetcher: `blocked_address`). */
export type UrlProblem = 'too_long' | 'not_absolute' | 'not_https' | 'user_info' | 'not_public_host';

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string; problem: UrlProblem };

// RFC 6761 localhost, mDNS, ICANN's private-use TLD and RFC 8375 home networks: names that only
// mean something inside a network.
const BLOCKED_NAME_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa'];

/**
 * CONTRACT 2: absolute, at most 2048 characters, https, no user-info, and a host that is a public DNS
 * name or public IP literal. Decided from the text alone, before any network traffic.
 */
export function checkPublicHttpsUrl(raw: string): UrlCheck {
  if (raw.length > MAX_URL_LENGTH) {
    return { ok: false, problem: 'too_long', reason: `URL is longer than ${MAX_URL_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'not_absolute', reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, problem: 'not_https', reason: 'only https URLs are accepted' };
  if (url.username || url.password) {
    return { ok: false, problem: 'user_info', reason: 'URLs with user-info are not accepted' };
  }
  const hostReason = blockedHostReason(url.hostname);
  if (hostReason) return { ok: false, problem: 'not_public_host', reason: hostReason };
  return { ok: true, url };
}

function blockedHostReason(hostname: string): string | undefined {
  if (isIpLiteral(hostname)) {
    return isPublicAddress(stripBrackets(hostname)) ? undefined : 'the host is not a public address';
  }
  const name = withoutTrailingDot(hostname.toLowerCase());
  if (name === '' || name === 'localhost' || BLOCKED_NAME_SUFFIXES.some((s) => name.endsWith(s))) {
    return 'the host is not a public name';
  }
  if (!name.includes('.')) return 'single-label host names are not accepted';
  return undefined;
}

function withoutTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * The site a host belongs to for same-domain rules: lower-case, punycode (the WHATWG parser already
 * did both), no trailing dot, and a leading `www.` insignificant.
 */
export function siteKey(hostname: string): string {
  const host = withoutTrailingDot(hostname.toLowerCase());
  return host.startsWith('www.') ? host.slice(4) : host;
}

export function isSameSite(a: URL | string, b: URL | string): boolean {
  return siteKey(toUrl(a).hostname) === siteKey(toUrl(b).hostname);
}

/**
 * A fetcher `allowRedirect` rule: a hop may change the scheme or `www.`, not the site. Every hop is
 * checked against the one before, so a chain never leaves the site it started on.
 */
export function refuseOffSiteRedirect(from: URL, to: URL): string | undefined {
  return isSameSite(from, to) ? undefined : 'redirect_off_site';
}

/**
 * De-duplication key (CONTRACT 2): fragment removed, scheme and host lower-cased, default port
 * removed, empty path as `/`. The WHATWG serializer does all but the fragment; query strings and
 * trailing slashes stay significant.
 */
export function normalizeUrl(input: URL | string): string {
  const url = new URL(toUrl(input).href);
  url.hash = '';
  return url.href;
}

/** The URL without its query string (and fragment), for crawls that ignore query parameters. */
export function withoutQuery(input: string): string {
  const url = new URL(input);
  url.search = '';
  url.hash = '';
  return url.href;
}

/** Keeps the first occurrence of each normalized URL, in order. */
export function dedupeUrls(urls: Iterable<string>): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of urls) {
    const key = normalizeUrl(raw);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(key);
  }
  return kept;
}

const ASSET_EXTENSIONS = new Set([
  // images
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'svgz', 'ico', 'bmp', 'tif', 'tiff', 'heic', 'heif',
  // documents
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'epub', 'csv',
  // media
  'mp3', 'mp4', 'm4a', 'm4v', 'wav', 'ogg', 'oga', 'ogv', 'webm', 'mov', 'avi', 'mkv', 'flac', 'aac', 'wmv', 'flv', 'mpg', 'mpeg',
  // archives and binaries
  'zip', 'gz', 'tgz', 'bz2', 'xz', '7z', 'rar', 'tar', 'dmg', 'exe', 'msi', 'apk', 'iso', 'bin', 'deb', 'rpm',
  // fonts
  'woff', 'woff2', 'ttf', 'otf', 'eot',
  // code, styles, maps
  'js', 'mjs', 'cjs', 'css', 'map', 'wasm', 'json',
  // feeds and XML
  'xml', 'rss', 'atom', 'rdf', 'xsl', 'xslt',
]);

const FEED_PATHS = /\/(feed|rss|atom)\/?$/i;

/** The asset filter looks at the path only, so `?v=123` cache busters do not defeat it. */
export function isAssetUrl(input: URL | string): boolean {
  const url = toUrl(input);
  const path = url.pathname.toLowerCase();
  if (FEED_PATHS.test(path)) return true;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  const dot = lastSegment.lastIndexOf('.');
  if (dot < 0) return false;
  return ASSET_EXTENSIONS.has(lastSegment.slice(dot + 1));
}

function toUrl(input: URL | string): URL {
  return typeof input === 'string' ? new URL(input) : input;
}

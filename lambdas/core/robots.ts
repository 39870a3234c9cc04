import { FetchError, isHostUnreachable, type FetchDocument, type FetchFailureReason, type HostUnreachableReason } from './fetch-types.js';

/**
 * robots.txt with RFC 9309 semantics. Parsing and matching are pure; `fetchRobotsTxt` receives the
 * network as a `FetchDocument`. Why our own parser rather than robots-parser: docs/robots.md.
 */
export interface RobotsRules {
  /**
   * Whether the crawler whose product token is `userAgentToken` (e.g. `CrawlServiceBot`, without a
   * version) may fetch `url` (absolute, or a path starting with `/`).
   */
  isAllowed(url: string, userAgentToken: string): boolean;
  /** The group's `Crawl-delay` as written, uncapped: capping is the crawler's policy. */
  crawlDelaySeconds(userAgentToken: string): number | undefined;
  /** `Sitemap:` values in file order, duplicates removed; they may sit anywhere in the file. */
  readonly sitemaps: readonly string[];
}

/** CONTRACT 5: at most 500 KiB of robots.txt is parsed (RFC 9309 2.5 requires at least that much). */
export const ROBOTS_MAX_PARSE_BYTES = 500 * 1024;

// Asked of the fetcher so that a larger file still yields its first 500 KiB; beyond this the
// fetcher fails with `too_large` and the file counts as unreachable.
const ROBOTS_FETCH_MAX_BYTES = 2 * 1024 * 1024;

const ROBOTS_PATH = '/robots.txt';
const UTF8_BOM = [0xef, 0xbb, 0xbf];

// Octets outside a URI's allowed set, plus `%` not starting an escape, and `*` / `$` which are
// literal in a URL but special in a pattern: all written as escapes on both sides.
const ENCODED_ASCII = new Set([...'"<>\\^`{|}%*$']);
const NEEDS_CANONICALIZING = /[^\x21-\x7e]|["<>\\^`{|}%*$]/;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
// Escapes of characters that delimit nothing where they stand compare equal to the character
// (RFC 9309 Figure 4 matches `?baz=https://foo.bar` with `?baz=https%3A%2F%2Ffoo.bar`).
const DATA_IN_PATH = new Set([':', '@']);
const DATA_IN_QUERY = new Set([':', '@', '/', '?']);
const utf8 = new TextEncoder();

type Directive = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay';

// Google's accepted misspellings: each only ever adds a rule the site owner evidently meant.
const DIRECTIVES = new Map<string, Directive>([
  ['user-agent', 'user-agent'],
  ['useragent', 'user-agent'],
  ['user agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['dissallow', 'disallow'],
  ['dissalow', 'disallow'],
  ['disalow', 'disallow'],
  ['diasllow', 'disallow'],
  ['disallaw', 'disallow'],
  ['sitemap', 'sitemap'],
  ['site-map', 'sitemap'],
  ['crawl-delay', 'crawl-delay'],
]);

interface Pattern {
  /** Canonical literal pieces between `*` wildcards. */
  pieces: string[];
  /** A trailing `$`: the path must end where the pattern ends. */
  anchored: boolean;
  /** Octets of the canonical pattern: "most specific" is the longest pattern (docs/robots.md). */
  length: number;
}

interface Rule {
  allow: boolean;
  pattern: Pattern;
}

interface Group {
  /** Lower-cased product tokens, or `*`. */
  agents: string[];
  rules: Rule[];
  crawlDelays: number[];
}

/** What applies to one crawler: the merged groups naming it, else the merged `*` groups. */
interface AppliedGroup {
  rules: Rule[];
  crawlDelay: number | undefined;
}

export function parseRobotsTxt(body: string | Uint8Array): RobotsRules {
  const groups: Group[] = [];
  const sitemaps = new Set<string>();
  let current: Group | undefined;
  // Consecutive user-agent lines share a group; the first rule or Crawl-delay line closes the agent
  // list. Sitemap and unknown lines do not (Google's behaviour), but a Crawl-delay right under a
  // user-agent line is written for that agent alone (`User-agent: *` / `Crawl-delay: 10` followed by
  // `User-agent: FastBot` / `Crawl-delay: 1`).
  let collectingAgents = false;

  for (const line of robotsLines(body)) {
    const record = parseRecord(line);
    if (!record) continue;
    const { directive, value } = record;
    switch (directive) {
      case 'user-agent': {
        if (!current || !collectingAgents) {
          current = { agents: [], rules: [], crawlDelays: [] };
          groups.push(current);
          collectingAgents = true;
        }
        const agent = agentToken(value);
        if (agent) current.agents.push(agent);
        break;
      }
      case 'allow':
      case 'disallow':
        // Rules before the first user-agent line belong to no group and are ignored (RFC 9309 2.2.2).
        if (!current) break;
        collectingAgents = false;
        // An empty pattern matches nothing: `Disallow:` alone means "no restriction".
        if (value !== '') current.rules.push({ allow: directive === 'allow', pattern: compilePattern(value) });
        break;
      case 'crawl-delay': {
        if (!current) break;
        collectingAgents = false;
        const seconds = parseCrawlDelay(value);
        if (seconds !== undefined) current.crawlDelays.push(seconds);
        break;
      }
      case 'sitemap':
        if (value !== '') sitemaps.add(value);
        break;
    }
  }
  return new ParsedRobots(groups, [...sitemaps]);
}

class ParsedRobots implements RobotsRules {
  private readonly appliedByAgent = new Map<string, AppliedGroup>();

  constructor(
    private readonly groups: readonly Group[],
    readonly sitemaps: readonly string[],
  ) {}

  isAllowed(url: string, userAgentToken: string): boolean {
    const path = pathToMatch(url);
    if (path === ROBOTS_PATH || path.startsWith(`${ROBOTS_PATH}?`)) return true;
    let best: Rule | undefined;
    for (const rule of this.applied(userAgentToken).rules) {
      if (!patternMatches(rule.pattern, path)) continue;
      const longer = !best || rule.pattern.length > best.pattern.length;
      const allowWinsTie = best !== undefined && rule.pattern.length === best.pattern.length && rule.allow;
      if (longer || allowWinsTie) best = rule;
    }
    return best ? best.allow : true;
  }

  crawlDelaySeconds(userAgentToken: string): number | undefined {
    return this.applied(userAgentToken).crawlDelay;
  }

  private applied(userAgentToken: string): AppliedGroup {
    const agent = userAgentToken.toLowerCase();
    let applied = this.appliedByAgent.get(agent);
    if (!applied) {
      const own = this.groups.filter((g) => g.agents.includes(agent));
      const chosen = own.length > 0 ? own : this.groups.filter((g) => g.agents.includes('*'));
      applied = {
        rules: chosen.flatMap((g) => g.rules),
        crawlDelay: chosen.flatMap((g) => g.crawlDelays)[0],
      };
      this.appliedByAgent.set(agent, applied);
    }
    return applied;
  }
}

/** No robots.txt (4xx): everything may be crawled. */
export const allowAll: RobotsRules = parseRobotsTxt('');

/** Server error or unreachable: nothing but /robots.txt itself may be crawled. */
export const disallowAll: RobotsRules = parseRobotsTxt('User-agent: *\nDisallow: /\n');

export type RobotsFetchResult = { status: number; body: Uint8Array } | { unreachable: true; reason: FetchFailureReason };

/**
 * RFC 9309 2.3.1: a 2xx body is parsed; 4xx means there are no rules ("unavailable"); 5xx, or no
 * answer at all, means the site may be down, so nothing is crawled. 429 is the site asking us to
 * slow down, so it counts with the server errors rather than as "no robots.txt".
 */
export function robotsPolicyFromFetch(result: RobotsFetchResult): RobotsRules {
  if ('unreachable' in result) return disallowAll;
  const { status, body } = result;
  if (status >= 200 && status < 300) return parseRobotsTxt(body);
  if (status === 429) return disallowAll;
  // A 3xx reaching us is one the fetcher could not follow (no Location): robots.txt is unavailable.
  if (status >= 300 && status < 500) return allowAll;
  return disallowAll;
}

/**
 * Fetches `<origin>/robots.txt` (the fetcher follows up to 5 redirects and re-checks each hop).
 * Every `FetchError`, `too_large` included, counts as unreachable, with its reason; any other error
 * is a bug or an abort and is rethrown. The raw result can be stored and turned into rules again later.
 */
export async function fetchRobotsTxt(origin: string, fetchDocument: FetchDocument): Promise<RobotsFetchResult> {
  const robotsUrl = new URL(ROBOTS_PATH, origin).href;
  try {
    const document = await fetchDocument(robotsUrl, { maxBytes: ROBOTS_FETCH_MAX_BYTES });
    return { status: document.status, body: document.body };
  } catch (error) {
    if (error instanceof FetchError) return { unreachable: true, reason: error.reason };
    throw error;
  }
}

/**
 * Why the host gave no answer at all to the robots.txt request, the first one a crawl or preview
 * sends it, or undefined when it answered (a 5xx included). Callers report such a site as unreachable
 * (CONTRACT 9) rather than as disallowing everything, which RFC 9309 reserves for sites that answer.
 */
export function hostUnreachableReason(result: RobotsFetchResult): HostUnreachableReason | undefined {
  return 'unreachable' in result && isHostUnreachable(result.reason) ? result.reason : undefined;
}

/** The first 500 KiB as lines, any of CR, LF or CRLF ending them, without the (even partial) BOM. */
function robotsLines(body: string | Uint8Array): string[] {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  let start = 0;
  while (start < UTF8_BOM.length && bytes[start] === UTF8_BOM[start]) start += 1;
  const capped = bytes.length > ROBOTS_MAX_PARSE_BYTES;
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
    bytes.subarray(start, Math.max(start, Math.min(bytes.length, ROBOTS_MAX_PARSE_BYTES))),
  );
  const lines = text.split(/\r\n|\r|\n/);
  // A line cut by the cap could turn `Disallow: /private` into `Disallow: /p`; drop it.
  if (capped) lines.pop();
  return lines;
}

/** `key: value` with the comment and surrounding blanks removed; undefined for anything else. */
function parseRecord(line: string): { directive: Directive; value: string } | undefined {
  const hash = line.indexOf('#');
  const content = trimBlanks(hash >= 0 ? line.slice(0, hash) : line);
  if (content === '') return undefined;
  const colon = content.indexOf(':');
  let key: string;
  let value: string;
  if (colon >= 0) {
    key = content.slice(0, colon);
    value = content.slice(colon + 1);
  } else {
    // A forgotten colon (`Disallow /x`) is accepted only when exactly two words leave no doubt.
    const words = content.split(/[ \t]+/);
    if (words.length !== 2) return undefined;
    [key = '', value = ''] = words;
  }
  const directive = DIRECTIVES.get(trimBlanks(key).toLowerCase());
  return directive ? { directive, value: trimBlanks(value) } : undefined;
}

function trimBlanks(text: string): string {
  return text.replace(/^[ \t\v\f]+|[ \t\v\f]+$/g, '');
}

/**
 * The product token a user-agent line names: `*`, or its leading run of letters, `_` and `-`
 * (RFC 9309 2.2.1), so `FooBot/1.2` and `FooBot (+https://…)` name `foobot`.
 */
function agentToken(value: string): string | undefined {
  if (/^\*(?:[ \t]|$)/.test(value)) return '*';
  return /^[A-Za-z_-]+/.exec(value)?.[0].toLowerCase();
}

function parseCrawlDelay(value: string): number | undefined {
  return /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : undefined;
}

function compilePattern(raw: string): Pattern {
  const anchored = raw.endsWith('$');
  const rawPieces = (anchored ? raw.slice(0, -1) : raw).split('*');
  let inQuery = false;
  const pieces = rawPieces.map((piece) => {
    const canonical = canonicalize(piece, inQuery);
    inQuery = canonical.inQuery;
    return canonical.text;
  });
  const length = pieces.reduce((sum, piece) => sum + piece.length, pieces.length - 1) + (anchored ? 1 : 0);
  return { pieces, anchored, length };
}

/** The path and query of a URL, canonical; the fragment never takes part in matching. */
function pathToMatch(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://robots.invalid/');
  } catch {
    return '/';
  }
  return canonicalize(parsed.pathname + parsed.search, false).text;
}

/**
 * Matches `*` wildcards leftmost-first: a literal piece found at its earliest position leaves the
 * most room for the pieces after it, so no backtracking is needed and hostile patterns stay linear.
 */
function patternMatches(pattern: Pattern, path: string): boolean {
  const { pieces, anchored } = pattern;
  const first = pieces[0] ?? '';
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let cursor = first.length;
  for (let i = 1; i < pieces.length - 1; i += 1) {
    const piece = pieces[i] ?? '';
    const found = path.indexOf(piece, cursor);
    if (found < 0) return false;
    cursor = found + piece.length;
  }
  const last = pieces[pieces.length - 1] ?? '';
  if (anchored) return path.length - last.length >= cursor && path.endsWith(last);
  return path.indexOf(last, cursor) >= 0;
}

/**
 * One spelling for each URL the server cannot tell apart (RFC 3986 6.2.2), applied to rules and URLs
 * alike: non-ASCII and unsafe octets percent-encoded as UTF-8, escape hex upper-cased, escapes of
 * unreserved characters decoded (so `%62%61%7A` is `baz`, RFC 9309 2.2.2).
 */
function canonicalize(text: string, startsInQuery: boolean): { text: string; inQuery: boolean } {
  if (!NEEDS_CANONICALIZING.test(text)) return { text, inQuery: startsInQuery || text.includes('?') };
  let out = '';
  let inQuery = startsInQuery;
  for (let i = 0; i < text.length; ) {
    const escape = text.charAt(i) === '%' ? /^[0-9A-Fa-f]{2}/.exec(text.slice(i + 1, i + 3))?.[0] : undefined;
    if (escape) {
      const decoded = String.fromCharCode(parseInt(escape, 16));
      const keepsNoMeaning = UNRESERVED.test(decoded) || (inQuery ? DATA_IN_QUERY : DATA_IN_PATH).has(decoded);
      out += keepsNoMeaning ? decoded : `%${escape.toUpperCase()}`;
      i += 3;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
    if (char === '?') inQuery = true;
    const code = char.charCodeAt(0);
    out += code <= 0x20 || code >= 0x7f || ENCODED_ASCII.has(char) ? percentEncode(char) : char;
    i += char.length;
  }
  return { text: out, inQuery };
}

function percentEncode(char: string): string {
  let out = '';
  for (const byte of utf8.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

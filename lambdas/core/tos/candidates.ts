import { isAssetUrl, isSameSite, normalizeUrl } from '../urls.js';

export interface PageLink {
  url: string;
  text: string;
}

interface Signal {
  pattern: RegExp;
  score: number;
}

// Link text speaks for the page better than its href, so text signals outrank href signals of the
// same strength. "Terms of sale" or a bare "legal" page is less likely to hold usage rules.
const TEXT_SIGNALS: Signal[] = [
  { pattern: /\b(?:terms\s+(?:of\s+)?(?:service|use)|terms\s*(?:and|&)\s*conditions|user\s+agreement|conditions\s+of\s+use)\b/i, score: 100 },
  { pattern: /\bacceptable\s+use\b/i, score: 80 },
  { pattern: /\bterms\b/i, score: 70 },
  // "Conditions" alone also names medical or product pages, so it ranks below "terms".
  { pattern: /\bconditions\b/i, score: 55 },
  { pattern: /\blegal\b/i, score: 40 },
];

const HREF_SIGNALS: Signal[] = [
  { pattern: /(?:terms[-_]?(?:of[-_]?)?(?:service|use)|terms[-_]?(?:and|&)[-_]?conditions|user[-_]?agreement|conditions[-_]?of[-_]?use|\btos\b)/i, score: 90 },
  { pattern: /acceptable[-_]?use/i, score: 75 },
  { pattern: /(?:^|[/_.-])terms(?:$|[/_.-])/i, score: 60 },
  { pattern: /(?:^|[/_.-])conditions(?:$|[/_.-])/i, score: 45 },
  { pattern: /(?:^|[/_.-])legal(?:$|[/_.-])/i, score: 30 },
];

/** Commerce terms rarely hold the site's usage rules; keep them behind the general terms. */
const SALES_TERMS = /\b(?:sale|sales|purchase|shipping|delivery|returns?)\b/i;
const SALES_PENALTY = 25;

/** Tried after every link, best guesses first: the caller fetches only the first few. */
export const WELL_KNOWN_TERMS_PATHS = [
  '/terms',
  '/terms-of-service',
  '/terms-of-use',
  '/tos',
  '/legal',
  '/terms-and-conditions',
  '/legal/terms',
];

/**
 * Terms-page candidates for a seed page (CONTRACT 5): same-site links that name terms, conditions,
 * a user agreement or legal, strongest signal first (document order breaks ties), then the
 * well-known paths, de-duplicated.
 */
export function findTermsCandidates(seedUrl: string, links: PageLink[]): string[] {
  const ranked = links
    .flatMap((link, position) => {
      const url = sameSiteUrl(seedUrl, link.url);
      const score = url ? linkScore(link.text, url) : 0;
      return url && score > 0 ? [{ url, score, position }] : [];
    })
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .map((c) => normalizeUrl(c.url));
  const fallbacks = WELL_KNOWN_TERMS_PATHS.map((path) => normalizeUrl(new URL(path, seedUrl)));
  return [...new Set([...ranked, ...fallbacks])];
}

function linkScore(text: string, url: URL): number {
  const path = decodeSafely(url.pathname);
  const score = Math.max(bestSignal(TEXT_SIGNALS, text), bestSignal(HREF_SIGNALS, path));
  if (score === 0) return 0;
  return SALES_TERMS.test(text) || SALES_TERMS.test(path) ? score - SALES_PENALTY : score;
}

function bestSignal(signals: Signal[], subject: string): number {
  return signals.find((signal) => signal.pattern.test(subject))?.score ?? 0;
}

/** The link as a URL when it is an http(s) page on the seed's site, else undefined. */
function sameSiteUrl(seedUrl: string, raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw, seedUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (!isSameSite(seedUrl, url) || isAssetUrl(url)) return undefined;
  return url;
}

function decodeSafely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

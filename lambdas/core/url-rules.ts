import { RE2JS, RE2JSSyntaxException } from 're2js';
import type { PathFilter } from './path-filter.js';

/**
 * Firecrawl's crawl rules for discovered URLs (docs/firecrawl.md): `includePaths` and
 * `excludePaths` are regular expressions searched for (not anchored) in the URL's path, or in the
 * whole URL with `regexOnFullURL`; without `crawlEntireDomain` only paths under the seed's are
 * crawled. The expressions run on RE2 (re2js), whose matching time is linear in the input for any
 * expression: a user's pattern cannot make the planner backtrack. RE2 has no backreferences or
 * lookaround; such a pattern is refused when the crawl is created.
 */

export const MAX_URL_REGEXES = 50;
export const MAX_URL_REGEX_LENGTH = 512;

export interface UrlRules {
  include_regex?: readonly string[];
  exclude_regex?: readonly string[];
  regex_on_full_url?: boolean;
  /** Only paths that start with this one are crawled. */
  under_path?: string;
}

/** Why a pattern cannot be used, or undefined when RE2 takes it. */
export function urlRegexProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_URL_REGEX_LENGTH) return `must be at most ${MAX_URL_REGEX_LENGTH} characters`;
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) return `is not a regular expression this service runs (RE2 syntax: no backreferences or lookaround): ${error.message}`;
    throw error;
  }
}

/** The filter the rules make, or undefined when they let every URL through. */
export function urlRulesFilter(rules: UrlRules): PathFilter | undefined {
  const include = (rules.include_regex ?? []).map((pattern) => RE2JS.compile(pattern));
  const exclude = (rules.exclude_regex ?? []).map((pattern) => RE2JS.compile(pattern));
  const underPath = rules.under_path && rules.under_path !== '/' ? rules.under_path : undefined;
  if (include.length === 0 && exclude.length === 0 && !underPath) return undefined;
  // RE2 steps its program once per input character: its size is the cost per character.
  const widthOfAll = [...include, ...exclude].reduce((sum, regex) => sum + regex.programSize(), 1);
  const found = (regex: RE2JS, subject: string) => regex.matcher(subject).find();
  return {
    wants: (url) => {
      const { pathname } = new URL(url);
      if (underPath && !pathname.startsWith(underPath)) return false;
      const subject = rules.regex_on_full_url ? url : pathname;
      if (exclude.some((regex) => found(regex, subject))) return false;
      return include.length === 0 || include.some((regex) => found(regex, subject));
    },
    workFor: (url) => url.length * widthOfAll,
  };
}

/** Both filters: a URL passes when each that exists lets it through. */
export function bothFilters(a: PathFilter | undefined, b: PathFilter | undefined): PathFilter | undefined {
  if (!a || !b) return a ?? b;
  return { wants: (url) => a.wants(url) && b.wants(url), workFor: (url) => a.workFor(url) + b.workFor(url) };
}

/**
 * Terms-of-service check (CONTRACT 5): find the site's terms page from the seed page's links or
 * well-known paths, read at most three candidates, and stop at the first clause that forbids
 * scraping, crawling, bots or automated access. I/O is injected so the check is pure to test.
 */
import { findTermsCandidates, type PageLink } from './tos/candidates.js';
import { findProhibitingClause } from './tos/detect.js';

export { findTermsCandidates, WELL_KNOWN_TERMS_PATHS, type PageLink } from './tos/candidates.js';
export { findProhibitingClause, MAX_EVIDENCE_CHARS } from './tos/detect.js';

/** Candidates fetched per job: enough for a link plus two fallbacks, polite to the site. */
export const MAX_TERMS_FETCHES = 3;

export interface TermsText {
  finalUrl: string;
  text: string;
}

export interface TermsCheckInput {
  seedUrl: string;
  seedLinks: PageLink[];
  /**
   * The page's text, or undefined for non-2xx, robots-disallowed, non-HTML or failed fetches. The
   * caller applies robots.txt and the address rules.
   */
  fetchTermsText: (url: string) => Promise<TermsText | undefined>;
}

export type TermsCheckResult =
  | { blocked: false; checked: string[] }
  | { blocked: true; termsUrl: string; sentence: string; checked: string[] };

export async function checkTermsOfService(input: TermsCheckInput): Promise<TermsCheckResult> {
  const checked: string[] = [];
  const read = new Set<string>();
  for (const candidate of findTermsCandidates(input.seedUrl, input.seedLinks).slice(0, MAX_TERMS_FETCHES)) {
    checked.push(candidate);
    const page = await input.fetchTermsText(candidate);
    // two candidates often redirect to the same page; reading it once is enough
    if (page === undefined || read.has(page.finalUrl)) continue;
    read.add(page.finalUrl);
    const clause = findProhibitingClause(page.text);
    if (clause) return { blocked: true, termsUrl: page.finalUrl, sentence: clause.sentence, checked };
  }
  return { blocked: false, checked };
}

import { matchesOf } from './regex.js';
import { segmentText, type Clause, type Sentence } from './segments.js';
import {
  ACCESS_VERB,
  AMBIGUOUS_TERM,
  ACTIVE_PROHIBITION,
  AUTOMATION_ACTIVITY,
  AUTOMATION_HINT,
  AUTOMATION_TOOL,
  BE_AFTER_NEGATION,
  CONDITION_TAIL,
  CONDUCT_ITEM,
  HUMANS_ONLY,
  HARVESTING,
  NARROW_PURPOSE,
  NEGATION,
  NO_BEFORE_TERM,
  PASSIVE_PROHIBITION,
  PERMISSION,
  PERSONAL_IDENTIFIERS,
  RESTRICTION,
  RIGHT_BEFORE_NEGATION,
  SERVICE_OWNED,
  SERVICE_SUBJECT,
  SUBJECT_BOUNDARY,
  USE_AFTER_NEGATION,
  VERB_OBJECT,
} from './vocabulary.js';

/** Evidence longer than this is cut to the clause, then to a window around the decisive words. */
export const MAX_EVIDENCE_CHARS = 500;

/**
 * How far back from a word the checks of what precedes it look ("no robots", "our bots", "the
 * subject of a cue"). Bounded so that a pathological page costs linear time.
 */
const LOOK_BEHIND_CHARS = 40;
const SUBJECT_LOOK_BEHIND_CHARS = 200;

/** Between a relative pronoun and a cue only modal verbs: "content that may violate these Terms". */
const RELATIVE_CLAUSE_HEAD = /^\s*(?:(?:may|might|could|would|will|can|shall|must|does|do)\s+)*$/i;

/** What a lead-in ("You agree not to:", "You may:") says about the list items under it. */
type LeadIn = 'prohibiting' | 'permitting' | 'neutral';

interface AutomationTerm {
  index: number;
  word: string;
  kind: 'tool' | 'activity';
}

/**
 * The first sentence of `text` that forbids scraping, crawling, bots or other automated access or
 * collection, quoted verbatim; undefined when none does. Mentions that describe the service's own
 * automation, grant permission, or ban only narrow behaviour (fake engagement, harvesting e-mail
 * addresses, excessive load) do not count.
 */
export function findProhibitingClause(text: string): { sentence: string } | undefined {
  let leadIn: LeadIn = 'neutral';
  for (const block of segmentText(text)) {
    for (const sentence of block.sentences) {
      // a lead-in reaches the rest of its sentence and the list items below, no further
      if (!block.listItem) leadIn = 'neutral';
      for (const clause of sentence.clauses) {
        const clauseText = text.slice(clause.start, clause.end);
        const anchor = prohibitionAnchor(clauseText, leadIn);
        if (anchor !== undefined) return { sentence: evidence(text, sentence, clause, clause.start + anchor) };
        if (clause.leadIn) leadIn = leadInOf(clauseText);
      }
    }
  }
  return undefined;
}

/** Where in the clause the prohibited automation is named, when the clause prohibits it. */
function prohibitionAnchor(clause: string, leadIn: LeadIn): number | undefined {
  if (!AUTOMATION_HINT.test(clause)) return undefined;
  const humansOnly = HUMANS_ONLY.exec(clause);
  if (humansOnly) return humansOnly.index;
  const terms = automationTerms(clause);
  const first = terms[0];
  if (first === undefined || isNarrow(clause, terms) || !isAutomatedConduct(clause, terms)) return undefined;
  if (isExplicitProhibition(clause, terms)) return first.index;
  if (leadIn === 'permitting' || PERMISSION.test(clause)) return undefined;
  // under "You agree not to:" any item naming automated access is prohibited; otherwise only
  // an item that reads as conduct ("use any robot…") and is not about what "we" do
  if (leadIn === 'prohibiting') return first.index;
  return CONDUCT_ITEM.test(clause) && !/\bwe\b/i.test(clause) ? first.index : undefined;
}

function automationTerms(clause: string): AutomationTerm[] {
  const found = (pattern: RegExp, kind: AutomationTerm['kind']): AutomationTerm[] =>
    matchesOf(pattern, clause)
      .filter((m) => !SERVICE_OWNED.test(before(clause, m.index, LOOK_BEHIND_CHARS)))
      .map((m) => ({ index: m.index, word: m[0], kind }));
  return [...found(AUTOMATION_TOOL, 'tool'), ...found(AUTOMATION_ACTIVITY, 'activity')].sort((a, b) => a.index - b.index);
}

function isNarrow(clause: string, terms: AutomationTerm[]): boolean {
  if (NARROW_PURPOSE.test(clause)) return true;
  return PERSONAL_IDENTIFIERS.test(clause) && terms.every((t) => HARVESTING.test(t.word));
}

function isExplicitProhibition(clause: string, terms: AutomationTerm[]): boolean {
  // condition tails do not overlap and come in order, so the last one starting before an index decides
  const conditions = matchesOf(CONDITION_TAIL, clause);
  const inCondition = (index: number): boolean => {
    const tail = conditions[countBefore(conditions.map((c) => c.index), index + 1) - 1];
    return tail !== undefined && index < tail.index + tail[0].length;
  };
  const termIndices = terms.map((t) => t.index);
  const termAfter = (index: number): boolean => countBefore(termIndices, index + 1) < termIndices.length;
  const termBetween = (from: number, to: number): boolean => countBefore(termIndices, to) > countBefore(termIndices, from);

  const negated = matchesOf(NEGATION, clause).some((m) => {
    if (inCondition(m.index) || RIGHT_BEFORE_NEGATION.test(before(clause, m.index, LOOK_BEHIND_CHARS))) return false;
    const rest = clause.slice(m.index + m[0].length);
    if (BE_AFTER_NEGATION.test(rest)) return USE_AFTER_NEGATION.test(rest);
    const subject = readerSubject(clause, m.index);
    // "you must not use robots" or "robots must not access"
    return subject !== undefined && (termAfter(m.index) || termBetween(subject.start, m.index));
  });
  if (negated) return true;
  if (matchesOf(ACTIVE_PROHIBITION, clause).some((m) => termAfter(m.index))) return true;
  if (terms.some((t) => NO_BEFORE_TERM.test(before(clause, t.index, LOOK_BEHIND_CHARS)))) return true;
  const stated = [...matchesOf(PASSIVE_PROHIBITION, clause), ...matchesOf(RESTRICTION, clause)];
  return stated.some((m) => readerSubject(clause, m.index) !== undefined);
}

/**
 * The subject in front of a cue at `index` when the cue binds the reader, undefined when it
 * describes what the service or a third party does ("we", "our …", "third parties") or sits in a
 * relative clause ("tools to detect content that is prohibited").
 */
function readerSubject(clause: string, index: number): { start: number } | undefined {
  const windowStart = Math.max(0, index - SUBJECT_LOOK_BEHIND_CHARS);
  const preceding = clause.slice(windowStart, index);
  const last = matchesOf(SUBJECT_BOUNDARY, preceding).at(-1);
  const offset = last === undefined ? 0 : last.index + last[0].length;
  const subject = preceding.slice(offset);
  const relative = last !== undefined && /^(?:that|which|who)$/i.test(last[0]) && RELATIVE_CLAUSE_HEAD.test(subject);
  if (relative || SERVICE_SUBJECT.test(subject.trim()) || /\bwe\b/i.test(subject)) return undefined;
  return { start: windowStart + offset };
}

/** The text just before `index`, at most `chars` long. */
function before(clause: string, index: number, chars: number): string {
  return clause.slice(Math.max(0, index - chars), index);
}

/** How many of the ascending `indices` are below `limit` (binary search). */
function countBefore(indices: number[], limit: number): number {
  let low = 0;
  let high = indices.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((indices[middle] ?? Infinity) < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Names automated access as something done, not a bare mention: an unambiguous word ("scraping",
 * "automated means"), a tool put to a verb of access ("robots to access"), several such words
 * ("spider, crawl, or scrape"), or one used with an object ("crawl the Services"). "Spider on the
 * bridge" is a title.
 */
function isAutomatedConduct(clause: string, terms: AutomationTerm[]): boolean {
  if (terms.length > 1 || terms.some((t) => !AMBIGUOUS_TERM.test(t.word))) return true;
  const inTerm = (index: number): boolean => terms.some((t) => index >= t.index && index < t.index + t.word.length);
  if (matchesOf(ACCESS_VERB, clause).some((m) => !inTerm(m.index))) return true;
  return terms.some((t) => VERB_OBJECT.test(clause.slice(t.index + t.word.length)));
}

function leadInOf(clause: string): LeadIn {
  const cues = [...matchesOf(NEGATION, clause), ...matchesOf(PASSIVE_PROHIBITION, clause)];
  if (cues.some((m) => readerSubject(clause, m.index) !== undefined) || /\bprohibited\b/i.test(clause)) return 'prohibiting';
  return PERMISSION.test(clause) ? 'permitting' : 'neutral';
}

/**
 * The sentence when it is short enough; else the clause; else a verbatim window of the clause
 * around the decisive words, cut at word boundaries.
 */
function evidence(text: string, sentence: Sentence, clause: Clause, anchor: number): string {
  if (sentence.end - sentence.start <= MAX_EVIDENCE_CHARS) return text.slice(sentence.start, sentence.end);
  if (clause.end - clause.start <= MAX_EVIDENCE_CHARS) return text.slice(clause.start, clause.end);
  const from = Math.max(clause.start, Math.min(anchor - MAX_EVIDENCE_CHARS / 2, clause.end - MAX_EVIDENCE_CHARS));
  const to = Math.min(clause.end, from + MAX_EVIDENCE_CHARS);
  const window = text.slice(from, to);
  const start = from === clause.start ? 0 : window.search(/\s/) + 1;
  const lastSpace = window.search(/\s\S*$/);
  const end = to === clause.end || lastSpace < 0 ? window.length : lastSpace;
  return window.slice(start, end).trim();
}

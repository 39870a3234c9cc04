/**
 * Splits terms text into list-aware blocks, sentences and clauses, as offsets into the original
 * text so the evidence quoted later is verbatim.
 */

import { matchesOf } from './regex.js';

export interface Span {
  start: number;
  end: number;
}

/** A piece of a sentence between semicolons, colons, inline bullets or a "but". */
export interface Clause extends Span {
  /** Ends with a colon: a lead-in whose meaning carries into the items that follow. */
  leadIn: boolean;
}

export interface Sentence extends Span {
  clauses: Clause[];
}

export interface Block {
  /** A bulleted or enumerated line: it continues the lead-in of the paragraph above it. */
  listItem: boolean;
  sentences: Sentence[];
}

const LIST_MARKER = /^\s*(?:[-*+•·▪◦‣–—]\s|\(?(?:\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]\s)/i;
const HEADING = /^\s*(?:#{1,6}\s|>)/;
/** Bullet symbols and markdown decoration are not part of the quoted sentence; enumerators are. */
const DECORATION = /^[\s#>*+•·▪◦‣–—-]*/;
const ENDS_SENTENCE = /[.!?:;]["'”’)\]]*\s*$/;

/** A full stop, then a capital, digit or enumerator: the usual shape of a sentence break. */
const SENTENCE_BREAK = /[.!?]["'”’)\]]*\s+(?=["'“‘([]*[A-Z0-9]|\((?:[ivxlc]{1,6}|[a-z]|\d{1,3})\)\s)/g;
const ABBREVIATION = /(?:\b(?:e\.g|i\.e|etc|inc|ltd|co|corp|no|nos|vs|mr|mrs|ms|dr|st|sec|art|para|cf|approx|jr|sr|fig|pp?|al|u\.s|u\.k|e\.u)|\b[a-z])$/i;

// "including but not limited to" is one clause
const CLAUSE_BREAK = /[;·•]|:(?=\s)|,?\s+but\s+(?!not\s+limited)/g;

export function segmentText(text: string): Block[] {
  return lineBlocks(text).map((block) => ({
    listItem: block.listItem,
    sentences: sentencesOf(text, block).map((sentence) => ({ ...sentence, clauses: clausesOf(text, sentence) })),
  }));
}

interface LineBlock extends Span {
  listItem: boolean;
}

/**
 * One block per line, except that a hard-wrapped paragraph (a line not ending a sentence followed
 * by one starting in lower case) is joined back together.
 */
function lineBlocks(text: string): LineBlock[] {
  const blocks: LineBlock[] = [];
  for (const line of matchesOf(/[^\r\n]+/g, text)) {
    const content = line[0];
    if (content.trim() === '') continue;
    const start = line.index;
    const previous = blocks.at(-1);
    const continues =
      previous !== undefined &&
      !/\n\s*\n/.test(text.slice(previous.end, start)) &&
      !LIST_MARKER.test(content) &&
      !HEADING.test(content) &&
      !ENDS_SENTENCE.test(text.slice(previous.start, previous.end)) &&
      /^\s*[a-z]/.test(content);
    if (continues) previous.end = start + content.length;
    else blocks.push({ start, end: start + content.length, listItem: LIST_MARKER.test(content) });
  }
  return blocks;
}

function sentencesOf(text: string, block: Span): Span[] {
  const body = text.slice(block.start, block.end);
  const sentences: Span[] = [];
  let from = 0;
  for (const brk of matchesOf(SENTENCE_BREAK, body)) {
    const stop = brk.index + brk[0].trimEnd().length;
    // the longest abbreviation is six letters, so eight characters show it and its word boundary
    if (ABBREVIATION.test(body.slice(Math.max(from, brk.index - 8), brk.index))) continue;
    pushTrimmed(sentences, text, block.start + from, block.start + stop);
    from = brk.index + brk[0].length;
  }
  pushTrimmed(sentences, text, block.start + from, block.end);
  return sentences;
}

function clausesOf(text: string, sentence: Span): Clause[] {
  const body = text.slice(sentence.start, sentence.end);
  const clauses: Clause[] = [];
  let from = 0;
  for (const brk of matchesOf(CLAUSE_BREAK, body)) {
    const span = trimmed(text, sentence.start + from, sentence.start + brk.index);
    if (span) clauses.push({ ...span, leadIn: brk[0] === ':' });
    from = brk.index + brk[0].length;
  }
  const last = trimmed(text, sentence.start + from, sentence.end);
  if (last) clauses.push({ ...last, leadIn: text[last.end - 1] === ':' });
  return clauses;
}

function pushTrimmed(into: Span[], text: string, start: number, end: number): void {
  const span = trimmed(text, start, end);
  if (span) into.push(span);
}

/** The span without surrounding white space and leading decoration, or undefined when empty. */
function trimmed(text: string, start: number, end: number): Span | undefined {
  const slice = text.slice(start, end);
  const lead = DECORATION.exec(slice)?.[0].length ?? 0;
  const kept = slice.slice(lead).trimEnd();
  return kept === '' ? undefined : { start: start + lead, end: start + lead + kept.length };
}

/**
 * Path filters of a `full` crawl (CONTRACT 9): glob patterns matched against a URL's whole path,
 * query and fragment excluded. `*` is any run of characters except `/`, `**` any run including
 * `/`, `?` one character except `/`; everything else matches itself, case-sensitively. Path and
 * pattern are compared percent-decoded, so `/café/**` and `/caf%C3%A9/**` mean the same.
 *
 * Matching is linear in the path's length for every pattern: the pattern is cut at its `**` into
 * pieces, and each piece is placed at the earliest end it can have after the one before (a `**`
 * takes whatever lies between, so the earliest end never loses a match). A piece without
 * wildcards is found by string search; one with `*` or `?` by running its automaton over the path
 * with all its states in the bits of 32-bit words (at most 9 for the 256 characters a pattern may
 * have), so a path character costs a few word operations. Each piece reads the path from where the
 * one before stopped, so the path is read about once per pattern: no pattern can make matching
 * backtrack the way a regular expression built from globs can.
 */

export const MAX_PATH_PATTERNS = 50;
export const MAX_PATH_PATTERN_LENGTH = 256;

const SLASH = 0x2f;
/** A step's own cost besides its state words, in words (see `PathPattern.width`). */
const STEP_WORDS = 2;

/**
 * A `**`-free part of a pattern: a literal, found by string search, or an automaton over its
 * tokens, where state i (bit i of a few 32-bit words) means "the first i tokens are matched".
 */
type Piece = { kind: 'literal'; text: string } | ({ kind: 'glob' } & PieceAutomaton);

interface PieceAutomaton {
  /** 32-bit words per state set. */
  words: number;
  /** The state after the last token. */
  accept: number;
  /**
   * The states a step on each ASCII character advances (`words` words per character): those
   * before a token that is the character, and those before a `?` unless it is `/`.
   */
  asciiSteps: Int32Array;
  /** The same for the other characters of the pattern; any other character advances only `?` states. */
  otherSteps: Map<number, Int32Array>;
  /** States before a `?`. */
  oneMask: Int32Array;
  /** States before a `*`: they stay on any character but `/`, and also stand after it. */
  runMask: Int32Array;
  /** The start state with what stands with it (all in the first word). */
  start: number;
  /** The state set while the automaton runs (matching is synchronous, so one per piece will do). */
  states: Int32Array;
}

export interface PathPattern {
  source: string;
  /** The pattern cut at each `**`: always one piece more than it has `**`. */
  pieces: Piece[];
  /**
   * What matching may cost per path character: the 32-bit words of state the longest piece steps,
   * and two more for the step itself (`npm run bench -- path-filter` finds one-word pieces cost
   * about three times less per character than eight-word ones, not eight). A literal piece counts
   * as if it were an automaton: string search slows down with its length too.
   */
  width: number;
}

/** Why a pattern cannot be used, or undefined when it is a valid glob. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (pattern.length === 0) return 'must not be empty';
  if (pattern.length > MAX_PATH_PATTERN_LENGTH) return `must be at most ${MAX_PATH_PATTERN_LENGTH} characters`;
  if (!pattern.startsWith('/')) return 'must start with "/" (it is matched against the URL path, e.g. "/docs/**")';
  if (/[\s\p{Cc}]/u.test(pattern)) return 'must not contain spaces or control characters';
  if (pattern.includes('#')) return 'must not contain "#" (fragments are not part of the path)';
  if (pattern.includes('***')) return 'must not contain "***" (use "**" for any run of characters including "/")';
  return undefined;
}

/** Compiles a pattern that passed `pathPatternProblem`. */
export function compilePathPattern(source: string): PathPattern {
  const texts = decodePath(source).split('**');
  return { source, pieces: texts.map(compilePiece), width: STEP_WORDS + Math.max(...texts.map((text) => wordsFor(Array.from(text).length))) };
}

function compilePiece(text: string): Piece {
  if (!text.includes('*') && !text.includes('?')) return { kind: 'literal', text };
  const tokens = Array.from(text, (char) => (char === '*' ? 'run' : char === '?' ? 'one' : (char.codePointAt(0) as number)));
  const words = wordsFor(tokens.length);
  const setBit = (bits: Int32Array, offset: number, state: number) => {
    bits[offset + (state >>> 5)] = (bits[offset + (state >>> 5)] as number) | (1 << (state & 31));
  };
  const oneMask = new Int32Array(words);
  const runMask = new Int32Array(words);
  tokens.forEach((token, state) => {
    if (token === 'one') setBit(oneMask, 0, state);
    if (token === 'run') setBit(runMask, 0, state);
  });
  const asciiSteps = new Int32Array(0x80 * words);
  for (let char = 0; char < 0x80; char++) if (char !== SLASH) asciiSteps.set(oneMask, char * words);
  const otherSteps = new Map<number, Int32Array>();
  tokens.forEach((token, state) => {
    if (typeof token !== 'number') return;
    if (token < 0x80) return setBit(asciiSteps, token * words, state);
    if (!otherSteps.has(token)) otherSteps.set(token, oneMask.slice());
    setBit(otherSteps.get(token) as Int32Array, 0, state);
  });
  // a leading `*` may match nothing
  const start = tokens[0] === 'run' ? 0b11 : 0b1;
  return { kind: 'glob', words, accept: tokens.length, asciiSteps, otherSteps, oneMask, runMask, start, states: new Int32Array(words) };
}

/** 32-bit words holding the states of `tokens` tokens: one before each, and the one after the last. */
function wordsFor(tokens: number): number {
  return Math.ceil((tokens + 1) / 32);
}

/** Whether the whole path matches the pattern. */
export function matchesPath(pattern: PathPattern, path: string): boolean {
  const { pieces } = pattern;
  const first = pieces[0] as Piece;
  if (pieces.length === 1) return wholeMatch(first, path);
  let at = prefixEnd(first, path);
  for (let i = 1; i < pieces.length - 1 && at >= 0; i++) at = earliestEnd(pieces[i] as Piece, path, at);
  return at >= 0 && suffixMatch(pieces.at(-1) as Piece, path, at);
}

/** The whole path matches the piece. */
function wholeMatch(piece: Piece, path: string): boolean {
  if (piece.kind === 'literal') return path === piece.text;
  return run(piece, path, 0, ANCHORED, TO_END) === path.length;
}

/** The earliest end of a match of the piece that starts the path; -1 if there is none. */
function prefixEnd(piece: Piece, path: string): number {
  if (piece.kind === 'literal') return path.startsWith(piece.text) ? piece.text.length : -1;
  return run(piece, path, 0, ANCHORED, !TO_END);
}

/** The earliest end of a match of the piece starting at `from` or later; -1 if there is none. */
function earliestEnd(piece: Piece, path: string, from: number): number {
  if (piece.kind === 'literal') {
    const found = path.indexOf(piece.text, from);
    return found < 0 ? -1 : found + piece.text.length;
  }
  return run(piece, path, from, !ANCHORED, !TO_END);
}

/** The piece matches the end of the path, starting at `from` or later. */
function suffixMatch(piece: Piece, path: string, from: number): boolean {
  if (piece.kind === 'literal') return path.length - piece.text.length >= from && path.endsWith(piece.text);
  return run(piece, path, from, !ANCHORED, TO_END) === path.length;
}

const ANCHORED = true;
const TO_END = true;

/**
 * Steps the piece's automaton over the path from `from`, one character (code point) at a time.
 * Anchored, the match must start at `from`; otherwise the start state is entered again after
 * every character, so a match may start anywhere. Answers the first position where the accept
 * state stands (with `toEnd`, only the path's end counts), or -1.
 */
function run(piece: PieceAutomaton, path: string, from: number, anchored: boolean, toEnd: boolean): number {
  const { words, accept, asciiSteps, runMask, start, states } = piece;
  const acceptWord = accept >>> 5;
  const acceptBit = 1 << (accept & 31);
  states.fill(0);
  states[0] = start;
  for (let at = from; ; ) {
    if (((states[acceptWord] as number) & acceptBit) !== 0 && (!toEnd || at === path.length)) return at;
    if (at >= path.length) return -1;
    let char = path.charCodeAt(at);
    at += 1;
    // a surrogate pair is one character
    if (char >= 0xd800 && char < 0xdc00 && at < path.length) {
      char = path.codePointAt(at - 1) as number;
      at += char > 0xffff ? 1 : 0;
    }
    const ascii = char < 0x80;
    const steps = ascii ? asciiSteps : (piece.otherSteps.get(char) ?? piece.oneMask);
    const offset = ascii ? char * words : 0;
    // `*` states stay on anything but `/`
    const stay = char === SLASH ? 0 : -1;
    let carry = 0;
    let skipCarry = 0;
    let alive = 0;
    for (let w = 0; w < words; w++) {
      const current = states[w] as number;
      const advancing = current & (steps[offset + w] as number);
      let next = (advancing << 1) | carry | (current & (runMask[w] as number) & stay);
      carry = advancing >>> 31;
      // a `*` may match nothing: a state before one also stands after it (two never follow each other)
      const skipping = next & (runMask[w] as number);
      next |= (skipping << 1) | skipCarry;
      skipCarry = skipping >>> 31;
      alive |= next;
      states[w] = next;
    }
    if (!anchored) states[0] = (states[0] as number) | start;
    else if (alive === 0) return -1;
  }
}

export interface PathFilterRules {
  include_paths?: readonly string[];
  exclude_paths?: readonly string[];
}

export interface PathFilter {
  /** Whether a discovered URL may be queued. */
  wants(url: string): boolean;
  /** The most work `wants(url)` can take: state words stepped, over the path's characters and every pattern. */
  workFor(url: string): number;
}

/**
 * The rule a discovered URL must pass to be queued: no exclude pattern matches its path and, when
 * include patterns are given, at least one of them does. Undefined without patterns: every URL passes.
 */
export function pathFilter(rules: PathFilterRules): PathFilter | undefined {
  const include = (rules.include_paths ?? []).map(compilePathPattern);
  const exclude = (rules.exclude_paths ?? []).map(compilePathPattern);
  if (include.length === 0 && exclude.length === 0) return undefined;
  const widthOfAll = [...include, ...exclude].reduce((sum, pattern) => sum + pattern.width, 0);
  return {
    wants: (url) => {
      const path = decodePath(new URL(url).pathname);
      if (exclude.some((pattern) => matchesPath(pattern, path))) return false;
      return include.length === 0 || include.some((pattern) => matchesPath(pattern, path));
    },
    // The decoded path is never longer than the URL.
    workFor: (url) => url.length * widthOfAll,
  };
}

/** Percent-decodes each segment; an encoded `/` stays encoded so it cannot split a segment. */
function decodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * Path filters of a `full` crawl (CONTRACT 9): glob patterns matched against a URL's whole path,
 * query and fragment excluded. `*` is any run of characters except `/`, `**` any run including
 * `/`, `?` one character except `/`; everything else matches itself, case-sensitively. Path and
 * pattern are compared percent-decoded, so `/café/**` and `/caf%C3%A9/**` mean the same.
 *
 * Matching simulates the pattern as an automaton over the path (linear in path × pattern), so no
 * pattern can make it backtrack the way a regular expression built from globs can.
 */

export const MAX_PATH_PATTERNS = 50;
export const MAX_PATH_PATTERN_LENGTH = 256;

type Token = { kind: 'char'; char: string } | { kind: 'one' } | { kind: 'segment_run' } | { kind: 'any_run' };

export interface PathPattern {
  source: string;
  tokens: Token[];
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
  const text = decodePath(source);
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '*' && text[i + 1] === '*') {
      tokens.push({ kind: 'any_run' });
      i += 1;
    } else if (char === '*') tokens.push({ kind: 'segment_run' });
    else if (char === '?') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', char });
  }
  return { source, tokens };
}

/** Whether the whole path matches the pattern. */
export function matchesPath(pattern: PathPattern, path: string): boolean {
  const { tokens } = pattern;
  const start = new Uint8Array(tokens.length + 1);
  start[0] = 1;
  let states = closure(start, tokens);
  for (const char of path) {
    const next = new Uint8Array(tokens.length + 1);
    let alive = false;
    for (let i = 0; i < tokens.length; i++) {
      if (!states[i]) continue;
      const token = tokens[i] as Token;
      const advance =
        (token.kind === 'char' && token.char === char) || (token.kind === 'one' && char !== '/') ? i + 1 : token.kind === 'any_run' || (token.kind === 'segment_run' && char !== '/') ? i : -1;
      if (advance >= 0) {
        next[advance] = 1;
        alive = true;
      }
    }
    if (!alive) return false;
    states = closure(next, tokens);
  }
  return states[tokens.length] === 1;
}

/** A run token may match nothing, so a state before one also stands after it. */
function closure(states: Uint8Array, tokens: Token[]): Uint8Array {
  for (let i = 0; i < tokens.length; i++) {
    const kind = (tokens[i] as Token).kind;
    if (states[i] && (kind === 'segment_run' || kind === 'any_run')) states[i + 1] = 1;
  }
  return states;
}

export interface PathFilterRules {
  include_paths?: readonly string[];
  exclude_paths?: readonly string[];
}

/**
 * The rule a discovered URL must pass to be queued: no exclude pattern matches its path and, when
 * include patterns are given, at least one of them does. Without patterns every URL passes.
 */
export function pathFilter(rules: PathFilterRules): (url: string) => boolean {
  const include = (rules.include_paths ?? []).map(compilePathPattern);
  const exclude = (rules.exclude_paths ?? []).map(compilePathPattern);
  if (include.length === 0 && exclude.length === 0) return () => true;
  return (url) => {
    const path = decodePath(new URL(url).pathname);
    if (exclude.some((pattern) => matchesPath(pattern, path))) return false;
    return include.length === 0 || include.some((pattern) => matchesPath(pattern, path));
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

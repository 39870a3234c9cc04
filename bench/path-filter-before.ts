/**
 * The path matcher before issue 25, kept only as the benchmark's baseline: it simulated the whole
 * pattern as an automaton of one state per token, a fresh state array per path character, so its
 * cost grew with path length × pattern length.
 */
type Token = { kind: 'char'; char: string } | { kind: 'one' } | { kind: 'segment_run' } | { kind: 'any_run' };

export function compileBefore(text: string): Token[] {
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
  return tokens;
}

export function matchesBefore(tokens: Token[], path: string): boolean {
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

function closure(states: Uint8Array, tokens: Token[]): Uint8Array {
  for (let i = 0; i < tokens.length; i++) {
    const kind = (tokens[i] as Token).kind;
    if (states[i] && (kind === 'segment_run' || kind === 'any_run')) states[i + 1] = 1;
  }
  return states;
}

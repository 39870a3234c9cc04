/**
 * Every match of a global pattern, without `String.prototype.matchAll`: that clones the pattern on
 * each call, which costs ten times the search itself on the short clauses the terms check reads.
 * Safe to share the pattern because the loop is synchronous and resets `lastIndex` first.
 */
export function matchesOf(pattern: RegExp, text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    matches.push(match);
    if (match[0] === '') pattern.lastIndex += 1;
  }
  return matches;
}

/**
 * The characters the results may not carry, found one by one by code point (an oracle written
 * apart from the rules in `lambdas/core/characters.ts`).
 */
const codePoints = (text: string) => [...text].map((character) => character.codePointAt(0) as number);
const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** C0 controls other than tab and line feed, which markdown and text may not hold. */
export function c0Controls(text: string): string[] {
  return codePoints(text).filter((code) => code < 0x20 && code !== 0x09 && code !== 0x0a).map(hex);
}

/** What XML 1.0's `Char` production leaves out, which Word and HTML may not hold. */
export function notXmlCharacters(text: string): string[] {
  const allowed = (code: number) => code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
  return codePoints(text).filter((code) => !allowed(code)).map(hex);
}

/** Where Python's `str.splitlines` ends a line (besides CR LF as one). */
const PYTHON_LINE_ENDS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029]);

/** The characters in `text` at which Python's `str.splitlines` would end a line. */
export function pythonLineEnds(text: string): string[] {
  return codePoints(text).filter((code) => PYTHON_LINE_ENDS.has(code)).map(hex);
}

/**
 * The characters each kind of result may carry, one rule per kind. A page can hold any code point
 * (a numeric reference such as `&#x1;` or `&#xFFFE;` decodes to it), and a result that passes it
 * on breaks its readers: an XML parser rejects a Word file holding U+FFFE, a terminal acts on a
 * raw escape character, and Python's `splitlines` ends a JSON Lines record at U+2028.
 */

/** C0 controls but tab and line feed (a carriage return is a line end of its own). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROLS = /\r\n?|[\x00-\x08\x0B-\x1F]/g;

/**
 * Text for the markdown and text results (and the titles and sections built from them): C0
 * controls other than tab and line feed are dropped, and a carriage return, alone or before a
 * line feed, becomes a line feed.
 */
export function plainText(text: string): string {
  return text.replace(CONTROLS, (character) => (character[0] === '\r' ? '\n' : ''));
}

/**
 * What XML 1.0 forbids (`Char`): C0 controls but tab, line feed and carriage return; U+FFFE and
 * U+FFFF; surrogates without their pair (matched as code points, so a pair is one character).
 */
// eslint-disable-next-line no-control-regex -- control characters are among what it finds
const NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/**
 * Text for the Word and HTML results: what XML forbids is dropped, and a surrogate without its
 * pair becomes U+FFFD, as a decoder shows a broken character.
 */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, (character) => (character >= '\uD800' && character <= '\uDFFF' ? '\uFFFD' : ''));
}

/** Line ends for some readers (NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR) that JSON leaves raw in strings. */
const JSON_RAW_LINE_ENDS = /[\u0085\u2028\u2029]/g;

/**
 * One JSON text as one line of JSON Lines: JSON escapes line feeds in strings but not these, which
 * can only stand in its strings, so they are written as `\uXXXX` escapes (the same string to a
 * JSON parser).
 */
export function jsonLineText(json: string): string {
  return json.replace(JSON_RAW_LINE_ENDS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

import { isAscii, isUtf8 } from 'node:buffer';

/**
 * Turning fetched bytes into text. Order of evidence, as the WHATWG encoding sniffing algorithm has
 * it: byte order mark, then the Content-Type charset, then (HTML only) a `<meta>` declaration in the
 * first 1024 bytes. Unknown or unsupported labels are skipped, so decoding never throws.
 *
 * Two departures from a browser, both because the crawler's reader sees text, not a page a human
 * can re-open in another encoding:
 * - With no declaration at all, text is UTF-8 unless its bytes hold no UTF-8 character at all
 *   and some that are not UTF-8, then windows-1252 (the WHATWG default for most locales). Nearly
 *   every undeclared page today is UTF-8, and windows-1252 text with accents is almost never valid
 *   UTF-8.
 * - A declaration that the bytes plainly contradict is overruled, for the one conflict that is
 *   common on the web: servers labelling UTF-8 pages `iso-8859-1` (a common server default) and
 *   old windows-1252 pages labelled `utf-8` by a template. Other encodings are trusted as declared.
 */

const UTF8 = 'utf-8';
const WINDOWS_1252 = 'windows-1252';
const META_PRESCAN_BYTES = 1024;

export function decodeHtml(body: Uint8Array, contentTypeHeader?: string): string {
  const declared =
    bomEncoding(body) ?? supportedEncoding(charsetParameter(contentTypeHeader)) ?? metaDeclaredEncoding(body);
  return decode(body, declared);
}

/** robots.txt, sitemaps and other text formats: UTF-8 unless a BOM or the Content-Type says otherwise. */
export function decodeText(body: Uint8Array, contentTypeHeader?: string): string {
  const declared = bomEncoding(body) ?? supportedEncoding(charsetParameter(contentTypeHeader));
  return decode(body, declared ?? UTF8);
}

function decode(body: Uint8Array, declared: string | undefined): string {
  return decodeAs(settleUtf8Conflict(body, declared), body);
}

/**
 * A whole body in one encoding, exactly as the WHATWG Encoding Standard decodes it. Node 20's
 * one-shot `decode` reads windows-1252 (and so every label the standard maps to it, iso-8859-1 and
 * us-ascii included) as latin-1, turning bytes 0x80-0x9F (smart quotes, dashes, €, ™) into C1
 * controls; its streaming path does not take that shortcut and gives the standard's result, as
 * Node 22 does either way. Streaming and then flushing is the one-shot decode by the standard's
 * definition, for every encoding. iconv-lite would not do: it maps the five bytes the standard
 * sends to C1 controls (0x81, 0x8D, 0x8F, 0x90, 0x9D) to U+FFFD.
 */
export function decodeAs(encoding: string, body: Uint8Array): string {
  const decoder = new TextDecoder(encoding);
  return decoder.decode(body, { stream: true }) + decoder.decode();
}

function settleUtf8Conflict(body: Uint8Array, declared: string | undefined): string {
  if (declared !== undefined && declared !== UTF8 && declared !== WINDOWS_1252) return declared;
  const evidence = utf8Evidence(body);
  if (declared === WINDOWS_1252) return evidence === 'valid' ? UTF8 : WINDOWS_1252;
  // Declared UTF-8, or nothing declared: a stray broken byte in UTF-8 text stays a U+FFFD.
  return evidence === 'invalid_only' ? WINDOWS_1252 : UTF8;
}

function bomEncoding(body: Uint8Array): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return UTF8;
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/**
 * The canonical name of a label TextDecoder supports, or undefined (unknown, `replacement`, ...).
 * `x-user-defined` reads as windows-1252, as the HTML standard's prescan has it: Node 24's decoder
 * knows that encoding and turns every byte above 0x7F into a private-use character, Node 20's
 * refuses it; either way the words would be lost.
 */
export function supportedEncoding(label: string | undefined): string | undefined {
  const trimmed = label?.trim();
  if (!trimmed) return undefined;
  if (trimmed.toLowerCase() === 'x-user-defined') return WINDOWS_1252;
  try {
    return new TextDecoder(trimmed).encoding;
  } catch {
    return undefined;
  }
}

const CHARSET_PARAMETER = /charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;"']+))/i;

function charsetParameter(value: string | undefined): string | undefined {
  const match = value === undefined ? null : CHARSET_PARAMETER.exec(value);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

const META_TAG = /<meta[\s/][^>]*>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** A simplified WHATWG prescan: `<meta charset>` or `<meta http-equiv=content-type content=...>`. */
function metaDeclaredEncoding(body: Uint8Array): string | undefined {
  const head = decodeAs(WINDOWS_1252, body.subarray(0, META_PRESCAN_BYTES));
  const withoutComments = head.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  for (const [tag] of withoutComments.matchAll(META_TAG)) {
    const attributes = metaAttributes(tag);
    const label =
      attributes.get('charset') ??
      (attributes.get('http-equiv')?.toLowerCase() === 'content-type' ? charsetParameter(attributes.get('content')) : undefined);
    const encoding = supportedEncoding(label);
    if (encoding === undefined) continue;
    // A byte-level prescan cannot have found a UTF-16 declaration in a UTF-16 document, so it is wrong.
    return encoding.startsWith('utf-16') ? UTF8 : encoding;
  }
  return undefined;
}

function metaAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.slice('<meta'.length).matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (name && !attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

type Utf8Evidence = 'ascii' | 'valid' | 'mixed' | 'invalid_only';

/** Whether the bytes read as UTF-8: all ASCII, valid with multi-byte characters, or broken. */
function utf8Evidence(bytes: Uint8Array): Utf8Evidence {
  // The native checks settle the common cases at a fraction of the cost of the loop below.
  if (isUtf8(bytes)) return isAscii(bytes) ? 'ascii' : 'valid';
  let multiByte = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length; ) {
    const length = utf8SequenceLength(bytes, i);
    if (length === 0) {
      invalid += 1;
      i += 1;
    } else {
      if (length > 1) multiByte += 1;
      i += length;
    }
  }
  if (invalid === 0) return multiByte === 0 ? 'ascii' : 'valid';
  return multiByte === 0 ? 'invalid_only' : 'mixed';
}

/** Length of the well-formed UTF-8 sequence at `i` (Unicode table 3-7), or 0 when it is malformed. */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i] ?? 0;
  if (lead < 0x80) return 1;
  const continuation = (offset: number, min = 0x80, max = 0xbf) => {
    const byte = bytes[i + offset];
    return byte !== undefined && byte >= min && byte <= max;
  };
  if (lead >= 0xc2 && lead <= 0xdf) return continuation(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const [min, max] = lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return continuation(1, min, max) && continuation(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const [min, max] = lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return continuation(1, min, max) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

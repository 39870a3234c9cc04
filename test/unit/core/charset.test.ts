import { describe, expect, it } from 'vitest';
import { decodeHtml, decodeText } from '../../../lambdas/core/charset.js';

const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const bytes = (...parts: (Uint8Array | number[])[]) => new Uint8Array(parts.flatMap((p) => [...p]));

// "Café" in windows-1252 and "привет" in windows-1251, written as raw bytes.
const CAFE_1252 = bytes(ascii('Caf'), [0xe9]);
const PRIVET_1251 = [0xef, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2];
// "日本" in Shift_JIS.
const NIHON_SJIS = [0x93, 0xfa, 0x96, 0x7b];

describe('decodeHtml', () => {
  it('uses the charset of the Content-Type header', () => {
    const body = bytes(ascii('<p>'), PRIVET_1251, ascii('</p>'));
    expect(decodeHtml(body, 'text/html; charset=windows-1251')).toBe('<p>привет</p>');
  });

  it('accepts a quoted charset parameter and odd casing', () => {
    const body = bytes(NIHON_SJIS);
    expect(decodeHtml(body, 'text/html; Charset="Shift_JIS"')).toBe('日本');
  });

  it('lets a byte order mark win over the header and strips it', () => {
    const body = bytes([0xef, 0xbb, 0xbf], utf8('<p>naïve</p>'));
    expect(decodeHtml(body, 'text/html; charset=windows-1251')).toBe('<p>naïve</p>');
  });

  it('decodes UTF-16 documents marked by a BOM', () => {
    const le = bytes([0xff, 0xfe], new Uint8Array(Buffer.from('<p>ü</p>', 'utf16le')));
    expect(decodeHtml(le)).toBe('<p>ü</p>');
    const be = bytes([0xfe, 0xff], new Uint8Array(Buffer.from('<p>ü</p>', 'utf16le').swap16()));
    expect(decodeHtml(be)).toBe('<p>ü</p>');
  });

  it('finds <meta charset> in the head when the header has no charset', () => {
    const body = bytes(ascii('<html><head><meta charset="gbk"><title>'), [0xd6, 0xd0, 0xce, 0xc4], ascii('</title>'));
    expect(decodeHtml(body, 'text/html')).toContain('<title>中文</title>');
  });

  it('finds the http-equiv form of the meta declaration', () => {
    const body = bytes(
      ascii('<head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"></head><p>'),
      PRIVET_1251,
    );
    expect(decodeHtml(body)).toContain('<p>привет');
  });

  it('ignores a meta declaration inside a comment', () => {
    const body = bytes(ascii('<!-- <meta charset="windows-1251"> --><meta charset="utf-8"><p>'), utf8('привет'));
    expect(decodeHtml(body)).toContain('<p>привет');
  });

  it('ignores a meta declaration after the first 1024 bytes', () => {
    const body = bytes(ascii(`<p>${' '.repeat(1100)}</p><meta charset="windows-1251">`), PRIVET_1251);
    // Without a usable declaration, bytes that are no UTF-8 at all read as windows-1252.
    expect(decodeHtml(body)).toContain('ïðèâåò');
  });

  it('skips unknown and unsupported labels and falls back safely', () => {
    expect(decodeHtml(utf8('<p>€ und ü</p>'), 'text/html; charset=no-such-charset')).toBe('<p>€ und ü</p>');
    expect(decodeHtml(utf8('<p>ü</p>'), 'text/html; charset=x-user-defined')).toBe('<p>ü</p>');
    expect(decodeHtml(CAFE_1252, 'text/html; charset=iso-2022-kr')).toBe('Café');
  });

  it('reads x-user-defined as windows-1252, as the HTML standard does, on every Node', () => {
    expect(decodeHtml(CAFE_1252, 'text/html; charset=x-user-defined')).toBe('Café');
    expect(decodeHtml(bytes(ascii('<meta charset="x-user-defined">'), CAFE_1252))).toBe('<meta charset="x-user-defined">Café');
  });

  it('reads undeclared pages as UTF-8 when the bytes are UTF-8, windows-1252 otherwise', () => {
    expect(decodeHtml(utf8('<p>Grüße</p>'))).toBe('<p>Grüße</p>');
    expect(decodeHtml(CAFE_1252)).toBe('Café');
  });

  it('overrules an iso-8859-1 label on a page that is plainly UTF-8', () => {
    expect(decodeHtml(utf8('<p>Grüße – “quotes”</p>'), 'text/html; charset=ISO-8859-1')).toBe('<p>Grüße – “quotes”</p>');
  });

  it('overrules a utf-8 label on a page that holds no UTF-8 at all', () => {
    expect(decodeHtml(CAFE_1252, 'text/html; charset=utf-8')).toBe('Café');
  });

  it('keeps a real latin-1 page as declared', () => {
    expect(decodeHtml(bytes(ascii('na'), [0xef], ascii('ve')), 'text/html; charset=iso-8859-1')).toBe('naïve');
  });

  // The WHATWG index for 0x80-0x9F: the five bytes windows-1252 leaves undefined map to C1 controls.
  const WINDOWS_1252_HIGH =
    '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
    '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
  const HIGH_BYTES = Array.from({ length: 32 }, (_, i) => 0x80 + i);

  it.each(['windows-1252', 'iso-8859-1', 'us-ascii'])('decodes bytes 0x80-0x9F of a %s page per the WHATWG index', (label) => {
    // Smart quotes, dashes, € and ™: Node 20's one-shot decoder made C1 controls of them.
    const body = bytes(ascii('<p>'), HIGH_BYTES, ascii('</p>'));
    expect(decodeHtml(body, `text/html; charset=${label}`)).toBe(`<p>${WINDOWS_1252_HIGH}</p>`);
    expect(decodeText(body, `text/plain; charset=${label}`)).toBe(`<p>${WINDOWS_1252_HIGH}</p>`);
  });

  it('decodes undeclared windows-1252 punctuation', () => {
    expect(decodeHtml(bytes([0x93], ascii('a'), [0x94, 0x96]))).toBe('“a”–');
  });

  it('replaces broken bytes in UTF-8 text without throwing', () => {
    const body = bytes(utf8('<p>Grüße '), [0xff, 0xc3], utf8('</p>'));
    expect(decodeHtml(body, 'text/html; charset=utf-8')).toBe('<p>Grüße \uFFFD\uFFFD</p>');
    // A body cut mid-character (as a size cap may do) keeps its text.
    expect(decodeHtml(bytes(utf8('Grüße'), [0xf0, 0x9f]))).toBe('Grüße\uFFFD');
  });

  it('decodes an empty body to an empty string', () => {
    expect(decodeHtml(new Uint8Array(), 'text/html')).toBe('');
  });
});

describe('decodeText', () => {
  it('reads UTF-8 and strips a BOM', () => {
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], utf8('User-agent: *\nDisallow: /ä')))).toBe('User-agent: *\nDisallow: /ä');
  });

  it('ignores <meta> look-alikes, which mean nothing outside HTML', () => {
    expect(decodeText(utf8('<meta charset="windows-1251"> ü'))).toBe('<meta charset="windows-1251"> ü');
  });

  it('honours a declared charset', () => {
    expect(decodeText(bytes(PRIVET_1251), 'text/plain; charset=windows-1251')).toBe('привет');
  });
});

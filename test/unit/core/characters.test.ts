import { describe, expect, it } from 'vitest';
import { jsonLineText, plainText, xmlText } from '../../../lambdas/core/characters.js';
import { pythonLineEnds } from '../../helpers/characters.js';

const C0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).join('');

describe('plainText (markdown and text results)', () => {
  it('keeps tab and line feed, turns a carriage return into a line feed, and drops every other C0 control', () => {
    expect(plainText(`a${C0}b`)).toBe('a\t\n\nb');
    expect(plainText('one\r\ntwo\rthree\n')).toBe('one\ntwo\nthree\n');
    expect(plainText('bell\u0007 back\u0008space vt\u000B ff\u000C us\u001F esc\u001B[31m')).toBe('bell backspace vt ff us esc[31m');
  });

  it('leaves every other character as it is', () => {
    const text = 'Grüße, 東京, 😀, DEL\u007F, NEL\u0085, \u2028\u2029, \uFFFE';
    expect(plainText(text)).toBe(text);
  });
});

describe('xmlText (Word and HTML results)', () => {
  it('drops what XML 1.0 forbids: C0 controls but tab, line feed and carriage return, U+FFFE and U+FFFF', () => {
    expect(xmlText(`a${C0}b`)).toBe('a\t\n\rb');
    expect(xmlText('F\uFFFEG\uFFFFH')).toBe('FGH');
  });

  it('shows a surrogate without its pair as U+FFFD, and keeps pairs', () => {
    expect(xmlText('high \uD83D alone, low \uDE00 alone, pair \uD83D\uDE00, reversed \uDE00\uD83D')).toBe('high \uFFFD alone, low \uFFFD alone, pair 😀, reversed \uFFFD\uFFFD');
  });

  it('keeps the characters XML allows, up to the last plane', () => {
    const text = 'Grüße \u0085 \u2028 \uFFFD \uE000 \u{10FFFF} \u{1F600}';
    expect(xmlText(text)).toBe(text);
  });
});

describe('jsonLineText (JSON Lines)', () => {
  it('escapes NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR, which JSON leaves raw, to the same string', () => {
    const value = { text: 'a\u0085b\u2028c\u2029d\ne' };
    const line = jsonLineText(JSON.stringify(value));
    expect(line).toBe('{"text":"a\\u0085b\\u2028c\\u2029d\\ne"}');
    expect(JSON.parse(line)).toEqual(value);
  });

  it('gives a line no reader splits: Python splitlines ends a line at exactly these and the ones JSON escapes', () => {
    expect(pythonLineEnds(jsonLineText(JSON.stringify({ text: `${C0}\u0085\u2028\u2029` })))).toEqual([]);
  });
});

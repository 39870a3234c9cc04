import { describe, expect, it } from 'vitest';
import { boundedRuns } from '../../../../lambdas/core/formats/html-runs.js';

const runsOf = (html: string) => [...html.matchAll(/<span class="run">([\s\S]*?)<\/span>(?=<span class="run">|$)/g)].map((match) => match[1] as string);

describe('boundedRuns', () => {
  it('leaves a block whose text fits one run as it is', () => {
    expect(boundedRuns('short <em>text</em>', 20)).toBe('short <em>text</em>');
    // tags do not count: 15 characters of text in 40 of markup
    expect(boundedRuns('<a href="https://example.com/">fifteen letters</a>', 15)).toBe('<a href="https://example.com/">fifteen letters</a>');
  });

  it('ends a run after its last space or line break in the second half of the run', () => {
    expect(runsOf(boundedRuns('aaaa bbbb cccc dddd', 10))).toEqual(['aaaa bbbb ', 'cccc dddd']);
    expect(runsOf(boundedRuns('aa bb\ncc dd ee ff', 10))).toEqual(['aa bb\n', 'cc dd ee ', 'ff']);
    expect(runsOf(boundedRuns('line one\nline two\nline three', 12))).toEqual(['line one\n', 'line two\n', 'line three']);
  });

  it('cuts a word longer than a run, but never inside a character reference or a surrogate pair', () => {
    expect(runsOf(boundedRuns('abcdefgh&amp;ijkl', 10))).toEqual(['abcdefgh', '&amp;ijkl']);
    expect(runsOf(boundedRuns('abcdefghi😀jkl', 10))).toEqual(['abcdefghi', '😀jkl']);
    expect(runsOf(boundedRuns('x'.repeat(25), 10))).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('closes the inline elements open at the end of a run and opens them again, attributes and all, in the next', () => {
    const html = 'start <a href="https://example.com/?a=1&amp;b=2"><strong>bold words here</strong> more</a> end<br>after';
    const runs = runsOf(boundedRuns(html, 12));
    expect(runs).toEqual([
      'start <a href="https://example.com/?a=1&amp;b=2"><strong>bold </strong></a>',
      '<a href="https://example.com/?a=1&amp;b=2"><strong>words here</strong></a>',
      '<a href="https://example.com/?a=1&amp;b=2"> more</a> end<br>',
      'after',
    ]);
  });

  it('moves a text to the next run rather than cut a word when the run has begun', () => {
    expect(runsOf(boundedRuns('<em>abcdef</em>ghijklmnop', 10))).toEqual(['<em>abcdef</em>', 'ghijklmnop']);
  });
});

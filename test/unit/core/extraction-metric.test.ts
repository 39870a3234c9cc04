import { describe, expect, it } from 'vitest';
import { snippetMatching, summedMetricsOf } from '../../../scripts/extraction-metric.js';

describe('snippet matching (trafilatura-style labels)', () => {
  const snippets = { with: ['The council met on Monday', 'a vote of 7 to 2'], without: ['Sign up for our newsletter', 'Cookies'] };

  it('counts wanted snippets found, unwanted ones found and wanted ones missing', () => {
    expect(snippetMatching(snippets, 'The council met on Monday and adjourned. Sign up for our newsletter')).toEqual([1, 1, 1]);
    expect(snippetMatching(snippets, 'The council met on Monday; after a vote of 7 to 2 it closed.')).toEqual([2, 0, 0]);
  });

  it('scores an empty extraction as every wanted snippet missing', () => {
    expect(snippetMatching(snippets, '')).toEqual([0, 0, 2]);
  });

  it('matches across line breaks, tabs and no-break spaces, and trims either side', () => {
    const text = '  The council\n\tmet on\u00a0Monday \r\n a vote\u2003of 7\u0085to 2';
    expect(snippetMatching({ with: [' The council  met\non Monday ', 'a vote of 7 to 2'], without: [] }, text)).toEqual([2, 0, 0]);
  });

  it('is case- and punctuation-sensitive: a substring, not a fuzzy match', () => {
    expect(snippetMatching({ with: ['the council met', 'Monday.'], without: [] }, 'The council met on Monday')).toEqual([0, 0, 2]);
  });

  it('keeps U+FEFF, which Python does not read as white space', () => {
    expect(snippetMatching({ with: ['a b'], without: [] }, 'a\ufeffb')).toEqual([0, 0, 1]);
  });
});

describe('metrics over summed counts', () => {
  it('sums the pages before dividing, so a page with more snippets weighs more', () => {
    // tp 3, fp 1, fn 2: precision 3/4, recall 3/5, F1 6/9.
    const metrics = summedMetricsOf([
      [3, 0, 0],
      [0, 1, 2],
    ]);
    expect(metrics.precision).toBeCloseTo(0.75, 10);
    expect(metrics.recall).toBeCloseTo(0.6, 10);
    expect(metrics.f1).toBeCloseTo(2 / 3, 10);
  });

  it('gives 0 where a denominator is 0, as trafilatura does', () => {
    expect(summedMetricsOf([[0, 0, 3]])).toEqual({ f1: 0, precision: 0, recall: 0 });
    expect(summedMetricsOf([])).toEqual({ f1: 0, precision: 0, recall: 0 });
  });
});

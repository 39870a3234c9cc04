import { describe, expect, it } from 'vitest';
import { SECTION_SEPARATOR, formatSection } from '../../../lambdas/core/document.js';

describe('result document', () => {
  it('starts a section with the URL and title lines, then a blank line and the content', () => {
    expect(formatSection({ url: 'https://example.com/a', title: 'Page A', content: 'Hello.\n\nWorld.' })).toBe(
      'URL: https://example.com/a\nTitle: Page A\n\nHello.\n\nWorld.',
    );
  });

  it('leaves out the Title line when the page has no title', () => {
    expect(formatSection({ url: 'https://example.com/b', title: undefined, content: 'Body' })).toBe('URL: https://example.com/b\n\nBody');
    expect(formatSection({ url: 'https://example.com/b', title: '   ', content: 'Body' })).toBe('URL: https://example.com/b\n\nBody');
  });

  it('keeps a multi-line title on its one line', () => {
    expect(formatSection({ url: 'https://example.com/c', title: 'Two\nlines', content: 'x' })).toBe('URL: https://example.com/c\nTitle: Two lines\n\nx');
  });

  it('separates sections by a line holding exactly ---', () => {
    const document = ['URL: https://example.com/1\n\none', 'URL: https://example.com/2\n\ntwo'].join(SECTION_SEPARATOR);
    expect(document).toBe('URL: https://example.com/1\n\none\n\n---\n\nURL: https://example.com/2\n\ntwo');
    expect(document.split('\n').filter((line) => line === '---')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { jsonlLine } from '../../../lambdas/domain/page-record.js';
import { pythonLineEnds } from '../../helpers/characters.js';

describe('JSON Lines result', () => {
  const page = { url: 'https://example.com/a', final_url: 'https://example.com/b', title: 'A', depth: 1, fetched_at: '2026-11-25T04:00:00.000Z' };

  it('is one line per page, even when the content has line breaks of every kind', () => {
    const markdown = '# A\n\nline\r\nnext\u2028sep\u2029end';
    const lines = [jsonlLine({ ...page, markdown }), jsonlLine({ ...page, url: 'https://example.com/c', markdown: 'c' })].join('');
    const records = lines.split('\n').filter((line) => line !== '');
    expect(records).toHaveLength(2);
    expect(JSON.parse(records[0] as string).markdown).toBe(markdown);
    expect(lines.endsWith('\n')).toBe(true);
  });

  it('is one line for readers that also end lines at NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR (Python splitlines)', () => {
    const title = 'Title\u0085with\u2028every\u2029separator';
    const line = jsonlLine({ ...page, title, markdown: 'a\u2028b' });
    expect(pythonLineEnds(line.slice(0, -1))).toEqual([]);
    expect(JSON.parse(line)).toMatchObject({ title, markdown: 'a\u2028b' });
  });

  it('holds the page fields in the contract order, and only the formats the job asked for', () => {
    const line = jsonlLine({ text: 'plain', ...page });
    expect(Object.keys(JSON.parse(line))).toEqual(['url', 'final_url', 'title', 'depth', 'fetched_at', 'text']);
    expect(JSON.parse(jsonlLine({ ...page, title: null, markdown: 'm', text: 't' }))).toEqual({ ...page, title: null, markdown: 'm', text: 't' });
  });
});

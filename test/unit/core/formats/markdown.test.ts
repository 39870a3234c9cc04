import { describe, expect, it } from 'vitest';
import { tableColumnGroups } from '../../../../lambdas/core/formats/markdown.js';

const table = (rows: number, columns: number, length: number) => Array.from({ length: rows }, () => Array.from({ length: columns }, () => length));

describe('tableColumnGroups', () => {
  it('keeps a table whose columns fit the line whole', () => {
    expect(tableColumnGroups(table(3, 4, 20))).toEqual([[0, 1, 2, 3]]);
    expect(tableColumnGroups(table(3, 8, 5))).toEqual([[0, 1, 2, 3, 4, 5, 6, 7]]);
    expect(tableColumnGroups(table(2, 1, 1000))).toEqual([[0]]);
  });

  it('splits a wider table into groups that fit, each led by the first column, every column printed once besides it', () => {
    const groups = tableColumnGroups(table(15, 5000, 8));
    expect(groups.every((group) => group[0] === 0 && group.length >= 2)).toBe(true);
    expect(groups.flatMap((group) => group.slice(1))).toEqual(Array.from({ length: 4999 }, (_, index) => index + 1));
    // 11 characters a column (8 of text, 3 of padding): six side by side within 72
    expect(new Set(groups.slice(0, -1).map((group) => group.length))).toEqual(new Set([6]));
  });

  it('counts a column as wide as its longest cell, up to 12 characters, whatever row it is in', () => {
    const rows = [
      [2, 2, 2, 2, 2, 2],
      [2, 500, 2, 2, 2, 2],
      [2, 2, 2, 2, 2, 40],
    ];
    // 5 + 15 + 5 + 5 + 5 + 15 = 50: fits
    expect(tableColumnGroups(rows)).toEqual([[0, 1, 2, 3, 4, 5]]);
    expect(tableColumnGroups(rows, 30)).toEqual([[0, 1, 2, 3], [0, 4, 5]]);
  });

  it('gives a column too wide for a line a group of its own, beside the first column', () => {
    expect(tableColumnGroups(table(2, 3, 12), 20)).toEqual([[0, 1], [0, 2]]);
  });
});

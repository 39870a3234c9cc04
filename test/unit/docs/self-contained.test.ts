import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../local/template.js';

/*
 * A clone has nothing beside it: the README and docs send no reader outside the repository, and
 * every relative link in them leads to a file that exists, and to a heading that exists in it.
 */
const DOCUMENTS = ['README.md', ...readdirSync(path.join(PROJECT_ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Paths and names of the workspace the project was built in, which a clone does not have. */
const OUTSIDE = [/\.\.\/shared\b/, /\/work\//, /\bCONTRACT\b/, /interface-spec\.md/, /ARCHITECTURE\.md/, /STYLE\.md/];

/** The anchors GitHub gives a markdown file's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const headings = [...withoutCode.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => match[1] ?? '');
  return new Set(headings.map((heading) => heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-')));
}

describe.each(DOCUMENTS)('%s', (document) => {
  const text = readFileSync(path.join(PROJECT_ROOT, document), 'utf8');
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !/^[a-z]+:/i.test(target));

  it('names nothing outside the repository', () => {
    const lines = text.split('\n').flatMap((line, i) => (OUTSIDE.some((pattern) => pattern.test(line)) ? [`${document}:${i + 1}: ${line.trim()}`] : []));
    expect(lines).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    const broken = targets.filter((target) => {
      const [file = '', anchor] = target.split('#');
      const resolved = file === '' ? path.join(PROJECT_ROOT, document) : path.resolve(PROJECT_ROOT, path.dirname(document), file);
      if (!existsSync(resolved)) return true;
      return anchor !== undefined && resolved.endsWith('.md') && !headingAnchors(readFileSync(resolved, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});

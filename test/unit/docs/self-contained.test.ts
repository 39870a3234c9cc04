import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../local/template.js';

/*
 * A clone has nothing beside it: the README and docs send no reader outside the repository, and
 * every relative link in them leads to a file that exists.
 */
const DOCUMENTS = ['README.md', ...readdirSync(path.join(PROJECT_ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Paths and names of the workspace the project was built in, which a clone does not have. */
const OUTSIDE = [/\.\.\/shared\b/, /\/work\//, /\bCONTRACT\b/, /interface-spec\.md/, /ARCHITECTURE\.md/, /STYLE\.md/];

describe.each(DOCUMENTS)('%s', (document) => {
  const text = readFileSync(path.join(PROJECT_ROOT, document), 'utf8');

  it('names nothing outside the repository', () => {
    const lines = text.split('\n').flatMap((line, i) => (OUTSIDE.some((pattern) => pattern.test(line)) ? [`${document}:${i + 1}: ${line.trim()}`] : []));
    expect(lines).toEqual([]);
  });

  it('links only to files that exist', () => {
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'));
    const missing = targets.filter((target) => !existsSync(path.resolve(PROJECT_ROOT, path.dirname(document), target.split('#')[0] ?? '')));
    expect(missing).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleLabelledSet } from '../../../scripts/assemble-labelled-set.js';

const git = (args: string[], cwd?: string) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd, encoding: 'utf8' }).trim();

describe('assembling a labelled set from its manifest', () => {
  it('writes each page from its mirror, whichever layout the mirror has, byte for byte, and reports a missing repository', () => {
    const root = mkdtempSync(join(tmpdir(), 'assemble-'));
    // A page with bytes that are not UTF-8, so a text round trip would change it.
    const page = Buffer.concat([Buffer.from('<html><body><div role="main"><p>caf'), Buffer.from([0xe9]), Buffer.from('</p></div></body></html>\n')]);
    const work = join(root, 'work');
    mkdirSync(join(work, 'docs'), { recursive: true });
    writeFileSync(join(work, 'docs', 'guide.html'), page);
    git(['init', '-q', work]);
    git(['add', '.'], work);
    git(['commit', '-q', '-m', 'built docs'], work);
    const commit = git(['rev-parse', 'HEAD'], work);
    // The fetch tool's layout: <mirrors>/<owner>+<name>/<one folder>, a bare git directory.
    const mirrors = join(root, 'mirrors');
    mkdirSync(join(mirrors, 'someone+docs-site'), { recursive: true });
    git(['clone', '-q', '--bare', work, join(mirrors, 'someone+docs-site', 'repo')]);
    // Or a clone with a work tree's layout: <mirrors>/<owner>+<name>/<one folder>/.git.
    mkdirSync(join(mirrors, 'someone+docs-copy', 'repo'), { recursive: true });
    git(['clone', '-q', '--bare', work, join(mirrors, 'someone+docs-copy', 'repo', '.git')]);

    const base = { url: 'https://example.com/guide', generator: 'Sphinx', container: 'div[role=main]', path: 'docs/guide.html', commit };
    const manifest = join(root, 'manifest.jsonl');
    writeFileSync(
      manifest,
      [
        JSON.stringify({ ...base, file: 'sphinx/site-1.html', repo: 'someone/docs-site' }),
        JSON.stringify({ ...base, file: 'sphinx/copy-1.html', repo: 'someone/docs-copy' }),
        JSON.stringify({ ...base, file: 'sphinx/gone-1.html', repo: 'nobody/gone' }),
      ].join('\n') + '\n',
    );

    const out = join(root, 'out');
    const result = assembleLabelledSet(manifest, out, mirrors);

    expect(result.written).toBe(2);
    expect(readFileSync(join(out, 'sphinx', 'site-1.html')).equals(page)).toBe(true);
    expect(readFileSync(join(out, 'sphinx', 'copy-1.html')).equals(page)).toBe(true);
    expect(result.missing).toHaveLength(1);
    expect(result.missing[0]).toContain('nobody/gone');
    expect(readFileSync(join(out, 'manifest.jsonl'), 'utf8')).toBe(readFileSync(manifest, 'utf8'));
  });
});

import { execFile } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local/template.js';
// @ts-expect-error plain JavaScript without declarations: it runs before any TypeScript loader
import { ENTRIES, isFresh } from '../../launch/prebuilt.mjs';

const run = promisify(execFile);

/*
 * `npm run -s cli` and `npm run -s mcp` run bundles built from the TypeScript sources: a bundle
 * older than a source is rebuilt before it runs, so what runs is always the code in the tree.
 */
describe('prebuilt entries', () => {
  it('rebuilds a bundle older than its sources before running it', async () => {
    const bundle = path.join(PROJECT_ROOT, '.build', 'cli.mjs');
    await run(process.execPath, ['cli/crawl.mjs', '--help'], { cwd: PROJECT_ROOT });
    const source = statSync(path.join(PROJECT_ROOT, (ENTRIES as Record<string, string>).cli!));
    utimesSync(bundle, new Date(source.mtimeMs - 60_000), new Date(source.mtimeMs - 60_000));
    expect(isFresh('cli')).toBe(false);

    const { stdout } = await run(process.execPath, ['cli/crawl.mjs', 'help', 'crawl'], { cwd: PROJECT_ROOT });

    expect(isFresh('cli')).toBe(true);
    expect(statSync(bundle).mtimeMs).toBeGreaterThanOrEqual(source.mtimeMs);
    expect(stdout).toContain('--urls-file <file>');
  });
});

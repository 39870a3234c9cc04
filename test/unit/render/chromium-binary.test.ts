import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chromiumExecutable } from '../../../lambdas/render/chromium-binary.js';
import { PROJECT_ROOT } from '../../../local/template.js';

const run = promisify(execFile);
const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
const MODULE = path.join(PROJECT_ROOT, 'lambdas', 'render', 'chromium-binary.ts');

/*
 * The browser is unpacked from the npm package into the temporary directory on first use. A
 * machine that has never unpacked it, a second process unpacking at the same moment, or an unpack
 * killed midway must all end with a browser that starts.
 */
let dir: string;
const outerTmp = process.env.TMPDIR;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'chromium-unpack-'));
  process.env.TMPDIR = dir;
});
afterEach(async () => {
  process.env.TMPDIR = outerTmp;
  if (outerTmp === undefined) delete process.env.TMPDIR;
  await rm(dir, { recursive: true, force: true });
});

async function version(executable: string): Promise<string> {
  return (await run(executable, ['--version'])).stdout.trim();
}

describe('the Chromium binary', () => {
  it('is unpacked into an empty temporary directory and starts', { timeout: 60_000 }, async () => {
    const executable = await chromiumExecutable();
    expect(path.dirname(executable)).toBe(dir);
    expect(await version(executable)).toMatch(/^Chromium \d+/);
  });

  it('replaces a half-written browser that an interrupted unpack left', { timeout: 60_000 }, async () => {
    await writeFile(path.join(dir, 'chromium'), '#!/bin/sh\nexit 1\n', { mode: 0o700 });
    const executable = await chromiumExecutable();
    expect(await version(executable)).toMatch(/^Chromium \d+/);
  });

  it('is whole for every process that asks at the same moment', { timeout: 120_000 }, async () => {
    // Each process reports the size it found the binary at as soon as it had its path.
    const askInChild = () =>
      run(TSX, ['--eval', `import(${JSON.stringify(MODULE)}).then(async (m) => { const p = await m.chromiumExecutable(); console.log((await import('node:fs')).statSync(p).size); })`], {
        env: { ...process.env, TMPDIR: dir },
      }).then(({ stdout }) => Number(stdout.trim()));
    const sizes = await Promise.all([askInChild(), askInChild(), chromiumExecutable().then(async (p) => (await stat(p)).size)]);
    const whole = (await stat(path.join(dir, 'chromium'))).size;
    expect(sizes).toEqual([whole, whole, whole]);
  });
});

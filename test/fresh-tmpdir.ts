import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Runs before each test file, in its process: a temporary directory of its own, empty, removed
 * after the file. Nothing another test file left there (an unpacked browser, a data directory) can
 * make this one pass, so a test whose result depends on which ran before it fails.
 */
const outer = tmpdir();
const own = mkdtempSync(path.join(outer, 'test-file-'));
process.env.TMPDIR = own;

afterAll(() => {
  process.env.TMPDIR = outer;
  rmSync(own, { recursive: true, force: true });
});

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { templateInputs, templateInputsHash } from '../../../local/synth-cache.js';
import { PROJECT_ROOT } from '../../../local/template.js';

/*
 * The local runtime caches the synthesized template by the hash of its inputs. The inputs come
 * from what the synthesis imports, so an edit to any constant the stack uses refreshes the cache.
 * Each test edits a copy of the project sources.
 */
let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'template-inputs-'));
  for (const entry of ['lib', 'lambdas', 'local', 'package-lock.json']) {
    await cp(path.join(PROJECT_ROOT, entry), path.join(root, entry), { recursive: true });
  }
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function edit(file: string, change: (text: string) => string) {
  const full = path.join(root, file);
  const before = await readFile(full, 'utf8');
  const after = change(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  await writeFile(full, after);
}

describe('template cache inputs', () => {
  it('are the project files the synthesis imports, however indirectly, and the lockfile', async () => {
    const inputs = await templateInputs(root);
    expect(inputs).toEqual(
      expect.arrayContaining([
        'local/synth.ts',
        'lib/crawl-service-stack.ts',
        'lib/storage.ts',
        'lambdas/domain/ledger.ts',
        'lambdas/domain/retention.ts',
        'lambdas/data/env.ts',
        'package-lock.json',
      ]),
    );
    // handlers are referenced by file name, not imported: editing one leaves the template as it is
    expect(inputs).not.toContain('lambdas/handlers/page-worker.ts');
  });

  it('a change to MAX_PAGE_ATTEMPTS (the queue maxReceiveCount) changes the cache key', async () => {
    const before = await templateInputsHash(root);
    await edit('lambdas/domain/ledger.ts', (text) => text.replace(/export const MAX_PAGE_ATTEMPTS = \d+/, 'export const MAX_PAGE_ATTEMPTS = 7'));
    expect(await templateInputsHash(root)).not.toBe(before);
  });

  it('a module the stack starts to import becomes an input', async () => {
    await writeFile(path.join(root, 'lambdas/domain/new-limit.ts'), 'export const NEW_LIMIT = 3;\n');
    await edit('lib/storage.ts', (text) => `import { NEW_LIMIT } from '../lambdas/domain/new-limit.js';\nvoid NEW_LIMIT;\n${text}`);
    expect(await templateInputs(root)).toContain('lambdas/domain/new-limit.ts');
  });

  it('an edit to a handler alone keeps the cache key', async () => {
    const before = await templateInputsHash(root);
    await edit('lambdas/handlers/page-worker.ts', (text) => `${text}\n// an edit\n`);
    expect(await templateInputsHash(root)).toBe(before);
  });
});

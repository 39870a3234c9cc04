import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ASSETS_MODULE, consoleAssetsModule } from '../../../scripts/console-assets.js';

describe('the console assets the handler serves', () => {
  it('are built from web/console/ as committed (after a change there: npm run build:console)', async () => {
    expect(await readFile(CONSOLE_ASSETS_MODULE, 'utf8')).toBe(await consoleAssetsModule());
  });
});

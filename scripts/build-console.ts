/** `npm run build:console`: regenerates the console handler's assets from web/console/. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONSOLE_ASSETS_MODULE, consoleAssetsModule } from './console-assets.js';

const source = await consoleAssetsModule();
await mkdir(path.dirname(CONSOLE_ASSETS_MODULE), { recursive: true });
await writeFile(CONSOLE_ASSETS_MODULE, source);
console.log(`wrote ${path.relative(process.cwd(), CONSOLE_ASSETS_MODULE)} (${Math.round(source.length / 1024)} KiB)`);

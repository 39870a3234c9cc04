import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT } from '../local/template.js';

const SOURCE_DIR = path.join(PROJECT_ROOT, 'web', 'console');
/** The generated module the console handler imports; committed, and checked fresh by a unit test. */
export const CONSOLE_ASSETS_MODULE = path.join(PROJECT_ROOT, 'lambdas', 'console', 'assets.generated.ts');

/**
 * The console's files as the TypeScript module the console handler serves them from: the page, its
 * stylesheet, and one script bundling the console with marked and DOMPurify. A module rather than
 * files beside the handler because esbuild bundles the Lambda into one file (files read relative to
 * the handler would be missing there), and the local runtime imports the handler from source.
 */
export async function consoleAssetsModule(): Promise<string> {
  const bundle = await build({
    entryPoints: [path.join(SOURCE_DIR, 'console.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]?.text;
  if (script === undefined) throw new Error('esbuild produced no console bundle');
  const files: Array<[name: string, contentType: string, body: string]> = [
    ['index.html', 'text/html; charset=utf-8', await readFile(path.join(SOURCE_DIR, 'index.html'), 'utf8')],
    ['console.css', 'text/css; charset=utf-8', await readFile(path.join(SOURCE_DIR, 'console.css'), 'utf8')],
    ['console.js', 'text/javascript; charset=utf-8', script],
  ];
  const entries = files.map(([name, contentType, body]) => {
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    return `  ${JSON.stringify(name)}: { contentType: ${JSON.stringify(contentType)}, etag: ${JSON.stringify(etag)}, body: ${JSON.stringify(body)} },`;
  });
  return [
    '// Generated from web/console/ by `npm run build:console`; do not edit.',
    'export const CONSOLE_ASSETS: Record<string, { contentType: string; etag: string; body: string }> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

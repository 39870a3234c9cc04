/**
 * The CLI and the MCP server run from prebuilt JavaScript bundles in `.build/`, because loading
 * their TypeScript through tsx on each start costs a second or more. A bundle is (re)built here
 * whenever one of its sources is newer than it, so an edited source is never run stale and a
 * fresh clone builds it on first use (or at `npm ci`, through `prepare`).
 * Plain JavaScript: this file must run before any TypeScript loader.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
// `.build/` sits one level below the root like cli/ and mcp/, so `import.meta.dirname/..` in a bundle is still the project root
const BUILD_DIR = path.join(PROJECT_ROOT, '.build');
export const ENTRIES = { cli: 'cli/bin.ts', mcp: 'mcp/main.ts' };
// npm rewrites it on every install, so a changed dependency rebuilds the bundles
const INSTALLED_PACKAGES = path.join(PROJECT_ROOT, 'node_modules', '.package-lock.json');

const bundlePath = (name) => path.join(BUILD_DIR, `${name}.mjs`);
const sourcesPath = (name) => path.join(BUILD_DIR, `${name}.sources.json`);

function modifiedMs(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Whether the bundle exists and is newer than each project source it was built from. */
export function isFresh(name) {
  const built = modifiedMs(bundlePath(name));
  if (!Number.isFinite(built)) return false;
  let sources;
  try {
    sources = JSON.parse(readFileSync(sourcesPath(name), 'utf8'));
  } catch {
    return false;
  }
  return [...sources.map((source) => path.join(PROJECT_ROOT, source)), INSTALLED_PACKAGES].every((file) => modifiedMs(file) <= built);
}

export async function build(name) {
  const { build: esbuild } = await import('esbuild');
  mkdirSync(BUILD_DIR, { recursive: true });
  // written under a unique name and renamed, so processes building at once never read half a file
  const temporary = `${bundlePath(name)}.${process.pid}.tmp`;
  const result = await esbuild({
    entryPoints: [path.join(PROJECT_ROOT, ENTRIES[name])],
    outfile: temporary,
    absWorkingDir: PROJECT_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    logLevel: 'error',
    // bundled CommonJS packages call require() for Node's built-ins
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  const sources = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  writeFileSync(sourcesPath(name), JSON.stringify(sources));
  renameSync(temporary, bundlePath(name));
}

/** Runs an entry from its bundle, building it first when a source changed. */
export async function runPrebuilt(name) {
  if (!isFresh(name)) await build(name);
  await import(pathToFileURL(bundlePath(name)).href);
}

// `node launch/prebuilt.mjs` (npm's prepare): build every bundle that is not fresh
if (process.argv[1] === import.meta.filename) {
  for (const name of Object.keys(ENTRIES)) if (!isFresh(name)) await build(name);
}

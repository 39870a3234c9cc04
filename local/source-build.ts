import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import type { HandlerModules } from './lambda-instance.js';
import { PROJECT_ROOT } from './template.js';

/**
 * Where the source's handlers are built to. Inside the project's `node_modules`, so that the
 * packages the built modules leave external resolve from there as they do from the source.
 */
const BUILD_CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'web-crawl-service', 'handlers');
/** Builds kept besides the newest: another runtime (a test file beside this one) may still run one. */
const OLDER_BUILDS_KEPT = 4;

/** What decides the output besides the inputs' content: the Node the threads run on. */
const TARGET = `node${process.versions.node.split('.')[0]}`;
/** The packages' versions, which decide the build too: the packages' own files are not hashed one by one. */
const LOCKFILE = path.join(PROJECT_ROOT, 'package-lock.json');
/**
 * Packages left out of the build and imported from `node_modules` as they are: those the stack
 * copies into a bundle whole rather than bundling (the browser driver), and the browser's package,
 * which the source finds its compressed browser beside.
 */
const EXTERNAL_PACKAGES = ['playwright-core', '@sparticuz/chromium'];

/** How the handlers are built; part of the build's hash, as its inputs are. */
const BUILD_OPTIONS: BuildOptions = {
  bundle: true,
  splitting: true,
  external: EXTERNAL_PACKAGES,
  platform: 'node',
  format: 'esm',
  target: TARGET,
  mainFields: ['module', 'main'],
  // As the stack's bundles: the ES modules still meet CommonJS dependencies that call require().
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  outExtension: { '.js': '.mjs' },
  sourcemap: true,
  // A stack trace needs the mappings, not the packages' sources copied beside them.
  sourcesContent: false,
};

/** The hash of the inputs' names and contents, or undefined when one is gone (a file removed since). */
async function inputsHash(files: string[], entries: string[]): Promise<string | undefined> {
  const hash = createHash('sha256').update(JSON.stringify(BUILD_OPTIONS)).update(entries.join('\n'));
  try {
    for (const file of files) hash.update(file).update(await readFile(file));
  } catch {
    return undefined;
  }
  return hash.digest('hex').slice(0, 24);
}

/** The build's modules, by handler name: `<name>.mjs` in its folder. */
function modulesIn(dir: string, names: string[]): HandlerModules {
  return Object.fromEntries(names.map((name) => [name, path.join(dir, `${name}.mjs`)]));
}

/** Removes all but the newest few builds. */
async function pruneBuilds(): Promise<void> {
  const entries = await readdir(BUILD_CACHE_DIR, { withFileTypes: true });
  const builds = await Promise.all(entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('tmp-')).map(async (entry) => ({ dir: path.join(BUILD_CACHE_DIR, entry.name), mtime: (await stat(path.join(BUILD_CACHE_DIR, entry.name))).mtimeMs })));
  builds.sort((a, b) => b.mtime - a.mtime);
  await Promise.all(builds.slice(OLDER_BUILDS_KEPT + 1).map(({ dir }) => rm(dir, { recursive: true, force: true })));
}

/**
 * The source's handlers built by esbuild into plain JavaScript as the stack bundles them (ES
 * modules, the packages bundled in, code shared between handlers split into chunks), with source
 * maps so that a stack trace names the TypeScript lines. A Lambda thread starts from its
 * handler's module without a TypeScript loader (tsx costs a thread two seconds of CPU), and loads
 * a few large files rather than the thousand small ones of the packages (the authorizer: about
 * 0.4 s of CPU against 1.1 s with the packages imported from `node_modules`), which makes
 * instances of each function of its own affordable. The build is kept, named by the hash of the
 * project files it read and the lockfile: a later start whose files are unchanged reuses it.
 */
export async function buildSourceHandlers(handlerNames: Iterable<string>, handlersDir: string): Promise<HandlerModules> {
  const names = [...new Set(handlerNames)].sort();
  const entries = names.map((name) => path.join(handlersDir, `${name}.ts`));
  await mkdir(BUILD_CACHE_DIR, { recursive: true });
  const manifest = path.join(BUILD_CACHE_DIR, `inputs-${createHash('sha256').update(entries.join('\n')).digest('hex').slice(0, 16)}.json`);
  const lastInputs = await readFile(manifest, 'utf8').then((text) => JSON.parse(text) as string[], () => undefined);
  const lastHash = lastInputs && (await inputsHash(lastInputs, entries));
  if (lastHash && (await stat(path.join(BUILD_CACHE_DIR, lastHash)).catch(() => undefined))) return modulesIn(path.join(BUILD_CACHE_DIR, lastHash), names);

  const { build } = await import('esbuild');
  const staging = await mkdtemp(path.join(BUILD_CACHE_DIR, 'tmp-'));
  try {
    const { metafile } = await build({
      entryPoints: Object.fromEntries(names.map((name, index) => [name, entries[index] as string])),
      ...BUILD_OPTIONS,
      outdir: staging,
      metafile: true,
      logLevel: 'warning',
    });
    const projectFiles = Object.keys(metafile?.inputs ?? {}).filter((file) => !file.split(path.sep).includes('node_modules'));
    const inputs = [...projectFiles.map((file) => path.resolve(file)).sort(), LOCKFILE];
    const hash = (await inputsHash(inputs, entries)) ?? 'unhashed';
    const dir = path.join(BUILD_CACHE_DIR, hash);
    // Another runtime may have built the same at the same time: its build is as good as this one.
    await rename(staging, dir).catch(() => rm(staging, { recursive: true, force: true }));
    const manifestStaging = `${manifest}.${process.pid}`;
    await writeFile(manifestStaging, JSON.stringify(inputs));
    await rename(manifestStaging, manifest);
    await pruneBuilds();
    return modulesIn(dir, names);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { lockFile } from '../lambdas/core/process-lock.js';
import { PROJECT_ROOT, STACK_NAME, type CfnResource, type CfnTemplate } from './template.js';

/** The template follows from the source, not from the data, so it is cached with the dependencies. */
const TEMPLATE_CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'web-crawl-service');
/** The module that synthesizes the template: everything it imports from the project decides the template. */
const SYNTH_ENTRY = 'local/synth.ts';
const HANDLERS_DIR = 'lambdas/handlers';
/** Bundled assemblies kept besides the current one: each holds two copies of the browser. */
const OLDER_ASSEMBLIES_KEPT = 1;
/** A bundling synthesis takes a minute or two on two cores; another process's that takes longer is stuck. */
const BUNDLING_WAIT_MS = 15 * 60_000;

/** The project files `entryPoints` import, however indirectly, read from esbuild's import graph. */
async function importedProjectFiles(root: string, entryPoints: string[]): Promise<string[]> {
  const { build } = await import('esbuild');
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outdir: 'unused',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs).sort();
}

/**
 * Files whose content decides the synthesized template: the project files the synthesis imports,
 * directly or through others (the stack, its constructs, and the handler constants they use, such
 * as the queue's `maxReceiveCount`); and the lockfile, for the CDK version. Relative to `root`.
 */
export async function templateInputs(root = PROJECT_ROOT): Promise<string[]> {
  return [...(await importedProjectFiles(root, [SYNTH_ENTRY])), 'package-lock.json'];
}

/** ...and what decides the bundles too: every handler's own import graph. */
export async function bundleInputs(root = PROJECT_ROOT): Promise<string[]> {
  const handlers = (await readdir(path.join(root, HANDLERS_DIR))).filter((file) => file.endsWith('.ts')).map((file) => `${HANDLERS_DIR}/${file}`);
  return [...(await importedProjectFiles(root, [SYNTH_ENTRY, ...handlers])), 'package-lock.json'];
}

/** The hash of the files' names and contents: a cache key. */
export async function inputsHash(files: string[], root = PROJECT_ROOT): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update(await readFile(path.join(root, file)));
  }
  return hash.digest('hex');
}

export const templateInputsHash = async (root = PROJECT_ROOT) => inputsHash(await templateInputs(root), root);

/** Written aside and renamed, so a concurrent reader never sees half a file. */
async function writeWhole(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, text);
  await rename(partial, file);
}

/**
 * The CloudFormation template of the very stack `cdk deploy` ships, synthesized in-process without
 * bundling (the source mode runs the handlers from source) and cached by the hash of its inputs,
 * since synthesis takes seconds and the template rarely changes.
 */
export async function loadTemplate(cacheDir = TEMPLATE_CACHE_DIR): Promise<CfnTemplate> {
  const key = await templateInputsHash();
  const cacheFile = path.join(cacheDir, `template-${key.slice(0, 16)}.json`);
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as CfnTemplate;
  } catch {
    // not cached yet
  }
  const { synthesizeStack } = await import('./synth.js');
  const outdir = path.join(cacheDir, `cdk.out.${process.pid}`);
  const template = await synthesizeStack(outdir, { bundled: false });
  await rm(outdir, { recursive: true, force: true });
  await mkdir(cacheDir, { recursive: true });
  await writeWhole(cacheFile, JSON.stringify(template));
  return template;
}

/** A synthesis with its Lambda bundles: the cloud assembly `cdk deploy` would upload. */
export interface BundledAssembly {
  template: CfnTemplate;
  /** The cloud assembly's folder (a `cdk.out`). */
  dir: string;
}

/** Where a function's bundle is: the folder CloudFormation's `Code` points at once uploaded. */
export function bundleDirOf(assembly: BundledAssembly, logicalId: string, fn: CfnResource): string {
  const assetPath = fn.Metadata?.['aws:asset:path'];
  if (typeof assetPath !== 'string') throw new Error(`${logicalId} names no bundle in the bundled synthesis`);
  return path.join(assembly.dir, assetPath);
}

/**
 * Where bundled assemblies are kept: outside the project, so that no `node_modules` folder is above
 * a bundle and a package the bundle lacks fails to import, as it would on Lambda (Node looks for
 * packages in every parent folder). CRAWL_BUNDLE_CACHE_DIR moves it.
 */
export function bundleCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CRAWL_BUNDLE_CACHE_DIR) return path.resolve(env.CRAWL_BUNDLE_CACHE_DIR);
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'web-crawl-service', 'bundles');
}

/** Refuses a folder with a `node_modules` beside any of its parents: the bundles would import from it. */
export function assertNoPackagesAbove(dir: string): void {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const packages = path.join(current, 'node_modules');
    if (existsSync(packages)) throw new Error(`${packages} is above the bundle folder ${dir}, so the bundles could import packages they do not carry; set CRAWL_BUNDLE_CACHE_DIR to a folder outside any project`);
    if (path.dirname(current) === current) return;
  }
}

async function readAssembly(dir: string): Promise<BundledAssembly> {
  return { dir, template: JSON.parse(await readFile(path.join(dir, `${STACK_NAME}.template.json`), 'utf8')) as CfnTemplate };
}

/**
 * Removes all but the newest older assemblies, and the leftovers of syntheses that died (a
 * synthesis still under way in another process is left alone).
 */
async function pruneAssemblies(root: string, current: string): Promise<void> {
  const entries = (await readdir(root)).filter((entry) => entry !== current && !entry.endsWith('.lock'));
  const dated = await Promise.all(entries.map(async (entry) => ({ entry, mtimeMs: (await stat(path.join(root, entry))).mtimeMs })));
  const building = dated.filter(({ entry }) => entry.endsWith('.building'));
  const abandoned = building.filter(({ mtimeMs }) => Date.now() - mtimeMs > BUNDLING_WAIT_MS);
  const older = dated.filter(({ entry }) => !entry.endsWith('.building')).sort((a, b) => b.mtimeMs - a.mtimeMs).slice(OLDER_ASSEMBLIES_KEPT);
  await Promise.all([...abandoned, ...older].map(({ entry }) => rm(path.join(root, entry), { recursive: true, force: true })));
}

/**
 * The stack synthesized with its bundles (esbuild, as `cdk deploy` runs it), cached by the hash of
 * everything that decides them; one process synthesizes while the others wait for it.
 */
export async function loadBundledAssembly(log: (line: string) => void = () => undefined, root = bundleCacheRoot()): Promise<BundledAssembly> {
  assertNoPackagesAbove(root);
  const key = (await inputsHash(await bundleInputs())).slice(0, 16);
  const dir = path.join(root, key);
  const complete = path.join(dir, 'bundled.complete');
  if (existsSync(complete)) return readAssembly(dir);
  await mkdir(root, { recursive: true });
  const lock = await lockFile(path.join(root, `${key}.lock`), { waitMs: BUNDLING_WAIT_MS, ownProcess: 'live' });
  if ('heldBy' in lock) throw new Error(`process ${lock.heldBy} has been bundling the functions into ${dir} for over ${BUNDLING_WAIT_MS / 60_000} minutes`);
  try {
    if (existsSync(complete)) return readAssembly(dir);
    log(`bundling the functions as cdk deploy does (once for this code) into ${dir}`);
    const building = `${dir}.${process.pid}.building`;
    await rm(building, { recursive: true, force: true });
    const { synthesizeStack } = await import('./synth.js');
    await synthesizeStack(building, { bundled: true });
    await writeFile(path.join(building, 'bundled.complete'), key);
    await rm(dir, { recursive: true, force: true });
    await rename(building, dir);
    await pruneAssemblies(root, key);
    return readAssembly(dir);
  } finally {
    await lock.release();
  }
}

import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
/** Where `npm start` keeps its data unless CRAWL_DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = path.join(PROJECT_ROOT, '.crawl-local');
export const STACK_NAME = 'WebCrawlService';
/** The template follows from the source, not from the data, so it is cached with the dependencies. */
const TEMPLATE_CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'web-crawl-service');

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
}

/** The module that synthesizes the template: everything it imports from the project decides the template. */
const SYNTH_ENTRY = 'local/synth.ts';

/**
 * Files whose content decides the synthesized template: the project files the synthesis imports,
 * directly or through others (the stack, its constructs, and the handler constants they use, such
 * as the queue's `maxReceiveCount`), read from esbuild's import graph so that none is missed; and
 * the lockfile, for the CDK version. Relative to `root`.
 */
export async function templateInputs(root = PROJECT_ROOT): Promise<string[]> {
  const { build } = await import('esbuild');
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: [SYNTH_ENTRY],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return [...Object.keys(metafile.inputs).sort(), 'package-lock.json'];
}

/** The hash of the template's inputs: the cache key of the synthesized template. */
export async function templateInputsHash(root = PROJECT_ROOT): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await templateInputs(root)) {
    hash.update(file);
    hash.update(await readFile(path.join(root, file)));
  }
  return hash.digest('hex');
}

/**
 * The CloudFormation template of the very stack `cdk deploy` ships, synthesized in-process without
 * bundling (the local runtime runs the handlers from source) and cached by the hash of its inputs,
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
  const { synthesizeWithoutBundling } = await import('./synth.js');
  const outdir = path.join(cacheDir, `cdk.out.${process.pid}`);
  const template = await synthesizeWithoutBundling(outdir);
  await rm(outdir, { recursive: true, force: true });
  await mkdir(cacheDir, { recursive: true });
  // Written aside and renamed, so a concurrent reader never sees half a file.
  const partial = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(template));
  await rename(partial, cacheFile);
  return template;
}

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_ACCOUNT = '000000000000';

/** What each resource is called locally: the values `Ref` and `Fn::GetAtt` resolve to. */
export interface LocalNames {
  ref(logicalId: string): string;
  getAtt(logicalId: string, attribute: string): string;
}

const PSEUDO_PARAMETERS: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': STACK_NAME,
};

/** Resolves the intrinsic functions CDK emits in the parts of the template the runtime reads. */
export function resolveIntrinsics(value: unknown, names: LocalNames): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveIntrinsics(item, names));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1) {
    const [key] = keys as [string];
    const argument = object[key];
    if (key === 'Ref') {
      const id = String(argument);
      return PSEUDO_PARAMETERS[id] ?? names.ref(id);
    }
    if (key === 'Fn::GetAtt') {
      const [id, attribute] = argument as [string, string];
      return names.getAtt(id, attribute);
    }
    if (key === 'Fn::Join') {
      const [separator, parts] = argument as [string, unknown[]];
      return parts.map((part) => String(resolveIntrinsics(part, names))).join(separator);
    }
    if (key === 'Fn::Split') {
      const [separator, source] = argument as [string, unknown];
      return String(resolveIntrinsics(source, names)).split(separator);
    }
    if (key === 'Fn::Select') {
      const [index, list] = argument as [number | string, unknown];
      return (resolveIntrinsics(list, names) as unknown[])[Number(index)];
    }
    if (key.startsWith('Fn::')) throw new Error(`The local runtime cannot resolve ${key} in the template`);
  }
  return Object.fromEntries(keys.map((key) => [key, resolveIntrinsics(object[key], names)]));
}

export function resourcesOfType(template: CfnTemplate, type: string): Array<[string, CfnResource]> {
  return Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);
}

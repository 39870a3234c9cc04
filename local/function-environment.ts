import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { functionCredentials } from './iam/credentials.js';
import { resolveIntrinsics, resourcesOfType, type CfnResource, type CfnTemplate, type LocalNames } from './template.js';

/**
 * What the local runtime takes from the environment the stack gives its functions. Every variable
 * that names a resource (a table, bucket, queue or state machine) is taken, resolved to its local
 * stand-in. Of the plain values, these hold on any host and are taken as they are:
 */
const SETTINGS_FOR_ANY_HOST = new Set(['POWERTOOLS_SERVICE_NAME', 'CRAWL_PAGE_VISIBILITY_SECONDS', 'CRAWL_CONTACT_URL', 'CRAWL_HOST_MAX_IN_FLIGHT']);
/**
 * ...and these describe the Lambda host alone, so the source mode leaves them out, each for its
 * reason. The bundled mode takes those that are paths in the function's bundle, pointed at the
 * bundle's folder here.
 */
export const CLOUD_ONLY_SETTINGS: Record<string, string> = {
  NODE_OPTIONS: "Lambda's Node flags; npm start sets its process's own",
  CRAWL_CHROMIUM_BIN: "where the bundle keeps the compressed browser; from source the browser is unpacked from the npm package",
};
/**
 * The AWS SDK's notice that it will soon need a newer Node: the runtime's own clients print it once,
 * and every instance thread would print it again.
 */
const ONCE_PER_PROCESS = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
/** Where Lambda puts a function's bundle. */
const LAMBDA_TASK_ROOT = '/var/task';

function variablesOf(fn: CfnResource): Record<string, unknown> {
  return ((fn.Properties?.Environment as { Variables?: unknown } | undefined)?.Variables ?? {}) as Record<string, unknown>;
}

/** One function's variables as the local runtime takes them; `bundleDir` for the bundled mode. */
function localVariables(id: string, fn: CfnResource, names: LocalNames, bundleDir?: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(variablesOf(fn))) {
    if (key in CLOUD_ONLY_SETTINGS) {
      if (bundleDir && typeof value === 'string' && value.startsWith(`${LAMBDA_TASK_ROOT}/`)) env[key] = path.join(bundleDir, value.slice(LAMBDA_TASK_ROOT.length));
    } else if (typeof value === 'object' || SETTINGS_FOR_ANY_HOST.has(key)) {
      env[key] = String(resolveIntrinsics(value, names));
    } else {
      throw new Error(`The stack sets ${key} on ${id}; say in local/function-environment.ts whether the local runtime takes it (SETTINGS_FOR_ANY_HOST) or not (CLOUD_ONLY_SETTINGS)`);
    }
  }
  return env;
}

/**
 * Every function's variables together, in the runtime's process environment: what handlers run in
 * the runtime's own thread share (the tests' default), and what the runtime's own calls read (the
 * table and queue names). A plain value the stack sets that neither list names stops the start: whether it
 * applies here is a decision to make, not to default.
 */
export function functionEnvironment(template: CfnTemplate, names: LocalNames): Record<string, string> {
  return Object.assign({}, ...resourcesOfType(template, 'AWS::Lambda::Function').map(([id, fn]) => localVariables(id, fn, names)));
}

/** Variables the stack gives some function: each function's instances see its own alone. */
function stackVariableNames(template: CfnTemplate): Set<string> {
  return new Set(resourcesOfType(template, 'AWS::Lambda::Function').flatMap(([, fn]) => Object.keys(variablesOf(fn))));
}

/**
 * The fonts a bundled function's browser sees: those @sparticuz/chromium's own `fonts.conf` names
 * on Lambda (the bundle's `.fonts` and `fonts` folders, and the fonts it unpacks into /tmp), here
 * under the bundle's folder and the function's own temporary folder. No system font is named.
 */
function lambdaFontConfig(bundleDir: string, tmpDir: string): string {
  const dirs = [path.join(bundleDir, '.fonts'), path.join(bundleDir, 'fonts'), path.join(tmpDir, 'fonts')];
  return `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${dirs.map((dir) => `  <dir>${dir}</dir>\n`).join('')}  <cachedir>${path.join(tmpDir, 'fonts-cache')}/</cachedir>\n  <config></config>\n</fontconfig>\n`;
}

/**
 * What an instance of a function sees, from source or from its bundle: the runtime's settings
 * (endpoints, region), the function's own credentials (its calls are checked against its role),
 * its own variables and no other function's. A
 * bundled function also gets its bundle as LAMBDA_TASK_ROOT, a temporary folder of its own
 * (Lambda's /tmp) and only the fonts Lambda's would have; the source's functions keep the
 * runtime's temporary folder, where the browser unpacked from the npm package is reused across
 * starts. Computed when the instance starts, as Lambda fixes an instance's environment.
 */
export function instanceEnvironment(options: {
  template: CfnTemplate;
  logicalId: string;
  names: LocalNames;
  /** Values the runtime puts in place of the stack's (tests shorten timeouts). */
  overrides: Record<string, string>;
  /** The bundled mode: the function's bundle, and folders made for it (its temporary folder goes inside). */
  bundle?: { dir: string; scratchDir: string };
}): Record<string, string> {
  const { template, logicalId, names, overrides, bundle } = options;
  const fn = template.Resources[logicalId];
  if (!fn) throw new Error(`No function ${logicalId} in the template`);
  const others = stackVariableNames(template);
  const base = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !others.has(entry[0])));
  const own = localVariables(logicalId, fn, names, bundle?.dir);
  for (const key of Object.keys(own)) if (key in overrides) own[key] = overrides[key] as string;
  const hosted = { ...base, ...ONCE_PER_PROCESS, ...own, ...functionCredentials(logicalId) };
  if (!bundle) return hosted;
  const tmpDir = path.join(bundle.scratchDir, 'tmp');
  const fontConfig = path.join(bundle.scratchDir, 'fonts.conf');
  mkdirSync(tmpDir, { recursive: true });
  writeFileSync(fontConfig, lambdaFontConfig(bundle.dir, tmpDir));
  return { ...hosted, LAMBDA_TASK_ROOT: bundle.dir, TMPDIR: tmpDir, FONTCONFIG_FILE: fontConfig };
}

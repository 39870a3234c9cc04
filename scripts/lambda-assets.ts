import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import { HANDLER_METADATA_KEY } from '../lib/handler-metadata.js';
import { bundleDirOf, type BundledAssembly } from '../local/synth-cache.js';
import { resourcesOfType } from '../local/template.js';

/**
 * Lambda's deployment package quotas (https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html):
 * a function's code with its layers, unzipped, and a .zip uploaded through the Lambda API; larger
 * archives go through Amazon S3, as CDK's asset upload sends every function's.
 */
export const LAMBDA_UNZIPPED_LIMIT_BYTES = 250 * 1024 * 1024;
export const LAMBDA_DIRECT_UPLOAD_ZIP_LIMIT_BYTES = 50 * 1024 * 1024;

export interface FunctionAsset {
  handler: string;
  logicalId: string;
  /** The bundle's files, unzipped, with the layers' (the service uses none). */
  unzippedBytes: number;
  /** The bundle as a .zip, as it is uploaded. */
  zippedBytes: number;
  layers: number;
  /** Whether the template deploys it from S3 (not an inline or direct upload). */
  fromS3: boolean;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Each function's asset as the synthesis bundled it: its size unzipped and zipped. */
export async function functionAssets(assembly: BundledAssembly): Promise<FunctionAsset[]> {
  const assets: FunctionAsset[] = [];
  for (const [logicalId, fn] of resourcesOfType(assembly.template, 'AWS::Lambda::Function')) {
    const dir = bundleDirOf(assembly, logicalId, fn);
    const files = await filesUnder(dir);
    const contents: Record<string, Uint8Array> = {};
    let unzippedBytes = 0;
    for (const file of files) {
      unzippedBytes += (await stat(file)).size;
      contents[path.relative(dir, file)] = await readFile(file);
    }
    const code = (fn.Properties?.Code ?? {}) as Record<string, unknown>;
    assets.push({
      handler: String(fn.Metadata?.[HANDLER_METADATA_KEY] ?? logicalId),
      logicalId,
      unzippedBytes,
      zippedBytes: zipSync(contents, { level: 6 }).length,
      layers: ((fn.Properties?.Layers as unknown[] | undefined) ?? []).length,
      fromS3: 'S3Bucket' in code && 'S3Key' in code,
    });
  }
  return assets.sort((a, b) => b.unzippedBytes - a.unzippedBytes);
}

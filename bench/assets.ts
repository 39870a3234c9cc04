import { loadBundledAssembly } from '../local/synth-cache.js';
import { functionAssets, LAMBDA_DIRECT_UPLOAD_ZIP_LIMIT_BYTES, LAMBDA_UNZIPPED_LIMIT_BYTES } from '../scripts/lambda-assets.js';

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Each function's bundle as `cdk deploy` uploads it, beside Lambda's deployment package quotas. */
export async function run(): Promise<void> {
  const assets = await functionAssets(await loadBundledAssembly(console.log));
  console.log(`Function bundles (MiB), beside Lambda's limits: ${mib(LAMBDA_UNZIPPED_LIMIT_BYTES)} unzipped with layers; ${mib(LAMBDA_DIRECT_UPLOAD_ZIP_LIMIT_BYTES)} zipped through the Lambda API (CDK uploads through S3)\n`);
  console.log('| function | unzipped | zipped | share of the unzipped limit |');
  console.log('|---|---|---|---|');
  for (const asset of assets) console.log(`| ${asset.handler} | ${mib(asset.unzippedBytes)} | ${mib(asset.zippedBytes)} | ${((100 * asset.unzippedBytes) / LAMBDA_UNZIPPED_LIMIT_BYTES).toFixed(0)} % |`);
}

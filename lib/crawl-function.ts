import { Duration, Size, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Construct } from 'constructs';
import { HANDLER_METADATA_KEY } from './handler-metadata.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');


export interface CrawlFunctionProps {
  /** Module name under lambdas/handlers/ exporting `handler`. */
  handler: string;
  description: string;
  timeout?: Duration;
  memorySize?: number;
  environment?: Record<string, string>;
  /** arm64 unless a dependency ships for x86_64 only (the render worker's Chromium). */
  architecture?: lambda.Architecture;
  /** Files the code opens at run time, copied into the bundle: package folders kept out of esbuild, or data directories. */
  copiedIntoBundle?: Array<{ from: string; to: string; external?: boolean }>;
  ephemeralStorageMiB?: number;
}

/**
 * Every Lambda of the service with the same defaults: Node 22 on arm64, esbuild bundle (no Docker),
 * source maps, X-Ray tracing, and a log group with bounded retention.
 */
export class CrawlFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: CrawlFunctionProps) {
    // When a synthesis skips bundling (the local runtime, infrastructure tests) there is no bundle
    // to fingerprint; a fixed hash spares hashing the whole project root, node_modules included.
    const assetHash = Stack.of(scope).bundlingRequired ? undefined : `unbundled-${props.handler}`;
    super(scope, id, {
      entry: path.join(projectRoot, 'lambdas', 'handlers', `${props.handler}.ts`),
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: props.architecture ?? lambda.Architecture.ARM_64,
      ...(props.ephemeralStorageMiB ? { ephemeralStorageSize: Size.mebibytes(props.ephemeralStorageMiB) } : {}),
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(30),
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'web-crawl-service',
        ...props.environment,
      },
      logGroup: new logs.LogGroup(scope, `${id}Logs`, { retention: logs.RetentionDays.ONE_MONTH }),
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      projectRoot,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        assetHash,
        minify: true,
        sourceMap: true,
        mainFields: ['module', 'main'],
        // ESM bundles still meet CommonJS dependencies that call require().
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        ...bundleCopies(props.copiedIntoBundle ?? []),
      },
    });
    (this.node.defaultChild as lambda.CfnFunction).addMetadata(HANDLER_METADATA_KEY, props.handler);
  }
}

/**
 * Copies run-time files into the bundle with plain `cp` (no `npm install` in the bundle, so
 * `cdk synth` works offline); a copied package marked external is left out of esbuild's output.
 */
function bundleCopies(copies: NonNullable<CrawlFunctionProps['copiedIntoBundle']>) {
  if (copies.length === 0) return {};
  const externals = copies.filter((copy) => copy.external).map((copy) => copy.from.replace(/^node_modules\//, ''));
  return {
    externalModules: ['@aws-sdk/*', ...externals],
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir: string, outputDir: string) =>
        copies.flatMap(({ from, to }) => [`mkdir -p "${path.posix.join(outputDir, path.posix.dirname(to))}"`, `cp -R "${path.posix.join(inputDir, from)}" "${path.posix.join(outputDir, to)}"`]),
    },
  };
}

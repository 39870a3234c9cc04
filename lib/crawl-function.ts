import { Duration, Size, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Construct } from 'constructs';
import { HANDLER_METADATA_KEY } from './handler-metadata.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The Node.js the functions run on, and the language level esbuild compiles them for. */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;
const LAMBDA_NODE_TARGET = 'node24';


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
 * Every Lambda of the service with the same defaults: Node 24 on arm64, esbuild bundle (no Docker)
 * holding everything the handler reaches, the AWS SDK included, source maps, X-Ray tracing, and a
 * log group with bounded retention.
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
      runtime: LAMBDA_RUNTIME,
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
        target: LAMBDA_NODE_TARGET,
        assetHash,
        minify: true,
        sourceMap: true,
        mainFields: ['module', 'main'],
        // esbuild's summary of each bundle (23 of them) would bury what a synthesis has to say.
        logLevel: LogLevel.WARNING,
        // ESM bundles still meet CommonJS dependencies that call require().
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        // The SDK is bundled like any other dependency: the version tested is the version that runs,
        // whatever SDK the runtime's image happens to carry that month.
        externalModules: copiedPackages(props.copiedIntoBundle ?? []),
        ...bundleCopies(props.copiedIntoBundle ?? []),
      },
    });
    (this.node.defaultChild as lambda.CfnFunction).addMetadata(HANDLER_METADATA_KEY, props.handler);
  }
}

/** Packages copied into the bundle whole, and so left out of esbuild's output. */
function copiedPackages(copies: NonNullable<CrawlFunctionProps['copiedIntoBundle']>): string[] {
  return copies.filter((copy) => copy.external).map((copy) => copy.from.replace(/^node_modules\//, ''));
}

/**
 * Copies run-time files into the bundle with plain `cp` (no `npm install` in the bundle, so
 * `cdk synth` works offline); a copied package marked external is left out of esbuild's output.
 */
function bundleCopies(copies: NonNullable<CrawlFunctionProps['copiedIntoBundle']>) {
  if (copies.length === 0) return {};
  return {
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir: string, outputDir: string) =>
        copies.flatMap(({ from, to }) => [`mkdir -p "${path.posix.join(outputDir, path.posix.dirname(to))}"`, `cp -R "${path.posix.join(inputDir, from)}" "${path.posix.join(outputDir, to)}"`]),
    },
  };
}

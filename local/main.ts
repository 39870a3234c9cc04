import path from 'node:path';
import { z } from 'zod';
import { parseHostOverrides } from '../lambdas/net/host-overrides.js';
import { PortInUseError } from './api-port.js';
import { lambdaThreadsSetting } from './lambda-host.js';
import { parseAwsLatency } from './latency.js';
import { readyLine } from './ready-line.js';
import { DataDirectoryInUseError, startLocalRuntime } from './runtime.js';
import { DEFAULT_DATA_DIR } from './template.js';

/** Settings of `npm start` (CONTRACT 8); docs/configuration.md lists each one. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('127.0.0.1'),
  CRAWL_DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  CRAWL_SEED_USERS: z.string().optional(),
  CRAWL_HOST_OVERRIDES: z.string().optional(),
  CRAWL_LOCAL_LEVEL_POLL_MS: z.coerce.number().int().min(10).optional(),
  CRAWL_LOCAL_QUEUE_VISIBILITY_SECONDS: z.coerce.number().int().min(1).optional(),
  CRAWL_LOCAL_POLLERS: z.coerce.number().int().min(1).max(100).default(20),
  CRAWL_LOCAL_AWS_LATENCY: z.string().optional(),
  CRAWL_LOCAL_LAMBDA_THREADS: lambdaThreadsSetting,
  CRAWL_LOCAL_CODE: z.enum(['source', 'bundled']).default('source'),
});

const log = (line: string) => console.log(`[crawl-local] ${line}`);

/** Which code the functions run, and where (CRAWL_LOCAL_CODE, CRAWL_LOCAL_LAMBDA_THREADS). */
function codeLine(code: 'source' | 'bundled', threads: number): string {
  if (code === 'bundled') return `functions run the bundled code (each function's bundle as cdk deploy uploads it), in ${Math.max(1, threads)} instance thread(s) per function`;
  return `functions run the source code, ${threads > 0 ? `in ${threads} worker thread(s)` : 'in the main thread'} (CRAWL_LOCAL_CODE=bundled runs the bundles cdk deploy uploads)`;
}

async function main(): Promise<void> {
  const env = EnvSchema.parse(process.env);
  const overrides = parseHostOverrides(env.CRAWL_HOST_OVERRIDES);
  const runtime = await startLocalRuntime({
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.CRAWL_DATA_DIR),
    seedUsersFile: env.CRAWL_SEED_USERS,
    levelPollMs: env.CRAWL_LOCAL_LEVEL_POLL_MS,
    queueVisibilitySeconds: env.CRAWL_LOCAL_QUEUE_VISIBILITY_SECONDS,
    pollersPerQueue: env.CRAWL_LOCAL_POLLERS,
    awsLatencyMs: parseAwsLatency(env.CRAWL_LOCAL_AWS_LATENCY),
    lambdaThreads: env.CRAWL_LOCAL_LAMBDA_THREADS,
    code: env.CRAWL_LOCAL_CODE,
    warmFunctions: true,
    log,
    // the handlers' EMF lines would bury the runtime's own lines in a terminal
    metricsFile: path.join(path.resolve(env.CRAWL_DATA_DIR), 'metrics.log'),
  });
  if (overrides.size > 0) {
    log(`WARNING: CRAWL_HOST_OVERRIDES pins ${[...overrides.keys()].join(', ')} to local addresses and exempts them from the public-address rule. Development and tests only.`);
  }
  log(readyLine(runtime.url, runtime.startupMs));
  log(codeLine(env.CRAWL_LOCAL_CODE, env.CRAWL_LOCAL_LAMBDA_THREADS));
  log(`web console: ${runtime.url}/`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    runtime.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirectoryInUseError || error instanceof PortInUseError) {
    console.error(`[crawl-local] ${error.message}`);
  } else {
    console.error('[crawl-local] could not start:', error);
  }
  process.exit(1);
});

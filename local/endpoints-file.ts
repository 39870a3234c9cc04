import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ENV } from '../lambdas/data/env.js';

/**
 * `<data dir>/endpoints.json`: how a process outside the running local runtime (the admin CLI)
 * reaches its DynamoDB. The emulators live inside the runtime's process and it holds the data
 * directory's lock, so other tools talk to its endpoint instead of opening the files.
 */
export const ENDPOINTS_FILE = 'endpoints.json';

const setting = z.string().min(1);

/** What the admin CLI's commands reach: accounts and usage, and for operations jobs, ledger, queues and executions. */
const ENDPOINT_VARIABLES = [
  'AWS_REGION',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_SQS',
  'AWS_ENDPOINT_URL_SFN',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  ENV.usersTable,
  ENV.apiKeysTable,
  ENV.usageTable,
  ENV.jobsTable,
  ENV.pagesTable,
  ENV.blockedSitesTable,
  ENV.pageQueueUrl,
  ENV.deadLetterQueueUrl,
  ENV.parkingQueueUrl,
  ENV.stateMachineArn,
] as const;

export const LocalEndpointsSchema = z.object({
  pid: z.number().int().positive(),
  /** The environment the data layer needs: region, endpoints, the runtime's access key, resource names. */
  environment: z.strictObject(Object.fromEntries(ENDPOINT_VARIABLES.map((name) => [name, setting])) as Record<(typeof ENDPOINT_VARIABLES)[number], typeof setting>),
});
export type LocalEndpoints = z.infer<typeof LocalEndpointsSchema>;

/** Written once the tables exist; the returned function removes it again (on close). */
export async function writeEndpointsFile(dataDir: string, env: NodeJS.ProcessEnv): Promise<() => Promise<void>> {
  const file = path.join(dataDir, ENDPOINTS_FILE);
  const endpoints = LocalEndpointsSchema.parse({
    pid: process.pid,
    environment: Object.fromEntries(ENDPOINT_VARIABLES.map((name) => [name, env[name]])),
  });
  const partial = `${file}.${process.pid}.tmp`;
  // It holds the runtime's secret key: readable by this OS user alone.
  await writeFile(partial, `${JSON.stringify(endpoints, null, 2)}\n`, { mode: 0o600 });
  await rename(partial, file);
  return () => rm(file, { force: true });
}

/** The running runtime's endpoints, or undefined when none has written them. */
export async function readEndpointsFile(dataDir: string): Promise<LocalEndpoints | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, ENDPOINTS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return LocalEndpointsSchema.parse(JSON.parse(text));
}

/** Whether the process that wrote the file still runs (a killed runtime leaves the file behind). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

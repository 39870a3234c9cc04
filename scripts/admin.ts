/**
 * Account administration: users, API keys and usage. `npm run admin -- <command> [options]`;
 * `npm run admin -- help` prints the commands.
 *
 * By default it works on the running local runtime (`npm start`): the runtime holds the data
 * directory and hosts the emulators, so the CLI reads `<data dir>/endpoints.json` and talks to its
 * DynamoDB endpoint. With `--users-table`, `--api-keys-table` and `--usage-table` (the stack's
 * outputs UsersTableName, ApiKeysTableName, UsageTableName) it works on a deployed stack with the
 * caller's AWS credentials. Either way it sets the environment variables the handlers read
 * (lambdas/data/env.ts) and goes through the same data layer; keys are stored only as hashes.
 *
 * Exit codes: 0 done, 1 the command failed (no runtime, unknown user or key, AWS error),
 * 2 the command line is wrong.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { z } from 'zod';
import { findApiKey, findApiKeysByHashPrefix, getUser, listApiKeys, revokeApiKey, rotateWebhookSigningSecret, saveUser, storeApiKey } from '../lambdas/data/accounts.js';
import { blockSite, listSiteBlocks, unblockSite } from '../lambdas/data/blocked-sites.js';
import { ENV } from '../lambdas/data/env.js';
import { stopCrawlExecution } from '../lambdas/data/executions.js';
import { getJob, openJobs, recordJobError } from '../lambdas/data/jobs.js';
import { moveMessages } from '../lambdas/data/page-queue.js';
import { getUsage } from '../lambdas/data/usage.js';
import { DEFAULT_MONTHLY_PAGES, PLANS, generateApiKey, keyIdOf, type ApiKeyRecord } from '../lambdas/domain/accounts.js';
import { blockKey } from '../lambdas/domain/blocked-sites.js';
import { isTerminal, JOB_ID_PATTERN, type JobRecord } from '../lambdas/domain/job.js';
import { quotaPeriod } from '../lambdas/domain/quota.js';
import { isStalled, quietForMs, STALL_AFTER_MS } from '../lambdas/domain/stall.js';
import { finalizeJob } from '../lambdas/workflow/finalize.js';
import { ABANDONED_AFTER_MS } from '../lambdas/workflow/reconcile.js';
import { ENDPOINTS_FILE, isProcessAlive, readEndpointsFile } from '../local/endpoints-file.js';
import { PROJECT_ROOT } from '../local/template.js';
import { isEntryPoint } from './entry-point.js';

export interface AdminIO {
  /** Results, one call per block of text. */
  out(text: string): void;
  /** Errors and usage text. */
  err(text: string): void;
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --user <id> --plan free|pro|enterprise [--monthly-pages <n>]
      Creates a user, or changes an existing user's plan and allowance. Without --monthly-pages a
      new user (or one changing plan) gets the plan's default: free ${DEFAULT_MONTHLY_PAGES.free}, pro ${DEFAULT_MONTHLY_PAGES.pro}, enterprise ${DEFAULT_MONTHLY_PAGES.enterprise}.
  create-key --user <id>
      Issues an API key. The key is printed once and only its hash is stored.
  revoke-key --key <key> | --key-id <id>
      Revokes a key, named by the key itself or by its id (a unique prefix of it is enough).
  list-keys --user <id>
      Key ids, creation and revocation times (never the keys).
  usage --user <id> [--period YYYY-MM]
      Allowance, used, reserved and remaining pages, and open reservations. Default: this month (UTC).
  rotate-webhook-secret --user <id>
      Replaces the secret that signs the user's webhook deliveries and prints the new one. The old
      secret stops at once; the user reads the new one from GET /v1/account too.

Operations (docs/operations.md; the local runtime or --stack):
  jobs [--stuck]
      Jobs still queued or running, with their progress and how long it has stood still. --stuck
      lists only those without progress for ${STALL_AFTER_MS / 60_000} minutes or older than the crawl timeout.
  settle-job --job <id> [--reason <text>]
      Ends a stuck job now: marks it failed (internal_error, with the reason), settles its quota
      (pages crawled are charged, the rest released) and stops its execution.
  redrive-dlq [--to dead-letters|pages] [--max <n>]
      Moves parked dead letters back to the dead-letter queue, whose consumer marks those pages
      failed so their crawls go on (default), or to the page queue to try the pages once more.
  block-site --host <host> --reason <text>
      A site that asked not to be crawled: new jobs of that host or any host under it fail with
      robots_disallowed before a page is fetched. Crawls already running go on (see settle-job).
  unblock-site --host <host>
  list-blocked-sites

Target (default: the local runtime started with \`npm start\`):
  --data-dir <dir>          its data directory (default: $CRAWL_DATA_DIR or .crawl-local)
  --stack <name> [--region <region>]
                            a deployed stack (e.g. WebCrawlService): its tables, queues and state
                            machine are read from the stack outputs, with your usual AWS credentials
  --users-table <name> --api-keys-table <name> --usage-table <name> [--region <region>]
                            a deployed stack's tables named directly (outputs UsersTableName,
                            ApiKeysTableName, UsageTableName)

Other options:
  --json                    machine-readable output
  -h, --help                this text

Exit codes: 0 done, 1 the command failed, 2 the command line is wrong.`;

const OPTIONS = {
  user: { type: 'string' },
  plan: { type: 'string' },
  'monthly-pages': { type: 'string' },
  key: { type: 'string' },
  'key-id': { type: 'string' },
  period: { type: 'string' },
  stuck: { type: 'boolean' },
  job: { type: 'string' },
  reason: { type: 'string' },
  to: { type: 'string' },
  host: { type: 'string' },
  max: { type: 'string' },
  'data-dir': { type: 'string' },
  region: { type: 'string' },
  stack: { type: 'string' },
  'users-table': { type: 'string' },
  'api-keys-table': { type: 'string' },
  'usage-table': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type OptionName = keyof typeof OPTIONS;
type Values = Partial<Record<OptionName, string | boolean>>;

const TARGET_OPTIONS = ['data-dir', 'region', 'stack', 'users-table', 'api-keys-table', 'usage-table'] as const satisfies readonly OptionName[];

/** The command line is wrong: exit 2 with the usage text. */
class UsageError extends Error {}
/** The command could not be done: exit 1. */
class AdminError extends Error {}

// ---- command line -------------------------------------------------------------------------------

// Safe in DynamoDB keys and in the composite keys built from it (`<user>#preview`), and in a shell.
const userIdSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,127}$/, { error: 'must be 1 to 128 letters, digits, ".", "_", "@" or "-", starting with a letter or digit' });

const pagesSchema = z
  .string()
  .regex(/^\d{1,10}$/, { error: 'must be a whole number of pages' })
  .transform(Number)
  .pipe(z.number().int().min(0).max(1_000_000_000, { error: 'must be at most 1000000000' }));

const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month written YYYY-MM' });

const keyIdSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{4,64}$/, { error: 'must be a key id (at least 4 hex digits, as list-keys shows it)' })
  .transform((id) => id.toLowerCase());

const tableNameSchema = z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/, { error: 'must be a DynamoDB table name' });

const TargetSchema = z
  .strictObject({
    'data-dir': z.string().min(1).optional(),
    region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, { error: 'must be an AWS region such as eu-west-1' }).optional(),
    stack: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, { error: 'must be a CloudFormation stack name' }).optional(),
    'users-table': tableNameSchema.optional(),
    'api-keys-table': tableNameSchema.optional(),
    'usage-table': tableNameSchema.optional(),
  })
  .transform((options, ctx): Target => {
    const tables = [options['users-table'], options['api-keys-table'], options['usage-table']];
    if (options.stack !== undefined) {
      if (tables.some((table) => table !== undefined) || options['data-dir'] !== undefined) {
        ctx.addIssue({ code: 'custom', message: '--stack names the tables itself; it cannot be combined with --data-dir or the --…-table options' });
        return z.NEVER;
      }
      return { kind: 'stack', region: options.region, stackName: options.stack };
    }
    if (tables.every((table) => table === undefined)) {
      if (options.region !== undefined) ctx.addIssue({ code: 'custom', message: '--region only applies to a deployed stack (with the --…-table options)' });
      return { kind: 'local', dataDir: options['data-dir'] };
    }
    const [users, apiKeys, usage] = tables;
    if (users === undefined || apiKeys === undefined || usage === undefined) {
      ctx.addIssue({ code: 'custom', message: 'a deployed stack needs all of --users-table, --api-keys-table and --usage-table' });
      return z.NEVER;
    }
    if (options['data-dir'] !== undefined) ctx.addIssue({ code: 'custom', message: '--data-dir is for the local runtime; it cannot be combined with the --…-table options' });
    return { kind: 'stack', region: options.region, tables: { users, apiKeys, usage } };
  });

type StackTables = { users: string; apiKeys: string; usage: string };
type Target = { kind: 'local'; dataDir?: string } | { kind: 'stack'; region?: string; tables: StackTables } | { kind: 'stack'; region?: string; stackName: string };

interface Invocation {
  run(now: Date): Promise<Outcome>;
  target: Target;
  json: boolean;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .flatMap((issue) => {
      if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `--${key} is not an option of this command`);
      const [name] = issue.path;
      return [name === undefined ? issue.message : `--${String(name)} ${issue.message}`];
    })
    .join('\n');
}

const planSchema = z.enum(PLANS, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${PLANS.join(', ')}`) });

const createUserOptions = z.strictObject({ user: userIdSchema, plan: planSchema, 'monthly-pages': pagesSchema.optional() });
const userOptions = z.strictObject({ user: userIdSchema });
const revokeKeyOptions = z
  .strictObject({ key: z.string().min(1, { error: 'must not be empty' }).optional(), 'key-id': keyIdSchema.optional() })
  .refine((options) => (options.key === undefined) !== (options['key-id'] === undefined), { error: 'name the key with exactly one of --key or --key-id' });
const usageOptions = z.strictObject({ user: userIdSchema, period: periodSchema.optional() });

/** A command: its options checked by `schema`, then `run` on the parsed options. */
function command<Schema extends z.ZodType>(schema: Schema, run: (options: z.output<Schema>, now: Date) => Promise<Outcome>) {
  return {
    /** Checks the options (a UsageError when wrong) and returns the command ready to run. */
    bind(values: Values): (now: Date) => Promise<Outcome> {
      const parsed = schema.safeParse(values);
      if (!parsed.success) throw new UsageError(describeIssues(parsed.error));
      return (now) => run(parsed.data, now);
    },
  };
}

function parseCommandLine(argv: readonly string[]): Invocation | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === 'help') return 'help';
  if (positionals.length === 0) throw new UsageError('no command given');
  if (positionals.length > 1) throw new UsageError(`one command at a time; got ${positionals.join(' ')}`);
  const name = positionals[0] as string;
  if (!Object.hasOwn(COMMANDS, name)) throw new UsageError(`unknown command "${name}"`);

  const { json = false, help: _help, ...rest } = values as Values;
  const targetValues: Values = {};
  const commandValues: Values = {};
  for (const [option, value] of Object.entries(rest) as Array<[OptionName, string | boolean]>) {
    ((TARGET_OPTIONS as readonly string[]).includes(option) ? targetValues : commandValues)[option] = value;
  }
  const target = TargetSchema.safeParse(targetValues);
  if (!target.success) throw new UsageError(describeIssues(target.error));
  return { run: COMMANDS[name as CommandName].bind(commandValues), target: target.data, json: Boolean(json) };
}

// ---- target -------------------------------------------------------------------------------------

/** Stack outputs (lib/crawl-service-stack.ts) the operations commands need, by the variable they set. */
const OPERATIONS_OUTPUTS: Record<string, string> = {
  JobsTableName: ENV.jobsTable,
  PagesTableName: ENV.pagesTable,
  BlockedSitesTableName: ENV.blockedSitesTable,
  PageQueueUrl: ENV.pageQueueUrl,
  PageDeadLetterQueueUrl: ENV.deadLetterQueueUrl,
  DeadLetterParkingQueueUrl: ENV.parkingQueueUrl,
  StateMachineArn: ENV.stateMachineArn,
};

/** The table names a deployed stack publishes as outputs, and the variables of the operations commands. */
async function readStackOutputs(stackName: string): Promise<{ tables: StackTables; operations: Record<string, string> }> {
  let outputs: Record<string, string>;
  try {
    const { Stacks } = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: stackName }));
    outputs = Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey ?? '', output.OutputValue ?? '']));
  } catch (error) {
    throw new AdminError(`cannot read the outputs of stack ${stackName}: ${(error as Error).message}`);
  }
  const [users, apiKeys, usage] = ['UsersTableName', 'ApiKeysTableName', 'UsageTableName'].map((key) => outputs[key]);
  if (!users || !apiKeys || !usage) throw new AdminError(`stack ${stackName} has no UsersTableName, ApiKeysTableName and UsageTableName outputs`);
  const operations = Object.fromEntries(Object.entries(OPERATIONS_OUTPUTS).flatMap(([output, variable]) => (outputs[output] ? [[variable, outputs[output]]] : [])));
  return { tables: { users, apiKeys, usage }, operations };
}

/** Points the data layer at the target through the environment variables the handlers read. */
async function connect(target: Target): Promise<string> {
  if (target.kind === 'stack') {
    if (target.region) process.env.AWS_REGION = target.region;
    if (!process.env.AWS_REGION && !process.env.AWS_DEFAULT_REGION) throw new AdminError('no AWS region: pass --region or set AWS_REGION');
    const { tables, operations } = 'tables' in target ? { tables: target.tables, operations: {} } : await readStackOutputs(target.stackName);
    Object.assign(process.env, { [ENV.usersTable]: tables.users, [ENV.apiKeysTable]: tables.apiKeys, [ENV.usageTable]: tables.usage }, operations);
    return `stack tables ${tables.users}, ${tables.apiKeys}, ${tables.usage}`;
  }
  const dataDir = path.resolve(target.dataDir ?? process.env.CRAWL_DATA_DIR ?? path.join(PROJECT_ROOT, '.crawl-local'));
  let endpoints;
  try {
    endpoints = await readEndpointsFile(dataDir);
  } catch (error) {
    throw new AdminError(`${path.join(dataDir, ENDPOINTS_FILE)} cannot be read: ${(error as Error).message}`);
  }
  const start = `start it with \`npm start\`${target.dataDir ? ` (CRAWL_DATA_DIR=${dataDir})` : ''}, or name a deployed stack's tables with --users-table, --api-keys-table and --usage-table`;
  if (!endpoints) throw new AdminError(`no local runtime is running on ${dataDir}: ${start}`);
  if (!isProcessAlive(endpoints.pid)) throw new AdminError(`the local runtime on ${dataDir} (pid ${endpoints.pid}) is not running any more: ${start}`);
  Object.assign(process.env, endpoints.environment);
  return `local runtime on ${dataDir}`;
}

// ---- commands -----------------------------------------------------------------------------------

interface Outcome {
  text: string;
  json: unknown;
}

async function requireUser(userId: string) {
  const user = await getUser(userId);
  if (!user) throw new AdminError(`no user "${userId}"; create it with create-user`);
  return user;
}

function keyView(record: ApiKeyRecord) {
  return { key_id: keyIdOf(record.key_hash), user_id: record.user_id, created_at: record.created_at, revoked_at: record.revoked_at };
}

async function createUser(options: z.output<typeof createUserOptions>, now: Date): Promise<Outcome> {
  const { user: userId, plan, 'monthly-pages': explicit } = options;
  const existing = await getUser(userId);
  // An unchanged plan keeps a custom allowance; a new user or a new plan gets the plan's default.
  const monthlyPages = explicit ?? (existing?.plan === plan ? existing.monthly_pages : DEFAULT_MONTHLY_PAGES[plan]);
  const { webhook_signing_secret: _secret, ...user } = await saveUser({ user_id: userId, plan, monthly_pages: monthlyPages }, now);
  return {
    text: `${existing ? 'Updated' : 'Created'} user ${userId}: plan ${plan}, ${monthlyPages} pages per month.`,
    json: { ...user, created: !existing },
  };
}

async function createKey(options: z.output<typeof userOptions>, now: Date): Promise<Outcome> {
  const user = await requireUser(options.user);
  const apiKey = generateApiKey();
  const record = await storeApiKey(user.user_id, apiKey, now);
  const keyId = keyIdOf(record.key_hash);
  return {
    text: [
      `API key for user ${user.user_id}. It is shown only this once and cannot be recovered; store it now:`,
      '',
      `    ${apiKey}`,
      '',
      `Key id: ${keyId} (for list-keys and revoke-key --key-id)`,
    ].join('\n'),
    json: { user_id: user.user_id, api_key: apiKey, key_id: keyId, created_at: record.created_at },
  };
}

async function revokeKey(options: z.output<typeof revokeKeyOptions>, now: Date): Promise<Outcome> {
  const record = options.key !== undefined ? await findApiKey(options.key) : await keyById(options['key-id'] ?? '');
  if (!record) throw new AdminError('no such API key');
  const keyId = keyIdOf(record.key_hash);
  if (record.revoked_at) {
    return { text: `Key ${keyId} of user ${record.user_id} was already revoked at ${record.revoked_at}.`, json: { ...keyView(record), already_revoked: true } };
  }
  await revokeApiKey(record.key_hash, now);
  return {
    text: `Revoked key ${keyId} of user ${record.user_id}. A deployed API may still accept it for up to 30 s (the authorizer caches its decisions).`,
    json: { ...keyView({ ...record, revoked_at: now.toISOString() }), already_revoked: false },
  };
}

async function keyById(prefix: string): Promise<ApiKeyRecord | undefined> {
  const matches = await findApiKeysByHashPrefix(prefix);
  if (matches.length > 1) {
    const ids = matches.map((record) => `${keyIdOf(record.key_hash)} (user ${record.user_id})`).join(', ');
    throw new AdminError(`key id ${prefix} is ambiguous: it starts ${matches.length} keys: ${ids}. Give more of the id.`);
  }
  if (matches.length === 0) throw new AdminError(`no API key has the id ${prefix}`);
  return matches[0];
}

async function listKeys(options: z.output<typeof userOptions>): Promise<Outcome> {
  const user = await requireUser(options.user);
  const keys = (await listApiKeys(user.user_id)).sort((a, b) => a.created_at.localeCompare(b.created_at)).map(keyView);
  if (keys.length === 0) return { text: `User ${user.user_id} has no API keys.`, json: { user_id: user.user_id, keys } };
  const rows = [['KEY ID', 'CREATED', 'REVOKED'], ...keys.map((key) => [key.key_id, key.created_at, key.revoked_at ?? '-'])];
  return { text: formatTable(rows), json: { user_id: user.user_id, keys } };
}

async function usage(options: z.output<typeof usageOptions>, now: Date): Promise<Outcome> {
  const user = await requireUser(options.user);
  const period = options.period ?? quotaPeriod(now);
  const row = await getUsage(user.user_id, period);
  const allowance = user.monthly_pages;
  const remaining = Math.max(0, allowance - row.used - row.reserved);
  const reservations = Object.entries(row.reservations)
    .map(([jobId, hold]) => ({ job_id: jobId, pages: hold.pages, reserved_at: hold.at }))
    .sort((a, b) => a.reserved_at.localeCompare(b.reserved_at));
  const lines = [
    `User ${user.user_id} (plan ${user.plan}), period ${period}:`,
    `  allowance  ${allowance}`,
    `  used       ${row.used}`,
    `  reserved   ${row.reserved}`,
    `  remaining  ${remaining}`,
    reservations.length === 0 ? 'No open reservations.' : 'Open reservations:',
    ...reservations.map((hold) => `  job ${hold.job_id}: ${hold.pages} pages since ${hold.reserved_at}`),
  ];
  return { text: lines.join('\n'), json: { user_id: user.user_id, period, allowance, used: row.used, reserved: row.reserved, remaining, reservations } };
}

async function rotateWebhookSecret(options: z.output<typeof userOptions>): Promise<Outcome> {
  const user = await requireUser(options.user);
  const secret = await rotateWebhookSigningSecret(user.user_id);
  return {
    text: [
      `New webhook signing secret for user ${user.user_id}; deliveries are signed with it from now on:`,
      '',
      `    ${secret}`,
    ].join('\n'),
    json: { user_id: user.user_id, webhook_signing_secret: secret },
  };
}

// ---- operations (docs/operations.md) ------------------------------------------------------------

/** The operations commands reach jobs, queues and executions: the local runtime or --stack names them. */
function requireOperationsTarget(...keys: Array<keyof typeof ENV>): void {
  const missing = keys.filter((key) => !process.env[ENV[key]]).map((key) => ENV[key]);
  if (missing.length > 0) throw new AdminError(`this command needs the local runtime or --stack <name> (missing ${missing.join(', ')})`);
}

const jobsOptions = z.strictObject({ stuck: z.boolean().optional() });
const jobIdSchema = z.string({ error: 'is required' }).regex(JOB_ID_PATTERN, { error: 'must be a job id' });
const settleJobOptions = z.strictObject({ job: jobIdSchema, reason: z.string().min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' }).optional() });
const redriveOptions = z.strictObject({
  to: z.enum(['dead-letters', 'pages'], { error: 'must be dead-letters or pages' }).optional(),
  max: z.string().regex(/^[1-9]\d{0,5}$/, { error: 'must be a whole number from 1 to 999999' }).transform(Number).optional(),
});

function jobView(job: JobRecord, now: Date) {
  const quietMs = quietForMs(job, now);
  const ageMs = now.getTime() - Date.parse(job.created_at);
  return {
    job_id: job.job_id,
    user_id: job.user_id,
    status: job.status,
    mode: job.mode,
    url: job.url,
    created_at: job.created_at,
    depth: job.level?.depth ?? null,
    progress: job.progress,
    pages_planned: job.pages_planned,
    quiet_minutes: Math.floor(quietMs / 60_000),
    stuck: isStalled(job, now) || ageMs > ABANDONED_AFTER_MS,
  };
}

async function listJobs(options: z.output<typeof jobsOptions>, now: Date): Promise<Outcome> {
  requireOperationsTarget('jobsTable');
  const jobs: Array<ReturnType<typeof jobView>> = [];
  for await (const job of openJobs()) jobs.push(jobView(job, now));
  const shown = jobs.filter((job) => !options.stuck || job.stuck).sort((a, b) => a.created_at.localeCompare(b.created_at));
  if (shown.length === 0) return { text: options.stuck ? 'No stuck jobs.' : 'No open jobs.', json: { jobs: shown } };
  const rows = [
    ['JOB', 'USER', 'STATUS', 'CREATED', 'DEPTH', 'CRAWLED/FAILED/SKIPPED', 'QUIET', 'STUCK'],
    ...shown.map((job) => [
      job.job_id,
      job.user_id,
      job.status,
      job.created_at,
      job.depth === null ? '-' : String(job.depth),
      `${job.progress.pages_crawled}/${job.progress.pages_failed}/${job.progress.pages_skipped} of ${job.pages_planned}`,
      `${job.quiet_minutes} min`,
      job.stuck ? 'yes' : 'no',
    ]),
  ];
  return { text: formatTable(rows), json: { jobs: shown } };
}

async function settleJob(options: z.output<typeof settleJobOptions>): Promise<Outcome> {
  requireOperationsTarget('jobsTable', 'pagesTable', 'usageTable', 'stateMachineArn');
  const before = await getJob(options.job);
  if (!before) throw new AdminError(`no job ${options.job}`);
  if (isTerminal(before.status) && before.quota.settled) {
    return { text: `Job ${before.job_id} already ended ${before.status}; nothing to settle.`, json: { job_id: before.job_id, status: before.status, settled_now: false } };
  }
  const message = `settled by an operator${options.reason ? `: ${options.reason}` : ''}`;
  // Ended before its execution is stopped, so the reconciler finds it settled and keeps this outcome.
  await recordJobError(before.job_id, { code: 'internal_error', message });
  await finalizeJob(before.job_id);
  const stopped = await stopCrawlExecution(before.job_id, message);
  const after = await getJob(before.job_id);
  const json = { job_id: before.job_id, status: after?.status, charged: after?.quota.charged, released: before.quota.reserved - (after?.quota.charged ?? 0), execution_stopped: stopped, settled_now: true };
  return {
    text: `Job ${before.job_id} is ${json.status}: charged ${json.charged} page(s), released ${json.released}; its execution was ${stopped ? 'stopped' : 'not running'}.`,
    json,
  };
}

async function redriveDeadLetters(options: z.output<typeof redriveOptions>): Promise<Outcome> {
  const to = options.to ?? 'dead-letters';
  requireOperationsTarget('parkingQueueUrl', to === 'pages' ? 'pageQueueUrl' : 'deadLetterQueueUrl');
  const target = process.env[ENV[to === 'pages' ? 'pageQueueUrl' : 'deadLetterQueueUrl']] ?? '';
  const moved = await moveMessages(process.env[ENV.parkingQueueUrl] ?? '', target, options.max ?? 10_000);
  const where = to === 'pages' ? 'the page queue (the pages are tried once more)' : 'the dead-letter queue (their pages are marked failed and the crawls go on)';
  return { text: `Moved ${moved} parked dead letter(s) to ${where}.`, json: { moved, to } };
}

const hostSchema = z
  .string({ error: 'is required' })
  .regex(/^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]\.?$/, { error: 'must be a host name such as example.com' })
  .transform(blockKey);
const blockSiteOptions = z.strictObject({ host: hostSchema, reason: z.string({ error: 'is required' }).min(1, { error: 'must not be empty' }).max(500, { error: 'must be at most 500 characters' }) });
const hostOptions = z.strictObject({ host: hostSchema });

async function blockSiteCommand(options: z.output<typeof blockSiteOptions>, now: Date): Promise<Outcome> {
  requireOperationsTarget('blockedSitesTable');
  const block = { host: options.host, reason: options.reason, blocked_at: now.toISOString() };
  await blockSite(block);
  return { text: `Blocked ${block.host} and the hosts under it: new jobs fail with robots_disallowed. Running crawls go on: \`jobs\` lists them.`, json: block };
}

async function unblockSiteCommand(options: z.output<typeof hostOptions>): Promise<Outcome> {
  requireOperationsTarget('blockedSitesTable');
  const removed = await unblockSite(options.host);
  return { text: removed ? `Unblocked ${options.host}.` : `${options.host} was not blocked.`, json: { host: options.host, unblocked: removed } };
}

async function listBlockedSites(): Promise<Outcome> {
  requireOperationsTarget('blockedSitesTable');
  const blocks = await listSiteBlocks();
  if (blocks.length === 0) return { text: 'No blocked sites.', json: { sites: blocks } };
  return { text: formatTable([['HOST', 'BLOCKED', 'REASON'], ...blocks.map((block) => [block.host, block.blocked_at, block.reason])]), json: { sites: blocks } };
}

function formatTable(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n');
}

const COMMANDS = {
  'create-user': command(createUserOptions, createUser),
  'create-key': command(userOptions, createKey),
  'revoke-key': command(revokeKeyOptions, revokeKey),
  'list-keys': command(userOptions, listKeys),
  usage: command(usageOptions, usage),
  'rotate-webhook-secret': command(userOptions, rotateWebhookSecret),
  jobs: command(jobsOptions, listJobs),
  'settle-job': command(settleJobOptions, settleJob),
  'redrive-dlq': command(redriveOptions, redriveDeadLetters),
  'block-site': command(blockSiteOptions, blockSiteCommand),
  'unblock-site': command(hostOptions, unblockSiteCommand),
  'list-blocked-sites': command(z.strictObject({}), listBlockedSites),
};
type CommandName = keyof typeof COMMANDS;

/** Runs one command line (without the program name); returns the exit code. */
export async function runAdmin(argv: readonly string[], io: AdminIO): Promise<number> {
  let invocation: Invocation | 'help';
  try {
    invocation = parseCommandLine(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`error: ${error.message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (invocation === 'help') {
    io.out(USAGE);
    return EXIT.ok;
  }
  try {
    await connect(invocation.target);
    const outcome = await invocation.run(new Date());
    io.out(invocation.json ? JSON.stringify(outcome.json, null, 2) : outcome.text);
    return EXIT.ok;
  } catch (error) {
    // AWS SDK errors carry their kind in `name` (ResourceNotFoundException, …); the message says the rest.
    const message = error instanceof AdminError ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
    io.err(`error: ${message}`);
    return EXIT.failed;
  }
}

if (isEntryPoint(import.meta.url)) {
  runAdmin(process.argv.slice(2), { out: (text) => console.log(text), err: (text) => console.error(text) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(EXIT.failed);
    },
  );
}

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { Agent, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { lockFile } from '../lambdas/core/process-lock.js';
import { ENV } from '../lambdas/data/env.js';
import { startCrawlExecution } from '../lambdas/data/executions.js';
import { openJobs } from '../lambdas/data/jobs.js';
import { sendMetricLinesTo } from '../lambdas/observability/metrics.js';
import { createTables, startDynamo } from './dynamodb.js';
import { writeEndpointsFile } from './endpoints-file.js';
import { bundledFunctionEnvironment, functionEnvironment } from './function-environment.js';
import { LocalIam, jsonProtocolRefusal, signedJsonRequest } from './iam/authorizer.js';
import { functionCredentials, RUNTIME_CREDENTIALS } from './iam/credentials.js';
import { templateIdentities } from './iam/policies.js';
import { sqsActions } from './iam/request-actions.js';
import { startQueuePolling } from './event-sources.js';
import { delayResponse, type AwsLatency } from './latency.js';
import { LambdaHost, type FunctionCode } from './lambda-host.js';
import { UsageMeter } from './meter.js';
import { startS3, type CorsRule, type LocalBucket } from './s3.js';
import { invokeWithinLimits } from './service-limits.js';
import { sqsErrors } from './sqs/errors.js';
import { startSqsServer } from './sqs-server.js';
import { startStepFunctions, type LocalStateMachine } from './step-functions.js';
import { openApiPort } from './api-port.js';
import { startApiRouter } from './api-router.js';
import { ensureDevelopmentUser, seedUsersFromFile } from './seed-users.js';
import { bundleDirOf, loadBundledAssembly, loadTemplate, type BundledAssembly } from './synth-cache.js';
import { LOCAL_ACCOUNT, LOCAL_REGION, resolveIntrinsics, resourcesOfType, type CfnResource, type CfnTemplate, type LocalNames } from './template.js';

export interface LocalRuntimeConfig {
  host: string;
  port: number;
  dataDir: string;
  seedUsersFile?: string;
  /** Replaces the state machine's wait between two checks of a crawl level (whole seconds, as in the cloud) when set; tests shorten it. */
  levelPollMs?: number;
  /** Overrides the page queue's visibility timeout (tests of redelivery use a short one). */
  queueVisibilitySeconds?: number;
  /** Parallel pollers per queue mapping, as far as Lambda would scale out. */
  pollersPerQueue: number;
  /** The cloud latency model: milliseconds added to each call of an emulated service. */
  awsLatencyMs?: AwsLatency;
  /**
   * Worker threads running the handlers, each a Lambda instance with its own module state; 0 runs
   * them in this thread, where a test's `vi.mock` reaches them.
   */
  lambdaThreads?: number;
  /** The functions' code: the project's source (the default), or the bundles a real synthesis builds, as `cdk deploy` uploads them. */
  code?: LocalCode;
  /** Imports every handler in the background once the runtime is up (`warmed` says when), so the first crawl meets warm functions. */
  warmFunctions?: boolean;
  /** Changes the synthesized template before the runtime reads it (a test removes a grant to see the call it covers refused). */
  adjustTemplate?(template: CfnTemplate): void;
  /** The runtime's log; the handlers' metrics (EMF lines, as CloudWatch would read them) go here too, unless `metricsFile` is set. */
  log(line: string): void;
  /** A file for the metric lines instead of the log, emptied at each start (npm start: `metrics.log` in the data directory). */
  metricsFile?: string;
}

export type LocalCode = 'source' | 'bundled';

export class DataDirectoryInUseError extends Error {}

/** One runtime per data directory: the emulators' files cannot be shared by two processes. */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  // A lock this process holds was left by a runtime of it that failed: this one replaces it.
  const lock = await lockFile(path.join(dataDir, 'runtime.lock'), { waitMs: 0, ownProcess: 'stale' });
  if ('heldBy' in lock) {
    throw new DataDirectoryInUseError(`Another local runtime (pid ${lock.heldBy}) is using ${dataDir}. Stop it first, or start this one with CRAWL_DATA_DIR pointing elsewhere.`);
  }
  return lock.release;
}

/** A file written a line at a time, emptied first; it is closed with the runtime. */
async function openLineFile(file: string, closers: Closer[]): Promise<(line: string) => void> {
  const stream = createWriteStream(file, { flags: 'w' });
  await once(stream, 'open');
  closers.push(() => new Promise<void>((resolve) => stream.end(resolve)));
  return (line) => stream.write(`${line}\n`);
}

/** Names of the template's resources on this machine, from which `Ref` and `Fn::GetAtt` resolve. */
function localNames(template: CfnTemplate, sqsQueueUrl: (name: string) => string): LocalNames {
  const arnFor: Record<string, (id: string) => string> = {
    'AWS::Lambda::Function': (id) => `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${id}`,
    'AWS::SQS::Queue': (id) => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${id}`,
    'AWS::StepFunctions::StateMachine': (id) => `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}:stateMachine:${id}`,
    'AWS::DynamoDB::Table': (id) => `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${id}`,
    'AWS::S3::Bucket': (id) => `arn:aws:s3:::${id.toLowerCase()}`,
  };
  return {
    ref(id) {
      const type = template.Resources[id]?.Type;
      if (type === 'AWS::SQS::Queue') return sqsQueueUrl(id);
      if (type === 'AWS::S3::Bucket') return id.toLowerCase();
      if (type === 'AWS::StepFunctions::StateMachine') return arnFor[type]?.(id) ?? id;
      return id;
    },
    getAtt(id, attribute) {
      const type = template.Resources[id]?.Type ?? '';
      if (attribute === 'Arn') return arnFor[type]?.(id) ?? `arn:aws:local:::${id}`;
      if (attribute === 'QueueName') return id;
      if (attribute === 'RootResourceId') return `${id}-root`;
      return `${id}.${attribute}`;
    },
  };
}

function stateMachines(template: CfnTemplate, names: LocalNames, host: LambdaHost): LocalStateMachine[] {
  return resourcesOfType(template, 'AWS::StepFunctions::StateMachine').map(([id, resource]) => {
    const definition = JSON.parse(String(resolveIntrinsics(resource.Properties?.DefinitionString, names))) as StateMachineDefinition & {
      States: Record<string, { Type: string; Resource?: string }>;
    };
    const taskFunctions: Record<string, string> = {};
    for (const [stateName, state] of Object.entries(definition.States)) {
      const functionId = state.Type === 'Task' ? /:function:([^:]+)$/.exec(state.Resource ?? '')?.[1] : undefined;
      if (functionId && host.has(functionId)) taskFunctions[stateName] = functionId;
    }
    return { logicalId: id, arn: names.ref(id), definition, taskFunctions };
  });
}

function rateToMs(expression: string): number {
  const match = /^rate\((\d+) (minute|minutes|hour|hours)\)$/.exec(expression);
  if (!match) throw new Error(`Unsupported schedule ${expression}`);
  return Number(match[1]) * (match[2]?.startsWith('hour') ? 3_600_000 : 60_000);
}

/** Where a browser shows the console: the local API's origin, and for a loopback address the same port as `localhost`. */
function consoleOrigins(apiUrl: string): string[] {
  const url = new URL(apiUrl);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return loopback ? [url.origin, `${url.protocol}//localhost:${url.port}`] : [url.origin];
}

/**
 * The template's buckets and their CORS rules as this machine serves them. The stack names the
 * console's origin by the REST API's execute-api domain, known once deployed; here that API is
 * the runtime's own port.
 */
function localBuckets(template: CfnTemplate, apiUrl: string): LocalBucket[] {
  const apis = resourcesOfType(template, 'AWS::ApiGateway::RestApi').map(([id]) => JSON.stringify({ Ref: id }));
  const localOrigins = (origin: unknown): string[] => {
    if (typeof origin === 'string') return [origin];
    if (apis.some((api) => JSON.stringify(origin).includes(api))) return consoleOrigins(apiUrl);
    throw new Error(`The local runtime cannot resolve the CORS origin ${JSON.stringify(origin)}`);
  };
  return resourcesOfType(template, 'AWS::S3::Bucket').map(([id, bucket]) => {
    const rules = (bucket.Properties?.CorsConfiguration as { CorsRules?: Array<Omit<CorsRule, 'AllowedOrigins'> & { AllowedOrigins: unknown[] }> } | undefined)?.CorsRules;
    return { name: id.toLowerCase(), corsRules: rules?.map((rule) => ({ ...rule, AllowedOrigins: rule.AllowedOrigins.flatMap(localOrigins) })) };
  });
}

type Emulators = Awaited<ReturnType<typeof startEmulators>>;
type Closer = () => Promise<void>;

/** The SQS endpoint's check of a request: its signature, and its caller's role. */
function sqsAuthorizer(iam: LocalIam) {
  return async (request: IncomingMessage, body: string) => {
    const verdict = await iam.authorize(signedJsonRequest(request, body), 'sqs', () => sqsActions(String(request.headers['x-amz-target'] ?? ''), JSON.parse(body || '{}') as Record<string, string>));
    if (!('refusal' in verdict)) return undefined;
    const { status, type, message } = jsonProtocolRefusal(verdict.refusal, 403);
    return verdict.refusal.denied ? sqsErrors.accessDenied(message) : sqsErrors.unsigned(type, message, status);
  };
}

/**
 * DynamoDB, S3 and SQS stand-ins on loopback, their data under the data directory, each call
 * checked against its caller's role, metered and delayed as in the cloud.
 */
async function startEmulators(config: LocalRuntimeConfig, buckets: LocalBucket[], meter: UsageMeter, iam: LocalIam) {
  const latency = config.awsLatencyMs ?? {};
  const [dynamo, s3, sqs] = await Promise.all([
    startDynamo(path.join(config.dataDir, 'dynamodb'), '127.0.0.1', iam, (request, response) => {
      meter.countJsonRequest('DynamoDB', request);
      delayResponse(response, latency.dynamodb);
    }),
    startS3(path.join(config.dataDir, 's3'), '127.0.0.1', buckets, iam, (request, response) => {
      meter.count(`S3.${request.method ?? 'GET'}`);
      delayResponse(response, latency.s3);
    }),
    startSqsServer({
      dataFile: path.join(config.dataDir, 'sqs.json'),
      authorize: sqsAuthorizer(iam),
      onRequest: (request, response) => {
        meter.countJsonRequest('SQS', request);
        delayResponse(response, latency.sqs);
      },
    }),
  ]);
  return { dynamo, s3, sqs };
}

/** The process environment the handlers and the AWS SDK read: the emulators' endpoints and the functions' variables. */
function serviceEnvironment(template: CfnTemplate, names: LocalNames, emulators: Emulators, config: LocalRuntimeConfig): Record<string, string> {
  return {
    AWS_REGION: LOCAL_REGION,
    // The source mode's handlers share this process's environment, so they sign with the runtime's key.
    AWS_ACCESS_KEY_ID: RUNTIME_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: RUNTIME_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: emulators.dynamo.endpoint,
    AWS_ENDPOINT_URL_S3: emulators.s3.endpoint,
    AWS_ENDPOINT_URL_SQS: emulators.sqs.endpoint,
    CRAWL_S3_FORCE_PATH_STYLE: 'true',
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
    ...functionEnvironment(template, names),
    ...functionOverrides(config),
  };
}

/** Values the runtime puts in place of the stack's for every function that has them. */
function functionOverrides(config: LocalRuntimeConfig): Record<string, string> {
  // CheckLevel's stall bound follows the queue's visibility timeout, overridden here for tests.
  return config.queueVisibilitySeconds === undefined ? {} : { CRAWL_PAGE_VISIBILITY_SECONDS: String(config.queueVisibilitySeconds) };
}

/** The template, and the bundles when the functions run them. */
async function loadStack(config: LocalRuntimeConfig): Promise<{ template: CfnTemplate; assembly?: BundledAssembly }> {
  if (config.code !== 'bundled') {
    const template = await loadTemplate();
    config.adjustTemplate?.(template);
    return { template };
  }
  const assembly = await loadBundledAssembly(config.log);
  config.adjustTemplate?.(assembly.template);
  return { template: assembly.template, assembly };
}

/** A folder for the bundled functions' instances (their /tmp), removed when the runtime stops. */
async function instancesFolder(closers: Closer[]): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'crawl-lambda-instances-'));
  closers.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

/** Each function runs its own bundle, in instances that see what a Lambda instance of it would. */
function bundledCode(assembly: BundledAssembly, names: LocalNames, config: LocalRuntimeConfig, scratchRoot: string): FunctionCode {
  const bundleDir = (logicalId: string) => bundleDirOf(assembly, logicalId, assembly.template.Resources[logicalId] ?? { Type: 'missing' });
  return {
    kind: 'bundled',
    bundleDir,
    environment: (logicalId) =>
      bundledFunctionEnvironment({ template: assembly.template, logicalId, names, bundleDir: bundleDir(logicalId), scratchDir: path.join(scratchRoot, logicalId), overrides: functionOverrides(config) }),
  };
}

/**
 * The SQS client of a queue's pollers, signing as the function they feed: Lambda's event source
 * mapping reads the queue with the function's role. Every poller holds a connection for its long
 * poll (20 s, as Lambda's); the SDK's default of 50 sockets would leave deletes and new polls
 * queued behind them.
 */
function pollingSqsClient(endpoint: string, pollers: number, functionLogicalId: string): SQSClient {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = functionCredentials(functionLogicalId);
  return new SQSClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId, secretAccessKey },
    requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: 2 * pollers + 10 }) },
  });
}

/** The template's EventBridge rules: the functions told when an execution ends, and the functions run on a schedule. */
function eventRules(template: CfnTemplate, names: LocalNames) {
  const targetOf = (rule: CfnResource) => {
    const [target] = (rule.Properties?.Targets as Array<{ Arn: unknown }> | undefined) ?? [];
    return target ? /:function:([^:]+)$/.exec(String(resolveIntrinsics(target.Arn, names)))?.[1] : undefined;
  };
  const executionEndedTargets: string[] = [];
  const schedules: Array<{ target: string; everyMs: number }> = [];
  for (const [, rule] of resourcesOfType(template, 'AWS::Events::Rule')) {
    const target = targetOf(rule);
    const schedule = rule.Properties?.ScheduleExpression;
    if (!target) continue;
    if (rule.Properties?.EventPattern) executionEndedTargets.push(target);
    if (typeof schedule === 'string') schedules.push({ target, everyMs: rateToMs(schedule) });
  }
  return { executionEndedTargets, schedules };
}

/** EventBridge hands its targets their events as asynchronous invocations, under that payload limit. */
function invokeAsynchronously(host: LambdaHost, functionId: string, event: unknown): Promise<unknown> {
  return invokeWithinLimits((payload) => host.invoke(functionId, payload), event, 'Event');
}

/** Runs each scheduled function at its rate, as EventBridge would; returns the closers that stop them. */
function startSchedules(schedules: Array<{ target: string; everyMs: number }>, host: LambdaHost, logError: (error: unknown) => void): Closer[] {
  return schedules.map(({ target, everyMs }) => {
    const event = { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} };
    const timer = setInterval(() => void invokeAsynchronously(host, target, event).catch(logError), everyMs);
    timer.unref();
    return async () => clearInterval(timer);
  });
}

/** Polls each queue the template maps to a function, as Lambda's event source mappings do; returns the closers that stop them. */
function startQueuePollers(
  template: CfnTemplate,
  names: LocalNames,
  { sqs, host, meter, config, logError }: { sqs: Emulators['sqs']; host: LambdaHost; meter: UsageMeter; config: LocalRuntimeConfig; logError: (error: unknown) => void },
): Closer[] {
  return resourcesOfType(template, 'AWS::Lambda::EventSourceMapping').map(([, mapping]) => {
    const props = mapping.Properties ?? {};
    const queueArn = String(resolveIntrinsics(props.EventSourceArn, names));
    const queueName = queueArn.split(':').at(-1) ?? '';
    const functionLogicalId = String(resolveIntrinsics(props.FunctionName, names));
    return startQueuePolling(
      pollingSqsClient(sqs.endpoint, config.pollersPerQueue, functionLogicalId),
      host,
      {
        functionLogicalId,
        queueUrl: sqs.queueUrl(queueName),
        queueArn,
        batchSize: Number(props.BatchSize ?? 10),
        reportsBatchItemFailures: ((props.FunctionResponseTypes as string[] | undefined) ?? []).includes('ReportBatchItemFailures'),
        pollers: config.pollersPerQueue,
        visibilitySeconds: visibilitySecondsOf(template.Resources[queueName]?.Properties, config.queueVisibilitySeconds) ?? SQS_DEFAULT_VISIBILITY_SECONDS,
      },
      meter,
      logError,
    );
  });
}

/**
 * Executions live in memory, the crawl's state on disk: a crawl cut by a restart resumes where it
 * was (Preflight sends a running job back to its level; the ledger and queue persisted).
 */
async function resumeUnfinishedCrawls(log: (line: string) => void): Promise<void> {
  const unfinished: string[] = [];
  for await (const job of openJobs()) unfinished.push(job.job_id);
  for (const jobId of unfinished) await startCrawlExecution(jobId);
  if (unfinished.length > 0) log(`resumed ${unfinished.length} unfinished crawl(s)`);
}

async function seedUsers(config: LocalRuntimeConfig): Promise<void> {
  const now = new Date();
  if (config.seedUsersFile) {
    const seeded = await seedUsersFromFile(config.seedUsersFile, now);
    config.log(`seeded users from ${config.seedUsersFile}: ${seeded.join(', ')}`);
  }
  const dev = await ensureDevelopmentUser(config.dataDir, now);
  if (dev.created) {
    config.log(`created the development user "dev"; its API key (also saved in ${dev.keyFile}):\n\n    ${dev.apiKey}\n`);
  } else {
    config.log(`development user "dev": API key in ${dev.keyFile}`);
  }
}

/**
 * The whole service on one machine (CONTRACT 8): the stack's template read for its resources,
 * DynamoDB, S3, SQS and Step Functions stand-ins on loopback, the real handlers hosted in this
 * process (in worker threads when `lambdaThreads` is set).
 */
export async function startLocalRuntime(config: LocalRuntimeConfig) {
  const startedAt = Date.now();
  const meter = new UsageMeter();
  // First of all: a port already taken stops the start before anything is made.
  const port = await openApiPort(config.host, config.port);
  const closers: Closer[] = [];
  let metricLine = config.log;
  // The port closes first, so that no request meets an emulator being stopped.
  const close = async () => {
    for (const closer of [port.close, ...closers.reverse()]) await closer().catch((error: unknown) => config.log(`shutdown: ${(error as Error).message}`));
  };
  const logError = (error: unknown) => config.log(`error: ${(error as Error)?.stack ?? String(error)}`);
  try {
    // The objects, tables and queues are every user's documents and jobs: for this OS user alone.
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    closers.push(await lockDataDir(config.dataDir));
    if (config.metricsFile) metricLine = await openLineFile(config.metricsFile, closers);
    sendMetricLinesTo(metricLine);
    closers.push(async () => sendMetricLinesTo(undefined));
    const { template, assembly } = await loadStack(config);
    // Queue URLs name the SQS endpoint's port, known once it listens; the roles' policies name queues by ARN.
    let queueUrl = (name: string): string => name;
    const names = localNames(template, (name) => queueUrl(name));
    const iam = new LocalIam(templateIdentities(template, names));
    const emulators = await startEmulators(config, localBuckets(template, port.url), meter, iam);
    closers.push(emulators.dynamo.close, emulators.s3.close, emulators.sqs.close);
    queueUrl = emulators.sqs.queueUrl;

    Object.assign(process.env, serviceEnvironment(template, names, emulators, config));
    const runtimeClient = { region: LOCAL_REGION, credentials: RUNTIME_CREDENTIALS };
    await createTables(new DynamoDBClient({ endpoint: emulators.dynamo.endpoint, ...runtimeClient }), template);
    await createQueues(new SQSClient({ endpoint: emulators.sqs.endpoint, ...runtimeClient }), template, names, config.queueVisibilitySeconds);
    Object.assign(process.env, deadLetterQueueUrls(template, names));

    const latency = config.awsLatencyMs ?? {};
    const code = assembly ? bundledCode(assembly, names, config, await instancesFolder(closers)) : undefined;
    const host = new LambdaHost(template, meter, { invokeLatencyMs: latency.lambda, threads: config.lambdaThreads, code, onMetricLine: metricLine, onThreadError: logError });
    // Ends the Lambda instances: a render worker's browser is a child process that must not outlive the runtime.
    closers.push(() => host.close());
    const rules = eventRules(template, names);
    const stepFunctions = await startStepFunctions({
      host,
      stateMachines: stateMachines(template, names, host),
      waitOverridesMs: config.levelPollMs === undefined ? {} : { WaitForLevel: config.levelPollMs },
      onExecutionEnded: async (execution) => {
        const event = { 'detail-type': 'Step Functions Execution Status Change', source: 'aws.states', detail: execution };
        for (const target of rules.executionEndedTargets) await invokeAsynchronously(host, target, event);
      },
      onError: logError,
      meter,
      latencyMs: latency.sfn,
      iam,
    });
    process.env.AWS_ENDPOINT_URL_SFN = stepFunctions.endpoint;
    closers.push(stepFunctions.close);
    // Lets the admin CLI reach this process's emulators while the runtime holds the data directory.
    closers.push(await writeEndpointsFile(config.dataDir, process.env));

    await seedUsers(config);
    closers.push(...startQueuePollers(template, names, { sqs: emulators.sqs, host, meter, config, logError }));
    closers.push(...startSchedules(rules.schedules, host, logError));
    await resumeUnfinishedCrawls(config.log);

    let ready = false;
    startApiRouter({ host, template, names, port, meter, onError: logError, isReady: () => ready });
    ready = true;
    const warmed = config.warmFunctions ? host.warm().catch(logError) : Promise.resolve();
    return { url: port.url, host, meter, assembly, startupMs: Date.now() - startedAt, warmed, close, runningExecutions: stepFunctions.running };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The page queue's dead-letter queue and the queue its consumer's failures are parked in: no
 * function reads their URLs, but the admin CLI redrives them. Found by following the redrive
 * policies: the dead-letter queue is the one that both receives and sends dead letters.
 */
function deadLetterQueueUrls(template: CfnTemplate, names: LocalNames): Record<string, string> {
  const targetOf = new Map<string, string>();
  for (const [id, queue] of resourcesOfType(template, 'AWS::SQS::Queue')) {
    const target = (queue.Properties?.RedrivePolicy as { deadLetterTargetArn?: { 'Fn::GetAtt'?: [string, string] } } | undefined)?.deadLetterTargetArn?.['Fn::GetAtt']?.[0];
    if (target) targetOf.set(id, target);
  }
  const deadLetters = [...targetOf.values()].find((id) => targetOf.has(id));
  const parking = deadLetters && targetOf.get(deadLetters);
  if (!deadLetters || !parking) throw new Error('The template has no dead-letter queue with a parking queue behind it');
  return { [ENV.deadLetterQueueUrl]: names.ref(deadLetters), [ENV.parkingQueueUrl]: names.ref(parking) };
}

const SQS_DEFAULT_VISIBILITY_SECONDS = 30;

/** The visibility timeout a template queue sets (the override replaces it), or undefined for SQS's default. */
function visibilitySecondsOf(props: Record<string, unknown> | undefined, override?: number): number | undefined {
  return props?.VisibilityTimeout === undefined ? undefined : (override ?? Number(props.VisibilityTimeout));
}

/** Creates the template's queues, then applies their attributes (the dead-letter queue must exist first). */
async function createQueues(client: SQSClient, template: CfnTemplate, names: LocalNames, visibilityOverride?: number): Promise<void> {
  const queues = resourcesOfType(template, 'AWS::SQS::Queue');
  for (const [id] of queues) await client.send(new CreateQueueCommand({ QueueName: id }));
  for (const [id, queue] of queues) {
    const props = (resolveIntrinsics(queue.Properties ?? {}, names) ?? {}) as Record<string, unknown>;
    const attributes: Record<string, string> = {};
    const visibility = visibilitySecondsOf(props, visibilityOverride);
    if (visibility !== undefined) attributes.VisibilityTimeout = String(visibility);
    if (props.MessageRetentionPeriod !== undefined) attributes.MessageRetentionPeriod = String(props.MessageRetentionPeriod);
    if (props.RedrivePolicy) attributes.RedrivePolicy = JSON.stringify(props.RedrivePolicy);
    if (Object.keys(attributes).length) await client.send(new SetQueueAttributesCommand({ QueueUrl: names.ref(id), Attributes: attributes }));
  }
}

import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ENV } from '../lambdas/data/env.js';
// A message that has failed this many deliveries goes to the DLQ instead of a fourth attempt.
import { MAX_PAGE_ATTEMPTS } from '../lambdas/domain/ledger.js';
import { CrawlApi } from './api.js';
import { CrawlFunction } from './crawl-function.js';
import { Observability } from './observability.js';
import { Storage } from './storage.js';
import { CrawlWorkflow } from './workflow.js';

/**
 * A page worker walks its lane for up to 30 s (a quarter of the visibility timeout), then finishes
 * the page in hand (a fetch takes 30 s at most) and records it; SQS must not redeliver while it works.
 */
const PAGE_WORKER_TIMEOUT = Duration.seconds(90);
/** SQS must not redeliver a message while its worker may still be working on it. */
const visibilityTimeoutFor = (workerTimeout: Duration) => workerTimeout.plus(Duration.seconds(30));
const PAGE_VISIBILITY_TIMEOUT = visibilityTimeoutFor(PAGE_WORKER_TIMEOUT);

/** The `pagePollers` context as a number of pollers (SQS provisioned mode takes 2 to 200), or undefined when not given. */
function provisionedPollers(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const pollers = Number(value);
  if (!Number.isInteger(pollers) || pollers < 2 || pollers > 200) throw new Error(`pagePollers must be a whole number from 2 to 200, got ${JSON.stringify(value)}`);
  return pollers;
}

/** One webhook POST may take 10 s; the rest is signing and recording. */
const WEBHOOK_WORKER_TIMEOUT = Duration.seconds(30);
/** Receives of a webhook message before the delivery function's own failures park it. */
const WEBHOOK_DELIVERY_ATTEMPTS = 5;
/** Tries of the dead-letter consumer per message before it is parked for an operator. */
const DEAD_LETTER_ATTEMPTS = 5;
/**
 * The render worker: a 30 s fetch, a 20 s render, the export, and on a cold start a few seconds
 * to unpack Chromium. Its lease (CRAWL_PAGE_LEASE_SECONDS, 100 s) stays under the queue's timeout.
 */
const RENDER_WORKER_TIMEOUT = Duration.seconds(90);
/** Measured with `npm run bench -- render` (README): the browser and the worker together stay well under it. */
const RENDER_WORKER_MEMORY_MB = 2048;
/** Where the render worker's bundle keeps @sparticuz/chromium's compressed browser. */
const CHROMIUM_BIN_IN_BUNDLE = 'chromium-bin';

type Access = 'RO' | 'RW' | 'WO';

export class CrawlServiceStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const storage = new Storage(this, 'Storage');

    // Dead letters the consumer below could not settle in DEAD_LETTER_ATTEMPTS tries are parked
    // here, with no consumer, for an operator to redrive (docs/operations.md).
    const parkedDeadLetters = new sqs.Queue(this, 'DeadLetterParkingQueue', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    /**
     * A work queue whose messages go to their own dead-letter queue after `attempts` receives. The
     * crawl queues' dead letters have a consumer, whose failures are parked; the webhook queue's
     * have none and stay where they are (the WebhookDeadLetters alarm).
     */
    const queueWithDeadLetters = (id: string, { workerTimeout, attempts, parkDeadLetters }: { workerTimeout: Duration; attempts: number; parkDeadLetters: boolean }) => {
      const deadLetters = new sqs.Queue(this, `${id}DeadLetterQueue`, {
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        ...(parkDeadLetters ? { deadLetterQueue: { queue: parkedDeadLetters, maxReceiveCount: DEAD_LETTER_ATTEMPTS } } : {}),
      });
      const queue = new sqs.Queue(this, `${id}Queue`, {
        visibilityTimeout: visibilityTimeoutFor(workerTimeout),
        retentionPeriod: Duration.days(4),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: attempts },
      });
      return { queue, deadLetters };
    };
    const { queue: pageQueue, deadLetters } = queueWithDeadLetters('Page', { workerTimeout: PAGE_WORKER_TIMEOUT, attempts: MAX_PAGE_ATTEMPTS, parkDeadLetters: true });
    const { queue: renderQueue, deadLetters: renderDeadLetters } = queueWithDeadLetters('Render', { workerTimeout: RENDER_WORKER_TIMEOUT, attempts: MAX_PAGE_ATTEMPTS, parkDeadLetters: true });

    // Webhook deliveries: one attempt per message; retries are new messages with their backoff as
    // delay, so the DLQ only receives messages on which the delivery function itself kept failing.
    const { queue: webhookQueue, deadLetters: webhookDeadLetters } = queueWithDeadLetters('Webhook', {
      workerTimeout: WEBHOOK_WORKER_TIMEOUT,
      attempts: WEBHOOK_DELIVERY_ATTEMPTS,
      parkDeadLetters: false,
    });

    const tables: Record<'users' | 'apiKeys' | 'usage' | 'jobs' | 'pages' | 'rateLimits' | 'blockedSites', dynamodb.Table> = {
      users: storage.users,
      apiKeys: storage.apiKeys,
      usage: storage.usage,
      jobs: storage.jobs,
      pages: storage.pages,
      rateLimits: storage.rateLimits,
      blockedSites: storage.blockedSites,
    };
    const tableEnv = {
      users: ENV.usersTable,
      apiKeys: ENV.apiKeysTable,
      usage: ENV.usageTable,
      jobs: ENV.jobsTable,
      pages: ENV.pagesTable,
      rateLimits: ENV.rateLimitsTable,
      blockedSites: ENV.blockedSitesTable,
    } as const;

    /** Sets the variable and the least-privilege grant together, so neither is forgotten. */
    const bindTable = (fn: CrawlFunction, name: keyof typeof tables, access: Exclude<Access, 'WO'>) => {
      fn.addEnvironment(tableEnv[name], tables[name].tableName);
      if (access === 'RO') tables[name].grantReadData(fn);
      else tables[name].grantReadWriteData(fn);
    };
    const bindBucket = (fn: CrawlFunction, access: Access) => {
      fn.addEnvironment(ENV.artifactsBucket, storage.artifacts.bucketName);
      if (access === 'RO') storage.artifacts.grantRead(fn);
      else if (access === 'WO') storage.artifacts.grantPut(fn);
      else storage.artifacts.grantReadWrite(fn);
    };
    const bindPageQueue = (fn: CrawlFunction) => {
      fn.addEnvironment(ENV.pageQueueUrl, pageQueue.queueUrl);
      pageQueue.grantSendMessages(fn);
    };

    /** Functions that end or start jobs announce them on the webhook queue. */
    const bindWebhookQueue = (fn: CrawlFunction) => {
      fn.addEnvironment(ENV.webhookQueueUrl, webhookQueue.queueUrl);
      webhookQueue.grantSendMessages(fn);
    };

    const fn = (id: string, handler: string, description: string, options: { timeout?: Duration; memorySize?: number } = {}) =>
      new CrawlFunction(this, id, { handler, description, ...options });
    // Site owners see this page in the crawler's User-Agent: `cdk deploy -c contactUrl=https://…`.
    const contactUrl: unknown = this.node.tryGetContext('contactUrl');
    const fetchesPages = (crawler: CrawlFunction) => {
      if (typeof contactUrl === 'string' && contactUrl) crawler.addEnvironment('CRAWL_CONTACT_URL', contactUrl);
    };
    // Fetches in flight to one site across all jobs: `cdk deploy -c hostMaxInFlight=8` (default 20).
    const hostMaxInFlight: unknown = this.node.tryGetContext('hostMaxInFlight');

    /**
     * Page fetchers share the per-host slots of all jobs, kept next to the rate limits; PlanLevel
     * takes the slots of a level's lanes when it releases them.
     */
    const takesHostSlots = (worker: CrawlFunction) => {
      bindTable(worker, 'rateLimits', 'RW');
      if (hostMaxInFlight !== undefined) worker.addEnvironment('CRAWL_HOST_MAX_IN_FLIGHT', String(hostMaxInFlight));
    };

    // Workflow steps.
    const preflight = fn('PreflightFunction', 'crawl-preflight', 'Crawl step: robots.txt and terms-of-service check', { timeout: Duration.minutes(2) });
    bindTable(preflight, 'jobs', 'RW');
    bindTable(preflight, 'blockedSites', 'RO');
    bindBucket(preflight, 'RW');
    bindWebhookQueue(preflight);
    fetchesPages(preflight);
    const planLevel = fn('PlanLevelFunction', 'crawl-plan-level', 'Crawl step: plan the next BFS level and release its first pages', { timeout: Duration.minutes(5), memorySize: 1024 });
    bindTable(planLevel, 'jobs', 'RW');
    bindTable(planLevel, 'pages', 'RW');
    takesHostSlots(planLevel);
    bindBucket(planLevel, 'RO');
    bindPageQueue(planLevel);
    const checkLevel = fn('CheckLevelFunction', 'crawl-check-level', 'Crawl step: is the current level done; releases a stalled level again', { timeout: Duration.minutes(1) });
    bindTable(checkLevel, 'jobs', 'RW');
    bindTable(checkLevel, 'pages', 'RW');
    bindPageQueue(checkLevel);
    // CheckLevel tells a stalled level from a slow one by the queue's redelivery delay.
    checkLevel.addEnvironment('CRAWL_PAGE_VISIBILITY_SECONDS', String(PAGE_VISIBILITY_TIMEOUT.toSeconds()));
    const assemble = fn('AssembleFunction', 'crawl-assemble', 'Crawl step: stream page exports into the result documents', { timeout: Duration.minutes(10), memorySize: 1024 });
    bindTable(assemble, 'jobs', 'RW');
    bindTable(assemble, 'pages', 'RW');
    bindBucket(assemble, 'RW');
    const finalize = fn('FinalizeFunction', 'crawl-finalize', 'Crawl step: terminal state and quota settlement');
    bindTable(finalize, 'jobs', 'RW');
    bindTable(finalize, 'pages', 'RW');
    bindTable(finalize, 'usage', 'RW');
    bindWebhookQueue(finalize);

    const workflow = new CrawlWorkflow(this, 'Workflow', { preflight, planLevel, checkLevel, assemble, finalize });

    // Page workers.
    const pageWorker = fn('PageWorkerFunction', 'page-worker', 'Crawls a lane of a level: leases, fetches and exports its pages, records them in checkpoints', { timeout: PAGE_WORKER_TIMEOUT, memorySize: 1024 });
    bindTable(pageWorker, 'jobs', 'RW');
    bindTable(pageWorker, 'pages', 'RW');
    bindBucket(pageWorker, 'RW');
    takesHostSlots(pageWorker);
    bindPageQueue(pageWorker);
    fetchesPages(pageWorker);
    pageQueue.grantConsumeMessages(pageWorker);
    // Pollers kept ready for the page queue (SQS provisioned mode): `cdk deploy -c pagePollers=2`.
    // Without it Lambda's standard scaling starts a crawl's lanes five at a time after idle.
    const pagePollers = provisionedPollers(this.node.tryGetContext('pagePollers'));
    pageWorker.addEventSource(
      new SqsEventSource(pageQueue, { batchSize: 1, reportBatchItemFailures: true, ...(pagePollers ? { provisionedPollerConfig: { minimumPollers: pagePollers } } : {}) }),
    );

    const deadLetterWorker = fn('DeadLetterFunction', 'page-dead-letter', 'Marks pages whose messages exhausted their attempts as failed and keeps the lane going');
    bindTable(deadLetterWorker, 'jobs', 'RW');
    bindTable(deadLetterWorker, 'pages', 'RW');
    bindPageQueue(deadLetterWorker);
    deadLetterWorker.addEventSource(new SqsEventSource(deadLetters, { batchSize: 10, reportBatchItemFailures: true }));

    // Render worker: pages whose static HTML is a script-built shell (CONTRACT 9). x86_64, because
    // @sparticuz/chromium ships for it only; everything else stays on arm64.
    pageWorker.addEnvironment(ENV.renderQueueUrl, renderQueue.queueUrl);
    renderQueue.grantSendMessages(pageWorker);
    const renderWorker = new CrawlFunction(this, 'RenderWorkerFunction', {
      handler: 'render-worker',
      description: 'Renders one script-built page in a headless browser whose every request goes through the fetcher, exports it, hands its lane back to the page worker',
      timeout: RENDER_WORKER_TIMEOUT,
      memorySize: RENDER_WORKER_MEMORY_MB,
      architecture: lambda.Architecture.X86_64,
      ephemeralStorageMiB: 1024,
      environment: { CRAWL_CHROMIUM_BIN: `/var/task/${CHROMIUM_BIN_IN_BUNDLE}` },
      copiedIntoBundle: [
        { from: 'node_modules/playwright-core', to: 'node_modules/playwright-core', external: true },
        { from: 'node_modules/@sparticuz/chromium/bin', to: CHROMIUM_BIN_IN_BUNDLE },
      ],
    });
    // RW: checkpoints add to the job's progress.
    bindTable(renderWorker, 'jobs', 'RW');
    bindTable(renderWorker, 'pages', 'RW');
    takesHostSlots(renderWorker);
    bindBucket(renderWorker, 'RW');
    bindPageQueue(renderWorker);
    fetchesPages(renderWorker);
    renderWorker.addEnvironment(ENV.renderQueueUrl, renderQueue.queueUrl);
    renderWorker.addEventSource(new SqsEventSource(renderQueue, { batchSize: 1, reportBatchItemFailures: true }));
    // Exhausted render messages are failed like exhausted page messages, by the same function.
    deadLetterWorker.addEventSource(new SqsEventSource(renderDeadLetters, { batchSize: 10, reportBatchItemFailures: true }));
    const webhookWorker = fn('WebhookDeliveryFunction', 'webhook-delivery', 'Signs and POSTs one webhook delivery; queues the next attempt with backoff', { timeout: WEBHOOK_WORKER_TIMEOUT });
    bindTable(webhookWorker, 'jobs', 'RW');
    // RW: a user stored before webhooks existed gets a signing secret on first use.
    bindTable(webhookWorker, 'users', 'RW');
    bindWebhookQueue(webhookWorker);
    fetchesPages(webhookWorker);
    webhookQueue.grantConsumeMessages(webhookWorker);
    webhookWorker.addEventSource(new SqsEventSource(webhookQueue, { batchSize: 1, reportBatchItemFailures: true }));

    // Settles jobs whose execution ended without reaching Finalize (timeout, abort, crash).
    const reconciler = fn('ReconcilerFunction', 'reconciler', 'Settles jobs whose execution ended abnormally and releases stale reservations', { timeout: Duration.minutes(5) });
    bindTable(reconciler, 'jobs', 'RW');
    bindTable(reconciler, 'pages', 'RO');
    bindTable(reconciler, 'usage', 'RW');
    bindWebhookQueue(reconciler);
    new events.Rule(this, 'ExecutionEndedAbnormally', {
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: { status: ['FAILED', 'TIMED_OUT', 'ABORTED'], stateMachineArn: [workflow.stateMachine.stateMachineArn] },
      },
      targets: [new targets.LambdaFunction(reconciler)],
    });
    new events.Rule(this, 'ReconcileSchedule', {
      schedule: events.Schedule.rate(Duration.minutes(15)),
      targets: [new targets.LambdaFunction(reconciler)],
    });

    // API.
    const authorizer = fn('AuthorizerFunction', 'authorizer', 'Checks Bearer API keys against stored hashes');
    bindTable(authorizer, 'apiKeys', 'RO');
    bindTable(authorizer, 'users', 'RO');

    const createJob = fn('CreateJobFunction', 'jobs-create', 'POST /v1/jobs');
    bindTable(createJob, 'jobs', 'RW');
    bindTable(createJob, 'usage', 'RW');
    bindTable(createJob, 'rateLimits', 'RW');
    // A crawl that cannot be started is ended and settled on the spot.
    bindTable(createJob, 'pages', 'RO');
    bindBucket(createJob, 'WO');
    bindWebhookQueue(createJob);
    createJob.addEnvironment(ENV.stateMachineArn, workflow.stateMachine.stateMachineArn);
    workflow.stateMachine.grantStartExecution(createJob);

    const listJobs = fn('ListJobsFunction', 'jobs-list', 'GET /v1/jobs');
    bindTable(listJobs, 'jobs', 'RO');
    const getJob = fn('GetJobFunction', 'jobs-get', 'GET /v1/jobs/{id}');
    bindTable(getJob, 'jobs', 'RO');
    const cancelJob = fn('CancelJobFunction', 'jobs-cancel', 'DELETE /v1/jobs/{id}');
    bindTable(cancelJob, 'jobs', 'RW');
    const getResult = fn('GetResultFunction', 'jobs-result', 'GET /v1/jobs/{id}/result', { memorySize: 1024 });
    bindTable(getResult, 'jobs', 'RO');
    bindBucket(getResult, 'RO');
    const listPages = fn('ListPagesFunction', 'jobs-pages', 'GET /v1/jobs/{id}/pages');
    bindTable(listPages, 'jobs', 'RO');
    bindTable(listPages, 'pages', 'RO');
    const getUsage = fn('GetUsageFunction', 'usage-get', 'GET /v1/usage');
    bindTable(getUsage, 'usage', 'RO');
    const getAccount = fn('GetAccountFunction', 'account-get', 'GET /v1/account');
    // Writes only to give a user stored before webhooks existed its signing secret.
    bindTable(getAccount, 'users', 'RW');
    const openApi = fn('OpenApiFunction', 'openapi-get', 'GET /v1/openapi.json (public)');
    const preview = fn('SitemapPreviewFunction', 'sitemap-preview', 'GET /v1/sitemap/preview', { timeout: Duration.seconds(29), memorySize: 1024 });
    bindTable(preview, 'rateLimits', 'RW');
    fetchesPages(preview);

    // The console only names the download host (S3) in its Content-Security-Policy: no grant needed.
    const webConsole = fn('ConsoleFunction', 'console', 'GET / and /console/{asset}: the web console', { memorySize: 256, timeout: Duration.seconds(10) });
    webConsole.addEnvironment(ENV.artifactsBucket, storage.artifacts.bucketName);

    const api = new CrawlApi(this, 'Api', {
      authorizer,
      throttle: { rateLimit: 50, burstLimit: 100 },
      routes: [
        { method: 'POST', path: 'v1/jobs', handler: createJob },
        { method: 'GET', path: 'v1/jobs', handler: listJobs },
        { method: 'GET', path: 'v1/jobs/{id}', handler: getJob },
        { method: 'DELETE', path: 'v1/jobs/{id}', handler: cancelJob },
        { method: 'GET', path: 'v1/jobs/{id}/result', handler: getResult },
        { method: 'GET', path: 'v1/jobs/{id}/pages', handler: listPages },
        { method: 'GET', path: 'v1/usage', handler: getUsage },
        { method: 'GET', path: 'v1/account', handler: getAccount },
        { method: 'GET', path: 'v1/sitemap/preview', handler: preview },
        { method: 'GET', path: 'v1/openapi.json', handler: openApi, public: true },
        { method: 'GET', path: '/', handler: webConsole, public: true },
        { method: 'GET', path: 'console/{asset}', handler: webConsole, public: true },
      ],
    });

    // Alarms to an SNS topic (e-mailed with `cdk deploy -c alarmEmail=ops@example.org`) and a dashboard.
    const alarmEmail: unknown = this.node.tryGetContext('alarmEmail');
    if (alarmEmail !== undefined && (typeof alarmEmail !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail))) {
      throw new Error(`alarmEmail must be an e-mail address, got ${JSON.stringify(alarmEmail)}`);
    }
    const observability = new Observability(this, 'Observability', {
      // Every function of the stack by its construct id, so a new one gets its alarms and graphs too.
      functions: Object.fromEntries(
        this.node.findAll().filter((construct) => construct instanceof CrawlFunction).map((crawlFunction) => [crawlFunction.node.id.replace(/Function$/, ''), crawlFunction as CrawlFunction]),
      ),
      pageQueue,
      deadLetterQueue: deadLetters,
      renderQueue,
      renderDeadLetterQueue: renderDeadLetters,
      webhookDeadLetterQueue: webhookDeadLetters,
      parkingQueue: parkedDeadLetters,
      stateMachine: workflow.stateMachine,
      api: api.restApi,
      tables: Object.values(tables),
      alarmEmail: alarmEmail as string | undefined,
    });

    new CfnOutput(this, 'ApiUrl', { value: api.restApi.url });
    new CfnOutput(this, 'UsersTableName', { value: storage.users.tableName });
    new CfnOutput(this, 'ApiKeysTableName', { value: storage.apiKeys.tableName });
    new CfnOutput(this, 'UsageTableName', { value: storage.usage.tableName });
    new CfnOutput(this, 'JobsTableName', { value: storage.jobs.tableName });
    new CfnOutput(this, 'ArtifactsBucketName', { value: storage.artifacts.bucketName });
    new CfnOutput(this, 'StateMachineArn', { value: workflow.stateMachine.stateMachineArn });
    // What the admin CLI's operations commands (docs/operations.md) need besides the tables above.
    new CfnOutput(this, 'PagesTableName', { value: storage.pages.tableName });
    new CfnOutput(this, 'BlockedSitesTableName', { value: storage.blockedSites.tableName });
    new CfnOutput(this, 'PageQueueUrl', { value: pageQueue.queueUrl });
    new CfnOutput(this, 'PageDeadLetterQueueUrl', { value: deadLetters.queueUrl });
    new CfnOutput(this, 'DeadLetterParkingQueueUrl', { value: parkedDeadLetters.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: observability.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: observability.dashboard.dashboardName });
  }
}

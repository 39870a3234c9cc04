import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { CrawlApi } from '../../lib/api.js';
import { Storage } from '../../lib/storage.js';
import { CrawlWorkflow } from '../../lib/workflow.js';
import { JOB_RETENTION_DAYS } from '../../lambdas/domain/retention.js';
import { errorCodeSchema } from '../../lambdas/api/errors.js';
import { buildOpenApiDocument } from '../../lambdas/api/openapi.js';
import {
  actionsOf,
  buildApp,
  expectResourceLike,
  functionsByHandler,
  joinSkeleton,
  logicalIdOf,
  resources,
  resourcesAllowed,
  statementsOfRole,
} from './synth.js';

const handlersDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../lambdas/handlers');

const DYNAMODB_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:PartiQLInsert', 'dynamodb:PartiQLUpdate', 'dynamodb:PartiQLDelete'];
const S3_WRITES = ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'];

type TableName = 'users' | 'apiKeys' | 'usage' | 'jobs' | 'pages' | 'rateLimits' | 'blockedSites';

/** The tables each function may write: the least-privilege design of the service, one row per handler. */
const TABLE_WRITES: Record<string, TableName[]> = {
  'crawl-preflight': ['jobs'],
  // Takes the site's slots for the lanes it releases.
  'crawl-plan-level': ['jobs', 'pages', 'rateLimits'],
  'crawl-check-level': ['jobs', 'pages'],
  'crawl-assemble': ['jobs', 'pages'],
  'crawl-finalize': ['jobs', 'pages', 'usage'],
  'webhook-delivery': ['jobs', 'users'],
  'page-worker': ['jobs', 'pages', 'rateLimits'],
  // Adds its page to the job's progress; writes its page's ledger entry and the site's slot.
  'render-worker': ['jobs', 'pages', 'rateLimits'],
  'page-dead-letter': ['jobs', 'pages'],
  reconciler: ['jobs', 'usage'],
  authorizer: [],
  'jobs-create': ['jobs', 'usage', 'rateLimits'],
  'jobs-list': [],
  'jobs-get': [],
  'jobs-cancel': ['jobs'],
  'jobs-result': [],
  'jobs-pages': [],
  'usage-get': [],
  'account-get': ['users'],
  'openapi-get': [],
  'sitemap-preview': ['rateLimits'],
  console: [],
  // The Firecrawl-compatible routes: starting jobs as jobs-create does (and batch idempotency keys),
  // cancelling, and the map's preview rate limit.
  'firecrawl-start': ['jobs', 'usage', 'rateLimits'],
  'firecrawl-jobs': ['jobs'],
  'firecrawl-map': ['rateLimits'],
};

/** Functions that may write artefacts, and those that may put messages on the page queue. */
const BUCKET_WRITERS = ['crawl-preflight', 'crawl-assemble', 'crawl-documents', 'page-worker', 'render-worker', 'jobs-create', 'firecrawl-start'];
const PAGE_QUEUE_SENDERS = ['crawl-plan-level', 'crawl-check-level', 'page-worker', 'render-worker', 'page-dead-letter'];
/** Functions that start or end jobs announce them; the delivery worker queues its own retries. */
const WEBHOOK_QUEUE_SENDERS = ['crawl-preflight', 'crawl-finalize', 'reconciler', 'jobs-create', 'firecrawl-start', 'webhook-delivery'];

/** `/v1.1` serves every `/v1` route with the same function (CONTRACT 10). */
const VERSIONED_ROUTES = (version: string): Record<string, string> => ({
  [`POST /${version}/jobs`]: 'jobs-create',
  [`GET /${version}/jobs`]: 'jobs-list',
  [`GET /${version}/jobs/{id}`]: 'jobs-get',
  [`DELETE /${version}/jobs/{id}`]: 'jobs-cancel',
  [`GET /${version}/jobs/{id}/result`]: 'jobs-result',
  [`GET /${version}/jobs/{id}/pages`]: 'jobs-pages',
  [`GET /${version}/usage`]: 'usage-get',
  [`GET /${version}/account`]: 'account-get',
  [`GET /${version}/openapi.json`]: 'openapi-get',
  [`GET /${version}/sitemap/preview`]: 'sitemap-preview',
});
/** The Firecrawl-compatible routes (CONTRACT 11): three functions; Firecrawl's routes not done here answer a 400. */
const FIRECRAWL_ROUTES: Record<string, string> = {
  'POST /firecrawl/v2/scrape': 'firecrawl-start',
  'POST /firecrawl/v2/crawl': 'firecrawl-start',
  'POST /firecrawl/v2/batch/scrape': 'firecrawl-start',
  'GET /firecrawl/v2/crawl/{id}': 'firecrawl-jobs',
  'DELETE /firecrawl/v2/crawl/{id}': 'firecrawl-jobs',
  'GET /firecrawl/v2/crawl/{id}/errors': 'firecrawl-jobs',
  'GET /firecrawl/v2/crawl/active': 'firecrawl-jobs',
  'GET /firecrawl/v2/batch/scrape/{id}': 'firecrawl-jobs',
  'DELETE /firecrawl/v2/batch/scrape/{id}': 'firecrawl-jobs',
  'GET /firecrawl/v2/batch/scrape/{id}/errors': 'firecrawl-jobs',
  'GET /firecrawl/v2/team/credit-usage': 'firecrawl-jobs',
  'POST /firecrawl/v2/map': 'firecrawl-map',
  'POST /firecrawl/v2/search': 'firecrawl-jobs',
  'POST /firecrawl/v2/extract': 'firecrawl-jobs',
  'GET /firecrawl/v2/extract/{id}': 'firecrawl-jobs',
  'POST /firecrawl/v2/agent': 'firecrawl-jobs',
  'GET /firecrawl/v2/agent/{id}': 'firecrawl-jobs',
  'POST /firecrawl/v2/crawl/params-preview': 'firecrawl-jobs',
  'GET /firecrawl/v2/team/token-usage': 'firecrawl-jobs',
};
const ROUTES: Record<string, string> = {
  ...VERSIONED_ROUTES('v1'),
  ...VERSIONED_ROUTES('v1.1'),
  'GET /': 'console',
  'GET /console/{asset}': 'console',
  ...FIRECRAWL_ROUTES,
};
/** The only routes served without the authorizer: the console's page and files, and the OpenAPI document. */
const PUBLIC_ROUTES = ['GET /', 'GET /console/{asset}', 'GET /v1/openapi.json', 'GET /v1.1/openapi.json'];
/** Routes whose handler checks the key itself, with the authorizer's lookup, to refuse in Firecrawl's shape. */
const KEY_CHECKED_BY_HANDLER = Object.keys(FIRECRAWL_ROUTES);

let template: Template;
let tableIds: Record<TableName, string>;
let artifactsId: string;
let pageQueueId: string;
let deadLetterQueueId: string;
let renderQueueId: string;
let renderDeadLetterQueueId: string;
let webhookQueueId: string;
let webhookDeadLetterQueueId: string;
let stateMachineId: string;
let restApiId: string;
let fns: ReturnType<typeof functionsByHandler>;

function fn(handler: string) {
  const found = fns.get(handler);
  if (!found) throw new Error(`no function with handler ${handler}`);
  return found;
}

beforeAll(() => {
  const { stack } = buildApp();
  template = Template.fromStack(stack);
  const storage = stack.node.findChild('Storage');
  const workflow = stack.node.findChild('Workflow');
  const api = stack.node.findChild('Api');
  if (!(storage instanceof Storage) || !(workflow instanceof CrawlWorkflow) || !(api instanceof CrawlApi)) {
    throw new Error('the stack no longer has Storage, Workflow and Api children');
  }
  tableIds = {
    users: logicalIdOf(storage.users),
    apiKeys: logicalIdOf(storage.apiKeys),
    usage: logicalIdOf(storage.usage),
    jobs: logicalIdOf(storage.jobs),
    pages: logicalIdOf(storage.pages),
    rateLimits: logicalIdOf(storage.rateLimits),
    blockedSites: logicalIdOf(storage.blockedSites),
  };
  artifactsId = logicalIdOf(storage.artifacts);
  pageQueueId = logicalIdOf(stack.node.findChild('PageQueue') as Queue);
  deadLetterQueueId = logicalIdOf(stack.node.findChild('PageDeadLetterQueue') as Queue);
  renderQueueId = logicalIdOf(stack.node.findChild('RenderQueue') as Queue);
  renderDeadLetterQueueId = logicalIdOf(stack.node.findChild('RenderDeadLetterQueue') as Queue);
  webhookQueueId = logicalIdOf(stack.node.findChild('WebhookQueue') as Queue);
  webhookDeadLetterQueueId = logicalIdOf(stack.node.findChild('WebhookDeadLetterQueue') as Queue);
  stateMachineId = logicalIdOf(workflow.stateMachine);
  restApiId = logicalIdOf(api.restApi);
  fns = functionsByHandler(template);
});

describe('resource counts', () => {
  it.each([
    ['AWS::DynamoDB::Table', 7],
    ['AWS::SQS::Queue', 7],
    ['AWS::StepFunctions::StateMachine', 1],
    ['AWS::ApiGateway::RestApi', 1],
    ['AWS::ApiGateway::Authorizer', 1],
    ['AWS::ApiGateway::Method', 41],
    ['AWS::Lambda::Function', 26],
    ['AWS::SNS::Topic', 1],
    ['AWS::CloudWatch::Dashboard', 1],
  ])('%s: %i', (type, count) => {
    template.resourceCountIs(type, count);
  });
});

/**
 * The logical ids of the deployed stack's stateful resources. A changed id makes CloudFormation
 * replace the resource (an empty table, a queue without its messages, a function without its logs),
 * so moving code between constructs must keep every one of them.
 */
const DEPLOYED_LOGICAL_IDS: Record<string, string[]> = {
  'AWS::DynamoDB::Table': [
    'StorageUsers59A61EEB', 'StorageApiKeys7B037C32', 'StorageUsage9ADDA69B', 'StorageJobs4C7573CB', 'StoragePages2B0B5787', 'StorageRateLimitsE7433BBF', 'StorageBlockedSites27CF3270',
  ],
  'AWS::S3::Bucket': ['StorageAccessLogs96FB524C', 'StorageArtifacts08431D1F'],
  'AWS::SQS::Queue': [
    'DeadLetterParkingQueueB378A7B2', 'PageDeadLetterQueueBC6BFC26', 'PageQueue713ECF24', 'RenderDeadLetterQueue9AF94DDB', 'RenderQueue86559A2E', 'WebhookDeadLetterQueue6DD1CE59', 'WebhookQueueA9D318EA',
  ],
  'AWS::StepFunctions::StateMachine': ['WorkflowStateMachine8F1B1C15'],
  'AWS::Lambda::Function': [
    'PreflightFunctionFE5444B3', 'PlanLevelFunction15792C19', 'CheckLevelFunction81190F27', 'AssembleFunction38BB74A8', 'DocumentsFunctionF5D11372', 'FinalizeFunction2E2E0FC2',
    'PageWorkerFunction56BC750A', 'DeadLetterFunctionCE0BB888', 'RenderWorkerFunction64E89EBC', 'WebhookDeliveryFunctionEA305509', 'ReconcilerFunction96431D02',
    'AuthorizerFunctionB4DBAA43', 'CreateJobFunction0BE8D730', 'ListJobsFunctionE2D73F98', 'GetJobFunction2FA3064D', 'CancelJobFunction767B2BB3', 'GetResultFunctionBBBCDD26',
    'ListPagesFunctionFB459C8F', 'GetUsageFunction6F9419E6', 'GetAccountFunction9889B02F', 'OpenApiFunctionCFBB0E07', 'SitemapPreviewFunctionF799A5B9', 'ConsoleFunction089DCE23',
    'FirecrawlStartFunction68BE12E0', 'FirecrawlJobsFunctionA15B48D9', 'FirecrawlMapFunction40D399B6',
  ],
  'AWS::Lambda::EventSourceMapping': [
    'PageWorkerFunctionSqsEventSourceWebCrawlServicePageQueueCCED9DA82727431B',
    'DeadLetterFunctionSqsEventSourceWebCrawlServicePageDeadLetterQueue1998A9FD623982FB',
    'DeadLetterFunctionSqsEventSourceWebCrawlServiceRenderDeadLetterQueueD2CE943BBFEC4C09',
    'RenderWorkerFunctionSqsEventSourceWebCrawlServiceRenderQueueB418FBF38F0D9631',
    'WebhookDeliveryFunctionSqsEventSourceWebCrawlServiceWebhookQueue1A1F6AC5CB355546',
  ],
  'AWS::ApiGateway::RestApi': ['ApiRestApiE35FEAFE'],
  'AWS::SNS::Topic': ['ObservabilityAlarmTopicF724909D'],
};

describe('logical ids', () => {
  it.each(Object.entries(DEPLOYED_LOGICAL_IDS))('%s keep those of the deployed stack, so an update replaces none of them', (type, ids) => {
    expect(Object.keys(template.findResources(type)).sort()).toEqual([...ids].sort());
  });
});

describe('DynamoDB tables', () => {
  it('are on-demand, with point-in-time recovery and server-side encryption', () => {
    template.allResourcesProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('expire jobs, pages and rate-limit windows through expires_at, and never users, keys or usage', () => {
    for (const name of ['jobs', 'pages', 'rateLimits'] as const) {
      expectResourceLike(template, tableIds[name], 'AWS::DynamoDB::Table', {
        TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      });
    }
    for (const name of ['users', 'apiKeys', 'usage'] as const) {
      expectResourceLike(template, tableIds[name], 'AWS::DynamoDB::Table', { TimeToLiveSpecification: Match.absent() });
    }
  });

  it('ApiKeys can list a user\'s keys through the by_user index', () => {
    expectResourceLike(template, tableIds.apiKeys, 'AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: 'key_hash', KeyType: 'HASH' }],
      GlobalSecondaryIndexes: Match.arrayWith([
        Match.objectLike({
          IndexName: 'by_user',
          KeySchema: [
            { AttributeName: 'user_id', KeyType: 'HASH' },
            { AttributeName: 'created_at', KeyType: 'RANGE' },
          ],
        }),
      ]),
    });
  });

  it('Jobs can list a user\'s jobs newest first through the by_user index', () => {
    expectResourceLike(template, tableIds.jobs, 'AWS::DynamoDB::Table', {
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: 'by_user',
          KeySchema: [
            { AttributeName: 'user_id', KeyType: 'HASH' },
            { AttributeName: 'created_at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ],
    });
  });

  it('are retained when the stack is deleted', () => {
    for (const id of Object.values(tableIds)) {
      expect(resources(template)[id]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    }
  });
});

describe('artefact bucket', () => {
  it('lets a browser read, and only read, what a presigned download URL names, from the console’s page alone (it follows the result redirect)', () => {
    const apiOrigin = { 'Fn::Join': ['', ['https://', { Ref: restApiId }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]] };
    expectResourceLike(template, artifactsId, 'AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['GET', 'HEAD'], AllowedOrigins: [apiOrigin] })] },
    });
  });

  it('blocks public access, encrypts, logs access and expires job artefacts', () => {
    expectResourceLike(template, artifactsId, 'AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [Match.objectLike({ ServerSideEncryptionByDefault: { SSEAlgorithm: Match.anyValue() } })],
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: Match.anyValue() } },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Prefix: 'jobs/', ExpirationInDays: JOB_RETENTION_DAYS, Status: 'Enabled' })]),
      },
    });
  });

  it('writes its access logs to a separate private, encrypted bucket', () => {
    const bucket = resources(template)[artifactsId];
    const logBucketId = (bucket?.Properties?.LoggingConfiguration as { DestinationBucketName: { Ref: string } }).DestinationBucketName.Ref;
    expect(logBucketId).not.toBe(artifactsId);
    expectResourceLike(template, logBucketId, 'AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: Match.anyValue(),
    });
  });

  it('every bucket denies requests that do not use TLS', () => {
    for (const bucketId of Object.keys(template.findResources('AWS::S3::Bucket'))) {
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: bucketId },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Principal: { AWS: '*' },
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });
});

describe('SQS', () => {
  it('the page queue sends a message to the dead-letter queue after 3 receives', () => {
    expectResourceLike(template, pageQueueId, 'AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetterQueueId, 'Arn'] }, maxReceiveCount: 3 },
    });
  });

  it('every queue is encrypted and denies requests that do not use TLS', () => {
    template.allResourcesProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    for (const queueId of [pageQueueId, deadLetterQueueId, renderQueueId, renderDeadLetterQueueId, webhookQueueId, webhookDeadLetterQueueId]) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queueId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('a message stays invisible for longer than the page worker may run', () => {
    const queue = resources(template)[pageQueueId];
    const visibility = queue?.Properties?.VisibilityTimeout as number;
    expect(visibility).toBeGreaterThan(fn('page-worker').properties.Timeout as number);
  });

  it('the page worker and the level check are told the page queue’s visibility timeout, which times lane runs and stalls', () => {
    const visibility = resources(template)[pageQueueId]?.Properties?.VisibilityTimeout as number;
    for (const handler of ['page-worker', 'crawl-check-level']) {
      expect(fn(handler).properties.Environment, handler).toMatchObject({ Variables: { CRAWL_PAGE_VISIBILITY_SECONDS: String(visibility) } });
    }
  });

  it('the page worker takes one message at a time and reports failed items', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [pageQueueId, 'Arn'] },
      FunctionName: { Ref: fn('page-worker').logicalId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('the webhook worker takes one delivery at a time; deliveries it keeps failing on go to their own dead-letter queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [webhookQueueId, 'Arn'] },
      FunctionName: { Ref: fn('webhook-delivery').logicalId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expectResourceLike(template, webhookQueueId, 'AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [webhookDeadLetterQueueId, 'Arn'] }, maxReceiveCount: 5 },
    });
    const visibility = resources(template)[webhookQueueId]?.Properties?.VisibilityTimeout as number;
    expect(visibility).toBeGreaterThan(fn('webhook-delivery').properties.Timeout as number);
  });

  it('the dead-letter consumer reads both dead-letter queues', () => {
    for (const queueId of [deadLetterQueueId, renderDeadLetterQueueId]) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
        FunctionName: { Ref: fn('page-dead-letter').logicalId },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });

  it('the render queue has the page queue’s delivery rules: 3 receives, then its own dead-letter queue; invisible longer than the render worker runs', () => {
    expectResourceLike(template, renderQueueId, 'AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [renderDeadLetterQueueId, 'Arn'] }, maxReceiveCount: 3 },
    });
    expect(resources(template)[renderQueueId]?.Properties?.VisibilityTimeout as number).toBeGreaterThan(fn('render-worker').properties.Timeout as number);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [renderQueueId, 'Arn'] },
      FunctionName: { Ref: fn('render-worker').logicalId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('only the page worker hands pages to the render queue', () => {
    const senders = [...fns].filter(([, f]) => resourcesAllowed(template, f.roleId, ['sqs:SendMessage']).has(renderQueueId)).map(([handler]) => handler);
    expect(senders).toEqual(['page-worker']);
  });
});

describe('Lambda functions', () => {
  it('all run Node.js 24 with active tracing, on arm64 but for the two that start the browser', () => {
    template.allResourcesProperties('AWS::Lambda::Function', { Runtime: 'nodejs24.x', TracingConfig: { Mode: 'Active' } });
    for (const [handler, { properties }] of fns) {
      expect(properties.Architectures, handler).toEqual([handler === 'render-worker' || handler === 'crawl-documents' ? 'x86_64' : 'arm64']);
    }
  });

  it('the document worker has the memory a 1000-page PDF or Word document needs, and the render worker\'s browser', () => {
    expect(fn('crawl-documents').properties).toMatchObject({
      MemorySize: 4096,
      Timeout: 900,
      EphemeralStorage: { Size: 1024 },
      Environment: { Variables: expect.objectContaining({ CRAWL_CHROMIUM_BIN: '/var/task/chromium-bin' }) },
    });
  });

  it('the render worker has the memory and disk the browser needs, and finds its Chromium in its bundle', () => {
    expect(fn('render-worker').properties).toMatchObject({
      MemorySize: 2048,
      EphemeralStorage: { Size: 1024 },
      Environment: { Variables: expect.objectContaining({ CRAWL_CHROMIUM_BIN: '/var/task/chromium-bin' }) },
    });
  });

  it('each names, in its crawl:handler metadata, a module in lambdas/handlers/, and every module is deployed once', () => {
    const all = Object.values(template.findResources('AWS::Lambda::Function'));
    expect(fns.size).toBe(all.length);
    for (const handler of fns.keys()) {
      expect(existsSync(path.join(handlersDir, `${handler}.ts`)), `lambdas/handlers/${handler}.ts`).toBe(true);
    }
    const modules = readdirSync(handlersDir)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, ''));
    expect([...fns.keys()].sort()).toEqual(modules.sort());
  });
});

describe('state machine', () => {
  let definition: { StartAt: string; TimeoutSeconds?: number; States: Record<string, Record<string, unknown>> };

  beforeAll(() => {
    const machine = resources(template)[stateMachineId];
    definition = JSON.parse(joinSkeleton(machine?.Properties?.DefinitionString)) as typeof definition;
  });

  it('is a STANDARD workflow with tracing and full logging', () => {
    expectResourceLike(template, stateMachineId, 'AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', Destinations: [Match.objectLike({ CloudWatchLogsLogGroup: Match.anyValue() })] },
    });
  });

  it('has an execution timeout', () => {
    expect(definition.TimeoutSeconds).toBeGreaterThan(0);
  });

  it('holds the BFS states, starting at Preflight', () => {
    expect(definition.StartAt).toBe('Preflight');
    expect(Object.keys(definition.States)).toEqual(
      expect.arrayContaining(['Preflight', 'PlanLevel', 'WaitForLevel', 'CheckLevel', 'Assemble', 'Finalize', 'RecordFailure']),
    );
    expect(definition.States.WaitForLevel).toMatchObject({ Type: 'Wait', Next: 'CheckLevel' });
  });

  it.each([
    ['Preflight', 'crawl-preflight'],
    ['PlanLevel', 'crawl-plan-level'],
    ['CheckLevel', 'crawl-check-level'],
    ['Assemble', 'crawl-assemble'],
  ])('%s invokes %s and sends any error to RecordFailure', (state, handler) => {
    expect(definition.States[state]).toMatchObject({
      Type: 'Task',
      Resource: `\${GetAtt:${fn(handler).logicalId}.Arn}`,
      Catch: expect.arrayContaining([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'RecordFailure' })]),
    });
  });

  it('BuildDocuments invokes crawl-documents only after Assemble asks for it, and its failure goes to Finalize beside the job\'s other documents', () => {
    expect(definition.States.AfterAssemble).toMatchObject({
      Type: 'Choice',
      Choices: [{ Variable: '$.next', StringEquals: 'documents', Next: 'BuildDocuments' }],
      Default: 'Finalize',
    });
    expect(definition.States.BuildDocuments).toMatchObject({
      Type: 'Task',
      Resource: `\${GetAtt:${fn('crawl-documents').logicalId}.Arn}`,
      Next: 'Finalize',
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.documents_failure', Next: 'Finalize' }],
      // as long as its function may run: a task without a timeout is timed out after 60 s locally
      TimeoutSeconds: 900,
    });
    expect(resources(template)[fn('crawl-documents').logicalId]?.Properties?.Timeout).toBe(900);
  });

  it('a recorded failure still settles the job through Finalize', () => {
    expect(definition.States.RecordFailure).toMatchObject({ Next: 'Finalize' });
    expect(definition.States.Finalize).toMatchObject({ Type: 'Task', Resource: `\${GetAtt:${fn('crawl-finalize').logicalId}.Arn}` });
    // Finalize itself has no Catch back into RecordFailure, which would loop; the reconciler settles it.
    expect(definition.States.Finalize?.Catch).toBeUndefined();
  });

  it('may invoke exactly the six step functions', () => {
    const machine = resources(template)[stateMachineId];
    const roleId = (machine?.Properties?.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const steps = ['crawl-preflight', 'crawl-plan-level', 'crawl-check-level', 'crawl-assemble', 'crawl-documents', 'crawl-finalize'];
    expect([...resourcesAllowed(template, roleId, ['lambda:InvokeFunction'])].sort()).toEqual(steps.map((step) => fn(step).logicalId).sort());
  });
});

describe('REST API', () => {
  type MethodProperties = { HttpMethod: string; ResourceId: { Ref?: string }; AuthorizationType: string; AuthorizerId?: unknown; Integration: { Type: string; Uri: unknown } };

  /** Every method as `GET /v1/jobs/{id}`, with its properties. */
  function methodsByRoute(): Map<string, MethodProperties> {
    const all = resources(template);
    const pathOf = (resourceId: string | undefined): string => {
      // The root resource is referenced through the RestApi's RootResourceId attribute, not a Ref.
      if (resourceId === undefined) return '';
      const resource = all[resourceId];
      if (!resource) throw new Error(`no resource ${resourceId}`);
      const parent = resource.Properties?.ParentId as { Ref?: string };
      return `${pathOf(parent.Ref)}/${resource.Properties?.PathPart as string}`;
    };
    const methods = new Map<string, MethodProperties>();
    for (const method of Object.values(template.findResources('AWS::ApiGateway::Method'))) {
      const props = (method as { Properties: MethodProperties }).Properties;
      methods.set(`${props.HttpMethod} ${pathOf(props.ResourceId.Ref) || '/'}`, props);
    }
    return methods;
  }

  it('puts every method behind the Lambda authorizer, but the console page and its files, the OpenAPI document and the Firecrawl routes (which check the key themselves)', () => {
    const [authorizerId] = Object.keys(template.findResources('AWS::ApiGateway::Authorizer'));
    const methods = methodsByRoute();
    for (const [route, props] of methods) {
      if (PUBLIC_ROUTES.includes(route) || KEY_CHECKED_BY_HANDLER.includes(route)) {
        expect(props.AuthorizationType, route).toBe('NONE');
        expect(props.AuthorizerId, route).toBeUndefined();
      } else {
        expect(props.AuthorizationType, route).toBe('CUSTOM');
        expect(props.AuthorizerId, route).toEqual({ Ref: authorizerId });
      }
    }
    expect([...methods.keys()].filter((route) => methods.get(route)?.AuthorizationType !== 'CUSTOM').sort()).toEqual([...PUBLIC_ROUTES, ...KEY_CHECKED_BY_HANDLER].sort());
  });

  it('the Firecrawl functions read the keys and users the authorizer reads, and no other function does', () => {
    const readers = [...fns].filter(([, f]) => resourcesAllowed(template, f.roleId, ['dynamodb:GetItem']).has(tableIds.apiKeys)).map(([handler]) => handler);
    expect(readers.sort()).toEqual(['authorizer', 'firecrawl-jobs', 'firecrawl-map', 'firecrawl-start']);
  });

  it('the authorizer is a TOKEN authorizer on the Authorization header, backed by the authorizer function', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'TOKEN',
      IdentitySource: 'method.request.header.Authorization',
      RestApiId: { Ref: restApiId },
    });
    const [authorizer] = Object.values(template.findResources('AWS::ApiGateway::Authorizer'));
    expect(JSON.stringify(authorizer)).toContain(JSON.stringify({ 'Fn::GetAtt': [fn('authorizer').logicalId, 'Arn'] }));
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [fn('authorizer').logicalId, 'Arn'] },
      Principal: 'apigateway.amazonaws.com',
    });
  });

  it('routes each method and path to its handler through a proxy integration', () => {
    const routes: Record<string, string | undefined> = {};
    for (const [route, props] of methodsByRoute()) {
      expect(props.Integration.Type).toBe('AWS_PROXY');
      const target = [...fns].find(([, f]) => JSON.stringify(props.Integration.Uri).includes(JSON.stringify({ 'Fn::GetAtt': [f.logicalId, 'Arn'] })));
      routes[route] = target?.[0];
    }
    expect(routes).toEqual(ROUTES);
  });

  it('has exactly the API routes the OpenAPI document describes (the console page is not one)', () => {
    const documented = Object.entries(buildOpenApiDocument().paths ?? {}).flatMap(([route, methods]) => Object.keys(methods ?? {}).map((method) => `${method.toUpperCase()} ${route}`));
    expect(documented.sort()).toEqual(Object.keys(ROUTES).filter((route) => / \/(v1(\.1)?|firecrawl)\//.test(route)).sort());
  });

  it('the stage throttles and writes access logs', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      RestApiId: { Ref: restApiId },
      MethodSettings: Match.arrayWith([
        Match.objectLike({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() }),
      ]),
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context\\.requestId') },
    });
    const [stage] = Object.values(template.findResources('AWS::ApiGateway::Stage'));
    const [settings] = (stage as { Properties: { MethodSettings: Array<{ ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> } }).Properties.MethodSettings;
    expect(settings?.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(settings?.ThrottlingBurstLimit).toBeGreaterThanOrEqual(settings?.ThrottlingRateLimit ?? Infinity);
  });
});

describe('gateway responses (CONTRACT 1: API Gateway\'s own answers in the error envelope)', () => {
  type GatewayResponse = {
    ResponseType: string;
    StatusCode?: string;
    ResponseParameters?: Record<string, string>;
    ResponseTemplates?: Record<string, string>;
  };
  let byType: Map<string, GatewayResponse>;

  beforeAll(() => {
    byType = new Map(
      Object.values(template.findResources('AWS::ApiGateway::GatewayResponse')).map((resource) => {
        const props = (resource as { Properties: GatewayResponse }).Properties;
        return [props.ResponseType, props];
      }),
    );
  });

  /** The body API Gateway would send: the template with its one `$context` variable filled in. */
  function body(type: string): unknown {
    const template = byType.get(type)?.ResponseTemplates?.['application/json'];
    if (template === undefined) throw new Error(`${type} has no application/json template`);
    return JSON.parse(template.replaceAll('$context.requestId', 'req-123'));
  }

  it.each([
    ['UNAUTHORIZED', '401', 'unauthorized'],
    ['ACCESS_DENIED', '401', 'unauthorized'],
    ['THROTTLED', '429', 'rate_limited'],
    ['MISSING_AUTHENTICATION_TOKEN', '404', 'not_found'],
    ['REQUEST_TOO_LARGE', '413', 'payload_too_large'],
    ['DEFAULT_5XX', undefined, 'internal_error'], // no status of its own: API Gateway's 5xx is kept
  ])('%s answers status %s with code %s', (type, status, code) => {
    const response = byType.get(type);
    expect(response, type).toBeDefined();
    expect(response?.StatusCode).toBe(status);
    expect(body(type)).toEqual({ error: { code, message: expect.any(String), request_id: 'req-123' } });
  });

  it('DEFAULT_4XX keeps API Gateway\'s status and answers in the envelope', () => {
    expect(byType.get('DEFAULT_4XX')?.StatusCode).toBeUndefined();
    expect(body('DEFAULT_4XX')).toEqual({ error: { code: expect.stringMatching(/^[a-z_]+$/), message: expect.any(String), request_id: 'req-123' } });
  });

  it('every response is JSON in the envelope, and 401s name the Bearer scheme', () => {
    expect(byType.size).toBeGreaterThanOrEqual(7);
    for (const [type, response] of byType) {
      expect(response.ResponseParameters?.['gatewayresponse.header.Content-Type'], type).toBe("'application/json'");
      const envelope = body(type) as { error: { code: string; message: string; request_id: string } };
      expect(Object.keys(envelope), type).toEqual(['error']);
      expect(Object.keys(envelope.error).sort(), type).toEqual(['code', 'message', 'request_id']);
      expect(envelope.error.message.length, type).toBeGreaterThan(0);
      if (type !== 'DEFAULT_4XX') expect(errorCodeSchema.safeParse(envelope.error.code).success, `${type}: ${envelope.error.code}`).toBe(true);
      if (response.StatusCode === '401') {
        expect(response.ResponseParameters?.['gatewayresponse.header.WWW-Authenticate'], type).toBe("'Bearer'");
      }
    }
  });
});

describe('IAM least privilege', () => {
  it.each(Object.entries(TABLE_WRITES))('%s writes exactly the tables it needs', (handler, tables) => {
    const written = resourcesAllowed(template, fn(handler).roleId, DYNAMODB_WRITES);
    expect([...written].sort()).toEqual(tables.map((table) => tableIds[table]).sort());
  });

  it('GetJob only reads, and reads the Jobs table', () => {
    const statements = statementsOfRole(template, fn('jobs-get').roleId);
    const actions = statements.flatMap(actionsOf);
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:UpdateItem');
    // Wildcards (`dynamodb:*`) count too.
    expect(resourcesAllowed(template, fn('jobs-get').roleId, DYNAMODB_WRITES).size).toBe(0);
    expect(resourcesAllowed(template, fn('jobs-get').roleId, ['dynamodb:GetItem'])).toEqual(new Set([tableIds.jobs]));
  });

  it('only Preflight reads the blocked sites, and no function changes them (the admin CLI does)', () => {
    const readers = [...fns.keys()].filter((handler) => resourcesAllowed(template, fn(handler).roleId, ['dynamodb:BatchGetItem', 'dynamodb:GetItem']).has(tableIds.blockedSites));
    expect(readers).toEqual(['crawl-preflight']);
  });

  it('ListJobs only reads the Jobs table and its by_user index', () => {
    const roleId = fn('jobs-list').roleId;
    expect(resourcesAllowed(template, roleId, DYNAMODB_WRITES).size).toBe(0);
    expect(resourcesAllowed(template, roleId, ['dynamodb:Query'])).toEqual(new Set([tableIds.jobs]));
    expect(JSON.stringify(statementsOfRole(template, roleId))).toContain('/index/*');
    expect(resourcesAllowed(template, roleId, [...S3_WRITES, 's3:GetObject', 'sqs:SendMessage', 'states:StartExecution']).size).toBe(0);
  });

  it('GetAccount reads and writes only the Users table (to create a missing signing secret)', () => {
    const roleId = fn('account-get').roleId;
    expect(resourcesAllowed(template, roleId, ['dynamodb:GetItem', 'dynamodb:UpdateItem'])).toEqual(new Set([tableIds.users]));
    expect(resourcesAllowed(template, roleId, [...S3_WRITES, 's3:GetObject', 'sqs:SendMessage', 'states:StartExecution']).size).toBe(0);
  });

  it('the public OpenAPI function reaches no table, bucket, queue or state machine', () => {
    const roleId = fn('openapi-get').roleId;
    expect(resourcesAllowed(template, roleId, ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Scan', ...DYNAMODB_WRITES, 's3:GetObject', ...S3_WRITES, 'sqs:SendMessage', 'states:StartExecution']).size).toBe(0);
  });

  it('the authorizer reads only ApiKeys and Users, and writes nothing', () => {
    const roleId = fn('authorizer').roleId;
    expect(resourcesAllowed(template, roleId, DYNAMODB_WRITES).size).toBe(0);
    expect(resourcesAllowed(template, roleId, ['dynamodb:GetItem', 'dynamodb:Query'])).toEqual(new Set([tableIds.apiKeys, tableIds.users]));
    expect(resourcesAllowed(template, roleId, [...S3_WRITES, 'sqs:SendMessage', 'states:StartExecution']).size).toBe(0);
  });

  it('the public console function may touch no table, object, queue or state machine', () => {
    const actions = statementsOfRole(template, fn('console').roleId).flatMap(actionsOf);
    expect(actions.filter((action) => /^(dynamodb|s3|sqs|states|kms):/i.test(action) || action === '*')).toEqual([]);
  });

  it('only CreateJob and the Firecrawl routes that create jobs can start a crawl execution', () => {
    const starters = [...fns].filter(([, f]) => resourcesAllowed(template, f.roleId, ['states:StartExecution']).size > 0).map(([handler]) => handler);
    expect(starters.sort()).toEqual(['firecrawl-start', 'jobs-create']);
    for (const starter of starters) expect(resourcesAllowed(template, fn(starter).roleId, ['states:StartExecution'])).toEqual(new Set([stateMachineId]));
    // No other role in the stack (API Gateway, EventBridge, the state machine's own) may start one either.
    const starterRoles = starters.map((starter) => fn(starter).roleId);
    const otherRoles = Object.keys(template.findResources('AWS::IAM::Role')).filter((roleId) => !starterRoles.includes(roleId));
    for (const roleId of otherRoles) {
      expect(resourcesAllowed(template, roleId, ['states:StartExecution']).size, roleId).toBe(0);
    }
  });

  it('only the functions that produce artefacts can write the bucket', () => {
    const writers = [...fns].filter(([, f]) => resourcesAllowed(template, f.roleId, S3_WRITES).has(artifactsId)).map(([handler]) => handler);
    expect(writers.sort()).toEqual([...BUCKET_WRITERS].sort());
  });

  it('only the planner and the page lanes can enqueue pages', () => {
    const senders = [...fns].filter(([, f]) => resourcesAllowed(template, f.roleId, ['sqs:SendMessage']).has(pageQueueId)).map(([handler]) => handler);
    expect(senders.sort()).toEqual([...PAGE_QUEUE_SENDERS].sort());
  });

  it('only the functions that start or end jobs, and the delivery worker, can queue webhook deliveries', () => {
    const senders = [...fns].filter(([, f]) => resourcesAllowed(template, f.roleId, ['sqs:SendMessage']).has(webhookQueueId)).map(([handler]) => handler);
    expect(senders.sort()).toEqual([...WEBHOOK_QUEUE_SENDERS].sort());
  });
});

describe('EventBridge', () => {
  it('an execution that fails, times out or is aborted triggers the reconciler', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.states'],
        'detail-type': ['Step Functions Execution Status Change'],
        detail: {
          status: Match.arrayEquals(['FAILED', 'TIMED_OUT', 'ABORTED']),
          stateMachineArn: [{ Ref: stateMachineId }],
        },
      },
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fn('reconciler').logicalId, 'Arn'] } })],
    });
  });

  it('a schedule runs the reconciler', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: Match.stringLikeRegexp('^(rate|cron)\\('),
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fn('reconciler').logicalId, 'Arn'] } })],
    });
  });

  it('both rules may invoke the reconciler', () => {
    for (const ruleId of Object.keys(template.findResources('AWS::Events::Rule'))) {
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [fn('reconciler').logicalId, 'Arn'] },
        Principal: 'events.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      });
    }
  });
});

describe('outputs', () => {
  it('name the API URL, the tables, the bucket and the state machine', () => {
    template.hasOutput('ApiUrl', { Value: Match.anyValue() });
    template.hasOutput('UsersTableName', { Value: { Ref: tableIds.users } });
    template.hasOutput('ApiKeysTableName', { Value: { Ref: tableIds.apiKeys } });
    template.hasOutput('UsageTableName', { Value: { Ref: tableIds.usage } });
    template.hasOutput('JobsTableName', { Value: { Ref: tableIds.jobs } });
    template.hasOutput('ArtifactsBucketName', { Value: { Ref: artifactsId } });
    template.hasOutput('StateMachineArn', { Value: { Ref: stateMachineId } });
  });

  it('ApiUrl points at the prod stage of the REST API', () => {
    const [stageId] = Object.keys(template.findResources('AWS::ApiGateway::Stage', { Properties: { StageName: 'prod', RestApiId: { Ref: restApiId } } }));
    expect(stageId).toBeDefined();
    const value = JSON.stringify(Object.values(template.findOutputs('ApiUrl'))[0]?.Value);
    expect(value).toContain(JSON.stringify({ Ref: restApiId }));
    expect(value).toContain(JSON.stringify({ Ref: stageId }));
  });
});

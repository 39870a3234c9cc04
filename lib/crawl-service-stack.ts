import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { CrawlApi } from './api.js';
import { apiFunctions } from './api-functions.js';
import { Bindings } from './bindings.js';
import { CrawlFunction } from './crawl-function.js';
import { Observability } from './observability.js';
import { addPageWorkers } from './page-workers.js';
import { addReconciler } from './reconciler.js';
import { addRenderWorker } from './render-worker.js';
import { Storage } from './storage.js';
import { addWebhookDelivery } from './webhook-delivery.js';
import { WorkQueues } from './work-queues.js';
import { CrawlWorkflow } from './workflow.js';
import { workflowSteps } from './workflow-steps.js';

/** The `alarmEmail` context, checked: alarms are e-mailed there (`cdk deploy -c alarmEmail=ops@example.org`). */
function alarmEmailFrom(value: unknown): string | undefined {
  if (value !== undefined && (typeof value !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value))) {
    throw new Error(`alarmEmail must be an e-mail address, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * The service: storage, the work queues, the crawl workflow and its workers, the API, and their
 * alarms. The parts make their functions and queues in the stack's own scope, not in constructs
 * of their own, so that their logical ids stay those of the deployed stack and an update changes
 * them in place. The functions appear on the dashboard in the order they are made here.
 */
export class CrawlServiceStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const storage = new Storage(this, 'Storage');
    const queues = new WorkQueues(this);
    const bind = new Bindings(this, storage, queues);

    const workflow = new CrawlWorkflow(this, 'Workflow', workflowSteps(this, bind, queues.page));
    addPageWorkers(this, bind, queues);
    addRenderWorker(this, bind, queues.render);
    addWebhookDelivery(this, bind, queues.webhook);
    addReconciler(this, bind, workflow.stateMachine);
    const api = new CrawlApi(this, 'Api', { ...apiFunctions(this, bind, workflow.stateMachine), throttle: { rateLimit: 50, burstLimit: 100 } });
    storage.allowConsoleDownloads(api.origin);

    // Alarms to an SNS topic and a dashboard.
    const observability = new Observability(this, 'Observability', {
      // Every function of the stack by its construct id, so a new one gets its alarms and graphs too.
      functions: Object.fromEntries(
        this.node.findAll().filter((construct) => construct instanceof CrawlFunction).map((crawlFunction) => [crawlFunction.node.id.replace(/Function$/, ''), crawlFunction as CrawlFunction]),
      ),
      pageQueue: queues.page.queue,
      deadLetterQueue: queues.page.deadLetters,
      renderQueue: queues.render.queue,
      renderDeadLetterQueue: queues.render.deadLetters,
      webhookDeadLetterQueue: queues.webhook.deadLetters,
      parkingQueue: queues.parkedDeadLetters,
      stateMachine: workflow.stateMachine,
      api: api.restApi,
      tables: Object.values(storage.tables),
      alarmEmail: alarmEmailFrom(this.node.tryGetContext('alarmEmail')),
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
    new CfnOutput(this, 'PageQueueUrl', { value: queues.page.queue.queueUrl });
    new CfnOutput(this, 'PageDeadLetterQueueUrl', { value: queues.page.deadLetters.queueUrl });
    new CfnOutput(this, 'DeadLetterParkingQueueUrl', { value: queues.parkedDeadLetters.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: observability.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: observability.dashboard.dashboardName });
  }
}

import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import type { Bindings } from './bindings.js';
import { CrawlFunction } from './crawl-function.js';
import type { WorkQueue } from './work-queues.js';

/** The worker that delivers webhooks, one per message, made in the stack's scope (its logical id is the deployed one). */
export function addWebhookDelivery(scope: Construct, bind: Bindings, webhooks: WorkQueue): void {
  const webhookWorker = new CrawlFunction(scope, 'WebhookDeliveryFunction', {
    handler: 'webhook-delivery',
    description: 'Signs and POSTs one webhook delivery; queues the next attempt with backoff',
    timeout: webhooks.workerTimeout,
  });
  bind.table(webhookWorker, 'jobs', 'RW');
  // RW: a user stored before webhooks existed gets a signing secret on first use.
  bind.table(webhookWorker, 'users', 'RW');
  bind.webhookQueue(webhookWorker);
  bind.fetchesPages(webhookWorker);
  webhooks.queue.grantConsumeMessages(webhookWorker);
  webhookWorker.addEventSource(new SqsEventSource(webhooks.queue, { batchSize: 1, reportBatchItemFailures: true }));
}

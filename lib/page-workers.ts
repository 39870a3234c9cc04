import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import { ENV } from '../lambdas/data/env.js';
import type { Bindings } from './bindings.js';
import { CrawlFunction } from './crawl-function.js';
import type { WorkQueues } from './work-queues.js';

/** The `pagePollers` context as a number of pollers (SQS provisioned mode takes 2 to 200), or undefined when not given. */
function provisionedPollers(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const pollers = Number(value);
  if (!Number.isInteger(pollers) || pollers < 2 || pollers > 200) throw new Error(`pagePollers must be a whole number from 2 to 200, got ${JSON.stringify(value)}`);
  return pollers;
}

/**
 * The crawl's lanes: the page worker on the page queue, which hands script-built pages to the
 * render queue, and the consumer of both queues' dead letters. Made in the stack's scope (their
 * logical ids are the deployed ones).
 */
export function addPageWorkers(scope: Construct, bind: Bindings, queues: WorkQueues): void {
  const pageWorker = new CrawlFunction(scope, 'PageWorkerFunction', {
    handler: 'page-worker',
    description: 'Crawls a lane of a level: leases, fetches and exports its pages, records them in checkpoints',
    timeout: queues.page.workerTimeout,
    memorySize: 1024,
  });
  bind.table(pageWorker, 'jobs', 'RW');
  bind.table(pageWorker, 'pages', 'RW');
  bind.bucket(pageWorker, 'RW');
  bind.takesHostSlots(pageWorker);
  bind.pageQueue(pageWorker);
  bind.fetchesPages(pageWorker);
  queues.page.queue.grantConsumeMessages(pageWorker);
  // A lane run ends within a quarter of its message's visibility timeout, so a message is never redelivered while its run lives.
  pageWorker.addEnvironment(ENV.pageVisibilitySeconds, String(queues.page.visibilityTimeout.toSeconds()));
  // Pollers kept ready for the page queue (SQS provisioned mode): `cdk deploy -c pagePollers=2`.
  // Without it Lambda's standard scaling starts a crawl's lanes five at a time after idle.
  const pagePollers = provisionedPollers(scope.node.tryGetContext('pagePollers'));
  pageWorker.addEventSource(
    new SqsEventSource(queues.page.queue, { batchSize: 1, reportBatchItemFailures: true, ...(pagePollers ? { provisionedPollerConfig: { minimumPollers: pagePollers } } : {}) }),
  );
  // Pages whose static HTML is a script-built shell go to the render worker (CONTRACT 9).
  pageWorker.addEnvironment(ENV.renderQueueUrl, queues.render.queue.queueUrl);
  queues.render.queue.grantSendMessages(pageWorker);

  const deadLetterWorker = new CrawlFunction(scope, 'DeadLetterFunction', {
    handler: 'page-dead-letter',
    description: 'Marks pages whose messages exhausted their attempts as failed and keeps the lane going',
  });
  bind.table(deadLetterWorker, 'jobs', 'RW');
  bind.table(deadLetterWorker, 'pages', 'RW');
  bind.pageQueue(deadLetterWorker);
  deadLetterWorker.addEventSource(new SqsEventSource(queues.page.deadLetters, { batchSize: 10, reportBatchItemFailures: true }));
  // Exhausted render messages are failed like exhausted page messages, by the same function.
  deadLetterWorker.addEventSource(new SqsEventSource(queues.render.deadLetters, { batchSize: 10, reportBatchItemFailures: true }));
}

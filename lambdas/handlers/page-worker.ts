import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqs } from '../data/clients.js';
import { requireEnv } from '../data/env.js';
import { parsePageMessage, sendPageMessage } from '../data/page-queue.js';
import { lambdaHandler } from '../observability/handler.js';
import { logger } from '../observability/logger.js';
import { runPageTask } from '../workflow/page-task.js';

/**
 * SQS page worker. A page to retry is reported as a batch item failure after its visibility is
 * set to the backoff, so SQS redelivers it then; a crash redelivers after the queue's timeout.
 * A page waiting for its site (the per-host cap, a Crawl-delay) is sent again with a delay.
 */
export const handler = lambdaHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parsePageMessage(record.body);
    if (!message.success) {
      logger.error('dropping a malformed page message', { body: record.body.slice(0, 500) });
      continue;
    }
    try {
      const outcome = await runPageTask(message.data);
      // A wait for the site is a new delayed message: redeliveries would count toward the DLQ.
      if (outcome.deferInSeconds !== undefined) await sendPageMessage(message.data, outcome.deferInSeconds);
      else if (outcome.retryInSeconds !== undefined) {
        await sqs().send(
          new ChangeMessageVisibilityCommand({ QueueUrl: requireEnv('pageQueueUrl'), ReceiptHandle: record.receiptHandle, VisibilityTimeout: outcome.retryInSeconds }),
        );
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    } catch (error) {
      logger.error('page task failed', { message: message.data, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
});

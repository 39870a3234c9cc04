import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../observability/logger.js';
import { parsePageMessage, redeliverLater, sendPageMessage, type PageQueue } from '../data/page-queue.js';
import type { Renderer } from '../render/browser.js';
import { runPageTask } from './page-task.js';

/**
 * One SQS batch of page messages, for the page worker and the render worker alike. A page to retry
 * is reported as a batch item failure after its visibility is set to the backoff, so SQS
 * redelivers it then; a crash redelivers after the queue's timeout. A page waiting for its site
 * (the per-host cap, a Crawl-delay) is sent again with a delay.
 */
export async function runPageBatch(event: SQSEvent, queue: PageQueue, renderer?: Renderer): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parsePageMessage(record.body);
    if (!message.success) {
      logger.error('dropping a malformed page message', { body: record.body.slice(0, 500) });
      continue;
    }
    try {
      const outcome = await runPageTask(message.data, renderer);
      // A wait for the site is a new delayed message: redeliveries would count toward the DLQ.
      if (outcome.deferInSeconds !== undefined) await sendPageMessage(message.data, outcome.deferInSeconds, queue);
      else if (outcome.retryInSeconds !== undefined) {
        await redeliverLater(queue, record.receiptHandle, outcome.retryInSeconds);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    } catch (error) {
      logger.error('page task failed', { message: message.data, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}

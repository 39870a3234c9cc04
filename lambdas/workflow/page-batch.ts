import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../observability/logger.js';
import { parsePageMessage, sendPageMessage, type PageQueue } from '../data/page-queue.js';
import type { Renderer } from '../render/browser.js';
import { runLane } from './page-task.js';

/**
 * One SQS batch of page messages, for the page worker and the render worker alike. A crash
 * redelivers the message after the queue's timeout. A lane waiting for its site (the per-host cap,
 * a Crawl-delay) is sent again with a delay, since redeliveries would count toward the DLQ.
 */
export async function runPageBatch(event: SQSEvent, queue: PageQueue, renderer?: Renderer): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parsePageMessage(record.body);
    if (!message.success) {
      logger.error('dropping a malformed page message', { body: record.body.slice(0, 500) });
      continue;
    }
    // A slot reserved for the lane is its own on the first delivery only: on a redelivery, the
    // worker before may have given it back or may still hold it, and its lease settles that.
    const { slot, ...page } = message.data;
    const firstDelivery = record.attributes.ApproximateReceiveCount === '1';
    try {
      const outcome = await runLane(firstDelivery && slot ? { ...page, slot } : page, renderer);
      if (outcome.deferInSeconds !== undefined) await sendPageMessage(page, outcome.deferInSeconds, queue);
    } catch (error) {
      logger.error('page task failed', { message: message.data, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}

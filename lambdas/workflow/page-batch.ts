import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { PageMessageSchema, sendPageMessage, type PageQueue } from '../data/page-queue.js';
import { consumeQueue } from '../data/queue-batch.js';
import type { Renderer } from '../render/browser.js';
import { runLane } from './page-task.js';

/**
 * One SQS batch of page messages, for the page worker and the render worker alike. A crash
 * redelivers the message after the queue's timeout. A lane waiting for its site (the per-host cap,
 * a Crawl-delay) is sent again with a delay, since redeliveries would count toward the DLQ.
 */
export function runPageBatch(event: SQSEvent, queue: PageQueue, renderer?: Renderer): Promise<SQSBatchResponse> {
  return consumeQueue('page', PageMessageSchema, async (message, record) => {
    // A slot reserved for the lane is its own on the first delivery only: on a redelivery, the
    // worker before may have given it back or may still hold it, and its lease settles that.
    const { slot, ...page } = message;
    const firstDelivery = record.attributes.ApproximateReceiveCount === '1';
    const outcome = await runLane(firstDelivery && slot ? { ...page, slot } : page, renderer);
    if (outcome.deferInSeconds !== undefined) await sendPageMessage(page, outcome.deferInSeconds, queue);
  })(event);
}

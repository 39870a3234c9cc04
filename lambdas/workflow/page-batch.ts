import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { PageMessageSchema, type PageMessage } from '../data/page-queue.js';
import { consumeQueue } from '../data/queue-batch.js';

/**
 * One SQS batch of page messages, for the page worker and the render worker alike, each message
 * run by `run` (which sends a lane waiting for its site back with a delay, since redeliveries
 * would count toward the DLQ). A crash redelivers the message after the queue's timeout.
 */
export function consumePageMessages(run: (message: PageMessage) => Promise<void>): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return consumeQueue('page', PageMessageSchema, async (message, record) => {
    // A slot reserved for the lane is its own on the first delivery only: on a redelivery, the
    // worker before may have given it back or may still hold it, and its lease settles that.
    const { slot, ...page } = message;
    const firstDelivery = record.attributes.ApproximateReceiveCount === '1';
    await run(firstDelivery && slot ? { ...page, slot } : page);
  });
}

import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { chunks } from '../core/chunks.js';
import { sqs } from './clients.js';
import { requireEnv } from './env.js';
import { sendJsonMessage } from './queue-messages.js';

/**
 * A page to crawl: the ledger entry at (depth, index) of the job. The URL is read from the ledger.
 * The render queue carries the same messages, for pages handed to the browser. `slot`: a site slot
 * taken for the lane when its level was released (its lease, and when that lease runs out).
 */
export const PageMessageSchema = z.object({
  job_id: z.string(),
  depth: z.number().int().min(0),
  index: z.number().int().min(0),
  slot: z.object({ lease: z.string(), until: z.number() }).optional(),
});
export type PageMessage = z.infer<typeof PageMessageSchema>;
export type SlotReservation = NonNullable<PageMessage['slot']>;

/** The page queue, or the render queue of pages handed to the browser. */
export type PageQueue = 'pageQueueUrl' | 'renderQueueUrl';

export async function sendPageMessage(message: PageMessage, delaySeconds = 0, queue: PageQueue = 'pageQueueUrl'): Promise<void> {
  await sendJsonMessage(queue, message, delaySeconds);
}

/** Entries one SendMessageBatch call may carry. */
const SEND_BATCH_LIMIT = 10;

/**
 * Sends page messages ten to a call, all batches at once, so the lanes they start start together.
 * An entry SQS refuses is sent again on its own (which throws if it fails again).
 */
export async function sendPageMessages(messages: readonly PageMessage[]): Promise<void> {
  const queueUrl = requireEnv('pageQueueUrl');
  await Promise.all(
    chunks(messages, SEND_BATCH_LIMIT).map(async (batch) => {
      const { Failed = [] } = await sqs().send(
        new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: batch.map((message, i) => ({ Id: String(i), MessageBody: JSON.stringify(message) })) }),
      );
      for (const failure of Failed) await sendPageMessage(batch[Number(failure.Id)] as PageMessage);
    }),
  );
}

/**
 * Moves up to `max` messages from one queue to another, each sent before it is deleted (so a crash
 * repeats a message rather than losing it). Only visible messages move; returns how many did.
 */
export async function moveMessages(fromUrl: string, toUrl: string, max: number): Promise<number> {
  let moved = 0;
  while (moved < max) {
    const { Messages = [] } = await sqs().send(
      new ReceiveMessageCommand({ QueueUrl: fromUrl, MaxNumberOfMessages: Math.min(10, max - moved), WaitTimeSeconds: 0, VisibilityTimeout: 60 }),
    );
    if (Messages.length === 0) break;
    for (const message of Messages) {
      await sqs().send(new SendMessageCommand({ QueueUrl: toUrl, MessageBody: message.Body ?? '' }));
      await sqs().send(new DeleteMessageCommand({ QueueUrl: fromUrl, ReceiptHandle: message.ReceiptHandle }));
      moved += 1;
    }
  }
  return moved;
}

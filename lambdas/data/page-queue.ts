import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { sqs } from './clients.js';
import { parseJsonMessage, sendJsonMessage } from './queue-messages.js';

/**
 * A page to crawl: the ledger entry at (depth, index) of the job. The URL is read from the ledger.
 * The render queue carries the same messages, for pages handed to the browser.
 */
export const PageMessageSchema = z.object({
  job_id: z.string(),
  depth: z.number().int().min(0),
  index: z.number().int().min(0),
});
export type PageMessage = z.infer<typeof PageMessageSchema>;

/** The page queue, or the render queue of pages handed to the browser. */
export type PageQueue = 'pageQueueUrl' | 'renderQueueUrl';

export async function sendPageMessage(message: PageMessage, delaySeconds = 0, queue: PageQueue = 'pageQueueUrl'): Promise<void> {
  await sendJsonMessage(queue, message, delaySeconds);
}

export function parsePageMessage(body: string) {
  return parseJsonMessage(PageMessageSchema, body);
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

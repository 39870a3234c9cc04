import { z } from 'zod';
import { parseJsonMessage, sendJsonMessage } from './queue-messages.js';

/** A page to crawl: the ledger entry at (depth, index) of the job. The URL is read from the ledger. */
export const PageMessageSchema = z.object({
  job_id: z.string(),
  depth: z.number().int().min(0),
  index: z.number().int().min(0),
});
export type PageMessage = z.infer<typeof PageMessageSchema>;

export async function sendPageMessage(message: PageMessage, delaySeconds = 0): Promise<void> {
  await sendJsonMessage('pageQueueUrl', message, delaySeconds);
}

export function parsePageMessage(body: string) {
  return parseJsonMessage(PageMessageSchema, body);
}

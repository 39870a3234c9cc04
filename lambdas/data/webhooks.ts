import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEvent } from '../domain/webhook.js';
import { conditionHeld } from './conditional.js';
import { requireEnv } from './env.js';
import { sendJsonMessage } from './queue-messages.js';

/** One delivery attempt to make: the job as it was when the event happened travels with it. */
export const WebhookMessageSchema = z.object({
  delivery_id: z.string(),
  job_id: z.string(),
  user_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  url: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  job: z.record(z.string(), z.unknown()),
  attempt: z.number().int().min(1),
});
export type WebhookMessage = z.infer<typeof WebhookMessageSchema>;

export async function sendWebhookMessage(message: WebhookMessage, delaySeconds = 0): Promise<void> {
  await sendJsonMessage('webhookQueueUrl', message, delaySeconds);
}

/**
 * Shows a delivery's state on the job record. `onlyIfNew` records a queued delivery without
 * overwriting what an attempt already wrote. Only the event's own entry is written, so nothing
 * the crawl keeps on the record is touched.
 */
export async function recordWebhookDelivery(jobId: string, event: WebhookEvent, delivery: WebhookDelivery, options: { onlyIfNew?: boolean } = {}): Promise<boolean> {
  return conditionHeld(
    new UpdateCommand({
      TableName: requireEnv('jobsTable'),
      Key: { job_id: jobId },
      UpdateExpression: 'SET webhook_deliveries.#event = :delivery',
      ConditionExpression: options.onlyIfNew ? 'attribute_exists(webhook_deliveries) AND attribute_not_exists(webhook_deliveries.#event)' : 'attribute_exists(webhook_deliveries)',
      ExpressionAttributeNames: { '#event': event },
      ExpressionAttributeValues: { ':delivery': delivery },
    }),
  );
}

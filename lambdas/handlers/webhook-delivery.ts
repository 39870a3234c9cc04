import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../api/handler.js';
import { parseWebhookMessage } from '../data/webhooks.js';
import { deliverWebhook } from '../workflow/webhook-delivery.js';

/**
 * Webhook queue consumer: one attempt per message; the next attempt is a new message with its
 * backoff as delay, so SQS's receive count only grows when this function itself fails.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parseWebhookMessage(record.body);
    if (!message.success) {
      logger.error('dropping a malformed webhook message', { body: record.body.slice(0, 500) });
      continue;
    }
    try {
      await deliverWebhook(message.data);
    } catch (error) {
      logger.error('webhook delivery attempt failed', { deliveryId: message.data.delivery_id, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}

import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseWebhookMessage } from '../data/webhooks.js';
import { lambdaHandler } from '../observability/handler.js';
import { logger } from '../observability/logger.js';
import { deliverWebhook } from '../workflow/webhook-delivery.js';

/**
 * Webhook queue consumer: one attempt per message; the next attempt is a new message with its
 * backoff as delay, so SQS's receive count only grows when this function itself fails.
 */
export const handler = lambdaHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
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
});

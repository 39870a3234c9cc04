import { consumeQueue } from '../data/queue-batch.js';
import { WebhookMessageSchema } from '../data/webhooks.js';
import { lambdaHandler } from '../observability/handler.js';
import { deliverWebhook } from '../workflow/webhook-delivery.js';

/**
 * Webhook queue consumer: one attempt per message; the next attempt is a new message with its
 * backoff as delay, so SQS's receive count only grows when this function itself fails.
 */
export const handler = lambdaHandler(consumeQueue('webhook', WebhookMessageSchema, (message) => deliverWebhook(message)));

import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parsePageMessage } from '../data/page-queue.js';
import { lambdaHandler } from '../observability/handler.js';
import { logger } from '../observability/logger.js';
import { failExhaustedPage } from '../workflow/dead-letter.js';

export const handler = lambdaHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parsePageMessage(record.body);
    if (!message.success) continue;
    try {
      await failExhaustedPage(message.data);
    } catch (error) {
      logger.error('could not record an exhausted page', { message: message.data, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
});

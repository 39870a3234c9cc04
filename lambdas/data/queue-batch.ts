import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import { logger } from '../observability/logger.js';
import { parseJsonMessage } from './queue-messages.js';

class MalformedMessage extends Error {
  override name = 'MalformedMessage';
}

/**
 * The one way an SQS consumer takes its batch: each message checked against its schema, then
 * handled, one after another; those that failed are reported, so only they come back, and after
 * their queue's receive limit go to its dead-letter queue. A message not of its schema fails like
 * any other (logged, then dead-lettered), never dropped unseen. `what` names the messages in logs.
 */
export function consumeQueue<Schema extends z.ZodType>(what: string, schema: Schema, handle: (message: z.infer<Schema>, record: SQSRecord) => Promise<unknown>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const recordHandler = async (record: SQSRecord) => {
      const parsed = parseJsonMessage(schema, record.body);
      if (!parsed.success) {
        logger.error(`a malformed ${what} message fails, to reach the dead-letter queue`, { body: record.body.slice(0, 500), problems: z.prettifyError(parsed.error) });
        throw new MalformedMessage(`not a ${what} message`);
      }
      try {
        await handle(parsed.data, record);
      } catch (error) {
        logger.error(`a ${what} message failed, to be received again`, { queue_message: parsed.data, error: error as Error });
        throw error;
      }
    };
    // A processor per batch: it keeps the batch's state, and one Lambda instance here may take several batches at once.
    return processPartialResponse(event, recordHandler, new BatchProcessor(EventType.SQS), { processInParallel: false, throwOnFullBatchFailure: false });
  };
}

import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runPageBatch } from '../workflow/page-batch.js';

/** SQS page worker: fetches pages, exports the static ones, hands script-built shells to the render worker. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  return runPageBatch(event, 'pageQueueUrl');
}

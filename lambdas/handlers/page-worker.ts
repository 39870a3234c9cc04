import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { lambdaHandler } from '../observability/handler.js';
import { runPageBatch } from '../workflow/page-batch.js';

/** SQS page worker: fetches pages, exports the static ones, hands script-built shells to the render worker. */
export const handler = lambdaHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => runPageBatch(event, 'pageQueueUrl'));

import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { lambdaHandler } from '../observability/handler.js';
import { runPageBatch } from '../workflow/page-batch.js';
import { sharedRenderer } from '../workflow/renderer.js';

/** SQS render worker (x86_64): renders the pages handed to it in a headless browser and exports them. */
export const handler = lambdaHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => runPageBatch(event, 'renderQueueUrl', sharedRenderer()));

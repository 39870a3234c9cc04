import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runPageBatch } from '../workflow/page-batch.js';
import { sharedRenderer } from '../workflow/renderer.js';

/** SQS render worker (x86_64): renders the pages handed to it in a headless browser and exports them. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  return runPageBatch(event, 'renderQueueUrl', sharedRenderer());
}

import { PageMessageSchema } from '../data/page-queue.js';
import { consumeQueue } from '../data/queue-batch.js';
import { lambdaHandler } from '../observability/handler.js';
import { failExhaustedPage } from '../workflow/dead-letter.js';

/** The page and render queues' dead letters: their pages are recorded failed and their lanes go on; what fails here is parked. */
export const handler = lambdaHandler(consumeQueue('dead-letter page', PageMessageSchema, (message) => failExhaustedPage(message)));

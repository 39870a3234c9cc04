import { lambdaHandler } from '../observability/handler.js';
import { logger } from '../observability/logger.js';
import { recordUnbuiltDocuments } from '../workflow/document-failures.js';
import { finalizeJob } from '../workflow/finalize.js';
import { CrawlStateSchema } from '../workflow/state.js';

/** Finalize, also reached through the catch-all with the failure the state machine caught. */
export const handler = lambdaHandler(async (event: unknown) => {
  const state = CrawlStateSchema.parse(event);
  if (state.failure) logger.error('crawl step failed', { jobId: state.job_id, failure: state.failure });
  if (state.documents_failure) {
    logger.error('the document worker failed', { jobId: state.job_id, failure: state.documents_failure });
    await recordUnbuiltDocuments(state.job_id, 'the document worker failed while building it');
  }
  const status = await finalizeJob(state.job_id, state.failure ? { message: 'the crawl stopped because of an internal error' } : undefined);
  return { job_id: state.job_id, status: status ?? 'unknown' };
});

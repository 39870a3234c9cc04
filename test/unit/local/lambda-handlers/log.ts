import { lambdaHandler } from '../../../../lambdas/observability/handler.js';
import { logger } from '../../../../lambdas/observability/logger.js';

/** Logs an error after a wait, as a worker that meets a failure while others run beside it. */
export const handler = lambdaHandler(async (event: { waitMs: number }) => {
  await new Promise((resolve) => setTimeout(resolve, event.waitMs));
  logger.error('something failed');
  return 'logged';
});

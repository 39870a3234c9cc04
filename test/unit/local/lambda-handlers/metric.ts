import { flushMetrics, recordJobCreated } from '../../../../lambdas/observability/metrics.js';

/** Records one metric and flushes it, as every function's middleware does after an invocation. */
export const handler = async () => {
  recordJobCreated();
  flushMetrics();
  return 'recorded';
};

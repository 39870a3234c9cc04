import { z } from 'zod';
import { lambdaHandler } from '../observability/handler.js';
import { logger } from '../observability/logger.js';
import { settleEndedExecution, sweepReservations } from '../workflow/reconcile.js';

/** EventBridge "Step Functions Execution Status Change" for an execution that ended badly. */
const ExecutionEndedSchema = z.object({
  'detail-type': z.literal('Step Functions Execution Status Change'),
  detail: z.object({ status: z.string(), input: z.string() }),
});

/** Two triggers: an execution that ended without Finalize, or the schedule's sweep of reservations. */
export const handler = lambdaHandler(async (event: unknown): Promise<void> => {
  const ended = ExecutionEndedSchema.safeParse(event);
  if (ended.success) {
    const input = z.object({ job_id: z.string() }).safeParse(JSON.parse(ended.data.detail.input));
    if (input.success) await settleEndedExecution(input.data.job_id, ended.data.detail.status);
    return;
  }
  const swept = await sweepReservations();
  // Stalled jobs are named here; the StalledJobs metric only counts them (no job ids in metrics).
  if (swept.stalled > 0) logger.warn('jobs without progress', { ...swept });
  else logger.info('reservation sweep', { ...swept });
});

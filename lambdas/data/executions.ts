import { ExecutionDoesNotExist, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { stepFunctions } from './clients.js';
import { requireEnv } from './env.js';

/** A job's execution is named by its job id (jobs-create starts it so). */
function executionArn(jobId: string): string {
  return `${requireEnv('stateMachineArn').replace(':stateMachine:', ':execution:')}:${jobId}`;
}

/** Stops the job's execution; false when there is none (never started, or already gone). */
export async function stopCrawlExecution(jobId: string, cause: string): Promise<boolean> {
  try {
    await stepFunctions().send(new StopExecutionCommand({ executionArn: executionArn(jobId), cause }));
    return true;
  } catch (error) {
    if (error instanceof ExecutionDoesNotExist) return false;
    throw error;
  }
}

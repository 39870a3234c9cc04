import { ExecutionDoesNotExist, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { stepFunctions } from './clients.js';
import { requireEnv } from './env.js';

/** Starts the job's crawl: one execution of the state machine, named by the job id, so a second start of the same job is refused. */
export async function startCrawlExecution(jobId: string): Promise<void> {
  await stepFunctions().send(new StartExecutionCommand({ stateMachineArn: requireEnv('stateMachineArn'), name: jobId, input: JSON.stringify({ job_id: jobId }) }));
}

/** A job's execution is named by its job id (startCrawlExecution names it so). */
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

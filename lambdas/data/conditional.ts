import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients.js';

/**
 * Sends a conditional write. A failed condition is an expected answer (someone else got there
 * first, or the limit is reached), returned as `undefined`; any other error is thrown.
 */
export async function writeIfCondition<Output>(command: PutCommand | UpdateCommand): Promise<Output | undefined> {
  try {
    return (await dynamo().send(command as UpdateCommand)) as Output;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** `writeIfCondition`, answering only whether the condition held. */
export async function conditionHeld(command: PutCommand | UpdateCommand): Promise<boolean> {
  return (await writeIfCondition(command)) !== undefined;
}

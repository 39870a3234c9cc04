/**
 * The payload and time limits AWS enforces on the services the stack uses, at their documented
 * values, and the errors AWS fails with when one is passed. Pure: the local hosts (the Step
 * Functions engine, the API router, the event rules) call these checks where the cloud applies them.
 */

/**
 * Step Functions: "Maximum input or output size for a task, state, or execution: 256 KiB of data
 * as a UTF-8 encoded string" (https://docs.aws.amazon.com/step-functions/latest/dg/service-quotas.html).
 */
export const STATE_PAYLOAD_BYTES = 262_144;

/**
 * Lambda: "For synchronous invocations, the maximum payload size is 6 MB. For asynchronous
 * invocations, the maximum payload size is 1 MB" (https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html;
 * quotas: https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html, where MB means
 * 1,024 KB). The asynchronous limit was 256 KB until October 2025. A response may be 100 bytes
 * longer than a request: Lambda's own error names 6291556 bytes.
 */
export const LAMBDA_SYNC_REQUEST_BYTES = 6 * 1024 * 1024;
export const LAMBDA_SYNC_RESPONSE_BYTES = 6 * 1024 * 1024 + 100;
export const LAMBDA_ASYNC_REQUEST_BYTES = 1024 * 1024;

/**
 * API Gateway, REST APIs: "Payload size: 10 MB" and "Integration timeout: 50 milliseconds - 29
 * seconds for all integration types" by default, an integration's `TimeoutInMillis` when set
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-execution-service-limits-table.html).
 * Its 10 MB response limit is never reached through a Lambda proxy integration: Lambda's 6 MB
 * response limit comes first.
 */
export const API_PAYLOAD_BYTES = 10 * 1024 * 1024;
export const API_INTEGRATION_TIMEOUT_MS = 29_000;

export type InvocationType = 'RequestResponse' | 'Event';

/** A payload's size as the services count it: its JSON text in UTF-8 (an absent value is `null`). */
export function payloadBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8');
}

/** An error under the name AWS gives it, the name a caller, a Retry or a Catch matches. */
export class ServiceLimitError extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Step Functions' `States.DataLimitExceeded`: a terminal error that no Retry and no Catch (not even
 * `States.ALL`) takes, so the execution fails
 * (https://docs.aws.amazon.com/step-functions/latest/dg/concepts-error-handling.html).
 * `isRetryable` and `isCatchable` are how aws-local-stepfunctions reads that.
 */
export class StateDataLimitExceeded extends ServiceLimitError {
  readonly isRetryable = false;
  readonly isCatchable = false;

  constructor(message: string) {
    super('States.DataLimitExceeded', message);
  }
}

/** A state's input (after InputPath and Parameters) or output (a task's result, or what the state passes on) over 256 KiB. */
export function checkStateData(stateName: string, data: unknown, part: 'input' | 'output'): void {
  if (payloadBytes(data) <= STATE_PAYLOAD_BYTES) return;
  throw new StateDataLimitExceeded(
    part === 'output'
      ? `The state/task '${stateName}' returned a result with a size exceeding the maximum number of bytes service limit.`
      : `The state/task '${stateName}' has an input with a size exceeding the maximum number of bytes service limit.`,
  );
}

/** An execution's input, refused by StartExecution itself before anything runs. */
export function checkExecutionInput(input: string): void {
  if (Buffer.byteLength(input, 'utf8') <= STATE_PAYLOAD_BYTES) return;
  throw new ServiceLimitError('ValidationException', `1 validation error detected: Value at 'input' failed to satisfy constraint: Member must have length less than or equal to ${STATE_PAYLOAD_BYTES}`);
}

/** An invocation's event: Lambda's Invoke refuses it with `RequestEntityTooLargeException` (HTTP 413), and the function never runs. */
export function checkInvocationRequest(event: unknown, type: InvocationType): void {
  const bytes = payloadBytes(event);
  if (type === 'RequestResponse' && bytes > LAMBDA_SYNC_REQUEST_BYTES) {
    throw new ServiceLimitError('RequestEntityTooLargeException', `Request must be smaller than ${LAMBDA_SYNC_REQUEST_BYTES} bytes for the InvokeFunction operation`);
  }
  if (type === 'Event' && bytes > LAMBDA_ASYNC_REQUEST_BYTES) {
    throw new ServiceLimitError('RequestEntityTooLargeException', `${bytes} byte payload is too large for the Event invocation type (limit ${LAMBDA_ASYNC_REQUEST_BYTES} bytes)`);
  }
}

/** A synchronous invocation's result: the function ran, but its caller gets Lambda's function error instead. */
export function checkInvocationResponse(result: unknown): void {
  if (payloadBytes(result) <= LAMBDA_SYNC_RESPONSE_BYTES) return;
  throw new ServiceLimitError('Function.ResponseSizeTooLarge', `Response payload size exceeded maximum allowed payload size (${LAMBDA_SYNC_RESPONSE_BYTES} bytes).`);
}

/** Invokes a function as Lambda's Invoke does: the event checked first, and for a synchronous call the result after. */
export async function invokeWithinLimits(invoke: (event: unknown) => Promise<unknown>, event: unknown, type: InvocationType): Promise<unknown> {
  checkInvocationRequest(event, type);
  const result = await invoke(event);
  if (type === 'RequestResponse') checkInvocationResponse(result);
  return result;
}

/** The time API Gateway waits for an integration: its `TimeoutInMillis`, else the default. */
export function integrationTimeoutMs(timeoutInMillis: unknown): number {
  return timeoutInMillis === undefined ? API_INTEGRATION_TIMEOUT_MS : Number(timeoutInMillis);
}

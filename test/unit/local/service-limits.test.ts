import { describe, expect, it, vi } from 'vitest';
import {
  checkExecutionInput,
  checkInvocationRequest,
  checkInvocationResponse,
  checkStateData,
  integrationTimeoutMs,
  invokeWithinLimits,
  LAMBDA_ASYNC_REQUEST_BYTES,
  LAMBDA_SYNC_REQUEST_BYTES,
  LAMBDA_SYNC_RESPONSE_BYTES,
  payloadBytes,
  STATE_PAYLOAD_BYTES,
} from '../../../local/service-limits.js';

/** A JSON string value whose serialized payload is exactly `bytes` long (the two quotes included). */
const payloadOf = (bytes: number) => 'x'.repeat(bytes - 2);

describe('the documented values', () => {
  it('are AWS’s: 256 KiB of state data, 6 MB and 1 MB Lambda payloads (the response 100 bytes more), 29 s for API Gateway', () => {
    expect(STATE_PAYLOAD_BYTES).toBe(262_144);
    expect(LAMBDA_SYNC_REQUEST_BYTES).toBe(6_291_456);
    expect(LAMBDA_SYNC_RESPONSE_BYTES).toBe(6_291_556);
    expect(LAMBDA_ASYNC_REQUEST_BYTES).toBe(1_048_576);
    expect(integrationTimeoutMs(undefined)).toBe(29_000);
    expect(integrationTimeoutMs(5_000)).toBe(5_000);
  });

  it('count a payload’s JSON text in UTF-8 bytes', () => {
    expect(payloadBytes({ a: 'é' })).toBe(Buffer.byteLength('{"a":"é"}'));
    expect(payloadBytes(undefined)).toBe(4);
  });
});

describe('Step Functions state data', () => {
  it('fits at exactly 256 KiB; one byte more is States.DataLimitExceeded, which no Retry or Catch takes', () => {
    expect(() => checkStateData('Assemble', payloadOf(STATE_PAYLOAD_BYTES), 'output')).not.toThrow();
    let error: unknown;
    try {
      checkStateData('Assemble', payloadOf(STATE_PAYLOAD_BYTES + 1), 'output');
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({
      name: 'States.DataLimitExceeded',
      message: "The state/task 'Assemble' returned a result with a size exceeding the maximum number of bytes service limit.",
      isRetryable: false,
      isCatchable: false,
    });
    expect(() => checkStateData('PlanLevel', payloadOf(STATE_PAYLOAD_BYTES + 1), 'input')).toThrow(/'PlanLevel' has an input/);
  });

  it('refuses an execution input over 256 KiB at StartExecution', () => {
    expect(() => checkExecutionInput(JSON.stringify(payloadOf(STATE_PAYLOAD_BYTES)))).not.toThrow();
    expect(() => checkExecutionInput(JSON.stringify(payloadOf(STATE_PAYLOAD_BYTES + 1)))).toThrow(expect.objectContaining({ name: 'ValidationException' }));
  });
});

describe('Lambda invocation payloads', () => {
  it('refuse a synchronous event over 6 MB and an asynchronous one over 1 MB, as Invoke does', () => {
    expect(() => checkInvocationRequest(payloadOf(LAMBDA_SYNC_REQUEST_BYTES), 'RequestResponse')).not.toThrow();
    expect(() => checkInvocationRequest(payloadOf(LAMBDA_SYNC_REQUEST_BYTES + 1), 'RequestResponse')).toThrow(
      expect.objectContaining({ name: 'RequestEntityTooLargeException', message: 'Request must be smaller than 6291456 bytes for the InvokeFunction operation' }),
    );
    expect(() => checkInvocationRequest(payloadOf(LAMBDA_ASYNC_REQUEST_BYTES), 'Event')).not.toThrow();
    expect(() => checkInvocationRequest(payloadOf(LAMBDA_ASYNC_REQUEST_BYTES + 1), 'Event')).toThrow(
      expect.objectContaining({ name: 'RequestEntityTooLargeException', message: '1048577 byte payload is too large for the Event invocation type (limit 1048576 bytes)' }),
    );
  });

  it('turn a synchronous result over 6 MB into Function.ResponseSizeTooLarge', () => {
    expect(() => checkInvocationResponse(payloadOf(LAMBDA_SYNC_RESPONSE_BYTES))).not.toThrow();
    expect(() => checkInvocationResponse(payloadOf(LAMBDA_SYNC_RESPONSE_BYTES + 1))).toThrow(
      expect.objectContaining({ name: 'Function.ResponseSizeTooLarge', message: 'Response payload size exceeded maximum allowed payload size (6291556 bytes).' }),
    );
  });

  it('do not run a function whose event is refused; a function whose result is too large has run', async () => {
    const invoke = vi.fn(async (event: unknown) => event);
    await expect(invokeWithinLimits(invoke, payloadOf(LAMBDA_ASYNC_REQUEST_BYTES + 1), 'Event')).rejects.toThrow(/Event invocation type/);
    expect(invoke).not.toHaveBeenCalled();
    const echoTwice = vi.fn(async (event: unknown) => `${String(event)}${String(event)}`);
    await expect(invokeWithinLimits(echoTwice, payloadOf(4 * 1024 * 1024), 'RequestResponse')).rejects.toMatchObject({ name: 'Function.ResponseSizeTooLarge' });
    expect(echoTwice).toHaveBeenCalledOnce();
    // An asynchronous caller never receives the result, so its size does not matter.
    await expect(invokeWithinLimits(echoTwice, payloadOf(1000), 'Event')).resolves.toHaveLength(2 * 998);
  });
});

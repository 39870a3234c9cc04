import type { IncomingMessage } from 'node:http';

export interface MeterSnapshot {
  /** `Service.Operation` → calls, e.g. `DynamoDB.UpdateItem`, `S3.PUT`, `SQS.SendMessage`. */
  calls: Record<string, number>;
  lambdaInvocations: number;
  /** Billed duration in GB-seconds, from each function's configured memory. */
  lambdaGbSeconds: number;
  stateTransitions: number;
  apiRequests: number;
}

/**
 * Counts what a crawl would be billed for in AWS: API calls per service, Lambda invocations and
 * GB-seconds, state transitions and API requests, as the local runtime sees them.
 */
export class UsageMeter {
  private calls = new Map<string, number>();
  private invocations = 0;
  private gbSeconds = 0;
  private transitions = 0;
  private apiRequests = 0;

  count(operation: string): void {
    this.calls.set(operation, (this.calls.get(operation) ?? 0) + 1);
  }

  /** Operation of an AWS JSON-protocol request (`x-amz-target: Prefix.Operation`). */
  countJsonRequest(service: string, request: IncomingMessage): void {
    const target = String(request.headers['x-amz-target'] ?? '');
    this.count(`${service}.${target.slice(target.indexOf('.') + 1) || 'unknown'}`);
  }

  lambda(durationMs: number, memoryMb: number): void {
    this.invocations += 1;
    // Lambda bills duration per millisecond at the configured memory size.
    this.gbSeconds += (Math.ceil(durationMs) / 1000) * (memoryMb / 1024);
  }

  stateTransition(): void {
    this.transitions += 1;
  }

  apiRequest(): void {
    this.apiRequests += 1;
  }

  snapshot(): MeterSnapshot {
    return {
      calls: Object.fromEntries([...this.calls.entries()].sort(([a], [b]) => a.localeCompare(b))),
      lambdaInvocations: this.invocations,
      lambdaGbSeconds: this.gbSeconds,
      stateTransitions: this.transitions,
      apiRequests: this.apiRequests,
    };
  }
}

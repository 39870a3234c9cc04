import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { HANDLER_METADATA_KEY } from '../lib/handler-metadata.js';
import { createLambdaInstance, HANDLERS_DIR, type Invocation } from './lambda-instance.js';
import { LambdaThreadPool } from './lambda-threads.js';
import { addLatency } from './latency.js';
import type { UsageMeter } from './meter.js';
import { resourcesOfType, type CfnTemplate } from './template.js';

interface LocalFunction {
  logicalId: string;
  handlerName: string;
  timeoutMs: number;
  memoryMb: number;
}

export interface LambdaHostOptions {
  /** Invoke overhead from the cloud latency model, before the handler runs. */
  invokeLatencyMs?: number;
  /** Worker threads running the handlers, each a Lambda instance; 0 runs them in this thread. */
  threads?: number;
  /** Where metric lines (EMF) emitted in worker threads go. */
  onMetricLine?: (line: string) => void;
  /** Told when a worker thread dies of an uncaught error. */
  onThreadError?: (error: Error) => void;
  /** Where the handler modules are (tests host their own). */
  handlersDir?: string;
}

/**
 * CRAWL_LOCAL_LAMBDA_THREADS, read by `npm start` and the benchmarks alike: by default one core is
 * left to the emulators and the API router and the others run handlers, with at least one thread
 * and a few at most (each holds its own SDK clients and, once it renders, its own browser).
 */
export const lambdaThreadsSetting = z.coerce
  .number()
  .int()
  .min(0)
  .max(64)
  .default(() => Math.max(1, Math.min(4, availableParallelism() - 1)));

/**
 * Runs the stack's Lambda functions: each function's handler module is the one its
 * `crawl:handler` metadata names, imported from source, with the function's timeout enforced.
 * The handlers run in this thread, or in a pool of worker threads when `threads` is set.
 */
export class LambdaHost {
  private readonly functions = new Map<string, LocalFunction>();
  private readonly load: (handlerName: string) => Promise<void>;
  private readonly run: (invocation: Invocation) => Promise<unknown>;
  private readonly closeInstances: () => Promise<void>;
  /** Test seam: runs instead of (or around) a function, to simulate a crashed worker. */
  private readonly interceptors = new Map<string, (event: unknown, run: () => Promise<unknown>) => Promise<unknown>>();
  private inFlight = 0;
  private readonly invokeLatencyMs: number;

  constructor(
    template: CfnTemplate,
    private readonly meter: UsageMeter,
    options: LambdaHostOptions = {},
  ) {
    this.invokeLatencyMs = options.invokeLatencyMs ?? 0;
    for (const [logicalId, resource] of resourcesOfType(template, 'AWS::Lambda::Function')) {
      const handlerName = resource.Metadata?.[HANDLER_METADATA_KEY];
      if (typeof handlerName !== 'string') continue;
      const timeoutSeconds = Number(resource.Properties?.Timeout ?? 3);
      this.functions.set(logicalId, { logicalId, handlerName, timeoutMs: timeoutSeconds * 1000, memoryMb: Number(resource.Properties?.MemorySize ?? 128) });
    }
    const handlersDir = options.handlersDir ?? HANDLERS_DIR;
    if (options.threads) {
      const pool = new LambdaThreadPool(options.threads, handlersDir, options.onMetricLine ?? (() => undefined), options.onThreadError ?? (() => undefined));
      this.load = (handlerName) => pool.load(handlerName);
      this.run = (invocation) => pool.invoke(invocation);
      this.closeInstances = () => pool.close();
    } else {
      const instance = createLambdaInstance(handlersDir);
      this.load = (handlerName) => instance.load(handlerName);
      this.run = (invocation) => instance.invoke(invocation);
      this.closeInstances = () => instance.close();
    }
  }

  has(logicalId: string): boolean {
    return this.functions.has(logicalId);
  }

  logicalIdOf(handlerName: string): string {
    for (const fn of this.functions.values()) if (fn.handlerName === handlerName) return fn.logicalId;
    throw new Error(`No function hosts handler ${handlerName}`);
  }

  intercept(handlerName: string, interceptor: ((event: unknown, run: () => Promise<unknown>) => Promise<unknown>) | undefined): void {
    if (interceptor) this.interceptors.set(handlerName, interceptor);
    else this.interceptors.delete(handlerName);
  }

  get busy(): number {
    return this.inFlight;
  }

  async invoke(logicalId: string, event: unknown): Promise<unknown> {
    const fn = this.functions.get(logicalId);
    if (!fn) throw new Error(`Unknown function ${logicalId}`);
    await this.load(fn.handlerName);
    const interceptor = this.interceptors.get(fn.handlerName);
    this.inFlight += 1;
    await addLatency(this.invokeLatencyMs);
    const started = performance.now();
    const invocation: Invocation = {
      handlerName: fn.handlerName,
      functionName: fn.logicalId,
      requestId: randomUUID(),
      memoryMb: fn.memoryMb,
      deadline: Date.now() + fn.timeoutMs,
      event,
    };
    const run = () => this.run(invocation);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        interceptor ? interceptor(event, run) : run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Task timed out after ${fn.timeoutMs / 1000} seconds`)), fn.timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      this.inFlight -= 1;
      this.meter.lambda(performance.now() - started, fn.memoryMb);
    }
  }

  /**
   * Imports every function's handler ahead of its first invocation (in every thread), as a warm
   * Lambda container has: a crawl then pays no module loading on its way.
   */
  async warm(): Promise<void> {
    await Promise.all([...new Set([...this.functions.values()].map((fn) => fn.handlerName))].map((handlerName) => this.load(handlerName)));
  }

  /** Ends the Lambda instances: their browsers close, worker threads end. */
  close(): Promise<void> {
    return this.closeInstances();
  }
}

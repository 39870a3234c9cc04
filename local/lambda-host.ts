import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { HANDLER_METADATA_KEY } from '../lib/crawl-function.js';
import { addLatency } from './latency.js';
import type { UsageMeter } from './meter.js';
import { PROJECT_ROOT, resourcesOfType, type CfnTemplate } from './template.js';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

interface LocalFunction {
  logicalId: string;
  handlerName: string;
  timeoutMs: number;
  memoryMb: number;
}

/**
 * Runs the stack's Lambda functions in this process: each function's handler module is the one
 * its `crawl:handler` metadata names, imported from source, with the function's timeout enforced.
 */
export class LambdaHost {
  private readonly functions = new Map<string, LocalFunction>();
  private readonly modules = new Map<string, Promise<Handler>>();
  /** Test seam: runs instead of (or around) a function, to simulate a crashed worker. */
  private readonly interceptors = new Map<string, (event: unknown, run: () => Promise<unknown>) => Promise<unknown>>();
  private inFlight = 0;

  constructor(
    template: CfnTemplate,
    private readonly meter: UsageMeter,
    /** Invoke overhead from the cloud latency model, before the handler runs. */
    private readonly invokeLatencyMs = 0,
  ) {
    for (const [logicalId, resource] of resourcesOfType(template, 'AWS::Lambda::Function')) {
      const handlerName = resource.Metadata?.[HANDLER_METADATA_KEY];
      if (typeof handlerName !== 'string') continue;
      const timeoutSeconds = Number(resource.Properties?.Timeout ?? 3);
      this.functions.set(logicalId, { logicalId, handlerName, timeoutMs: timeoutSeconds * 1000, memoryMb: Number(resource.Properties?.MemorySize ?? 128) });
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
    const handler = await this.load(fn.handlerName);
    const deadline = Date.now() + fn.timeoutMs;
    const context = {
      functionName: fn.logicalId,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${fn.logicalId}`,
      memoryLimitInMB: '1024',
      awsRequestId: randomUUID(),
      logGroupName: `/aws/lambda/${fn.logicalId}`,
      logStreamName: 'local',
      callbackWaitsForEmptyEventLoop: false,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    } satisfies Context;
    const run = () => handler(event, context);
    const interceptor = this.interceptors.get(fn.handlerName);
    this.inFlight += 1;
    await addLatency(this.invokeLatencyMs);
    const started = performance.now();
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

  private load(handlerName: string): Promise<Handler> {
    let module = this.modules.get(handlerName);
    if (!module) {
      const file = pathToFileURL(path.join(PROJECT_ROOT, 'lambdas', 'handlers', `${handlerName}.ts`)).href;
      module = import(file).then((loaded: { handler?: Handler }) => {
        if (typeof loaded.handler !== 'function') throw new Error(`lambdas/handlers/${handlerName}.ts exports no handler`);
        return loaded.handler;
      });
      this.modules.set(handlerName, module);
    }
    return module;
  }
}

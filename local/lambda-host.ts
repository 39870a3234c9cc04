import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { HANDLER_METADATA_KEY } from '../lib/handler-metadata.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createLambdaInstance, type HandlerModules, type Invocation } from './lambda-instance.js';
import { LambdaThreadPool } from './lambda-threads.js';
import { addLatency } from './latency.js';
import type { UsageMeter } from './meter.js';
import { PROJECT_ROOT, resourcesOfType, type CfnTemplate } from './template.js';

/** Where the stack's handler modules are in the source, by the name its `crawl:handler` metadata gives. */
const HANDLERS_DIR = path.join(PROJECT_ROOT, 'lambdas', 'handlers');

/** The source modules of the named handlers. */
function sourceHandlerModules(handlerNames: Iterable<string>, handlersDir = HANDLERS_DIR): HandlerModules {
  return Object.fromEntries([...handlerNames].map((name) => [name, path.join(handlersDir, `${name}.ts`)]));
}

interface LocalFunction {
  logicalId: string;
  handlerName: string;
  /** The template's `Handler`: the bundle's module and export, `index.handler`. */
  handler: string;
  timeoutMs: number;
  memoryMb: number;
}

/**
 * Which code the functions run. `source`: the project's handler modules, compiled by tsx, all of
 * them in each instance, the runtime's environment shared. `bundled`: each function's bundle, as
 * `cdk deploy` uploads it, in instances of that function alone with its own environment.
 */
export type FunctionCode =
  | { kind: 'source'; handlersDir?: string }
  | {
      kind: 'bundled';
      /** The folder of a function's bundle (Lambda's /var/task). */
      bundleDir(logicalId: string): string;
      /** What a new instance of the function sees in `process.env`. */
      environment(logicalId: string): Record<string, string>;
    };

type Runner = { load(handlerName: string): Promise<void>; invoke(invocation: Invocation): Promise<unknown>; close(): Promise<void> };

export interface LambdaHostOptions {
  /** Invoke overhead from the cloud latency model, before the handler runs. */
  invokeLatencyMs?: number;
  /** Worker threads running the handlers, each a Lambda instance; 0 runs them in this thread. */
  threads?: number;
  /** Where metric lines (EMF) emitted in worker threads go. */
  onMetricLine?: (line: string) => void;
  /** Told when a worker thread dies of an uncaught error. */
  onThreadError?: (error: Error) => void;
  /** Which code the functions run; the source by default. */
  code?: FunctionCode;
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

/** The module file a function's `Handler` names in its bundle, as Lambda's Node runtime looks for it. */
export function bundleModule(bundleDir: string, handler: string): string {
  const match = /^(.+)\.handler$/.exec(handler);
  if (!match) throw new Error(`Handler ${handler}: the local host calls a module's export named handler`);
  const candidates = ['.mjs', '.js', '.cjs'].map((extension) => path.join(bundleDir, `${match[1]}${extension}`));
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`No ${match[1]}.mjs, .js or .cjs in the bundle ${bundleDir}`);
  return found;
}

/**
 * Runs the stack's Lambda functions: each function's handler module is the one its
 * `crawl:handler` metadata names, from source or from its bundle, with the function's timeout
 * enforced. Source handlers run in this thread, or in a pool of worker threads when `threads` is
 * set; bundles run in threads of their own function (`threads` of them, at least one).
 */
export class LambdaHost {
  private readonly hosted = new Map<string, LocalFunction>();
  private readonly runners = new Map<string, Runner>();
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
      const handler = String(resource.Properties?.Handler ?? 'index.handler');
      this.hosted.set(logicalId, { logicalId, handlerName, handler, timeoutMs: timeoutSeconds * 1000, memoryMb: Number(resource.Properties?.MemorySize ?? 128) });
    }
    const code = options.code ?? { kind: 'source' };
    if (code.kind === 'bundled') this.hostBundles(code, options);
    else this.hostSource(code.handlersDir, options);
  }

  private hostSource(handlersDir: string | undefined, options: LambdaHostOptions): void {
    const modules = sourceHandlerModules(new Set([...this.hosted.values()].map((fn) => fn.handlerName)), handlersDir);
    const runner: Runner = options.threads
      ? new LambdaThreadPool(options.threads, { modules, fromSource: true, env: 'shared' }, options.onMetricLine ?? (() => undefined), options.onThreadError ?? (() => undefined))
      : createLambdaInstance(modules, { onClose: async () => (await import('../lambdas/workflow/renderer.js')).closeSharedRenderer() });
    for (const logicalId of this.hosted.keys()) this.runners.set(logicalId, runner);
  }

  private hostBundles(code: Extract<FunctionCode, { kind: 'bundled' }>, options: LambdaHostOptions): void {
    for (const fn of this.hosted.values()) {
      const modules = { [fn.handlerName]: bundleModule(code.bundleDir(fn.logicalId), fn.handler) };
      const env = () => code.environment(fn.logicalId);
      this.runners.set(fn.logicalId, new LambdaThreadPool(Math.max(1, options.threads ?? 1), { modules, fromSource: false, env }, options.onMetricLine ?? (() => undefined), options.onThreadError ?? (() => undefined)));
    }
  }

  private runnerOf(logicalId: string): Runner {
    const runner = this.runners.get(logicalId);
    if (!runner) throw new Error(`Unknown function ${logicalId}`);
    return runner;
  }

  has(logicalId: string): boolean {
    return this.hosted.has(logicalId);
  }

  /** The functions hosted, by logical id and handler name. */
  functions(): Array<{ logicalId: string; handlerName: string }> {
    return [...this.hosted.values()].map(({ logicalId, handlerName }) => ({ logicalId, handlerName }));
  }

  logicalIdOf(handlerName: string): string {
    for (const fn of this.hosted.values()) if (fn.handlerName === handlerName) return fn.logicalId;
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
    const fn = this.hosted.get(logicalId);
    if (!fn) throw new Error(`Unknown function ${logicalId}`);
    const runner = this.runnerOf(logicalId);
    await runner.load(fn.handlerName);
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
    const run = () => runner.invoke(invocation);
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
    await Promise.all([...this.hosted.values()].map((fn) => this.runnerOf(fn.logicalId).load(fn.handlerName)));
  }

  /** Ends the Lambda instances: their browsers close, worker threads end. */
  async close(): Promise<void> {
    await Promise.all([...new Set(this.runners.values())].map((runner) => runner.close()));
  }
}

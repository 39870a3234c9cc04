import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { HANDLER_METADATA_KEY } from '../lib/handler-metadata.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createLambdaInstance, type HandlerModules, type Invocation } from './lambda-instance.js';
import { LambdaThreadPool } from './lambda-threads.js';
import { buildSourceHandlers } from './source-build.js';
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

/** The template's functions the host runs: those whose `crawl:handler` metadata names a handler. */
function hostedFunctions(template: CfnTemplate): LocalFunction[] {
  return resourcesOfType(template, 'AWS::Lambda::Function').flatMap(([logicalId, resource]) => {
    const handlerName = resource.Metadata?.[HANDLER_METADATA_KEY];
    if (typeof handlerName !== 'string') return [];
    const timeoutSeconds = Number(resource.Properties?.Timeout ?? 3);
    const handler = String(resource.Properties?.Handler ?? 'index.handler');
    return [{ logicalId, handlerName, handler, timeoutMs: timeoutSeconds * 1000, memoryMb: Number(resource.Properties?.MemorySize ?? 128) }];
  });
}

/**
 * Which code the functions run, and where. `in-thread`: the project's handler modules, compiled by
 * tsx, all in the runtime's own thread with its environment (where a test's `vi.mock` reaches
 * them). `instances`: each function in worker threads of its own (Lambda instances of that
 * function alone), from a plain JavaScript module (the source's build, or the function's bundle as
 * `cdk deploy` uploads it), each instance seeing the function's own environment.
 */
export type FunctionCode =
  | { kind: 'in-thread'; handlersDir?: string }
  | {
      kind: 'instances';
      /** The module a function's instances import. */
      module(fn: { logicalId: string; handlerName: string; handler: string }): string;
      /** What a new instance of the function sees in `process.env`. */
      environment(logicalId: string): Record<string, string>;
    };

/** The source's handlers, built to plain JavaScript, each function in instances of its own. */
export async function sourceInstances(template: CfnTemplate, environment: (logicalId: string) => Record<string, string>, handlersDir = HANDLERS_DIR): Promise<FunctionCode> {
  const modules = await buildSourceHandlers(hostedFunctions(template).map((fn) => fn.handlerName), handlersDir);
  return { kind: 'instances', module: (fn) => modules[fn.handlerName] ?? '', environment };
}

/** Each function's bundle, as `cdk deploy` uploads it, in instances of its own. */
export function bundledInstances(bundleDir: (logicalId: string) => string, environment: (logicalId: string) => Record<string, string>): FunctionCode {
  return { kind: 'instances', module: (fn) => bundleModule(bundleDir(fn.logicalId), fn.handler), environment };
}

type Runner = { load(handlerName: string): Promise<void>; invoke(invocation: Invocation): Promise<unknown>; close(): Promise<void> };

export interface LambdaHostOptions {
  /** Invoke overhead from the cloud latency model, before the handler runs. */
  invokeLatencyMs?: number;
  /** With `instances`: how many instances a function scales out to at most (at least one). */
  threads?: number;
  /** Where metric lines (EMF) the instances write go. */
  onMetricLine?: (line: string) => void;
  /** Told when an instance dies (an uncaught error, its memory exceeded). */
  onThreadError?: (error: Error) => void;
  /** Which code the functions run, and where; the source in this thread by default. */
  code?: FunctionCode;
  /** With `instances`: the functions that answer a caller who waits (API Gateway's); see BACKGROUND_NICENESS. */
  interactive?: ReadonlySet<string>;
}

/**
 * How far below the process's scheduling priority (in nice values) the instances of every function
 * no caller waits on run (queue consumers, the state machine's tasks, scheduled and event-driven
 * functions), with the browsers they start. On Lambda each instance has CPU of its own, so a
 * crawl's page workers and exports never slow an API call; on a machine's few shared cores the
 * scheduler gives the API's instances the CPU first instead.
 */
const BACKGROUND_NICENESS = 10;

/**
 * CRAWL_LOCAL_LAMBDA_THREADS, read by `npm start` and the benchmarks alike: the instances (worker
 * threads) one function scales out to at most. By default one per core but the one left to the
 * emulators and the API router, at least one and a few at most (each holds its own SDK clients
 * and, once it renders, its own browser). 0 runs every handler in the runtime's own thread.
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
 * `crawl:handler` metadata names, with the function's timeout enforced; in this thread, or in
 * instances of each function of its own (see FunctionCode).
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
    for (const fn of hostedFunctions(template)) this.hosted.set(fn.logicalId, fn);
    const code = options.code ?? { kind: 'in-thread' };
    if (code.kind === 'instances') this.hostInstances(code, options);
    else this.hostInThread(code.handlersDir);
  }

  private hostInThread(handlersDir: string | undefined): void {
    const modules = sourceHandlerModules(new Set([...this.hosted.values()].map((fn) => fn.handlerName)), handlersDir);
    const runner: Runner = createLambdaInstance(modules, { onClose: async () => (await import('../lambdas/workflow/renderer.js')).closeSharedRenderer() });
    for (const logicalId of this.hosted.keys()) this.runners.set(logicalId, runner);
  }

  private hostInstances(code: Extract<FunctionCode, { kind: 'instances' }>, options: LambdaHostOptions): void {
    for (const fn of this.hosted.values()) {
      const niceness = options.interactive?.has(fn.logicalId) ? 0 : BACKGROUND_NICENESS;
      const spec = { handlerName: fn.handlerName, module: code.module(fn), memoryMb: fn.memoryMb, niceness, env: () => code.environment(fn.logicalId) };
      this.runners.set(fn.logicalId, new LambdaThreadPool(Math.max(1, options.threads ?? 1), spec, options.onMetricLine ?? (() => undefined), options.onThreadError ?? (() => undefined)));
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
   * Imports every function's handler ahead of its first invocation (an instance of each function),
   * as a warm Lambda container has: a crawl then pays no module loading on its way. One function
   * after another, so that the warming takes one core and leaves the others to the requests that
   * come meanwhile (a function invoked first starts its instance then).
   */
  async warm(): Promise<void> {
    for (const fn of this.hosted.values()) await this.runnerOf(fn.logicalId).load(fn.handlerName);
  }

  /** Ends the Lambda instances: their browsers close, worker threads end. */
  async close(): Promise<void> {
    await Promise.all([...new Set(this.runners.values())].map((runner) => runner.close()));
  }
}

import { buildSync } from 'esbuild';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import type { Invocation } from './lambda-instance.js';
import type { FromThread, LambdaThreadData, ThrownError, ToThread } from './lambda-thread.js';

/** The function whose instances a pool runs. */
export interface LambdaFunctionSpec {
  handlerName: string;
  /** The plain JavaScript module of its handler: the source's build or its bundle. */
  module: string;
  /** Its MemorySize: an instance's heap is bounded by it. */
  memoryMb: number;
  /** How far below the process's scheduling priority (in nice values) its instances, and the processes they start, run. */
  niceness: number;
  /** What a new instance sees in `process.env`, fixed when it starts, as a Lambda instance's is. */
  env(): Record<string, string>;
}

/** An EMF line, as CloudWatch Logs picks it out of a function's output. */
const METRIC_LINE = /^\{"_aws":/;

let bundledEntry: string | undefined;

/**
 * The code of a Lambda thread: the thread's own code built into one script when first needed, so
 * that an instance starts without a TypeScript loader, as fast as its function's module loads.
 */
function bundledThreadCode(): string {
  bundledEntry ??= buildSync({ entryPoints: [path.join(import.meta.dirname, 'lambda-thread-entry.ts')], bundle: true, platform: 'node', format: 'cjs', write: false, logLevel: 'silent' }).outputFiles[0]?.text ?? '';
  return bundledEntry;
}

interface LambdaThread {
  worker: Worker;
  /** Invocations sent to this thread and not yet answered. */
  pending: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
  crash?: Error;
}

/** How long a closing thread may take to close its browser before it is terminated anyway. */
const CLOSE_GRACE_MS = 10_000;

function rethrown(thrown: ThrownError): Error {
  const error = Object.assign(new Error(thrown.message), thrown.fields);
  error.name = thrown.name;
  if (thrown.stack) error.stack = thrown.stack;
  return error;
}

/**
 * Lambda's Node runtime gives V8's old generation 90 % of the function's memory (its bootstrap:
 * new space a tenth of MemorySize, old space the rest); an instance here gets the same bound.
 */
export const oldGenerationMb = (memoryMb: number): number => Math.max(16, memoryMb - Math.floor(memoryMb / 10));

/** How a thread's end reads to the invocations it was running: as Lambda reports an instance's. */
function instanceEnded(crash: Error | undefined, code: number, memoryMb: number): Error {
  if ((crash as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return Object.assign(new Error(`Runtime exited with error: the instance ran out of its ${memoryMb} MB (${crash?.message})`), { name: 'Runtime.OutOfMemory' });
  }
  const cause = crash ? `${crash.name}: ${crash.message}` : `exit code ${code}`;
  return Object.assign(new Error(`The Lambda instance ended before the invocation did (${cause})`), { name: 'Runtime.ExitError' });
}

/**
 * Worker threads as the Lambda instances of one function: each imports the function's module
 * itself (its own SDK clients, fetcher and browser) and sees the function's environment alone, so
 * handler CPU runs beside the emulators and beside other functions instead of between them. An
 * instance starts when the function is first invoked, and another (up to `maxInstances`) when every
 * one has an invocation in flight, as Lambda scales out; an invocation goes to the instance with the
 * fewest in flight. An instance that dies is replaced, and what it was running fails the way a
 * crashed Lambda instance's invocations do (`Runtime.OutOfMemory` when its heap outgrew MemorySize).
 */
export class LambdaThreadPool {
  private readonly threads: LambdaThread[] = [];
  private loaded: Promise<void> | undefined;
  private nextId = 0;
  private closing = false;

  constructor(
    private readonly maxInstances: number,
    private readonly fn: LambdaFunctionSpec,
    /** Where the threads' metric lines (EMF, picked out of their stdout) go: the runtime's log. */
    private readonly onMetricLine: (line: string) => void,
    /** Told why a thread died (an uncaught error, its memory), even when it was running nothing. */
    private readonly onThreadError: (error: Error) => void,
  ) {}

  /** The instance for the next invocation: an idle one, else a new one while there is room, else the least busy. */
  private instanceFor(): LambdaThread {
    const least = this.threads.reduce<LambdaThread | undefined>((best, candidate) => (!best || candidate.pending.size < best.pending.size ? candidate : best), undefined);
    if (least && (least.pending.size === 0 || this.threads.length >= this.maxInstances)) return least;
    const started = this.spawn();
    this.threads.push(started);
    return started;
  }

  invoke(invocation: Invocation): Promise<unknown> {
    if (this.closing) return Promise.reject(new Error('The Lambda threads are closed'));
    return this.send(this.instanceFor(), (id) => ({ type: 'invoke', id, invocation }));
  }

  /** Starts an instance, if none runs, and has it import the handler: the init phase, before and outside the first invocation's timeout. */
  load(): Promise<void> {
    if (!this.loaded) {
      const loading = this.send(this.instanceFor(), (id) => ({ type: 'load', id, handlerName: this.fn.handlerName })).then(() => undefined);
      // A thread that died while importing must not fail the function's every later invocation.
      loading.catch(() => (this.loaded = undefined));
      this.loaded = loading;
    }
    return this.loaded;
  }

  /** Lets each thread close its browser and end; one that takes too long is terminated. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.threads.map(async ({ worker }) => {
        const ended = new Promise((resolve) => worker.once('exit', resolve));
        worker.postMessage({ type: 'close' } satisfies ToThread);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
        clearTimeout(timer);
        await worker.terminate();
      }),
    );
  }

  private send(thread: LambdaThread, message: (id: number) => ToThread): Promise<unknown> {
    if (this.closing) return Promise.reject(new Error('The Lambda threads are closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage(message(id));
    });
  }

  private spawn(): LambdaThread {
    const worker = new Worker(bundledThreadCode(), {
      eval: true,
      env: this.fn.env(),
      execArgv: [],
      // Its metric lines are on its stdout, as on Lambda; picked out of it here.
      stdout: true,
      resourceLimits: {
        maxOldGenerationSizeMb: oldGenerationMb(this.fn.memoryMb),
        // A page worker allocates HTML, sections and JSON fast; with V8's default young generation the
        // thread spent much of a crawl in scavenges (the 888-page level: 2.35-2.5 s, 1.7-2.0 s with this).
        maxYoungGenerationSizeMb: 64,
      },
      workerData: { modules: { [this.fn.handlerName]: this.fn.module }, niceness: this.fn.niceness } satisfies LambdaThreadData,
    });
    const thread: LambdaThread = { worker, pending: new Map() };
    createInterface({ input: worker.stdout }).on('line', (line) => (METRIC_LINE.test(line) ? this.onMetricLine(line) : process.stdout.write(`${line}\n`)));
    worker.on('message', (message: FromThread) => {
      const pending = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      if (message.type === 'result') pending?.resolve(message.value);
      else pending?.reject(rethrown(message.error));
    });
    worker.on('error', (error) => {
      thread.crash = error;
      this.onThreadError(error);
    });
    worker.on('exit', (code) => {
      const ended = instanceEnded(thread.crash, code, this.fn.memoryMb);
      for (const { reject } of thread.pending.values()) reject(ended);
      thread.pending.clear();
      // The next invocation starts a new instance, as Lambda replaces one that ended.
      const index = this.threads.indexOf(thread);
      if (index >= 0) this.threads.splice(index, 1);
      if (this.threads.length === 0) this.loaded = undefined;
    });
    return thread;
  }
}

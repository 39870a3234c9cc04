import { buildSync } from 'esbuild';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { HandlerModules, Invocation } from './lambda-instance.js';
import type { FromThread, LambdaThreadData, ThrownError, ToThread } from './lambda-thread.js';

/** What the threads of a pool host, and what they see. */
export interface LambdaThreadSpec {
  modules: HandlerModules;
  /** The project's source (every handler, tsx-compiled), or one function's bundle. */
  fromSource: boolean;
  /** The environment the threads see: the runtime's own, live, or a fixed one of their function's, as a Lambda instance has. */
  env: 'shared' | (() => Record<string, string>);
}

/** An EMF line, as CloudWatch Logs picks it out of a function's output. */
const METRIC_LINE = /^\{"_aws":/;

let bundledEntry: string | undefined;

/**
 * The code of a thread that runs a bundle: the thread's own code built into one script when first
 * needed, so that an instance starts without a TypeScript loader, as fast as its bundle loads.
 */
function bundledThreadCode(): string {
  bundledEntry ??= buildSync({ entryPoints: [path.join(import.meta.dirname, 'lambda-thread-bundled.ts')], bundle: true, platform: 'node', format: 'cjs', write: false, logLevel: 'silent' }).outputFiles[0]?.text ?? '';
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
 * Worker threads as Lambda instances: each imports the handlers itself (its own SDK clients,
 * fetcher and browser), so handler CPU runs beside the emulators instead of between them. An
 * invocation goes to the thread with the fewest in flight; a thread that dies is replaced, and
 * what it was running fails the way a crashed Lambda instance's invocations do.
 */
export class LambdaThreadPool {
  private readonly threads: LambdaThread[] = [];
  private readonly loads = new Map<string, Promise<void>>();
  private nextId = 0;
  private closing = false;

  constructor(
    private readonly size: number,
    private readonly spec: LambdaThreadSpec,
    /** Where the threads' metric lines (EMF) go: the runtime's log, as in-process. */
    private readonly onMetricLine: (line: string) => void,
    /** Told why a thread died (an uncaught error), even when it was running nothing. */
    private readonly onThreadError: (error: Error) => void,
  ) {
  }

  /** The pool's threads, started on first use: a function never invoked costs no thread. */
  private get started(): LambdaThread[] {
    if (this.threads.length === 0 && !this.closing) for (let i = 0; i < this.size; i++) this.threads.push(this.spawn());
    return this.threads;
  }

  invoke(invocation: Invocation): Promise<unknown> {
    if (this.closing) return Promise.reject(new Error('The Lambda threads are closed'));
    const thread = this.started.reduce((least, candidate) => (candidate.pending.size < least.pending.size ? candidate : least));
    return this.send(thread, (id) => ({ type: 'invoke', id, invocation }));
  }

  /** Has every thread import a handler, once, before its first invocation (the init phase, outside the timeout). */
  load(handlerName: string): Promise<void> {
    let loaded = this.loads.get(handlerName);
    if (!loaded) {
      loaded = Promise.all(this.started.map((thread) => this.send(thread, (id) => ({ type: 'load', id, handlerName })))).then(() => undefined);
      // A thread that died while importing must not fail the handler's every later invocation.
      loaded.catch(() => this.loads.delete(handlerName));
      this.loads.set(handlerName, loaded);
    }
    return loaded;
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
    // The source's bootstrap registers tsx itself: whatever loader flags this process has are not passed on.
    const worker = new Worker(this.spec.fromSource ? path.join(import.meta.dirname, 'lambda-thread-bootstrap.mjs') : bundledThreadCode(), {
      eval: !this.spec.fromSource,
      env: this.spec.env === 'shared' ? SHARE_ENV : this.spec.env(),
      execArgv: [],
      // A bundle's metric lines are on its stdout, as on Lambda; picked out of it here.
      stdout: !this.spec.fromSource,
      // A page worker allocates HTML, sections and JSON fast; with V8's default young generation the
      // thread spent much of a crawl in scavenges (the 888-page level: 2.35-2.5 s, 1.7-2.0 s with this).
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
      workerData: { modules: this.spec.modules } satisfies LambdaThreadData,
    });
    const thread: LambdaThread = { worker, pending: new Map() };
    if (!this.spec.fromSource) {
      createInterface({ input: worker.stdout }).on('line', (line) => (METRIC_LINE.test(line) ? this.onMetricLine(line) : process.stdout.write(`${line}\n`)));
    }
    worker.on('message', (message: FromThread) => {
      if (message.type === 'metric') {
        this.onMetricLine(message.line);
      } else {
        const pending = thread.pending.get(message.id);
        thread.pending.delete(message.id);
        if (message.type === 'result') pending?.resolve(message.value);
        else pending?.reject(rethrown(message.error));
      }
    });
    worker.on('error', (error) => {
      thread.crash = error;
      this.onThreadError(error);
    });
    worker.on('exit', (code) => {
      const cause = thread.crash ? `${thread.crash.name}: ${thread.crash.message}` : `exit code ${code}`;
      for (const { reject } of thread.pending.values()) {
        reject(Object.assign(new Error(`The Lambda instance ended before the invocation did (${cause})`), { name: 'Runtime.ExitError' }));
      }
      thread.pending.clear();
      const index = this.threads.indexOf(thread);
      if (!this.closing && index >= 0) this.threads[index] = this.spawn();
    });
    return thread;
  }
}

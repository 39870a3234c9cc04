import { readlinkSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createLambdaInstance, type HandlerModules, type Invocation } from './lambda-instance.js';

export interface LambdaThreadData {
  modules: HandlerModules;
  niceness: number;
}

/**
 * Lowers this thread's scheduling priority below the process's by `niceness`, and so that of the
 * processes it starts (a browser), which inherit it. Linux keeps a nice value per thread, named by
 * the thread's id, which /proc/thread-self names; elsewhere the thread keeps the process's priority.
 */
function lowerThreadPriority(niceness: number): void {
  if (niceness === 0) return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(threadId, Math.min(19, getPriority(threadId) + niceness));
  } catch {
    // not Linux: the instance shares the process's priority
  }
}

/**
 * Names the thread after its function (Linux keeps 15 bytes of it), so that `top -H`, `ps -L` and
 * the crawl bench's CPU by thread tell the instances of each function apart.
 */
function nameThread(name: string): void {
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // not Linux: the thread keeps the process's name
  }
}

/** Messages from the runtime's thread to a Lambda thread. */
export type ToThread = { type: 'invoke'; id: number; invocation: Invocation } | { type: 'load'; id: number; handlerName: string } | { type: 'close' };

/** What crosses back for a thrown error: enough for the SQS event source and Step Functions to treat it as they would in-process. */
export interface ThrownError {
  name: string;
  message: string;
  stack?: string;
  /** The error's own enumerable fields (`code`, `$metadata`, ...) that survive the crossing. */
  fields: Record<string, unknown>;
}

/** Messages from a Lambda thread to the runtime's thread. */
export type FromThread =
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: ThrownError };

function thrownError(error: unknown): ThrownError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  let fields: Record<string, unknown> = {};
  try {
    fields = structuredClone({ ...error });
  } catch {
    // a field that cannot cross (a function, a socket): name and message still do
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/**
 * A Lambda thread: one Lambda instance of one function. Its metric lines go to stdout, as on
 * Lambda; its stack traces name the TypeScript lines through the module's source map, as
 * `--enable-source-maps` (the stack's NODE_OPTIONS) has them on Lambda; a browser it launched ends
 * with it (Playwright kills its browsers when the thread exits).
 */
export function serveLambdaThread(): void {
  const port = parentPort;
  if (!port) throw new Error('lambda-thread runs in a worker thread');
  process.setSourceMapsEnabled(true);
  const { modules, niceness } = workerData as LambdaThreadData;
  lowerThreadPriority(niceness);
  nameThread(Object.keys(modules).join('+'));
  const post = (message: FromThread) => port.postMessage(message);
  const instance = createLambdaInstance(modules);
  port.on('message', (message: ToThread) => {
    if (message.type === 'close') {
      // Ends the thread even with sockets still open, as the end of a Lambda instance does.
      void instance.close().finally(() => process.exit(0));
      return;
    }
    const { id } = message;
    (message.type === 'load' ? instance.load(message.handlerName) : instance.invoke(message.invocation)).then(
      (value) => {
        try {
          post({ type: 'result', id, value });
        } catch (error) {
          post({ type: 'error', id, error: thrownError(error) }); // a result that cannot cross, as Lambda fails one it cannot serialize
        }
      },
      (error: unknown) => post({ type: 'error', id, error: thrownError(error) }),
    );
  });
}

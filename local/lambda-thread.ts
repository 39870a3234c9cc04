import { parentPort, workerData } from 'node:worker_threads';
import { createLambdaInstance, type HandlerModules, type Invocation } from './lambda-instance.js';

export interface LambdaThreadData {
  modules: HandlerModules;
}

/** What a thread running the source does besides hosting its handlers. */
export interface SourceThreadHooks {
  /** Sends the handlers' metric lines (EMF) on, by the function given. */
  sendMetricLines(post: (line: string) => void): void;
  /** Closes what the handlers started that would outlive the thread. */
  closeInstance(): Promise<void>;
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
  | { type: 'error'; id: number; error: ThrownError }
  | { type: 'metric'; line: string };

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
 * A Lambda thread: one Lambda instance. The source's metric lines reach the runtime's log over the
 * thread's port (`source`); a bundle writes them to stdout, as on Lambda.
 */
export function serveLambdaThread(source?: SourceThreadHooks): void {
  const port = parentPort;
  if (!port) throw new Error('lambda-thread runs in a worker thread');
  const post = (message: FromThread) => port.postMessage(message);
  const instance = createLambdaInstance((workerData as LambdaThreadData).modules, { onClose: source?.closeInstance });
  source?.sendMetricLines((line) => post({ type: 'metric', line }));
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

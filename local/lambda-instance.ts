import { pathToFileURL } from 'node:url';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

/** What an invocation needs besides the event; plain data, so it can cross to a worker thread. */
export interface Invocation {
  handlerName: string;
  functionName: string;
  requestId: string;
  memoryMb: number;
  /** Epoch milliseconds at which the function times out. */
  deadline: number;
  event: unknown;
}

/** The handler modules an instance may import, by handler name: a source file, or a function's bundle. */
export type HandlerModules = Record<string, string>;

/** Invocations one instance runs at once, as far as the logger is told: the local host sets no limit. */
const MAX_CONCURRENT_INVOCATIONS = 1000;

// Unlike a Lambda container, an instance here runs many invocations at once. So does a Lambda
// Managed Instance; as its runtime does, each invocation runs in a context of its own, which the
// logger keeps its Lambda context in, so a line names the function that wrote it. Set on import,
// before the SDK's first call could make the store a single-invocation one.
process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= String(MAX_CONCURRENT_INVOCATIONS);
const invocations = InvokeStore.getInstanceAsync(true);

/**
 * One Lambda instance: the handler modules it imported (each with its own module state, as in a
 * Lambda container) and the invocations it runs. The local runtime has one in its own thread, or
 * one per worker thread. `onClose`: what ends with the instance besides its thread (the source's
 * render worker keeps a browser; a bundle's browser ends with its thread).
 */
export function createLambdaInstance(modules: HandlerModules, options: { onClose?: () => Promise<void> } = {}) {
  const loaded = new Map<string, Promise<Handler>>();

  const load = (handlerName: string): Promise<Handler> => {
    let module = loaded.get(handlerName);
    if (!module) {
      const file = modules[handlerName];
      if (!file) return Promise.reject(new Error(`This instance hosts no handler ${handlerName}`));
      module = import(pathToFileURL(file).href).then((exports: { handler?: Handler }) => {
        if (typeof exports.handler !== 'function') throw new Error(`${file} exports no handler`);
        return exports.handler;
      });
      loaded.set(handlerName, module);
    }
    return module;
  };

  return {
    /** Imports a handler ahead of its first invocation: Lambda's init phase, outside the function's timeout. */
    async load(handlerName: string): Promise<void> {
      await load(handlerName);
    },

    async invoke(invocation: Invocation): Promise<unknown> {
      const handler = await load(invocation.handlerName);
      const context = {
        functionName: invocation.functionName,
        functionVersion: '$LATEST',
        invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${invocation.functionName}`,
        memoryLimitInMB: String(invocation.memoryMb),
        awsRequestId: invocation.requestId,
        logGroupName: `/aws/lambda/${invocation.functionName}`,
        logStreamName: 'local',
        callbackWaitsForEmptyEventLoop: false,
        getRemainingTimeInMillis: () => Math.max(0, invocation.deadline - Date.now()),
        done: () => undefined,
        fail: () => undefined,
        succeed: () => undefined,
      } satisfies Context;
      const store = await invocations;
      return store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: invocation.requestId }, () => handler(invocation.event, context));
    },

    /** Ends what the instance started that would outlive it (a browser is a child process). */
    async close(): Promise<void> {
      if (loaded.size > 0) await options.onClose?.();
    },
  };
}

export type LambdaInstance = ReturnType<typeof createLambdaInstance>;

/**
 * A local SQS endpoint speaking the JSON protocol of @aws-sdk/client-sqs, for the local runtime and
 * tests: standard queues with visibility timeouts, delays, long polling, retention and DLQ redrive.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestText } from './request-body.js';
import { SqsError, sqsErrors } from './sqs/errors.js';
import { isRequestInput, type RequestInput } from './sqs/input.js';
import { runOperation, type OperationContext } from './sqs/operations.js';
import { QueueStateWriter, loadQueueState } from './sqs/persistence.js';
import { ACCOUNT_ID } from './sqs/queue-attributes.js';
import { QueueStore } from './sqs/queue-store.js';

export interface SqsServerOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** 0 (the default) picks a free port */
  port?: number;
  /**
   * queues and messages are saved here and loaded at start: sends and queue changes before they
   * are acknowledged, receives and deletes shortly after (losing one only means a redelivery)
   */
  dataFile?: string;
  /** the clock for visibility, delay, retention and timestamps; long-poll waits stay in real time */
  now?: () => number;
  /** Told of every request, for metering. */
  onRequest?: (request: IncomingMessage, response: ServerResponse) => void;
  /** Checks a request's signature and that its caller may make it (the local runtime's IAM); none admits any. */
  authorize?: (request: IncomingMessage, body: string) => Promise<SqsError | undefined>;
}

export interface SqsServer {
  /** e.g. http://127.0.0.1:4566, for the client's `endpoint` */
  endpoint: string;
  port: number;
  queueUrl(name: string): string;
  /** Ends long polls at once (with no messages), closes connections and saves the state. */
  close(): Promise<void>;
}

/**
 * What SQS never loses once it answered: a sent message, and changes to queues. A crash may undo a
 * receive or a delete saved after its answer, which only means a redelivery, as SQS allows.
 */
const ACKNOWLEDGED_DURABLY = new Set(['SendMessage', 'SendMessageBatch', 'CreateQueue', 'DeleteQueue', 'PurgeQueue', 'SetQueueAttributes']);

const JSON_CONTENT_TYPE = 'application/x-amz-json-1.0';
const TARGET_PREFIX = 'AmazonSQS.';

export async function startSqsServer(options: SqsServerOptions = {}): Promise<SqsServer> {
  const host = options.host ?? '127.0.0.1';
  const dataFile = options.dataFile;
  const initialState = dataFile === undefined ? [] : await loadQueueState(dataFile);
  const signals = new QueueSignals();
  const writer = dataFile === undefined ? undefined : new QueueStateWriter(dataFile, () => store.snapshot());
  const store = new QueueStore({
    now: options.now ?? Date.now,
    onStateChange: () => writer?.schedule(),
    onMessagesAvailable: (queueName) => signals.notify(queueName),
    initialState,
  });

  let endpoint = '';
  let closing = false;
  const context: OperationContext = {
    store,
    queueUrl: (name) => `${endpoint}/${ACCOUNT_ID}/${name}`,
    waitForMessages: (queueName, ms) => signals.wait(queueName, ms),
    isClosing: () => closing,
  };
  const persist = () => writer?.persist() ?? Promise.resolve();

  const inFlight = new Set<Promise<void>>();
  const server = createServer((request, response) => {
    options.onRequest?.(request, response);
    const handled = handleRequest(request, response, context, persist, options.authorize);
    inFlight.add(handled);
    void handled.finally(() => inFlight.delete(handled));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  endpoint = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closed: Promise<void> | undefined;
  return {
    endpoint,
    port,
    queueUrl: context.queueUrl,
    close() {
      closed ??= (async () => {
        closing = true;
        signals.wakeAll();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.allSettled(inFlight);
        server.closeAllConnections();
        await stopped;
        await writer?.persist();
      })();
      return closed;
    },
  };
}

async function handleRequest(
  request: IncomingMessage,
  response: ServerResponse,
  context: OperationContext,
  persist: () => Promise<void>,
  authorize: SqsServerOptions['authorize'],
) {
  let status = 200;
  let payload: object;
  const headers: Record<string, string> = { 'content-type': JSON_CONTENT_TYPE, 'x-amzn-requestid': randomUUID() };
  try {
    const target = request.headers['x-amz-target'];
    if (request.method !== 'POST' || typeof target !== 'string' || !target.startsWith(TARGET_PREFIX)) {
      throw sqsErrors.unsupportedOperation(
        'Send POST requests with x-amz-target: AmazonSQS.<Operation> and a JSON body (the JSON protocol of @aws-sdk/client-sqs).',
      );
    }
    const body = await readRequestText(request);
    const refusal = await authorize?.(request, body);
    if (refusal) throw refusal;
    const input = parseInput(body);
    const operation = target.slice(TARGET_PREFIX.length);
    payload = await runOperation(operation, input, context);
    if (ACKNOWLEDGED_DURABLY.has(operation)) await persist();
  } catch (caught) {
    const error = caught instanceof SqsError ? caught : sqsErrors.internalFailure();
    if (!(caught instanceof SqsError)) console.error('local SQS: request failed', caught);
    status = error.httpStatus;
    headers['x-amzn-query-error'] = `${error.queryCode};${error.senderFault ? 'Sender' : 'Receiver'}`;
    payload = { __type: `com.amazonaws.sqs#${error.code}`, message: error.message };
  }
  response.writeHead(status, headers);
  response.end(JSON.stringify(payload));
}

function parseInput(body: string): RequestInput {
  if (body.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw sqsErrors.serialization('The request body is not valid JSON.');
  }
  if (!isRequestInput(parsed)) throw sqsErrors.serialization('The request body must be a JSON object.');
  return parsed;
}

/** Wakes long polls waiting on a queue when it may have something for them. */
class QueueSignals {
  private readonly waiters = new Map<string, Set<() => void>>();

  wait(queueName: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const queueWaiters = this.waiters.get(queueName) ?? new Set();
      this.waiters.set(queueName, queueWaiters);
      const wake = () => {
        clearTimeout(timer);
        queueWaiters.delete(wake);
        if (queueWaiters.size === 0 && this.waiters.get(queueName) === queueWaiters) this.waiters.delete(queueName);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      queueWaiters.add(wake);
    });
  }

  notify(queueName: string): void {
    for (const wake of [...(this.waiters.get(queueName) ?? [])]) wake();
  }

  wakeAll(): void {
    for (const queueName of [...this.waiters.keys()]) this.notify(queueName);
  }
}

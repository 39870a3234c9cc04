import { SqsError, sqsErrors } from './errors.js';
import {
  batchEntries,
  messageAttributes,
  messageBody,
  optionalInteger,
  optionalString,
  optionalStringList,
  optionalStringMap,
  queueNameFromUrl,
  requiredString,
  type RequestInput,
} from './input.js';
import { md5Hex, md5OfMessageAttributes, type MessageAttributeValue } from './md5.js';
import { ACCOUNT_ID } from './queue-attributes.js';
import type { QueueStore, StoredMessage } from './queue-store.js';

export interface OperationContext {
  store: QueueStore;
  queueUrl(queueName: string): string;
  /** Resolves when the queue may have gained receivable messages, after `ms`, or when the server closes. */
  waitForMessages(queueName: string, ms: number): Promise<void>;
  isClosing(): boolean;
}

type Operation = (input: RequestInput, context: OperationContext) => object | Promise<object>;

const MAX_VISIBILITY_TIMEOUT = 43_200;
const MAX_DELAY_SECONDS = 900;

const operations: Record<string, Operation> = {
  CreateQueue(input, { store, queueUrl }) {
    const name = requiredString(input, 'QueueName');
    store.createQueue(name, optionalStringMap(input, 'Attributes'));
    return { QueueUrl: queueUrl(name) };
  },

  GetQueueUrl(input, { store, queueUrl }) {
    const name = requiredString(input, 'QueueName');
    if (!store.hasQueue(name)) throw sqsErrors.queueDoesNotExist();
    return { QueueUrl: queueUrl(name) };
  },

  ListQueues(input, { store, queueUrl }) {
    const names = store.queueNames(optionalString(input, 'QueueNamePrefix'));
    const maxResults = optionalInteger(input, 'MaxResults', 1, 1000);
    const nextToken = optionalString(input, 'NextToken');
    const after = nextToken === undefined ? undefined : Buffer.from(nextToken, 'base64url').toString('utf8');
    const remaining = after === undefined ? names : names.filter((name) => name > after);
    const page = remaining.slice(0, maxResults ?? 1000);
    const hasMore = maxResults !== undefined && remaining.length > page.length;
    return {
      ...(page.length > 0 ? { QueueUrls: page.map(queueUrl) } : {}),
      ...(hasMore ? { NextToken: Buffer.from(page.at(-1) ?? '', 'utf8').toString('base64url') } : {}),
    };
  },

  GetQueueAttributes(input, { store }) {
    const attributes = store.getAttributes(queueNameFromUrl(input), optionalStringList(input, 'AttributeNames'));
    return Object.keys(attributes).length > 0 ? { Attributes: attributes } : {};
  },

  SetQueueAttributes(input, { store }) {
    const queueName = queueNameFromUrl(input);
    if (input.Attributes === undefined) throw sqsErrors.missingParameter('Attributes');
    store.setAttributes(queueName, optionalStringMap(input, 'Attributes'));
    return {};
  },

  DeleteQueue(input, { store }) {
    store.deleteQueue(queueNameFromUrl(input));
    return {};
  },

  PurgeQueue(input, { store }) {
    store.purgeQueue(queueNameFromUrl(input));
    return {};
  },

  SendMessage(input, { store }) {
    return sendOne(store, queueNameFromUrl(input), input);
  },

  SendMessageBatch(input, { store }) {
    const queueName = queueNameFromUrl(input);
    const entries = batchEntries(input, 'Entries');
    const limit = store.integerAttribute(queueName, 'MaximumMessageSize');
    const totalBodyBytes = entries.reduce(
      (total, entry) => total + (typeof entry.MessageBody === 'string' ? Buffer.byteLength(entry.MessageBody, 'utf8') : 0),
      0,
    );
    if (totalBodyBytes > limit) throw sqsErrors.batchRequestTooLong(limit);
    return runBatch(entries, (entry) => ({ Id: entry.Id, ...sendOne(store, queueName, entry) }));
  },

  async ReceiveMessage(input, { store, waitForMessages, isClosing }) {
    const queueName = queueNameFromUrl(input);
    const maxMessages = optionalInteger(input, 'MaxNumberOfMessages', 1, 10) ?? 1;
    const visibilityTimeout = optionalInteger(input, 'VisibilityTimeout', 0, MAX_VISIBILITY_TIMEOUT);
    const waitSeconds =
      optionalInteger(input, 'WaitTimeSeconds', 0, 20) ?? store.integerAttribute(queueName, 'ReceiveMessageWaitTimeSeconds');
    const systemAttributeNames = new Set([
      ...optionalStringList(input, 'AttributeNames'),
      ...optionalStringList(input, 'MessageSystemAttributeNames'),
    ]);
    const messageAttributeNames = optionalStringList(input, 'MessageAttributeNames');

    // Long polling: the wait is in real time; the store's clock decides what is visible.
    const deadline = Date.now() + waitSeconds * 1000;
    let messages = store.receive(queueName, maxMessages, visibilityTimeout);
    while (messages.length === 0 && !isClosing()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      await waitForMessages(queueName, Math.min(remaining, store.msUntilNextAvailable(queueName) ?? remaining));
      messages = store.receive(queueName, maxMessages, visibilityTimeout);
    }
    if (messages.length === 0) return {};
    return {
      Messages: messages.map((message) => renderMessage(message, systemAttributeNames, messageAttributeNames)),
    };
  },

  DeleteMessage(input, { store }) {
    store.deleteMessage(queueNameFromUrl(input), requiredString(input, 'ReceiptHandle'));
    return {};
  },

  DeleteMessageBatch(input, { store }) {
    const queueName = queueNameFromUrl(input);
    return runBatch(batchEntries(input, 'Entries'), (entry) => {
      store.deleteMessage(queueName, requiredString(entry, 'ReceiptHandle'));
      return { Id: entry.Id };
    });
  },

  ChangeMessageVisibility(input, { store }) {
    changeVisibility(store, queueNameFromUrl(input), input);
    return {};
  },

  ChangeMessageVisibilityBatch(input, { store }) {
    const queueName = queueNameFromUrl(input);
    return runBatch(batchEntries(input, 'Entries'), (entry) => {
      changeVisibility(store, queueName, entry);
      return { Id: entry.Id };
    });
  },
};

export function runOperation(name: string, input: RequestInput, context: OperationContext): object | Promise<object> {
  const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
  if (!operation) {
    throw sqsErrors.unsupportedOperation(`The local SQS endpoint does not support the operation ${name}.`);
  }
  return operation(input, context);
}

function sendOne(store: QueueStore, queueName: string, input: RequestInput) {
  const attributes = messageAttributes(input);
  const message = store.sendMessage(queueName, {
    body: messageBody(input),
    messageAttributes: attributes,
    delaySeconds: optionalInteger(input, 'DelaySeconds', 0, MAX_DELAY_SECONDS),
  });
  return {
    MessageId: message.messageId,
    MD5OfMessageBody: md5Hex(message.body),
    ...(attributes ? { MD5OfMessageAttributes: md5OfMessageAttributes(attributes) } : {}),
  };
}

function changeVisibility(store: QueueStore, queueName: string, input: RequestInput): void {
  const timeout = optionalInteger(input, 'VisibilityTimeout', 0, MAX_VISIBILITY_TIMEOUT);
  if (timeout === undefined) throw sqsErrors.missingParameter('VisibilityTimeout');
  store.changeMessageVisibility(queueName, requiredString(input, 'ReceiptHandle'), timeout);
}

/** Runs each entry on its own: an SQS error fails that entry only; anything else fails the request. */
function runBatch<Entry extends { Id: string }, Result>(entries: Entry[], run: (entry: Entry) => Result) {
  const successful: Result[] = [];
  const failed: { Id: string; SenderFault: boolean; Code: string; Message: string }[] = [];
  for (const entry of entries) {
    try {
      successful.push(run(entry));
    } catch (error) {
      if (!(error instanceof SqsError)) throw error;
      failed.push({ Id: entry.Id, SenderFault: error.senderFault, Code: error.code, Message: error.message });
    }
  }
  return { Successful: successful, Failed: failed };
}

function renderMessage(message: StoredMessage, systemAttributeNames: Set<string>, messageAttributeNames: string[]) {
  const attributes = systemAttributes(message, systemAttributeNames);
  const selected = selectMessageAttributes(message.messageAttributes ?? {}, messageAttributeNames);
  return {
    MessageId: message.messageId,
    ReceiptHandle: message.receiptHandle,
    MD5OfBody: md5Hex(message.body),
    Body: message.body,
    ...(Object.keys(attributes).length > 0 ? { Attributes: attributes } : {}),
    ...(selected
      ? { MessageAttributes: selected, MD5OfMessageAttributes: md5OfMessageAttributes(selected) }
      : {}),
  };
}

function systemAttributes(message: StoredMessage, requested: Set<string>): Record<string, string> {
  const available: Record<string, string | undefined> = {
    SenderId: ACCOUNT_ID,
    SentTimestamp: String(message.sentAt),
    ApproximateReceiveCount: String(message.receiveCount),
    ApproximateFirstReceiveTimestamp: message.firstReceivedAt === undefined ? undefined : String(message.firstReceivedAt),
    DeadLetterQueueSourceArn: message.deadLetterQueueSourceArn,
  };
  const all = requested.has('All');
  return Object.fromEntries(
    Object.entries(available).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && (all || requested.has(entry[0])),
    ),
  );
}

/** `All` or `.*` selects every attribute, `prefix.*` those under a prefix, anything else one by name. */
function selectMessageAttributes(
  attributes: Record<string, MessageAttributeValue>,
  requested: string[],
): Record<string, MessageAttributeValue> | undefined {
  const wanted = (name: string) =>
    requested.some((pattern) =>
      pattern === 'All' || pattern === '.*'
        ? true
        : pattern.endsWith('.*')
          ? name.startsWith(pattern.slice(0, -1))
          : name === pattern,
    );
  const selected = Object.entries(attributes).filter(([name]) => wanted(name));
  return selected.length > 0 ? Object.fromEntries(selected) : undefined;
}

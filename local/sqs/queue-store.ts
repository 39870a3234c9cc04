import { randomUUID } from 'node:crypto';
import { sqsErrors } from './errors.js';
import type { MessageAttributeValue } from './md5.js';
import {
  defaultQueueAttributes,
  integerAttribute,
  type IntegerAttributeName,
  isKnownQueueAttributeName,
  normalizeQueueAttributes,
  queueArn,
  queueNameFromArn,
  redrivePolicyOf,
} from './queue-attributes.js';

export interface StoredMessage {
  messageId: string;
  body: string;
  messageAttributes?: Record<string, MessageAttributeValue>;
  sentAt: number;
  /** when the message can next be received: end of its delay or of its visibility timeout */
  availableAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** the handle of the latest receive; only it can delete or change the message */
  receiptHandle?: string;
  deadLetterQueueSourceArn?: string;
}

export interface QueueSnapshot {
  name: string;
  attributes: Record<string, string>;
  createdAt: number;
  lastModifiedAt: number;
  messages: StoredMessage[];
}

interface StoredQueue {
  name: string;
  attributes: Record<string, string>;
  createdAt: number;
  lastModifiedAt: number;
  /** in send order, which is the delivery order among visible messages */
  messages: Map<string, StoredMessage>;
}

export interface NewMessage {
  body: string;
  messageAttributes?: Record<string, MessageAttributeValue>;
  delaySeconds?: number;
}

export interface QueueStoreOptions {
  now: () => number;
  /** any change that should be persisted */
  onStateChange: () => void;
  /** a queue may have messages to deliver that it did not have before */
  onMessagesAvailable: (queueName: string) => void;
  initialState?: QueueSnapshot[];
}

const QUEUE_NAME = /^[A-Za-z0-9_-]{1,80}$/;

/** Queues and messages with SQS's visibility, delay, retention and redrive rules. */
export class QueueStore {
  private readonly queues = new Map<string, StoredQueue>();
  private readonly now: () => number;
  private readonly onStateChange: () => void;
  private readonly onMessagesAvailable: (queueName: string) => void;

  constructor(options: QueueStoreOptions) {
    this.now = options.now;
    this.onStateChange = options.onStateChange;
    this.onMessagesAvailable = options.onMessagesAvailable;
    for (const queue of options.initialState ?? []) {
      this.queues.set(queue.name, {
        ...queue,
        messages: new Map(queue.messages.map((message) => [message.messageId, message])),
      });
    }
  }

  createQueue(name: string, requestedAttributes: Record<string, string>): void {
    if (name.endsWith('.fifo')) {
      throw sqsErrors.unsupportedOperation('FIFO queues are not supported by the local SQS endpoint.');
    }
    if (!QUEUE_NAME.test(name)) {
      throw sqsErrors.invalidParameterValue(
        'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length',
      );
    }
    const attributes = normalizeQueueAttributes(requestedAttributes, (target) => this.queues.has(target));
    const existing = this.queues.get(name);
    if (existing) {
      // Like SQS: idempotent only when every requested attribute matches the queue's current value.
      const differs = Object.entries(attributes).some(([key, value]) => existing.attributes[key] !== value);
      if (differs) throw sqsErrors.queueNameExists(name);
      return;
    }
    const now = this.now();
    this.queues.set(name, {
      name,
      attributes: withoutRemoved({ ...defaultQueueAttributes(), ...attributes }),
      createdAt: now,
      lastModifiedAt: now,
      messages: new Map(),
    });
    this.onStateChange();
  }

  hasQueue(name: string): boolean {
    return this.queues.has(name);
  }

  queueNames(prefix = ''): string[] {
    return [...this.queues.keys()].filter((name) => name.startsWith(prefix)).sort();
  }

  deleteQueue(name: string): void {
    this.queue(name);
    this.queues.delete(name);
    this.onStateChange();
    this.onMessagesAvailable(name);
  }

  purgeQueue(name: string): void {
    this.queue(name).messages.clear();
    this.onStateChange();
  }

  setAttributes(name: string, requested: Record<string, string>): void {
    const queue = this.queue(name);
    const attributes = normalizeQueueAttributes(requested, (target) => this.queues.has(target));
    queue.attributes = withoutRemoved({ ...queue.attributes, ...attributes });
    queue.lastModifiedAt = this.now();
    this.onStateChange();
    // A shorter delay, or a redrive policy, can change what a waiting receive would get.
    this.onMessagesAvailable(name);
  }

  getAttributes(name: string, requestedNames: string[]): Record<string, string> {
    const queue = this.queue(name);
    const unknown = requestedNames.find((requested) => requested !== 'All' && !isKnownQueueAttributeName(requested));
    if (unknown !== undefined) throw sqsErrors.invalidAttributeName(unknown);
    const now = this.now();
    this.dropExpiredMessages(queue, now);
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const message of queue.messages.values()) {
      if (message.availableAt <= now) visible += 1;
      else if (message.receiveCount > 0) inFlight += 1;
      else delayed += 1;
    }
    const all: Record<string, string> = {
      ...queue.attributes,
      ApproximateNumberOfMessages: String(visible),
      ApproximateNumberOfMessagesNotVisible: String(inFlight),
      ApproximateNumberOfMessagesDelayed: String(delayed),
      CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
      LastModifiedTimestamp: String(Math.floor(queue.lastModifiedAt / 1000)),
      QueueArn: queueArn(queue.name),
    };
    if (requestedNames.includes('All')) return all;
    return Object.fromEntries(
      requestedNames.flatMap((requested) => (all[requested] === undefined ? [] : [[requested, all[requested]]])),
    );
  }

  sendMessage(queueName: string, message: NewMessage): StoredMessage {
    const queue = this.queue(queueName);
    const limit = integerAttribute(queue.attributes, 'MaximumMessageSize');
    if (messageSize(message) > limit) {
      throw sqsErrors.invalidParameterValue(
        `One or more parameters are invalid. Reason: Message must be shorter than ${limit} bytes.`,
      );
    }
    const now = this.now();
    const delaySeconds = message.delaySeconds ?? integerAttribute(queue.attributes, 'DelaySeconds');
    const stored: StoredMessage = {
      messageId: randomUUID(),
      body: message.body,
      messageAttributes: message.messageAttributes,
      sentAt: now,
      availableAt: now + delaySeconds * 1000,
      receiveCount: 0,
    };
    queue.messages.set(stored.messageId, stored);
    this.onStateChange();
    this.onMessagesAvailable(queueName);
    return stored;
  }

  /** Hands out up to `maxMessages` visible messages, oldest first, and hides them for the visibility timeout. */
  receive(queueName: string, maxMessages: number, visibilityTimeoutSeconds?: number): StoredMessage[] {
    const queue = this.queue(queueName);
    const now = this.now();
    this.dropExpiredMessages(queue, now);
    const timeout = visibilityTimeoutSeconds ?? integerAttribute(queue.attributes, 'VisibilityTimeout');
    const deadLetterTarget = this.deadLetterTarget(queue);
    const received: StoredMessage[] = [];
    // Map iteration tolerates the deletions a move to the dead-letter queue makes.
    for (const message of queue.messages.values()) {
      if (received.length >= maxMessages) break;
      if (message.availableAt > now) continue;
      if (deadLetterTarget && message.receiveCount >= deadLetterTarget.maxReceiveCount) {
        this.moveToDeadLetterQueue(queue, message, deadLetterTarget.queue, now);
        continue;
      }
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.availableAt = now + timeout * 1000;
      message.receiptHandle = encodeReceiptHandle(queue.name, message.messageId);
      received.push(message);
    }
    if (received.length > 0) this.onStateChange();
    return received;
  }

  /**
   * Deletes the message if `receiptHandle` is its latest. A handle from an earlier receive, or of a
   * message already deleted, is accepted and changes nothing: SQS documents the same for standard queues.
   */
  deleteMessage(queueName: string, receiptHandle: string): void {
    const queue = this.queue(queueName);
    const message = this.messageFor(queue, receiptHandle);
    if (message?.receiptHandle !== receiptHandle) return;
    queue.messages.delete(message.messageId);
    this.onStateChange();
  }

  changeMessageVisibility(queueName: string, receiptHandle: string, visibilityTimeoutSeconds: number): void {
    const queue = this.queue(queueName);
    const message = this.messageFor(queue, receiptHandle);
    if (message?.receiptHandle !== receiptHandle) {
      throw sqsErrors.invalidParameterValue(
        `Value ${receiptHandle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`,
      );
    }
    const now = this.now();
    if (message.availableAt <= now) throw sqsErrors.messageNotInflight();
    message.availableAt = now + visibilityTimeoutSeconds * 1000;
    this.onStateChange();
    if (visibilityTimeoutSeconds === 0) this.onMessagesAvailable(queueName);
  }

  /** Milliseconds (by the store's clock) until a hidden message of the queue becomes receivable. */
  msUntilNextAvailable(queueName: string): number | undefined {
    const queue = this.queues.get(queueName);
    if (!queue) return undefined;
    const now = this.now();
    let soonest: number | undefined;
    for (const message of queue.messages.values()) {
      if (message.availableAt > now && (soonest === undefined || message.availableAt < soonest)) {
        soonest = message.availableAt;
      }
    }
    return soonest === undefined ? undefined : soonest - now;
  }

  integerAttribute(queueName: string, name: IntegerAttributeName): number {
    return integerAttribute(this.queue(queueName).attributes, name);
  }

  snapshot(): QueueSnapshot[] {
    return [...this.queues.values()].map((queue) => ({
      name: queue.name,
      attributes: queue.attributes,
      createdAt: queue.createdAt,
      lastModifiedAt: queue.lastModifiedAt,
      messages: [...queue.messages.values()],
    }));
  }

  private queue(name: string): StoredQueue {
    const queue = this.queues.get(name);
    if (!queue) throw sqsErrors.queueDoesNotExist();
    return queue;
  }

  private messageFor(queue: StoredQueue, receiptHandle: string): StoredMessage | undefined {
    const decoded = decodeReceiptHandle(receiptHandle);
    if (decoded?.queueName !== queue.name) throw sqsErrors.receiptHandleIsInvalid(receiptHandle);
    return queue.messages.get(decoded.messageId);
  }

  private deadLetterTarget(queue: StoredQueue): { queue: StoredQueue; maxReceiveCount: number } | undefined {
    const policy = redrivePolicyOf(queue.attributes);
    if (!policy) return undefined;
    const targetName = queueNameFromArn(policy.deadLetterTargetArn);
    const target = targetName === undefined ? undefined : this.queues.get(targetName);
    // A dead-letter queue deleted after the policy was set: keep delivering rather than lose messages.
    return target ? { queue: target, maxReceiveCount: policy.maxReceiveCount } : undefined;
  }

  /** Keeps id, body, attributes, send time and receive count, as SQS does for standard queues. */
  private moveToDeadLetterQueue(source: StoredQueue, message: StoredMessage, target: StoredQueue, now: number): void {
    source.messages.delete(message.messageId);
    const { receiptHandle: _staleHandle, ...kept } = message;
    target.messages.set(message.messageId, {
      ...kept,
      availableAt: now,
      deadLetterQueueSourceArn: queueArn(source.name),
    });
    this.onStateChange();
    this.onMessagesAvailable(target.name);
  }

  private dropExpiredMessages(queue: StoredQueue, now: number): void {
    const retentionMs = integerAttribute(queue.attributes, 'MessageRetentionPeriod') * 1000;
    for (const message of queue.messages.values()) {
      if (message.sentAt + retentionMs <= now) {
        queue.messages.delete(message.messageId);
        this.onStateChange();
      }
    }
  }
}

function withoutRemoved(attributes: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Body plus every attribute's name, type and value, which is what SQS counts against the limit. */
function messageSize(message: NewMessage): number {
  let size = Buffer.byteLength(message.body, 'utf8');
  for (const [name, value] of Object.entries(message.messageAttributes ?? {})) {
    size += Buffer.byteLength(name, 'utf8') + Buffer.byteLength(value.DataType, 'utf8');
    size += value.StringValue !== undefined
      ? Buffer.byteLength(value.StringValue, 'utf8')
      : Buffer.from(value.BinaryValue ?? '', 'base64').length;
  }
  return size;
}

function encodeReceiptHandle(queueName: string, messageId: string): string {
  return Buffer.from(JSON.stringify([queueName, messageId, randomUUID()]), 'utf8').toString('base64url');
}

function decodeReceiptHandle(handle: string): { queueName: string; messageId: string } | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(handle, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 3 && decoded.every((part) => typeof part === 'string')) {
      return { queueName: decoded[0] as string, messageId: decoded[1] as string };
    }
  } catch {
    // not one of ours
  }
  return undefined;
}

import { sqsErrors } from './errors.js';

export const ACCOUNT_ID = '000000000000';
export const REGION = 'us-east-1';

export function queueArn(queueName: string): string {
  return `arn:aws:sqs:${REGION}:${ACCOUNT_ID}:${queueName}`;
}

export function queueNameFromArn(arn: string): string | undefined {
  const prefix = `arn:aws:sqs:${REGION}:${ACCOUNT_ID}:`;
  return arn.startsWith(prefix) ? arn.slice(prefix.length) : undefined;
}

interface IntegerAttribute {
  min: number;
  max: number;
  default: number;
}

/** The numeric attributes a queue is created with, with SQS's ranges and defaults. */
const INTEGER_ATTRIBUTES = {
  VisibilityTimeout: { min: 0, max: 43_200, default: 30 },
  MessageRetentionPeriod: { min: 60, max: 1_209_600, default: 345_600 },
  DelaySeconds: { min: 0, max: 900, default: 0 },
  ReceiveMessageWaitTimeSeconds: { min: 0, max: 20, default: 0 },
  // SQS allows up to 1 MiB now; the default stays at the 256 KiB the service design budgets for.
  MaximumMessageSize: { min: 1_024, max: 1_048_576, default: 262_144 },
} satisfies Record<string, IntegerAttribute>;

export type IntegerAttributeName = keyof typeof INTEGER_ATTRIBUTES;

/** Accepted and returned as given; nothing here enforces them locally. */
const VERBATIM_ATTRIBUTES = new Set([
  'Policy',
  'RedriveAllowPolicy',
  'KmsMasterKeyId',
  'KmsDataKeyReusePeriodSeconds',
  'SqsManagedSseEnabled',
]);

const REDRIVE_POLICY = 'RedrivePolicy';

const COMPUTED_ATTRIBUTES = new Set([
  'ApproximateNumberOfMessages',
  'ApproximateNumberOfMessagesNotVisible',
  'ApproximateNumberOfMessagesDelayed',
  'CreatedTimestamp',
  'LastModifiedTimestamp',
  'QueueArn',
]);

const FIFO_ATTRIBUTES = new Set(['FifoQueue', 'ContentBasedDeduplication', 'DeduplicationScope', 'FifoThroughputLimit']);

export function isKnownQueueAttributeName(name: string): boolean {
  return (
    name in INTEGER_ATTRIBUTES ||
    VERBATIM_ATTRIBUTES.has(name) ||
    name === REDRIVE_POLICY ||
    COMPUTED_ATTRIBUTES.has(name)
  );
}

export interface RedrivePolicy {
  deadLetterTargetArn: string;
  maxReceiveCount: number;
}

export function defaultQueueAttributes(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(INTEGER_ATTRIBUTES).map(([name, spec]) => [name, String(spec.default)]),
  );
}

export function integerAttribute(attributes: Record<string, string>, name: IntegerAttributeName): number {
  return Number(attributes[name] ?? INTEGER_ATTRIBUTES[name].default);
}

export function redrivePolicyOf(attributes: Record<string, string>): RedrivePolicy | undefined {
  const text = attributes[REDRIVE_POLICY];
  return text === undefined ? undefined : (JSON.parse(text) as RedrivePolicy);
}

/**
 * Validates settable attributes and returns them in the canonical form they are stored and
 * compared in. An empty RedrivePolicy maps to `undefined`: it removes the policy, as in SQS.
 */
export function normalizeQueueAttributes(
  requested: Record<string, string>,
  queueExists: (name: string) => boolean,
): Record<string, string | undefined> {
  const normalized: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(requested)) {
    if (FIFO_ATTRIBUTES.has(name)) {
      throw sqsErrors.unsupportedOperation('FIFO queues are not supported by the local SQS endpoint.');
    }
    if (name in INTEGER_ATTRIBUTES) {
      normalized[name] = String(parseIntegerAttribute(name as IntegerAttributeName, value));
    } else if (name === REDRIVE_POLICY) {
      normalized[name] = value === '' ? undefined : normalizeRedrivePolicy(value, queueExists);
    } else if (VERBATIM_ATTRIBUTES.has(name)) {
      normalized[name] = value;
    } else {
      throw sqsErrors.invalidAttributeName(name);
    }
  }
  return normalized;
}

function parseIntegerAttribute(name: IntegerAttributeName, value: string): number {
  const spec: IntegerAttribute = INTEGER_ATTRIBUTES[name];
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(parsed >= spec.min && parsed <= spec.max)) {
    throw sqsErrors.invalidAttributeValue(name, `must be an integer from ${spec.min} to ${spec.max}.`);
  }
  return parsed;
}

function normalizeRedrivePolicy(value: string, queueExists: (name: string) => boolean): string {
  let policy: unknown;
  try {
    policy = JSON.parse(value);
  } catch {
    throw sqsErrors.invalidAttributeValue(REDRIVE_POLICY, 'it is not valid JSON.');
  }
  if (typeof policy !== 'object' || policy === null) {
    throw sqsErrors.invalidAttributeValue(REDRIVE_POLICY, 'it must be a JSON object.');
  }
  const { deadLetterTargetArn, maxReceiveCount } = policy as Record<string, unknown>;
  const receiveCount = typeof maxReceiveCount === 'string' && /^\d+$/.test(maxReceiveCount)
    ? Number(maxReceiveCount)
    : maxReceiveCount;
  if (typeof receiveCount !== 'number' || !Number.isInteger(receiveCount) || receiveCount < 1 || receiveCount > 1000) {
    throw sqsErrors.invalidAttributeValue(REDRIVE_POLICY, 'maxReceiveCount must be an integer from 1 to 1000.');
  }
  const targetName = typeof deadLetterTargetArn === 'string' ? queueNameFromArn(deadLetterTargetArn) : undefined;
  if (targetName === undefined || !queueExists(targetName)) {
    throw sqsErrors.invalidAttributeValue(REDRIVE_POLICY, 'Dead letter target does not exist.');
  }
  const normalized: RedrivePolicy = { deadLetterTargetArn: deadLetterTargetArn as string, maxReceiveCount: receiveCount };
  return JSON.stringify(normalized);
}

import { sqsErrors } from './errors.js';
import type { MessageAttributeValue } from './md5.js';

/** A request body: JSON members named as in the SQS API. */
export type RequestInput = Record<string, unknown>;

export function isRequestInput(value: unknown): value is RequestInput {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requiredString(input: RequestInput, name: string): string {
  const value = input[name];
  if (value === undefined || value === null || value === '') throw sqsErrors.missingParameter(name);
  if (typeof value !== 'string') throw invalidValue(name, value, 'Must be a string.');
  return value;
}

export function optionalString(input: RequestInput, name: string): string | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidValue(name, value, 'Must be a string.');
  return value;
}

export function optionalInteger(input: RequestInput, name: string, min: number, max: number): number | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidValue(name, value, `Must be between ${min} and ${max}, if provided.`);
  }
  return value;
}

export function optionalStringList(input: RequestInput, name: string): string[] {
  const value = input[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw invalidValue(name, value, 'Must be a list of strings.');
  }
  return value as string[];
}

export function optionalStringMap(input: RequestInput, name: string): Record<string, string> {
  const value = input[name];
  if (value === undefined || value === null) return {};
  if (!isRequestInput(value) || !Object.values(value).every((item) => typeof item === 'string')) {
    throw invalidValue(name, value, 'Must be a map of strings.');
  }
  return value as Record<string, string>;
}

/** The queue a QueueUrl names, from its last path segment whatever its origin. */
export function queueNameFromUrl(input: RequestInput): string {
  const url = requiredString(input, 'QueueUrl');
  const segments = url.split('?')[0]?.split('/').filter((segment) => segment !== '') ?? [];
  const name = segments.at(-1);
  if (name === undefined || segments.length < 2) throw sqsErrors.queueDoesNotExist();
  return name;
}

const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;
const MAX_BATCH_ENTRIES = 10;

/** Batch entries, with the whole-request checks SQS makes before looking at any entry. */
export function batchEntries(input: RequestInput, name: string): (RequestInput & { Id: string })[] {
  const value = input[name];
  if (value === undefined || value === null) throw sqsErrors.missingParameter(name);
  if (!Array.isArray(value)) throw invalidValue(name, value, 'Must be a list.');
  if (value.length === 0) throw sqsErrors.emptyBatchRequest();
  if (value.length > MAX_BATCH_ENTRIES) throw sqsErrors.tooManyEntriesInBatchRequest(value.length);
  const seen = new Set<string>();
  return value.map((entry: unknown) => {
    if (!isRequestInput(entry) || typeof entry.Id !== 'string' || !BATCH_ENTRY_ID.test(entry.Id)) {
      throw sqsErrors.invalidBatchEntryId();
    }
    if (seen.has(entry.Id)) throw sqsErrors.batchEntryIdsNotDistinct(entry.Id);
    seen.add(entry.Id);
    return entry as RequestInput & { Id: string };
  });
}

/** The characters SQS accepts in bodies and string attribute values. */
const INVALID_MESSAGE_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export function messageBody(input: RequestInput): string {
  const body = requiredString(input, 'MessageBody');
  if (INVALID_MESSAGE_CHARACTER.test(body)) throw sqsErrors.invalidMessageContents();
  return body;
}

const MAX_MESSAGE_ATTRIBUTES = 10;
const ATTRIBUTE_NAME = /^[A-Za-z0-9_.-]{1,256}$/;
const ATTRIBUTE_DATA_TYPE = /^(String|Number|Binary)(\.[^]{1,255})?$/;
const NUMBER_VALUE = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function messageAttributes(input: RequestInput): Record<string, MessageAttributeValue> | undefined {
  const value = input.MessageAttributes;
  if (value === undefined || value === null) return undefined;
  if (!isRequestInput(value)) throw invalidValue('MessageAttributes', value, 'Must be a map.');
  const entries = Object.entries(value);
  if (entries.length === 0) return undefined;
  if (entries.length > MAX_MESSAGE_ATTRIBUTES) {
    throw sqsErrors.invalidParameterValue(
      `Number of message attributes [${entries.length}] exceeds the allowed maximum [${MAX_MESSAGE_ATTRIBUTES}].`,
    );
  }
  return Object.fromEntries(entries.map(([name, attribute]) => [name, messageAttribute(name, attribute)]));
}

function messageAttribute(name: string, attribute: unknown): MessageAttributeValue {
  if (
    !ATTRIBUTE_NAME.test(name) ||
    /^(aws|amazon)\./i.test(name) ||
    name.startsWith('.') ||
    name.endsWith('.') ||
    name.includes('..')
  ) {
    throw sqsErrors.invalidParameterValue(`Message (user) attribute name '${name}' is invalid.`);
  }
  if (!isRequestInput(attribute)) throw invalidValue(`MessageAttributes.${name}`, attribute, 'Must be a map.');
  const dataType = attribute.DataType;
  if (typeof dataType !== 'string' || !ATTRIBUTE_DATA_TYPE.test(dataType)) {
    throw sqsErrors.invalidParameterValue(
      `The type of message (user) attribute '${name}' is invalid. You must use only the following supported type prefixes: Binary, Number, String.`,
    );
  }
  const valueMissing = (type: string) =>
    sqsErrors.invalidParameterValue(`Message (user) attribute '${name}' must contain a non-empty value of type '${type}'.`);
  if (dataType.startsWith('Binary')) {
    const binary = attribute.BinaryValue;
    if (typeof binary !== 'string' || !BASE64.test(binary)) throw valueMissing('Binary');
    return { DataType: dataType, BinaryValue: binary };
  }
  const text = attribute.StringValue;
  if (typeof text !== 'string' || text === '') throw valueMissing('String');
  if (INVALID_MESSAGE_CHARACTER.test(text)) throw sqsErrors.invalidMessageContents();
  if (dataType.startsWith('Number') && !NUMBER_VALUE.test(text)) {
    throw sqsErrors.invalidParameterValue(`Can't cast the value of message (user) attribute '${name}' to a number.`);
  }
  return { DataType: dataType, StringValue: text };
}

function invalidValue(name: string, value: unknown, reason: string) {
  return sqsErrors.invalidParameterValue(`Value ${JSON.stringify(value)} for parameter ${name} is invalid. Reason: ${reason}`);
}

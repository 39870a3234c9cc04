import { createHash } from 'node:crypto';

/** A message attribute as the JSON protocol carries it; binary values travel as base64. */
export interface MessageAttributeValue {
  DataType: string;
  StringValue?: string;
  BinaryValue?: string;
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

const STRING_TRANSPORT = 1;
const BINARY_TRANSPORT = 2;

/**
 * MD5OfMessageAttributes as SQS computes it: attributes sorted by name, each encoded as
 * length-prefixed name, length-prefixed data type, a transport byte and the length-prefixed value.
 */
export function md5OfMessageAttributes(attributes: Record<string, MessageAttributeValue>): string {
  const hash = createHash('md5');
  const writeLengthPrefixed = (bytes: Buffer): void => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    hash.update(length);
    hash.update(bytes);
  };
  for (const name of Object.keys(attributes).sort()) {
    const value = attributes[name];
    if (value === undefined) continue;
    writeLengthPrefixed(Buffer.from(name, 'utf8'));
    writeLengthPrefixed(Buffer.from(value.DataType, 'utf8'));
    if (value.StringValue !== undefined) {
      hash.update(Buffer.of(STRING_TRANSPORT));
      writeLengthPrefixed(Buffer.from(value.StringValue, 'utf8'));
    } else if (value.BinaryValue !== undefined) {
      hash.update(Buffer.of(BINARY_TRANSPORT));
      writeLengthPrefixed(Buffer.from(value.BinaryValue, 'base64'));
    }
  }
  return hash.digest('hex');
}

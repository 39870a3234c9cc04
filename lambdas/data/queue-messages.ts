import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { z } from 'zod';
import { sqs } from './clients.js';
import { requireEnv, type EnvKey } from './env.js';

/** Sends a JSON message, delayed by up to SQS's 900 s. */
export async function sendJsonMessage(queue: EnvKey, message: unknown, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: requireEnv(queue),
      MessageBody: JSON.stringify(message),
      DelaySeconds: Math.min(900, Math.max(0, Math.round(delaySeconds))),
    }),
  );
}

/** A message body checked against its schema; unreadable JSON fails like a wrong shape. */
export function parseJsonMessage<Schema extends z.ZodType>(schema: Schema, body: string) {
  try {
    return schema.safeParse(JSON.parse(body));
  } catch {
    return schema.safeParse(undefined);
  }
}

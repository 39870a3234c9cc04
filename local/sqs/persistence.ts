import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { QueueSnapshot } from './queue-store.js';

const messageAttributeSchema = z.object({
  DataType: z.string(),
  StringValue: z.string().optional(),
  BinaryValue: z.string().optional(),
});

const stateFileSchema = z.object({
  version: z.literal(1),
  queues: z.array(
    z.object({
      name: z.string(),
      attributes: z.record(z.string(), z.string()),
      createdAt: z.number(),
      lastModifiedAt: z.number(),
      messages: z.array(
        z.object({
          messageId: z.string(),
          body: z.string(),
          messageAttributes: z.record(z.string(), messageAttributeSchema).optional(),
          sentAt: z.number(),
          availableAt: z.number(),
          receiveCount: z.number(),
          firstReceivedAt: z.number().optional(),
          receiptHandle: z.string().optional(),
          deadLetterQueueSourceArn: z.string().optional(),
        }),
      ),
    }),
  ),
});

/** Reads saved queues; a missing file is an empty start, a damaged one an error (never silently lost). */
export async function loadQueueState(path: string): Promise<QueueSnapshot[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  try {
    return stateFileSchema.parse(JSON.parse(text)).queues;
  } catch (error) {
    throw new Error(`The local SQS state file ${path} is not readable: ${(error as Error).message}`, { cause: error });
  }
}

const SAVE_DELAY_MS = 100;

/**
 * Saves the state a short while after it changes, so bursts of messages cost one write, and
 * writes through a temporary file and a rename, so a crash never leaves a half-written file.
 */
export class DebouncedStateWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly snapshot: () => QueueSnapshot[],
  ) {}

  schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.write().catch((error: unknown) => console.error('local SQS: saving state failed', error));
    }, SAVE_DELAY_MS);
  }

  /** Writes now (after any write under way) and cancels the pending one. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.write();
  }

  private write(): Promise<void> {
    const next = this.writing.catch(() => undefined).then(async () => {
      const text = JSON.stringify({ version: 1, queues: this.snapshot() });
      const temporaryPath = `${this.path}.${process.pid}.tmp`;
      await mkdir(dirname(this.path), { recursive: true });
      await writeFile(temporaryPath, text, 'utf8');
      await rename(temporaryPath, this.path);
    });
    this.writing = next;
    return next;
  }
}

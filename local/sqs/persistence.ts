import { mkdir, open, readFile, rename } from 'node:fs/promises';
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
 * Saves the queues' state through a temporary file, synced, then a rename, so a crash never
 * leaves a half-written file. Changes a crash may lose (receives, deletes: at worst a redelivery)
 * are saved a short while after they happen, so bursts cost one write; a change a client must be
 * able to count on once acknowledged (a send) waits for `persist`, where concurrent callers share
 * one write.
 */
export class QueueStateWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** The write the next callers of `persist` share, until it starts. */
  private pending: Promise<void> | undefined;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => QueueSnapshot[],
  ) {}

  schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.persist().catch((error: unknown) => console.error('local SQS: saving state failed', error));
    }, SAVE_DELAY_MS);
  }

  /** Resolves once a write that took its snapshot after this call is on disk. */
  persist(): Promise<void> {
    this.pending ??= this.writing.catch(() => undefined).then(() => {
      this.pending = undefined;
      clearTimeout(this.timer);
      this.timer = undefined;
      return this.write();
    });
    this.writing = this.pending;
    return this.pending;
  }

  private async write(): Promise<void> {
    const text = JSON.stringify({ version: 1, queues: this.snapshot() });
    const temporaryPath = `${this.path}.${process.pid}.tmp`;
    await mkdir(dirname(this.path), { recursive: true });
    const file = await open(temporaryPath, 'w');
    try {
      await file.writeFile(text, 'utf8');
      await file.datasync();
    } finally {
      await file.close();
    }
    await rename(temporaryPath, this.path);
  }
}

import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { consumeQueue } from '../../../lambdas/data/queue-batch.js';

/*
 * Every SQS consumer takes its batch through consumeQueue: what failed comes back (and after the
 * queue's receive limit goes to its dead-letter queue), what succeeded is deleted, and a message
 * that is not of its schema is failed and logged, never dropped unseen.
 */
const schema = z.object({ n: z.number() });

function record(id: string, body: string): SQSRecord {
  return {
    messageId: id,
    receiptHandle: `handle-${id}`,
    body,
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'local', ApproximateFirstReceiveTimestamp: '0' },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:queue',
    awsRegion: 'us-east-1',
  };
}
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

let errors: Array<Record<string, unknown>>;
beforeEach(() => {
  errors = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) errors.push(JSON.parse(line) as Record<string, unknown>);
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('consumeQueue', () => {
  it('handles the messages in order and reports only those that failed', async () => {
    const handled: number[] = [];
    const consume = consumeQueue('test', schema, async ({ n }) => {
      handled.push(n);
      if (n === 2) throw new Error('the store refused');
    });

    const response = await consume(batch(record('a', '{"n":1}'), record('b', '{"n":2}'), record('c', '{"n":3}')));

    expect(handled).toEqual([1, 2, 3]);
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }] });
    expect(errors).toEqual([
      expect.objectContaining({ level: 'ERROR', message: 'a test message failed, to be received again', queue_message: { n: 2 }, error: expect.objectContaining({ message: 'the store refused' }) }),
    ]);
  });

  it('fails a message that is not of its schema, and says what was wrong with it', async () => {
    const handle = vi.fn(async () => undefined);
    const consume = consumeQueue('test', schema, handle);

    const response = await consume(batch(record('bad-json', '{"n":'), record('bad-shape', '{"n":"one"}'), record('good', '{"n":1}')));

    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'bad-json' }, { itemIdentifier: 'bad-shape' }] });
    expect(handle).toHaveBeenCalledTimes(1);
    expect(errors.map((line) => [line.message, line.body])).toEqual([
      ['a malformed test message fails, to reach the dead-letter queue', '{"n":'],
      ['a malformed test message fails, to reach the dead-letter queue', '{"n":"one"}'],
    ]);
  });

  it('reports a whole failed batch instead of throwing, as a partial failure does', async () => {
    const consume = consumeQueue('test', schema, async () => {
      throw new Error('down');
    });
    expect(await consume(batch(record('a', '{"n":1}')))).toEqual({ batchItemFailures: [{ itemIdentifier: 'a' }] });
  });
});

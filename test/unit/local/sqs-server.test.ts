import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ListQueuesCommand,
  ListQueueTagsCommand,
  PurgeQueueCommand,
  QueueDoesNotExist,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSqsServer, type SqsServer, type SqsServerOptions } from '../../../local/sqs-server.js';
import { md5OfMessageAttributes } from '../../../local/sqs/md5.js';

const START = Date.parse('2025-01-01T00:00:00Z');

interface Harness {
  server: SqsServer;
  sqs: SQSClient;
}

const running: Harness[] = [];

async function start(options: SqsServerOptions = {}): Promise<Harness> {
  const server = await startSqsServer(options);
  const sqs = new SQSClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  const harness = { server, sqs };
  running.push(harness);
  return harness;
}

async function stop(harness: Harness): Promise<void> {
  running.splice(running.indexOf(harness), 1);
  harness.sqs.destroy();
  await harness.server.close();
}

afterEach(async () => {
  await Promise.all([...running].map(stop));
});

async function createQueue(sqs: SQSClient, name: string, attributes: Record<string, string> = {}): Promise<string> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  if (QueueUrl === undefined) throw new Error('CreateQueue returned no QueueUrl');
  return QueueUrl;
}

async function receive(
  sqs: SQSClient,
  queueUrl: string,
  options: { max?: number; visibilityTimeout?: number; wait?: number } = {},
): Promise<Message[]> {
  const { Messages } = await sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: options.max ?? 10,
      VisibilityTimeout: options.visibilityTimeout,
      WaitTimeSeconds: options.wait ?? 0,
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
    }),
  );
  return Messages ?? [];
}

async function queueCounts(sqs: SQSClient, queueUrl: string) {
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }));
  return {
    visible: Number(Attributes?.ApproximateNumberOfMessages),
    inFlight: Number(Attributes?.ApproximateNumberOfMessagesNotVisible),
    delayed: Number(Attributes?.ApproximateNumberOfMessagesDelayed),
  };
}

async function errorOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('local SQS server with a controllable clock', () => {
  let clock: number;
  let sqs: SQSClient;
  let server: SqsServer;
  const advanceSeconds = (seconds: number) => {
    clock += seconds * 1000;
  };

  beforeEach(async () => {
    clock = START;
    ({ sqs, server } = await start({ now: () => clock }));
  });

  it('sends, receives and deletes a message', async () => {
    const queueUrl = await createQueue(sqs, 'pages');
    expect(queueUrl).toBe(`${server.endpoint}/000000000000/pages`);
    expect(server.queueUrl('pages')).toBe(queueUrl);

    const sent = await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: '{"url":"https://a.test/ü"}' }));
    const [message, ...others] = await receive(sqs, queueUrl);
    expect(others).toEqual([]);
    expect(message?.MessageId).toBe(sent.MessageId);
    expect(message?.Body).toBe('{"url":"https://a.test/ü"}');
    expect(message?.Attributes).toMatchObject({
      ApproximateReceiveCount: '1',
      SentTimestamp: String(START),
      ApproximateFirstReceiveTimestamp: String(START),
    });
    expect(await queueCounts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 1, delayed: 0 });

    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message?.ReceiptHandle }));
    advanceSeconds(3600);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    expect(await queueCounts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('delivers the oldest visible messages first, at most MaxNumberOfMessages at a time', async () => {
    const queueUrl = await createQueue(sqs, 'ordered');
    for (const body of ['1', '2', '3', '4', '5']) {
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
    }
    expect((await receive(sqs, queueUrl, { max: 2 })).map((m) => m.Body)).toEqual(['1', '2']);
    expect((await receive(sqs, queueUrl)).map((m) => m.Body)).toEqual(['3', '4', '5']);
  });

  it('round-trips message attributes with the MD5 SQS would compute', async () => {
    const queueUrl = await createQueue(sqs, 'attributes');
    const attributes = {
      SellerName: { DataType: 'String', StringValue: 'Example Store' },
      Depth: { DataType: 'Number', StringValue: '3' },
      Digest: { DataType: 'Binary', BinaryValue: new Uint8Array([0, 1, 254, 255]) },
      'job.id': { DataType: 'String.uuid', StringValue: 'j-1' },
    };
    const sent = await sqs.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'body', MessageAttributes: attributes }),
    );
    const [message] = await receive(sqs, queueUrl);
    expect(message?.MessageAttributes).toEqual({
      SellerName: { DataType: 'String', StringValue: 'Example Store' },
      Depth: { DataType: 'Number', StringValue: '3' },
      Digest: { DataType: 'Binary', BinaryValue: new Uint8Array([0, 1, 254, 255]) },
      'job.id': { DataType: 'String.uuid', StringValue: 'j-1' },
    });
    expect(message?.MD5OfMessageAttributes).toBe(sent.MD5OfMessageAttributes);

    // The checksum SQS documents for this single attribute.
    const single = await sqs.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: 'body',
        MessageAttributes: { SellerName: attributes.SellerName },
      }),
    );
    expect(single.MD5OfMessageAttributes).toBe('cd28f3b68aeee4b2eac9c66f2f694b58');
  });

  it('returns only the message attributes asked for', async () => {
    const queueUrl = await createQueue(sqs, 'selected');
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: 'body',
        MessageAttributes: {
          'job.id': { DataType: 'String', StringValue: 'j-1' },
          'job.depth': { DataType: 'Number', StringValue: '2' },
          trace: { DataType: 'String', StringValue: 't' },
        },
      }),
    );
    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MessageAttributeNames: ['job.*'], VisibilityTimeout: 0 }),
    );
    expect(Object.keys(Messages?.[0]?.MessageAttributes ?? {}).sort()).toEqual(['job.depth', 'job.id']);
    expect(Messages?.[0]?.Attributes).toBeUndefined();

    const plain = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    expect(plain.Messages?.[0]?.MessageAttributes).toBeUndefined();
  });

  it('redelivers a message whose visibility timeout ran out, counting the receives', async () => {
    const queueUrl = await createQueue(sqs, 'work', { VisibilityTimeout: '30' });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'crawl' }));
    const [first] = await receive(sqs, queueUrl);

    advanceSeconds(29);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    advanceSeconds(1);
    const [second] = await receive(sqs, queueUrl);
    expect(second?.MessageId).toBe(first?.MessageId);
    expect(second?.ReceiptHandle).not.toBe(first?.ReceiptHandle);
    expect(second?.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(second?.Attributes?.ApproximateFirstReceiveTimestamp).toBe(String(START));
  });

  it('honours a VisibilityTimeout given on ReceiveMessage', async () => {
    const queueUrl = await createQueue(sqs, 'override', { VisibilityTimeout: '300' });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'x' }));
    await receive(sqs, queueUrl, { visibilityTimeout: 5 });
    advanceSeconds(5);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('makes a message visible at once when its visibility is changed to 0, and can extend it', async () => {
    const queueUrl = await createQueue(sqs, 'change', { VisibilityTimeout: '30' });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'x' }));
    const [message] = await receive(sqs, queueUrl);
    await sqs.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: message?.ReceiptHandle, VisibilityTimeout: 0 }),
    );
    const [again] = await receive(sqs, queueUrl);
    expect(again?.MessageId).toBe(message?.MessageId);

    await sqs.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: again?.ReceiptHandle, VisibilityTimeout: 120 }),
    );
    advanceSeconds(60);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    advanceSeconds(60);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
  });

  it('refuses to change the visibility of a message that is not in flight or was received again', async () => {
    const queueUrl = await createQueue(sqs, 'not-in-flight', { VisibilityTimeout: '10' });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'x' }));
    const [first] = await receive(sqs, queueUrl);
    advanceSeconds(10);
    const notInFlight = await errorOf(
      sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: first?.ReceiptHandle, VisibilityTimeout: 5 })),
    );
    expect(notInFlight.name).toBe('MessageNotInflight');

    await receive(sqs, queueUrl);
    const stale = await errorOf(
      sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: first?.ReceiptHandle, VisibilityTimeout: 5 })),
    );
    expect(stale.name).toBe('InvalidParameterValue');
  });

  it('accepts a stale receipt handle on delete without deleting the message received again', async () => {
    const queueUrl = await createQueue(sqs, 'stale', { VisibilityTimeout: '10' });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'x' }));
    const [first] = await receive(sqs, queueUrl);
    advanceSeconds(10);
    const [second] = await receive(sqs, queueUrl);

    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: first?.ReceiptHandle }));
    expect(await queueCounts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 1, delayed: 0 });

    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: second?.ReceiptHandle }));
    expect(await queueCounts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    // Deleting again is accepted, as in SQS.
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: second?.ReceiptHandle }));

    const invalid = await errorOf(sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: 'not-a-handle' })));
    expect(invalid.name).toBe('ReceiptHandleIsInvalid');
  });

  it('moves a message to the dead-letter queue instead of delivering it more than maxReceiveCount times', async () => {
    const dlqUrl = await createQueue(sqs, 'work-dlq');
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }));
    expect(Attributes?.QueueArn).toBe('arn:aws:sqs:us-east-1:000000000000:work-dlq');
    const redrivePolicy = JSON.stringify({ deadLetterTargetArn: Attributes?.QueueArn, maxReceiveCount: 2 });
    const queueUrl = await createQueue(sqs, 'work', { VisibilityTimeout: '30', RedrivePolicy: redrivePolicy });

    const sent = await sqs.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: 'poison',
        MessageAttributes: { jobId: { DataType: 'String', StringValue: 'j-7' } },
      }),
    );
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
    advanceSeconds(30);
    expect(await receive(sqs, queueUrl)).toHaveLength(1);
    advanceSeconds(30);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    expect(await queueCounts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });

    const [deadLetter] = await receive(sqs, dlqUrl);
    expect(deadLetter?.MessageId).toBe(sent.MessageId);
    expect(deadLetter?.Body).toBe('poison');
    expect(deadLetter?.MessageAttributes).toEqual({ jobId: { DataType: 'String', StringValue: 'j-7' } });
    expect(deadLetter?.Attributes?.DeadLetterQueueSourceArn).toBe('arn:aws:sqs:us-east-1:000000000000:work');
    expect(deadLetter?.Attributes?.SentTimestamp).toBe(String(START));
  });

  it('refuses a redrive policy whose dead-letter queue does not exist', async () => {
    const error = await errorOf(
      createQueue(sqs, 'orphan', {
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: 'arn:aws:sqs:us-east-1:000000000000:missing', maxReceiveCount: 3 }),
      }),
    );
    expect(error.name).toBe('InvalidAttributeValue');
  });

  it('holds back delayed messages, per message and per queue', async () => {
    const queueUrl = await createQueue(sqs, 'delayed');
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'later', DelaySeconds: 5 }));
    expect(await receive(sqs, queueUrl)).toEqual([]);
    expect(await queueCounts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 1 });
    advanceSeconds(5);
    expect((await receive(sqs, queueUrl)).map((m) => m.Body)).toEqual(['later']);

    const slowUrl = await createQueue(sqs, 'slow', { DelaySeconds: '60' });
    await sqs.send(new SendMessageCommand({ QueueUrl: slowUrl, MessageBody: 'queue delay' }));
    advanceSeconds(59);
    expect(await receive(sqs, slowUrl)).toEqual([]);
    advanceSeconds(1);
    expect(await receive(sqs, slowUrl)).toHaveLength(1);
  });

  it('drops messages older than the retention period', async () => {
    const queueUrl = await createQueue(sqs, 'short-lived', { MessageRetentionPeriod: '60' });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'old' }));
    advanceSeconds(60);
    expect(await receive(sqs, queueUrl)).toEqual([]);
    expect(await queueCounts(sqs, queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('sends a batch, reporting the bad entries without failing the good ones', async () => {
    const queueUrl = await createQueue(sqs, 'batch');
    const result = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: [
          { Id: 'a', MessageBody: 'first' },
          { Id: 'b', MessageBody: 'bad \u0000 character' },
          { Id: 'c', MessageBody: 'third', DelaySeconds: 901 },
          { Id: 'd', MessageBody: 'fourth', MessageAttributes: { n: { DataType: 'Number', StringValue: 'NaN?' } } },
          { Id: 'e', MessageBody: 'fifth', MessageAttributes: { k: { DataType: 'String', StringValue: 'v' } } },
        ],
      }),
    );
    expect(result.Successful?.map((entry) => entry.Id)).toEqual(['a', 'e']);
    expect(result.Successful?.[1]?.MD5OfMessageAttributes).toBe(
      md5OfMessageAttributes({ k: { DataType: 'String', StringValue: 'v' } }),
    );
    expect(result.Failed?.map((entry) => [entry.Id, entry.Code, entry.SenderFault])).toEqual([
      ['b', 'InvalidMessageContents', true],
      ['c', 'InvalidParameterValue', true],
      ['d', 'InvalidParameterValue', true],
    ]);
    expect((await receive(sqs, queueUrl)).map((m) => m.Body)).toEqual(['first', 'fifth']);
  });

  it('deletes and changes visibility in batches, entry by entry', async () => {
    const queueUrl = await createQueue(sqs, 'batch-delete', { VisibilityTimeout: '30' });
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: ['1', '2', '3'].map((body) => ({ Id: `m${body}`, MessageBody: body })),
      }),
    );
    const [one, two, three] = await receive(sqs, queueUrl);

    const deleted = await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: [
          { Id: 'one', ReceiptHandle: one?.ReceiptHandle },
          { Id: 'junk', ReceiptHandle: 'junk' },
        ],
      }),
    );
    expect(deleted.Successful?.map((entry) => entry.Id)).toEqual(['one']);
    expect(deleted.Failed?.map((entry) => [entry.Id, entry.Code])).toEqual([['junk', 'ReceiptHandleIsInvalid']]);

    const changed = await sqs.send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: queueUrl,
        Entries: [
          { Id: 'two', ReceiptHandle: two?.ReceiptHandle, VisibilityTimeout: 0 },
          { Id: 'three', ReceiptHandle: three?.ReceiptHandle, VisibilityTimeout: 50_000 },
        ],
      }),
    );
    expect(changed.Successful?.map((entry) => entry.Id)).toEqual(['two']);
    expect(changed.Failed?.map((entry) => [entry.Id, entry.Code])).toEqual([['three', 'InvalidParameterValue']]);
    expect((await receive(sqs, queueUrl)).map((m) => m.Body)).toEqual(['2']);
  });

  it('rejects malformed batches as a whole, with the errors SQS names', async () => {
    const queueUrl = await createQueue(sqs, 'batch-errors');
    const empty = await errorOf(sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: [] })));
    expect(empty.name).toBe('EmptyBatchRequest');
    const repeated = await errorOf(
      sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: [
            { Id: 'same', MessageBody: 'a' },
            { Id: 'same', MessageBody: 'b' },
          ],
        }),
      ),
    );
    expect(repeated.name).toBe('BatchEntryIdsNotDistinct');
    const tooMany = await errorOf(
      sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: Array.from({ length: 11 }, (_, index) => ({ Id: `m${index}`, MessageBody: 'x' })),
        }),
      ),
    );
    expect(tooMany.name).toBe('TooManyEntriesInBatchRequest');
    const badId = await errorOf(
      sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: [{ Id: 'no spaces', MessageBody: 'x' }] })),
    );
    expect(badId.name).toBe('InvalidBatchEntryId');
    const tooLong = await errorOf(
      sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: [
            { Id: 'a', MessageBody: 'x'.repeat(200_000) },
            { Id: 'b', MessageBody: 'x'.repeat(200_000) },
          ],
        }),
      ),
    );
    expect(tooLong.name).toBe('BatchRequestTooLong');
    expect(await receive(sqs, queueUrl)).toEqual([]);
  });

  it('names a missing queue QueueDoesNotExist', async () => {
    const missingName = await errorOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'nowhere' })));
    expect(missingName).toBeInstanceOf(QueueDoesNotExist);
    expect(missingName.name).toBe('QueueDoesNotExist');

    const missingUrl = await errorOf(
      sqs.send(new SendMessageCommand({ QueueUrl: server.queueUrl('nowhere'), MessageBody: 'x' })),
    );
    expect(missingUrl.name).toBe('QueueDoesNotExist');
  });

  it('resolves a queue URL of any origin by its name', async () => {
    await createQueue(sqs, 'elsewhere');
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: 'https://sqs.us-east-1.amazonaws.com/123456789012/elsewhere',
        MessageBody: 'x',
      }),
    );
    expect(await receive(sqs, server.queueUrl('elsewhere'))).toHaveLength(1);
  });

  it('validates parameters with the errors SQS names', async () => {
    const queueUrl = await createQueue(sqs, 'validated');
    const tooMany = await errorOf(sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 11 })));
    expect(tooMany.name).toBe('InvalidParameterValue');
    const noBody = await errorOf(sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: '' })));
    expect(noBody.name).toBe('MissingParameter');
    const tooBig = await errorOf(sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'x'.repeat(262_145) })));
    expect(tooBig.name).toBe('InvalidParameterValue');
    const badAttribute = await errorOf(
      sqs.send(new SetQueueAttributesCommand({ QueueUrl: queueUrl, Attributes: { VisibilityTimeout: '-1' } })),
    );
    expect(badAttribute.name).toBe('InvalidAttributeValue');
    const notAnSqsAttribute: Record<string, string> = { Colour: 'blue' };
    const unknownAttribute = await errorOf(
      sqs.send(new SetQueueAttributesCommand({ QueueUrl: queueUrl, Attributes: notAnSqsAttribute })),
    );
    expect(unknownAttribute.name).toBe('InvalidAttributeName');
  });

  it('answers an unsupported operation or a FIFO queue with UnsupportedOperation', async () => {
    const queueUrl = await createQueue(sqs, 'plain');
    const unsupported = await errorOf(sqs.send(new ListQueueTagsCommand({ QueueUrl: queueUrl })));
    expect(unsupported.name).toBe('UnsupportedOperation');
    expect(unsupported.message).toContain('ListQueueTags');

    const fifo = await errorOf(createQueue(sqs, 'jobs.fifo', { FifoQueue: 'true' }));
    expect(fifo.name).toBe('UnsupportedOperation');
  });

  it('creates queues idempotently and refuses a second create with different attributes', async () => {
    const first = await createQueue(sqs, 'same', { VisibilityTimeout: '60' });
    expect(await createQueue(sqs, 'same', { VisibilityTimeout: '60' })).toBe(first);
    expect(await createQueue(sqs, 'same')).toBe(first);
    const conflict = await errorOf(createQueue(sqs, 'same', { VisibilityTimeout: '61' }));
    expect(conflict.name).toBe('QueueNameExists');
  });

  it('lists, updates, purges and deletes queues', async () => {
    await createQueue(sqs, 'crawl-pages');
    await createQueue(sqs, 'crawl-dlq');
    const otherUrl = await createQueue(sqs, 'other');

    const listed = await sqs.send(new ListQueuesCommand({ QueueNamePrefix: 'crawl-' }));
    expect(listed.QueueUrls).toEqual([server.queueUrl('crawl-dlq'), server.queueUrl('crawl-pages')]);
    const firstPage = await sqs.send(new ListQueuesCommand({ MaxResults: 2 }));
    expect(firstPage.QueueUrls).toHaveLength(2);
    const secondPage = await sqs.send(new ListQueuesCommand({ MaxResults: 2, NextToken: firstPage.NextToken }));
    expect(secondPage.QueueUrls).toEqual([server.queueUrl('other')]);
    expect(secondPage.NextToken).toBeUndefined();

    await sqs.send(new SetQueueAttributesCommand({ QueueUrl: otherUrl, Attributes: { VisibilityTimeout: '90' } }));
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: otherUrl, AttributeNames: ['VisibilityTimeout', 'DelaySeconds'] }),
    );
    expect(Attributes).toEqual({ VisibilityTimeout: '90', DelaySeconds: '0' });

    await sqs.send(new SendMessageCommand({ QueueUrl: otherUrl, MessageBody: 'x' }));
    await sqs.send(new PurgeQueueCommand({ QueueUrl: otherUrl }));
    expect(await receive(sqs, otherUrl)).toEqual([]);

    await sqs.send(new DeleteQueueCommand({ QueueUrl: otherUrl }));
    const gone = await errorOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'other' })));
    expect(gone.name).toBe('QueueDoesNotExist');
  });
});

describe('local SQS server long polling (real clock)', () => {
  it('returns as soon as a message is sent to the queue', { timeout: 10_000 }, async () => {
    const { sqs } = await start();
    const queueUrl = await createQueue(sqs, 'waiting');
    const polling = receive(sqs, queueUrl, { wait: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'arrived' }));
    expect((await polling).map((m) => m.Body)).toEqual(['arrived']);
  });

  it('returns a message whose visibility timeout runs out while it waits', { timeout: 10_000 }, async () => {
    const { sqs } = await start();
    const queueUrl = await createQueue(sqs, 'retry', { VisibilityTimeout: '1' });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'crashed worker' }));
    const [first] = await receive(sqs, queueUrl);
    const [again] = await receive(sqs, queueUrl, { wait: 20 });
    expect(again?.MessageId).toBe(first?.MessageId);
    expect(again?.Attributes?.ApproximateReceiveCount).toBe('2');
  });

  it('returns no messages when the wait ends empty', async () => {
    const { sqs } = await start();
    const queueUrl = await createQueue(sqs, 'quiet');
    expect(await receive(sqs, queueUrl, { wait: 1 })).toEqual([]);
  });

  it('ends waiting receives when the server closes', { timeout: 10_000 }, async () => {
    const { sqs, server } = await start();
    const queueUrl = await createQueue(sqs, 'closing');
    const polling = receive(sqs, queueUrl, { wait: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.close();
    expect(await polling).toEqual([]);
  });
});

describe('local SQS server persistence', () => {
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'sqs-server-test-'));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps queues and messages across a restart; in-flight messages return after their timeout', async () => {
    const dataFile = join(directory, 'state', 'sqs.json');
    let clock = START;
    const first = await start({ dataFile, now: () => clock });
    const dlqUrl = await createQueue(first.sqs, 'kept-dlq');
    const redrivePolicy = JSON.stringify({ deadLetterTargetArn: 'arn:aws:sqs:us-east-1:000000000000:kept-dlq', maxReceiveCount: 5 });
    await createQueue(first.sqs, 'kept', { VisibilityTimeout: '30', RedrivePolicy: redrivePolicy });
    const queueUrl = first.server.queueUrl('kept');
    await first.sqs.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: 'in flight',
        MessageAttributes: { jobId: { DataType: 'String', StringValue: 'j-1' } },
      }),
    );
    await first.sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'waiting' }));
    const [inFlight] = await receive(first.sqs, queueUrl, { max: 1 });
    expect(inFlight?.Body).toBe('in flight');
    await stop(first);
    expect(JSON.parse(await readFile(dataFile, 'utf8'))).toMatchObject({ version: 1 });

    clock += 10_000;
    const second = await start({ dataFile, now: () => clock });
    const restartedUrl = second.server.queueUrl('kept');
    expect((await receive(second.sqs, restartedUrl)).map((m) => m.Body)).toEqual(['waiting']);
    clock += 20_000;
    const [redelivered] = await receive(second.sqs, restartedUrl);
    expect(redelivered?.MessageId).toBe(inFlight?.MessageId);
    expect(redelivered?.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(redelivered?.MessageAttributes).toEqual({ jobId: { DataType: 'String', StringValue: 'j-1' } });

    const { Attributes } = await second.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: restartedUrl, AttributeNames: ['VisibilityTimeout', 'RedrivePolicy'] }),
    );
    expect(Attributes?.VisibilityTimeout).toBe('30');
    expect(JSON.parse(Attributes?.RedrivePolicy ?? '{}')).toEqual({
      deadLetterTargetArn: 'arn:aws:sqs:us-east-1:000000000000:kept-dlq',
      maxReceiveCount: 5,
    });
    expect(await receive(second.sqs, dlqUrl.replace(first.server.endpoint, second.server.endpoint))).toEqual([]);
  });

  it('has a send on disk before it acknowledges it, so a crash right after the answer loses nothing', async () => {
    const dataFile = join(directory, 'sqs.json');
    const { sqs } = await start({ dataFile });
    const queueUrl = await createQueue(sqs, 'saved');
    const saved = async () => {
      const state = JSON.parse(await readFile(dataFile, 'utf8')) as { queues: { messages: { body: string }[] }[] };
      return state.queues[0]?.messages.map((message) => message.body);
    };
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'one' }));
    expect(await saved()).toEqual(['one']);
    // Concurrent sends share writes, and each is answered only once a write holding it is done.
    await Promise.all(['two', 'three', 'four'].map((body) => sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }))));
    expect(await saved()).toEqual(['one', 'two', 'three', 'four']);
    await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: [{ Id: 'a', MessageBody: 'five' }, { Id: 'b', MessageBody: 'six' }] }));
    expect(await saved()).toHaveLength(6);
    await sqs.send(new PurgeQueueCommand({ QueueUrl: queueUrl }));
    expect(await saved()).toEqual([]);
  });

  it('saves receives and deletes shortly after they happen', async () => {
    const dataFile = join(directory, 'sqs.json');
    const { sqs } = await start({ dataFile });
    const queueUrl = await createQueue(sqs, 'saved');
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'done' }));
    const [message] = await receive(sqs, queueUrl);
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message?.ReceiptHandle }));
    await vi.waitFor(async () => {
      const saved = JSON.parse(await readFile(dataFile, 'utf8')) as { queues: { messages: unknown[] }[] };
      expect(saved.queues[0]?.messages).toEqual([]);
    });
  });

  it('refuses to start from a damaged state file rather than losing it', async () => {
    const dataFile = join(directory, 'sqs.json');
    await writeFile(dataFile, '{"version": 1, "queues": [', 'utf8');
    await expect(startSqsServer({ dataFile })).rejects.toThrow(/not readable/);
  });
});

describe('md5OfMessageAttributes', () => {
  it('matches the checksums SQS returns', () => {
    expect(md5OfMessageAttributes({ timestamp: { DataType: 'Number', StringValue: '1493147359900' } })).toBe(
      '235c5c510d26fb653d073faed50ae77c',
    );
    expect(
      md5OfMessageAttributes({
        ordinal: { DataType: 'Number', StringValue: '1' },
        category: { DataType: 'String', StringValue: 'test' },
      }),
    ).toBe('d21ae90c49061e927f57df5f5d72be1f');
  });
});

import { CreateQueueCommand, GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { expect, it } from 'vitest';
import { startQueuePolling } from '../../../local/event-sources.js';
import type { LambdaHost } from '../../../local/lambda-host.js';
import { UsageMeter } from '../../../local/meter.js';
import { startSqsServer } from '../../../local/sqs-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('keeps a running invocation\'s messages hidden past the visibility timeout: each is handled once, then deleted', async () => {
  const server = await startSqsServer();
  const sqs = new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  const { QueueUrl: queueUrl = '' } = await sqs.send(new CreateQueueCommand({ QueueName: 'work', Attributes: { VisibilityTimeout: '1' } }));
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'slow page' }));

  const handled: string[] = [];
  let running = 0;
  // An invocation that takes two and a half visibility timeouts, with a second poller waiting for work.
  const host = {
    invoke: async (_id: string, event: SQSEvent) => {
      running += 1;
      handled.push(...event.Records.map((record) => record.body));
      await sleep(2_500);
      running -= 1;
      return { batchItemFailures: [] };
    },
  } as unknown as LambdaHost;
  const errors: unknown[] = [];
  const mapping = { functionLogicalId: 'Worker', queueUrl, queueArn: 'arn:aws:sqs:us-east-1:000000000000:work', batchSize: 10, reportsBatchItemFailures: true, pollers: 2, visibilitySeconds: 1 };
  const stop = startQueuePolling(sqs, host, mapping, new UsageMeter(), (error) => errors.push(error));
  try {
    for (let waited = 0; waited < 3_000 && (waited < 500 || running > 0); waited += 100) await sleep(100);
    await sleep(300);
    expect(handled).toEqual(['slow page']);
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }));
    expect(Attributes).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '0' });
    expect(errors).toEqual([]);
  } finally {
    await stop();
    sqs.destroy();
    await server.close();
  }
});

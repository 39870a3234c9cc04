import { ChangeMessageVisibilityBatchCommand, DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { setMaxListeners } from 'node:events';
import type { LambdaHost } from './lambda-host.js';
import type { UsageMeter } from './meter.js';

export interface QueueMapping {
  functionLogicalId: string;
  queueUrl: string;
  queueArn: string;
  batchSize: number;
  reportsBatchItemFailures: boolean;
  /** Parallel pollers: how far Lambda would scale this mapping out. */
  pollers: number;
  /** The queue's visibility timeout, which the poller keeps renewing while an invocation runs. */
  visibilitySeconds: number;
}

function toSqsEvent(messages: Message[], queueArn: string): SQSEvent {
  return {
    Records: messages.map((message) => ({
      messageId: message.MessageId ?? '',
      receiptHandle: message.ReceiptHandle ?? '',
      body: message.Body ?? '',
      attributes: {
        ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: message.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: message.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: message.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: 'us-east-1',
    })),
  };
}

/**
 * Polls a queue the way Lambda's event source mapping does: a batch goes to the function, and the
 * messages it handled are deleted. A thrown error leaves the whole batch to reappear after the
 * visibility timeout; `batchItemFailures` leaves just those messages.
 */
export function startQueuePolling(sqs: SQSClient, host: LambdaHost, mapping: QueueMapping, meter: UsageMeter, onError: (error: unknown) => void): () => Promise<void> {
  let running = true;
  const abort = new AbortController();
  // Every poller's pending receive listens on the same signal.
  setMaxListeners(mapping.pollers * 4, abort.signal);

  const pollOnce = async () => {
    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: mapping.queueUrl,
        MaxNumberOfMessages: mapping.batchSize,
        WaitTimeSeconds: 20,
        MessageSystemAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    );
    if (!Messages?.length) {
      // Idle polling costs the same whatever is crawled; it is kept apart from per-page calls.
      meter.count('SQS.ReceiveMessage (empty)');
      return;
    }
    let failed = new Set<string>(Messages.map((message) => message.MessageId ?? ''));
    // Lambda wants a queue's visibility timeout to be at least its function's timeout, so a batch never
    // comes back while its invocation runs. Tests shorten the timeout to see a killed runtime's messages
    // again soon; the poller keeps a running invocation's messages hidden instead, as Lambda would.
    const hideAgain = () =>
      sqs.send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: mapping.queueUrl,
          Entries: Messages.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle ?? '', VisibilityTimeout: mapping.visibilitySeconds })),
        }),
      );
    const keepHidden = setInterval(() => void hideAgain().catch(onError), mapping.visibilitySeconds * 500);
    try {
      const response = (await host.invoke(mapping.functionLogicalId, toSqsEvent(Messages, mapping.queueArn))) as SQSBatchResponse | undefined;
      failed = new Set(mapping.reportsBatchItemFailures ? (response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier) : []);
    } catch (error) {
      onError(error);
    } finally {
      clearInterval(keepHidden);
    }
    const handled = Messages.filter((message) => !failed.has(message.MessageId ?? ''));
    if (handled.length > 0) {
      await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: mapping.queueUrl,
          Entries: handled.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle ?? '' })),
        }),
      );
    }
  };

  const loop = async () => {
    while (running) {
      try {
        await pollOnce();
      } catch (error) {
        if (!running) return;
        onError(error);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };
  const loops = Array.from({ length: mapping.pollers }, loop);
  return async () => {
    running = false;
    abort.abort();
    await Promise.allSettled(loops);
  };
}

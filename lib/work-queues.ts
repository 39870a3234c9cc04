import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
// A message that has failed this many deliveries goes to the DLQ instead of a fourth attempt.
import { MAX_PAGE_ATTEMPTS } from '../lambdas/domain/ledger.js';

/** A queue, the dead-letter queue behind it, and the time its worker may take on one message. */
export interface WorkQueue {
  queue: sqs.Queue;
  deadLetters: sqs.Queue;
  /** The worker function's timeout. */
  workerTimeout: Duration;
  /** Longer than `workerTimeout`: SQS must not redeliver a message while its worker may still be working on it. */
  visibilityTimeout: Duration;
}

/**
 * A page worker walks its lane for up to 30 s (a quarter of the visibility timeout), then finishes
 * the page in hand (a fetch takes 30 s at most) and records it; SQS must not redeliver while it works.
 */
const PAGE_WORKER_TIMEOUT = Duration.seconds(90);
/**
 * The render worker: a 30 s fetch, a 20 s render, the export, and on a cold start a few seconds
 * to unpack Chromium. Its lease (CRAWL_PAGE_LEASE_SECONDS, 100 s) stays under the queue's timeout.
 */
const RENDER_WORKER_TIMEOUT = Duration.seconds(90);
/** One webhook POST may take 10 s; the rest is signing and recording. */
const WEBHOOK_WORKER_TIMEOUT = Duration.seconds(30);
/** Receives of a webhook message before the delivery function's own failures park it. */
const WEBHOOK_DELIVERY_ATTEMPTS = 5;
/** Tries of the dead-letter consumer per message before it is parked for an operator. */
const DEAD_LETTER_ATTEMPTS = 5;

const encrypted = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;

/**
 * The service's queues: pages to crawl, pages to render in a browser, and webhook deliveries, each
 * with its dead-letter queue. Made in the given scope, the stack, rather than in a construct of
 * their own, so that they keep the logical ids of the deployed stack.
 */
export class WorkQueues {
  /**
   * Dead letters the consumer could not settle in DEAD_LETTER_ATTEMPTS tries are parked here, with
   * no consumer, for an operator to redrive (docs/operations.md).
   */
  readonly parkedDeadLetters: sqs.Queue;
  readonly page: WorkQueue;
  readonly render: WorkQueue;
  /**
   * Webhook deliveries: one attempt per message; retries are new messages with their backoff as
   * delay, so the DLQ only receives messages on which the delivery function itself kept failing.
   */
  readonly webhook: WorkQueue;

  constructor(private readonly scope: Construct) {
    this.parkedDeadLetters = new sqs.Queue(scope, 'DeadLetterParkingQueue', { retentionPeriod: Duration.days(14), ...encrypted });
    this.page = this.withDeadLetters('Page', { workerTimeout: PAGE_WORKER_TIMEOUT, attempts: MAX_PAGE_ATTEMPTS, parkDeadLetters: true });
    this.render = this.withDeadLetters('Render', { workerTimeout: RENDER_WORKER_TIMEOUT, attempts: MAX_PAGE_ATTEMPTS, parkDeadLetters: true });
    this.webhook = this.withDeadLetters('Webhook', { workerTimeout: WEBHOOK_WORKER_TIMEOUT, attempts: WEBHOOK_DELIVERY_ATTEMPTS, parkDeadLetters: false });
  }

  /**
   * A work queue whose messages go to their own dead-letter queue after `attempts` receives. The
   * crawl queues' dead letters have a consumer, whose failures are parked; the webhook queue's
   * have none and stay where they are (the WebhookDeadLetters alarm).
   */
  private withDeadLetters(id: string, { workerTimeout, attempts, parkDeadLetters }: { workerTimeout: Duration; attempts: number; parkDeadLetters: boolean }): WorkQueue {
    const deadLetters = new sqs.Queue(this.scope, `${id}DeadLetterQueue`, {
      retentionPeriod: Duration.days(14),
      ...encrypted,
      ...(parkDeadLetters ? { deadLetterQueue: { queue: this.parkedDeadLetters, maxReceiveCount: DEAD_LETTER_ATTEMPTS } } : {}),
    });
    const visibilityTimeout = workerTimeout.plus(Duration.seconds(30));
    const queue = new sqs.Queue(this.scope, `${id}Queue`, {
      visibilityTimeout,
      retentionPeriod: Duration.days(4),
      ...encrypted,
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: attempts },
    });
    return { queue, deadLetters, workerTimeout, visibilityTimeout };
  }
}

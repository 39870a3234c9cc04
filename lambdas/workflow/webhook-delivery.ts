import { logger } from '../observability/logger.js';
import { recordWebhookDeliveryFailed } from '../observability/metrics.js';
import { FetchError } from '../core/fetch-types.js';
import { webhookSigningSecret } from '../data/accounts.js';
import { getJob } from '../data/jobs.js';
import { recordWebhookDelivery, sendWebhookMessage, type WebhookMessage } from '../data/webhooks.js';
import { publicView, type JobRecord } from '../domain/job.js';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  retryDelaySeconds,
  signatureHeader,
  terminalEvent,
  webhookBody,
  webhookDeliveryId,
  type WebhookDelivery,
  type WebhookEvent,
} from '../domain/webhook.js';
import { createWebhookSender, type SendWebhook } from '../net/webhook-sender.js';

/**
 * Queues the job's webhook for `event` when the job asked for it. The job as it is now travels
 * with the delivery. Never throws: a delivery must not delay or change the job, so a queue that
 * cannot be reached costs the announcement, not the crawl.
 */
export async function announce(job: JobRecord, event: WebhookEvent, now = new Date()): Promise<void> {
  const settings = job.webhook;
  if (!settings || !settings.events.includes(event) || job.webhook_deliveries?.[event]) return;
  const id = webhookDeliveryId(job.job_id, event);
  try {
    await sendWebhookMessage({ delivery_id: id, job_id: job.job_id, user_id: job.user_id, event, url: settings.url, metadata: settings.metadata, job: publicView(job), attempt: 1 });
    const queued: WebhookDelivery = { id, event, status: 'pending', attempts: 0, last_status: null, last_attempt_at: null, next_attempt_at: now.toISOString() };
    await recordWebhookDelivery(job.job_id, event, queued, { onlyIfNew: true });
  } catch (error) {
    logger.error('could not queue a webhook delivery', { jobId: job.job_id, event, error: error as Error });
  }
}

/**
 * Announces how the job ended. Called after the terminal status and the settlement are written
 * (and, for `completed`, after the result was), so a receiver that fetches the result gets it.
 */
export async function announceEnd(jobId: string): Promise<void> {
  const job = await getJob(jobId);
  const event = job && terminalEvent(job.status);
  if (job && event) await announce(job, event);
}

export interface DeliveryDependencies {
  send: SendWebhook;
  secretFor(userId: string): Promise<string>;
  requeue(message: WebhookMessage, delaySeconds: number): Promise<void>;
  record(jobId: string, event: WebhookEvent, delivery: WebhookDelivery): Promise<unknown>;
  retryDelays: readonly number[];
  now(): Date;
}

/**
 * One attempt: sign and POST the body. A 2xx answer delivers it; any other answer, a timeout or a
 * network failure queues the next attempt after the backoff (at-least-once, under the same
 * delivery id); a refused address or an exhausted schedule fails it. Either way the job record
 * shows the delivery's state.
 */
export async function deliverWebhook(message: WebhookMessage, deps: DeliveryDependencies = defaultDependencies()): Promise<WebhookDelivery> {
  const now = deps.now();
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = webhookBody(message.event, message.job, message.metadata, now);
  const headers = {
    [SIGNATURE_HEADER]: signatureHeader(await deps.secretFor(message.user_id), timestamp, body),
    [DELIVERY_HEADER]: message.delivery_id,
    [EVENT_HEADER]: message.event,
  };

  let lastStatus: string;
  let retryable = true;
  try {
    const { status } = await deps.send(message.url, body, headers);
    lastStatus = `http_${status}`;
    if (status >= 200 && status < 300) return await settle(message, deps, { status: 'delivered', lastStatus, now, retryInSeconds: undefined });
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    lastStatus = error.reason;
    retryable = error.retryable;
  }
  const retryInSeconds = retryable ? retryDelaySeconds(message.attempt, deps.retryDelays) : undefined;
  if (retryInSeconds !== undefined) await deps.requeue({ ...message, attempt: message.attempt + 1 }, retryInSeconds);
  else {
    logger.warn('webhook delivery failed for good', { deliveryId: message.delivery_id, attempts: message.attempt, lastStatus });
    recordWebhookDeliveryFailed();
  }
  return settle(message, deps, { status: retryInSeconds === undefined ? 'failed' : 'pending', lastStatus, now, retryInSeconds });
}

async function settle(
  message: WebhookMessage,
  deps: DeliveryDependencies,
  outcome: { status: WebhookDelivery['status']; lastStatus: string; now: Date; retryInSeconds: number | undefined },
): Promise<WebhookDelivery> {
  const delivery: WebhookDelivery = {
    id: message.delivery_id,
    event: message.event,
    status: outcome.status,
    attempts: message.attempt,
    last_status: outcome.lastStatus,
    last_attempt_at: outcome.now.toISOString(),
    next_attempt_at: outcome.retryInSeconds === undefined ? null : new Date(outcome.now.getTime() + outcome.retryInSeconds * 1000).toISOString(),
  };
  await deps.record(message.job_id, message.event, delivery);
  return delivery;
}

let sender: SendWebhook | undefined;

function defaultDependencies(): DeliveryDependencies {
  sender ??= createWebhookSender();
  return {
    send: sender,
    secretFor: webhookSigningSecret,
    requeue: sendWebhookMessage,
    record: recordWebhookDelivery,
    retryDelays: retryDelaysFromEnvironment(),
    now: () => new Date(),
  };
}

/** CRAWL_WEBHOOK_RETRY_SECONDS (`30,120,…`) replaces the backoff schedule; tests use short ones. */
function retryDelaysFromEnvironment(): readonly number[] {
  const configured = process.env.CRAWL_WEBHOOK_RETRY_SECONDS;
  if (!configured) return WEBHOOK_RETRY_DELAYS_SECONDS;
  const delays = configured.split(',').map((part) => Number(part.trim()));
  if (delays.some((delay) => !Number.isInteger(delay) || delay < 0 || delay > 900)) {
    throw new Error(`CRAWL_WEBHOOK_RETRY_SECONDS: expected whole seconds from 0 to 900, separated by commas; got "${configured}"`);
  }
  return delays;
}

import { describe, expect, it, vi } from 'vitest';
import { FetchError } from '../../../lambdas/core/fetch-types.js';
import type { WebhookMessage } from '../../../lambdas/data/webhooks.js';
import { verifySignature } from '../../../lambdas/domain/webhook.js';
import { deliverWebhook, type DeliveryDependencies } from '../../../lambdas/workflow/webhook-delivery.js';
import type { SendWebhook } from '../../../lambdas/net/webhook-sender.js';

const SECRET = 'whsec_unit';
const NOW = new Date('2026-11-22T12:00:00.000Z');

const message: WebhookMessage = {
  delivery_id: 'job-1.completed',
  job_id: 'job-1',
  user_id: 'alice',
  event: 'completed',
  url: 'https://hooks.example.com/crawl',
  metadata: { run: 7 },
  job: { id: 'job-1', status: 'completed' },
  attempt: 1,
};

function dependencies(send: SendWebhook): DeliveryDependencies & { requeue: ReturnType<typeof vi.fn>; record: ReturnType<typeof vi.fn> } {
  return {
    send,
    secretFor: async () => SECRET,
    requeue: vi.fn(async () => undefined),
    record: vi.fn(async () => true),
    retryDelays: [30, 120],
    now: () => NOW,
  };
}

describe('one delivery attempt', () => {
  it('POSTs the signed body with the delivery id, and records it delivered on 2xx', async () => {
    const sent: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
    const deps = dependencies(async (url, body, headers) => {
      sent.push({ url, body, headers });
      return { status: 204 };
    });
    const delivery = await deliverWebhook(message, deps);

    expect(sent).toHaveLength(1);
    const [{ url, body, headers }] = sent as [(typeof sent)[number]];
    expect(url).toBe(message.url);
    expect(JSON.parse(body)).toEqual({ event: 'completed', job: message.job, metadata: { run: 7 }, delivered_at: NOW.toISOString() });
    expect(headers['X-Crawl-Delivery']).toBe('job-1.completed');
    expect(verifySignature(SECRET, headers['X-Crawl-Signature'] as string, body, NOW.getTime() / 1000)).toBe(true);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, last_status: 'http_204', next_attempt_at: null });
    expect(deps.record).toHaveBeenCalledWith('job-1', 'completed', delivery);
    expect(deps.requeue).not.toHaveBeenCalled();
  });

  it('queues the next attempt after the backoff when the receiver answers with an error', async () => {
    const deps = dependencies(async () => ({ status: 500 }));
    const delivery = await deliverWebhook(message, deps);
    expect(deps.requeue).toHaveBeenCalledWith({ ...message, attempt: 2 }, 30);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status: 'http_500', next_attempt_at: '2026-11-22T12:00:30.000Z' });
  });

  it('retries a timeout, and gives up once the schedule is spent', async () => {
    const deps = dependencies(async () => {
      throw new FetchError('timeout', 'no answer', true);
    });
    await deliverWebhook({ ...message, attempt: 2 }, deps);
    expect(deps.requeue).toHaveBeenCalledWith({ ...message, attempt: 3 }, 120);
    const last = await deliverWebhook({ ...message, attempt: 3 }, deps);
    expect(deps.requeue).toHaveBeenCalledTimes(1);
    expect(last).toMatchObject({ status: 'failed', attempts: 3, last_status: 'timeout', next_attempt_at: null });
  });

  it('fails at once, without retrying, when the receiver resolves to a private address', async () => {
    const deps = dependencies(async () => {
      throw new FetchError('blocked_address', 'hooks.example.com resolves to a non-public address (127.0.0.1)', false);
    });
    const delivery = await deliverWebhook(message, deps);
    expect(delivery).toMatchObject({ status: 'failed', last_status: 'blocked_address' });
    expect(deps.requeue).not.toHaveBeenCalled();
  });
});

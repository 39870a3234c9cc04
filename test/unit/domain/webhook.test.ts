import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_SECONDS, retryDelaySeconds, signatureHeader, verifySignature, webhookView } from '../../../lambdas/domain/webhook.js';

const SECRET = 'whsec_test_secret';

describe('webhook signatures', () => {
  it('are an HMAC-SHA256 of "<t>.<raw body>" keyed by the signing secret', () => {
    const body = '{"event":"completed"}';
    const expected = createHmac('sha256', SECRET).update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader(SECRET, 1_700_000_000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verify with the right secret and the raw body, and fail otherwise', () => {
    const body = '{"event":"completed","metadata":{"run":7}}';
    const header = signatureHeader(SECRET, 1_700_000_000, body);
    expect(verifySignature(SECRET, header, body, 1_700_000_010)).toBe(true);
    expect(verifySignature('whsec_other', header, body, 1_700_000_010)).toBe(false);
    expect(verifySignature(SECRET, header, body.replace('7', '8'), 1_700_000_010)).toBe(false);
    // a replay long after the timestamp is refused
    expect(verifySignature(SECRET, header, body, 1_700_001_000)).toBe(false);
    expect(verifySignature(SECRET, 'garbage', body, 1_700_000_010)).toBe(false);
  });
});

describe('retry schedule', () => {
  it('retries the first time within a minute and keeps trying for more than an hour', () => {
    expect(retryDelaySeconds(1)).toBeLessThanOrEqual(60);
    const total = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(3600);
    expect(Math.max(...WEBHOOK_RETRY_DELAYS_SECONDS)).toBeLessThanOrEqual(900); // SQS's longest delay
    expect(retryDelaySeconds(WEBHOOK_RETRY_DELAYS_SECONDS.length + 1)).toBeUndefined();
  });
});

describe('the record view', () => {
  it('lists deliveries in event order and shows the latest answer', () => {
    const settings = { url: 'https://hooks.example.com/x', events: ['started' as const, 'completed' as const], metadata: {} };
    const view = webhookView(settings, {
      completed: { id: 'j.completed', event: 'completed', status: 'pending', attempts: 1, last_status: 'http_500', last_attempt_at: '2026-01-01T00:00:05.000Z', next_attempt_at: null },
      started: { id: 'j.started', event: 'started', status: 'delivered', attempts: 1, last_status: 'http_200', last_attempt_at: '2026-01-01T00:00:01.000Z', next_attempt_at: null },
    });
    expect(view.deliveries.map((delivery) => delivery.event)).toEqual(['started', 'completed']);
    expect(view.last_status).toBe('http_500');
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Webhook events (CONTRACT 9); a job announces each at most once, under one delivery id. */
export const WEBHOOK_EVENTS = ['started', 'completed', 'failed', 'cancelled'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const MAX_WEBHOOK_METADATA_BYTES = 4096;
export const SIGNATURE_HEADER = 'X-Crawl-Signature';
export const DELIVERY_HEADER = 'X-Crawl-Delivery';
export const EVENT_HEADER = 'X-Crawl-Event';

/** What a job asked for: stored on the job record as submitted. */
export const WebhookSettingsSchema = z.object({
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  metadata: z.record(z.string(), z.unknown()),
});
export type WebhookSettings = z.infer<typeof WebhookSettingsSchema>;

/** One event's delivery as the job record shows it. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  /** `http_<status>` of the last answer, or why there was none (`timeout`, `blocked_address`, …). */
  last_status: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** Deterministic, so a delivery queued twice (a retried step) reaches the receiver under one id. */
export function webhookDeliveryId(jobId: string, event: WebhookEvent): string {
  return `${jobId}.${event}`;
}

export function terminalEvent(status: string): WebhookEvent | undefined {
  return status === 'completed' || status === 'failed' || status === 'cancelled' ? status : undefined;
}

/**
 * Seconds to wait before each retry after a failed attempt: the first within a minute, then
 * growing to SQS's longest delay, for 82 minutes in all (nine attempts).
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS: readonly number[] = [30, 120, 300, 900, 900, 900, 900, 900];

/** The wait before attempt `attempt + 1`, or undefined when attempt `attempt` was the last. */
export function retryDelaySeconds(attempt: number, schedule: readonly number[] = WEBHOOK_RETRY_DELAYS_SECONDS): number | undefined {
  return schedule[attempt - 1];
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by the user's signing secret. */
export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/**
 * What a receiver does: recompute the HMAC over the raw body and compare in constant time, and
 * refuse old timestamps so a captured delivery cannot be replayed later.
 */
export function verifySignature(secret: string, header: string, rawBody: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = signatureHeader(secret, timestamp, rawBody).split('v1=')[1] as string;
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The body of one delivery attempt (CONTRACT 9). */
export function webhookBody(event: WebhookEvent, job: unknown, metadata: Record<string, unknown>, deliveredAt: Date): string {
  return JSON.stringify({ event, job, metadata, delivered_at: deliveredAt.toISOString() });
}

/** The record's `webhook` field: what was asked for, each event's delivery, and the latest answer. */
export function webhookView(settings: WebhookSettings, deliveries: Partial<Record<WebhookEvent, WebhookDelivery>> = {}) {
  const list = WEBHOOK_EVENTS.flatMap((event) => (deliveries[event] ? [deliveries[event]] : []));
  const latest = list.filter((delivery) => delivery.last_attempt_at).sort((a, b) => String(a.last_attempt_at).localeCompare(String(b.last_attempt_at))).at(-1);
  return { ...settings, deliveries: list, last_status: latest?.last_status ?? null };
}

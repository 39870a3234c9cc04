import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { FetchError } from '../../../lambdas/core/fetch-types.js';
import { parseHostOverrides } from '../../../lambdas/net/host-overrides.js';
import { createWebhookSender } from '../../../lambdas/net/webhook-sender.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';

let receiver: FixtureSite;
const received: Array<{ request: IncomingMessage; body: string }> = [];

beforeAll(async () => {
  receiver = await startFixtureSite(['hooks.test'], (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ request, body });
      if (request.url === '/slow') return; // never answers
      if (request.url === '/huge') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(Buffer.alloc(4 * 1024 * 1024, 'a'));
        return;
      }
      response.writeHead(request.url === '/broken' ? 503 : 200).end('ok');
    });
  });
});
afterAll(async () => receiver?.close());

const sender = (overrides: Partial<Parameters<typeof createWebhookSender>[0]> = {}) =>
  createWebhookSender({ hostOverrides: parseHostOverrides(`hooks.test=127.0.0.1:${receiver.port}`), ca: receiver.caPem, ...overrides });

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected a FetchError');
}

describe('webhook sender', () => {
  it('POSTs the body and headers and returns the status', async () => {
    const send = sender();
    expect(await send('https://hooks.test/ok', '{"a":1}', { 'X-Crawl-Delivery': 'd1' })).toEqual({ status: 200 });
    expect(await send('https://hooks.test/broken', '{}', {})).toEqual({ status: 503 });
    const first = received.find((entry) => entry.request.url === '/ok');
    expect(first?.request.method).toBe('POST');
    expect(first?.body).toBe('{"a":1}');
    expect(first?.request.headers['x-crawl-delivery']).toBe('d1');
    expect(first?.request.headers['content-type']).toBe('application/json');
  });

  it('reads only a bounded part of a large answer', async () => {
    expect(await sender({ maxResponseBytes: 1024 })('https://hooks.test/huge', '{}', {})).toEqual({ status: 200 });
  });

  it('times out a receiver that does not answer', async () => {
    expect(await failure(sender({ timeoutMs: 300 })('https://hooks.test/slow', '{}', {}))).toMatchObject({ reason: 'timeout', retryable: true });
  });

  it('refuses, at connection time, a public-looking name that resolves to loopback', async () => {
    const before = received.length;
    const send = sender({ resolve: async () => ['127.0.0.1'] });
    const error = await failure(send('https://hooks.example.com/ok', '{}', {}));
    expect(error).toMatchObject({ reason: 'blocked_address', retryable: false });
    expect(received.length).toBe(before);
  });

  it('refuses private and non-https receivers before connecting', async () => {
    expect(await failure(sender()('https://127.0.0.1/hook', '{}', {}))).toMatchObject({ reason: 'blocked_address' });
    expect(await failure(sender()('http://hooks.example.com/hook', '{}', {}))).toMatchObject({ reason: 'invalid_url' });
  });
});

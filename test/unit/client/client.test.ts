import { describe, expect, it } from 'vitest';
import { CrawlApiError, CrawlClient } from '../../../client/index.js';

/** A fetch that answers from a script and records what it was asked. */
function scripted(answers: Array<() => Response>) {
  const calls: Array<{ url: string; init?: RequestInit; at: number }> = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init, at: Date.now() });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const usage = { period: '2026-11', allowance: 10, used: 0, reserved: 0, remaining: 10 };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const throttled = (retryAfter: string) => json(429, { error: { code: 'rate_limited', message: 'slow down', request_id: 'r1' } }, { 'retry-after': retryAfter });

describe('CrawlClient rate limits', () => {
  it('retries a 429 after its Retry-After, then answers', async () => {
    const { fetch, calls } = scripted([throttled('1'), json(200, usage)]);
    const client = new CrawlClient({ baseUrl: 'http://api.invalid/', apiKey: 'k', fetch });

    expect(await client.getUsage()).toEqual(usage);
    expect(calls).toHaveLength(2);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(990);
    expect(calls[0]?.url).toBe('http://api.invalid/v1/usage');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer k');
  });

  it('gives up after its retries with the 429 as a typed error', async () => {
    const { fetch } = scripted([throttled('1'), throttled('1')]);
    const client = new CrawlClient({ baseUrl: 'http://api.invalid', apiKey: 'k', fetch, rateLimitRetries: 1 });
    const error = await client.getUsage().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CrawlApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 1, envelope: { error: { request_id: 'r1' } } });
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import { CrawlApiError, CrawlClient, LEDGER_STATUSES, RESULT_FORMATS, type PageRecord } from '../../../client/index.js';
import { PublicLedgerEntrySchema } from '../../../lambdas/domain/ledger.js';
import type { PageRecord as ServerPageRecord } from '../../../lambdas/domain/page-record.js';
import { API_VERSIONS, BINARY_FORMATS, FORMATS_OF_VERSION, JSONL_FORMAT, RESULT_FORMATS as SERVICE_RESULT_FORMATS } from '../../../lambdas/domain/formats.js';

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

const KEY_HEADER = (call: { init?: RequestInit } | undefined) => new Headers(call?.init?.headers).get('authorization');
const created = { id: '0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10', status: 'queued' };

describe('CrawlClient API versions', () => {
  it("knows the service's result formats: the version that serves each, and which are bytes", () => {
    expect(Object.keys(RESULT_FORMATS).sort()).toEqual([...SERVICE_RESULT_FORMATS].sort());
    for (const [format, { since, binary }] of Object.entries(RESULT_FORMATS)) {
      const firstVersion = format === JSONL_FORMAT ? 'v1' : API_VERSIONS.find((version) => (FORMATS_OF_VERSION[version] as readonly string[]).includes(format));
      expect({ format, since, binary }).toEqual({ format, since: firstVersion, binary: BINARY_FORMATS.has(format as never) });
    }
    expectTypeOf<PageRecord>().toEqualTypeOf<ServerPageRecord>();
  });

  it("knows every state of a ledger entry, which the CLI's and the MCP server's status filters offer", () => {
    expect([...LEDGER_STATUSES].sort()).toEqual([...PublicLedgerEntrySchema.shape.status.options].sort());
  });

  it('sends a job to /v1 unless it asks for what only /v1.1 has', async () => {
    const { fetch, calls } = scripted([json(202, created), json(202, created), json(202, created), json(202, created)]);
    const client = new CrawlClient({ baseUrl: 'http://api.invalid', apiKey: 'k', fetch });

    await client.createJob({ url: 'https://example.com/', mode: 'single' });
    await client.createJob({ url: 'https://example.com/', mode: 'single', export_formats: ['text', 'markdown'] });
    await client.createJob({ url: 'https://example.com/', mode: 'single', export_formats: ['markdown', 'pdf'] });
    await client.createJob({ url: 'https://example.com/', mode: 'single', pdf_paper: 'Letter' });

    expect(calls.map((call) => call.url)).toEqual(['http://api.invalid/v1/jobs', 'http://api.invalid/v1/jobs', 'http://api.invalid/v1.1/jobs', 'http://api.invalid/v1.1/jobs']);
  });

  it('reads a PDF as bytes from the 303 of /v1.1, without sending the key to the download URL', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00]);
    const { fetch, calls } = scripted([
      () => new Response(null, { status: 303, headers: { location: 'https://bucket.invalid/r.pdf?X-Amz-Signature=s', 'content-type': 'application/pdf' } }),
      () => new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
    ]);
    const client = new CrawlClient({ baseUrl: 'http://api.invalid', apiKey: 'k', fetch });

    expect(await client.getResultBytes(created.id, { format: 'pdf' })).toEqual(pdf);
    expect(calls.map((call) => call.url)).toEqual([`http://api.invalid/v1.1/jobs/${created.id}/result?format=pdf`, 'https://bucket.invalid/r.pdf?X-Amz-Signature=s']);
    expect(KEY_HEADER(calls[0])).toBe('Bearer k');
    expect(KEY_HEADER(calls[1])).toBeNull();
  });

  it('refuses to read a binary result as text, before downloading it', async () => {
    const { fetch, calls } = scripted([() => new Response(null, { status: 303, headers: { location: 'https://bucket.invalid/r.docx', 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } })]);
    const client = new CrawlClient({ baseUrl: 'http://api.invalid', apiKey: 'k', fetch });

    await expect(client.getResult(created.id)).rejects.toThrow(/is application\/vnd\.openxmlformats.*not text: read it with getResultBytes/);
    // no format named: the job's default, which may be a /v1.1 format
    expect(calls.map((call) => call.url)).toEqual([`http://api.invalid/v1.1/jobs/${created.id}/result`]);
  });

  it('refuses a crawl whose document would be bytes before creating the job', async () => {
    const { fetch, calls } = scripted([]);
    const client = new CrawlClient({ baseUrl: 'http://api.invalid', apiKey: 'k', fetch });

    await expect(client.crawl({ url: 'https://example.com/', mode: 'single', export_formats: ['docx'] })).rejects.toThrow(/crawl\(\) returns text and docx is bytes/);
    expect(calls).toHaveLength(0);
  });

  it('parses the jsonl result into records as it arrives, whatever the chunks', async () => {
    const records: PageRecord[] = [
      { url: 'https://example.com/', final_url: 'https://example.com/', title: 'Home', depth: 0, fetched_at: '2026-11-25T10:00:00.000Z', markdown: '# Home\n\nText with ü.' },
      { url: 'https://example.com/a', final_url: 'https://example.com/b', title: null, depth: 1, fetched_at: '2026-11-25T10:00:01.000Z', markdown: 'B' },
    ];
    const bytes = new TextEncoder().encode(records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    // cut every 7 bytes: inside lines, between lines, and inside the two bytes of ü
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 7) controller.enqueue(bytes.slice(at, at + 7));
        controller.close();
      },
    });
    const { fetch, calls } = scripted([() => new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } })]);
    const client = new CrawlClient({ baseUrl: 'http://api.invalid', apiKey: 'k', fetch });

    const read: PageRecord[] = [];
    for await (const record of client.records(created.id)) read.push(record);

    expect(read).toEqual(records);
    expect(calls[0]?.url).toBe(`http://api.invalid/v1/jobs/${created.id}/result?format=jsonl`);
  });
});

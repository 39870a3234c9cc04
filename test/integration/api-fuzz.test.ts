import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../lambdas/api/errors.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { seededRandom, type Random } from '../helpers/seeded-random.js';
import { page, startSite } from '../helpers/site.js';

/*
 * Malformed requests never reach a 500: every path, header and body a client can send gets a
 * status below 500, and every error answer is the envelope. The generator is seeded, so a failure
 * names the case that reproduces it. URLs in generated requests only name the loopback fixture
 * hosts or loopback addresses (refused by the address rule before any connection).
 */
const KEY = 'fuzz-test-key-0001';
const SEED = 0x5eed_0009;
const CASES = 600;

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let jobId: string;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({ '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' }, '/': page('Home', ['/a']) }));
  // One page of quota: the job below uses it, so generated job requests end at the quota check.
  runtime = await lifecycle.runtime({ users: [{ user_id: 'fuzz-user', api_key: KEY, plan: 'pro', monthly_pages: 1 }], hostOverrides: site.overrides });
  const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/', mode: 'single' } });
  jobId = String(created.json.id);
  await runtime.waitForJob(KEY, jobId);
});

interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Sends the request as given: `fetch` would normalize the path, `http.request` keeps its bytes. */
function send(raw: RawRequest): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(runtime.url);
  return new Promise((resolve, reject) => {
    // Node frames a DELETE body only when told its length; unframed, its bytes would read as a second request.
    const headers = raw.body ? { ...raw.headers, 'content-length': String(raw.body.length) } : raw.headers;
    const outgoing = httpRequest({ host: hostname, port, method: raw.method, path: raw.path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(raw.body);
  });
}

async function expectEnvelopeBelow500(raw: RawRequest, label: string) {
  const reply = await send(raw).catch((error: unknown) => {
    throw new Error(`${label}: ${raw.method} ${raw.path.slice(0, 200)} ${JSON.stringify(raw.headers).slice(0, 300)}: ${String(error)}`);
  });
  const described = `${label}: ${raw.method} ${raw.path.slice(0, 200)} → ${reply.status} ${reply.body.slice(0, 200)}`;
  expect(reply.status, described).toBeLessThan(500);
  if (reply.status >= 400 && raw.method !== 'HEAD') {
    expect(isEnvelope(reply.body), described).toBe(true);
  }
}

function isEnvelope(body: string): boolean {
  try {
    return errorEnvelopeSchema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}

describe('malformed paths', () => {
  it.each([
    '/v1/jobs/%E9/',
    '/v1/jobs/%C0%AE%C0%AE',
    '/v1/jobs/%E9/result',
    '/v1/jobs/%/pages',
    '/v1/jobs/%zz',
    '/v1/jobs/%ED%A0%80',
    '//[/v1/jobs',
    '//%E9',
  ])('%s is a 4xx in the envelope', async (path) => {
    for (const method of ['GET', 'DELETE']) {
      const reply = await send({ method, path, headers: { authorization: `Bearer ${KEY}` } });
      expect(reply.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(reply.status, `${method} ${path}`).toBeLessThan(500);
      expect(isEnvelope(reply.body), reply.body).toBe(true);
    }
  });
});

/** Names every plain object inherits: a parameter or key of this name must not reach a prototype. */
const BUILT_IN_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'prototype'];

describe('parameters and keys named like built-in object properties', () => {
  const routes = () => ['/', '/v1/openapi.json', '/v1/usage', '/v1/jobs', `/v1/jobs/${jobId}`, `/v1/jobs/${jobId}/pages`, `/v1/jobs/${jobId}/result`, '/v1/sitemap/preview', '/health'];

  it.each(BUILT_IN_NAMES)('?%s=1 on every route, with and without a key, is answered below 500', async (name) => {
    for (const route of routes()) {
      for (const headers of [{ authorization: `Bearer ${KEY}` }, {}] as Array<Record<string, string>>) {
        await expectEnvelopeBelow500({ method: 'GET', path: `${route}?${name}=1&${name}=2&limit=5`, headers }, `?${name}`);
      }
    }
  });

  it.each(BUILT_IN_NAMES.filter((name) => name !== 'prototype'))('a header named %s is answered below 500', async (name) => {
    for (const route of routes()) {
      await expectEnvelopeBelow500({ method: 'GET', path: route, headers: { authorization: `Bearer ${KEY}`, [name]: 'x' } }, `header ${name}`);
    }
  });

  it('a JSON body with __proto__ and constructor keys is a 4xx in the envelope naming them, and changes no prototype', async () => {
    const refused: Array<[string, string]> = [
      ['{"__proto__": {"mode": "single"}, "url": "https://site.test/"}', 'mode'],
      ['{"url": "https://site.test/", "mode": "single", "__proto__": {"max_pages": 5}}', '__proto__'],
      ['{"url": "https://site.test/", "mode": "full", "constructor": {"prototype": {"x": 1}}}', 'constructor'],
    ];
    const post = (text: string) => runtime.request('POST', '/v1/jobs', { key: KEY, body: text });
    for (const [text, field] of refused) {
      const reply = await post(text);
      expect(reply.status, text).toBe(422);
      expect(reply.json.error?.details, text).toEqual([expect.objectContaining({ field })]);
    }
    const nested = await post('{"url": "https://site.test/", "mode": "single", "webhook": {"url": "https://site.test/h", "metadata": {"__proto__": {"polluted": true}}}}');
    expect(nested.status).toBeLessThan(500);
    expect(isEnvelope(nested.text)).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/**
 * Sends bytes on a fresh connection and reads what comes back until the server closes it (the
 * requests ask it to). The body is de-chunked, so it reads as the client would see it.
 */
function sendBytes(request: string): Promise<{ status: number; head: string; body: string; text: string }> {
  const { hostname, port } = new URL(runtime.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      // the last answer: a 100 Continue comes before the final one
      const start = text.lastIndexOf('HTTP/1.1 ');
      const end = text.indexOf('\r\n\r\n', start);
      const head = end < 0 ? text.slice(start) : text.slice(start, end);
      const rawBody = end < 0 ? '' : text.slice(end + 4);
      const body = /^transfer-encoding: chunked$/im.test(head) ? dechunked(rawBody) : rawBody;
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body, text });
    });
    socket.write(request);
  });
}

function dechunked(body: string): string {
  let result = '';
  for (let at = 0; ; ) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (!(size > 0)) return result;
    result += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

describe('requests Node itself would refuse', () => {
  it.each(['foo', 'v1/usage', '*', 'v1/jobs?x=1', '%', '\\v1\\usage', 'http://[::1/v1/usage'])('a request target %j is a 400 in the envelope', async (target) => {
    const reply = await sendBytes(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\n\r\n`);
    expect(reply.status, reply.head).toBeGreaterThanOrEqual(400);
    expect(reply.status, reply.head).toBeLessThan(500);
    expect(isEnvelope(reply.body), reply.body).toBe(true);
  });

  it('a malformed request line or header is a 400 in the envelope', async () => {
    for (const request of ['GET /v1/usage HTTP/9.9\r\n\r\n', 'GET /v1/usage HTTP/1.1\r\nHost localhost\r\n\r\n', 'NOT A REQUEST\r\n\r\n']) {
      const reply = await sendBytes(request);
      expect(reply.status, `${JSON.stringify(request)} → ${reply.head}`).toBe(400);
      expect(isEnvelope(reply.body), reply.body).toBe(true);
    }
  });

  it.each(['foo', 'continue', 'expect-anything=1'])('Expect: %s is a 417 in the envelope', async (expectation) => {
    const body = '{"url":"https://site.test/","mode":"single"}';
    const reply = await sendBytes(
      `POST /v1/jobs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEY}\r\nExpect: ${expectation}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(reply.status, reply.head).toBe(417);
    expect(isEnvelope(reply.body), reply.body).toBe(true);
  });

  it('CONNECT, asking for a tunnel, is a 400 in the envelope', async () => {
    for (const target of ['127.0.0.1:22', 'localhost:443', '[::1]:80']) {
      const reply = await sendBytes(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      expect(reply.status, `${target} → ${reply.text}`).toBe(400);
      expect(isEnvelope(reply.body), reply.body).toBe(true);
    }
  });

  it.each([
    ['a size that is no hex number', 'zz\r\nabc\r\n0\r\n\r\n'],
    ['a negative size', '-1\r\nabc\r\n0\r\n\r\n'],
    ['a size past every integer', 'ffffffffffffffffffff\r\nabc\r\n0\r\n\r\n'],
    ['data longer than its size', '3\r\nabcdef\r\n0\r\n\r\n'],
    ['a valid chunk, then a malformed one', '5\r\n{"url\r\nxyz\r\n0\r\n\r\n'],
  ])('a chunked body with %s is a 400 in the envelope', async (_case, chunks) => {
    const reply = await sendBytes(`POST /v1/jobs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}`);
    expect(reply.status, reply.text).toBe(400);
    expect(isEnvelope(reply.body), reply.body).toBe(true);
  });

  it('Expect: 100-continue still gets the request through', async () => {
    const reply = await sendBytes(`GET /v1/usage HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEY}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
    expect(reply.text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    expect(JSON.parse(reply.body)).toMatchObject({ allowance: 1 });
  });
});

describe('generated requests (seeded)', () => {
  it(`${CASES} requests over paths, headers and bodies: none answers 5xx, every error is the envelope`, async () => {
    const random = seededRandom(SEED);
    for (let i = 0; i < CASES; i++) {
      await expectEnvelopeBelow500(generateRequest(random, jobId), `case ${i} of seed ${SEED}`);
    }
  });
});

const PRINTABLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');

function printable(random: Random, maxLength: number): string {
  return Array.from({ length: random.int(maxLength) }, () => random.pick([...PRINTABLE])).join('');
}

function percentBytes(random: Random): string {
  return Array.from({ length: 1 + random.int(4) }, () => `%${random.int(256).toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

function segment(random: Random, jobId: string): string {
  return random.pick([
    () => jobId,
    () => crypto.randomUUID(),
    () => jobId.toUpperCase(),
    () => percentBytes(random),
    () => random.pick(['%', '%E', '%G1', '%%', '%C0%AE%C0%AE', '%ED%A0%80', '%F4%90%80%80', '%FF%FE']),
    () => random.pick(['.', '..', '%2e%2e', '%2F', '%00', ';', '~', '@']),
    () => encodeURIComponent(random.pick(['é', '😀', '\u0000', '\uFEFF', 'ジョブ'])),
    () => 'x'.repeat(1 + random.int(3000)),
    () => printable(random, 40).replaceAll('?', '').replaceAll('#', ''),
  ])();
}

const ROUTES = ['/v1/jobs', '/v1/jobs/{id}', '/v1/jobs/{id}/result', '/v1/jobs/{id}/pages', '/v1/usage', '/v1/sitemap/preview', '/health', '/', '/v1', '/v2/jobs'];
/** Only loopback fixture hosts (pinned) or loopback addresses, which the address rule refuses. */
const URLS = ['https://site.test/', 'https://site.test/a', 'https://site.test:443/x', 'https://other.test/%E9', 'https://127.0.0.1/', 'https://[::1]/', 'http://site.test/', 'javascript:alert(1)', 'https://', '%E9', ''];

function queryString(random: Random): string {
  const parameters = Array.from({ length: random.int(4) }, () => {
    const name = random.pick(['limit', 'cursor', 'format', 'url', 'x', printable(random, 6), random.pick(BUILT_IN_NAMES)]);
    const value = random.pick([
      () => String(random.int(100_000) - 10),
      () => encodeURIComponent(random.pick(URLS)),
      () => random.pick(['markdown', 'text', 'html', 'MARKDOWN', '1e3', '-1', '0x10', '']),
      () => percentBytes(random),
      () => 'A'.repeat(random.int(2000)),
      () => printable(random, 20).replaceAll('#', ''),
    ])();
    return random.chance(0.1) ? name : `${name}=${value}`;
  });
  return parameters.length ? `?${parameters.join('&')}` : random.pick(['', '?', '?&&', '?=']);
}

function path(random: Random, jobId: string): string {
  let result = random.pick(ROUTES).replace('{id}', () => segment(random, jobId));
  if (random.chance(0.1)) result = result.replace('/v1/', random.pick(['//v1/', '/v1//', '/V1/', '/v1/./', '/x/../v1/']));
  if (random.chance(0.15)) result += '/';
  if (random.chance(0.1)) result = `/${segment(random, jobId)}${result}`;
  if (random.chance(0.05)) result = `//${printable(random, 10).replaceAll('?', '').replaceAll('#', '')}${result}`;
  return result + queryString(random);
}

function jsonValue(random: Random, depth = 0): unknown {
  return random.pick<() => unknown>([
    () => null,
    () => random.chance(0.5),
    () => random.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 21, 1001]),
    () => random.pick(URLS),
    () => printable(random, 30),
    () => (depth < 3 ? Array.from({ length: random.int(4) }, () => jsonValue(random, depth + 1)) : []),
    () => (depth < 3 ? { [printable(random, 8)]: jsonValue(random, depth + 1) } : {}),
  ])();
}

function body(random: Random): Buffer | undefined {
  const valid = () => ({
    url: random.pick(URLS),
    mode: random.pick(['single', 'select', 'full', 'FULL', 'crawl']),
    urls: Array.from({ length: random.int(4) }, () => random.pick(URLS)),
    max_depth: random.pick([0, 1, 5, 6, -1]),
    max_pages: random.pick([1, 10, 10_000, 10_001]),
    concurrency: random.pick([1, 20, 21]),
    export_formats: random.pick([['markdown'], ['text', 'markdown'], ['pdf'], []]),
    only_main_content: random.pick([true, false, 'yes']),
  });
  const pick = random.int(9);
  if (pick === 0) return undefined;
  if (pick === 1) return Buffer.alloc(0);
  if (pick === 2) return Buffer.from(Array.from({ length: random.int(200) }, () => random.int(256)));
  if (pick === 3) return Buffer.from(`\uFEFF${JSON.stringify(valid())}`);
  if (pick === 4) return Buffer.from(JSON.stringify(jsonValue(random)));
  if (pick === 5) return Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`);
  if (pick === 6) return Buffer.from(JSON.stringify(valid()).slice(0, random.int(60)));
  const request: Record<string, unknown> = valid();
  for (const key of Object.keys(request)) if (random.chance(0.4)) delete request[key];
  if (random.chance(0.3)) request[printable(random, 10)] = jsonValue(random);
  const text = JSON.stringify(request);
  // JSON.stringify writes no `__proto__` key of an object literal, so it is spliced into the text.
  if (!random.chance(0.2)) return Buffer.from(text);
  return Buffer.from(`{"${random.pick(BUILT_IN_NAMES)}":${JSON.stringify(jsonValue(random))}${text === '{}' ? '}' : `,${text.slice(1)}`}`);
}

function headers(random: Random): Record<string, string> {
  const result: Record<string, string> = {};
  const authorization = random.pick([
    `Bearer ${KEY}`,
    `Bearer ${KEY}`,
    `Bearer ${KEY}`,
    `bearer ${KEY}`,
    `Bearer  ${KEY} `,
    'Bearer',
    'Basic Zm9vOmJhcg==',
    `Bearer ${printable(random, 60)}`,
    `Bearer ${'k'.repeat(8000)}`,
    printable(random, 30),
    undefined,
  ]);
  if (authorization !== undefined) result.authorization = authorization;
  if (random.chance(0.6)) result['content-type'] = random.pick(['application/json', 'application/json; charset=latin1', 'text/plain', 'multipart/form-data; boundary=x', printable(random, 20)]);
  for (let i = random.int(3); i > 0; i--) result[`x-fuzz-${i}`] = printable(random, 50);
  if (random.chance(0.1)) result['accept-encoding'] = printable(random, 20);
  if (random.chance(0.1)) result[random.pick(BUILT_IN_NAMES.filter((name) => name !== 'prototype'))] = printable(random, 10);
  return result;
}

function generateRequest(random: Random, jobId: string): RawRequest {
  const method = random.pick(['GET', 'GET', 'GET', 'POST', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD']);
  return {
    method,
    path: path(random, jobId),
    headers: headers(random),
    body: ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? body(random) : undefined,
  };
}

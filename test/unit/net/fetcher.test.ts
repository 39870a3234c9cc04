import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FetchError, type FetchDocument, type FetchDocumentOptions } from '../../../lambdas/core/fetch-types.js';
import { createFetcher, type FetcherConfig } from '../../../lambdas/net/fetcher.js';
import { parseHostOverrides } from '../../../lambdas/net/host-overrides.js';
import type { ResolveHost } from '../../../lambdas/net/pinned-connector.js';
import { startClosingListener, startFixtureSite, startSilentListener, unusedPort, type FixtureSite } from '../../helpers/fixture-server.js';
import { createCa } from '../../helpers/tls.js';

const MiB = 1024 * 1024;
const GZIP_BOMB = gzipSync(Buffer.alloc(64 * MiB));

function redirect(response: ServerResponse, location: string, status = 302): void {
  response.writeHead(status, { location }).end('moved');
}

/** Writes until the client goes away, respecting back-pressure. */
function writeForever(response: ServerResponse): void {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const pump = () => {
    while (!response.destroyed && response.write(chunk));
  };
  response.on('drain', pump);
  pump();
}

let site: FixtureSite;
/** Shared by the tests that need no special configuration: one CA context, pooled connections. */
let fetch: FetchDocument;

beforeAll(async () => {
  site = await startFixtureSite(['site.test', 'other.test', 'localhost'], (request, response) => {
    const url = new URL(request.url ?? '/', 'https://site.test');
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain) {
      const left = Number(chain[1]);
      if (left === 0) response.writeHead(200, { 'content-type': 'text/plain' }).end('end of chain');
      else redirect(response, `${left - 1}`);
      return;
    }
    switch (url.pathname) {
      case '/':
        response.writeHead(200, { 'content-type': 'Text/HTML; Charset=UTF-8', 'x-fixture': 'home' }).end('<h1>Home</h1>');
        return;
      case '/loop':
        redirect(response, '/loop', 301);
        return;
      case '/to-other':
        redirect(response, `https://other.test/`, 308);
        return;
      case '/to-localhost':
        redirect(response, `https://localhost:${site.port}/`);
        return;
      case '/to-loopback-literal':
        redirect(response, `https://127.0.0.1:${site.port}/`);
        return;
      case '/to-internal':
        redirect(response, 'https://internal.example.net/');
        return;
      case '/to-http':
        redirect(response, 'http://site.test/');
        return;
      case '/no-location':
        response.writeHead(302).end();
        return;
      case '/gzip':
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync('<p>zipped</p>'));
        return;
      case '/deflate':
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end(deflateSync('<p>deflated</p>'));
        return;
      case '/br':
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end(brotliCompressSync('<p>brotli</p>'));
        return;
      case '/zstd':
        response.writeHead(200, { 'content-encoding': 'zstd' }).end('not really zstd');
        return;
      case '/corrupt-gzip':
        response.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from('this is not gzip at all'));
        return;
      case '/bomb':
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(GZIP_BOMB);
        return;
      case '/endless':
        response.writeHead(200, { 'content-type': 'text/html' });
        writeForever(response);
        return;
      case '/big':
        response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(2 * MiB) }).end(Buffer.alloc(2 * MiB));
        return;
      case '/drip': {
        response.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => response.write('.'), 50);
        response.on('close', () => clearInterval(timer));
        return;
      }
      case '/silent':
        return; // never answers
      case '/busy':
        response.writeHead(503, { 'retry-after': '120', 'content-type': 'text/plain' }).end('come back later');
        return;
      case '/reset':
        request.socket.destroy();
        return;
      default:
        response.writeHead(404, { 'content-type': 'text/html' }).end('<p>not found</p>');
    }
  });
});

beforeAll(() => {
  fetch = fixtureFetcher();
});

afterAll(async () => {
  await site.close();
});

function fixtureFetcher(config: Partial<FetcherConfig> = {}) {
  return createFetcher({
    ca: site.caPem,
    hostOverrides: parseHostOverrides(`site.test=127.0.0.1:${site.port},other.test=127.0.0.1:${site.port}`),
    ...config,
  });
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe('fetching a page', () => {
  it('returns status, media type, headers and body, pinned to the overridden address', async () => {
    const document = await fetch('https://site.test/');
    expect(document).toMatchObject({
      requestedUrl: 'https://site.test/',
      finalUrl: 'https://site.test/',
      status: 200,
      mediaType: 'text/html',
    });
    expect(document.headers['x-fixture']).toBe('home');
    expect(Buffer.from(document.body).toString()).toBe('<h1>Home</h1>');
  });

  it('identifies itself and keeps the original host name in the Host header', async () => {
    await fetch('https://site.test/?who');
    const seen = site.requests.at(-1);
    expect(seen?.headers.host).toBe('site.test');
    expect(seen?.headers['user-agent']).toMatch(/^WebCrawlService\/1\.0 \(\+https:\/\/.+\)$/);
    expect(seen?.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('sends the request headers it is given besides its own, which they never replace', async () => {
    await fetch('https://site.test/?headers', { headers: { 'X-Token': 'abc', Cookie: 'session=1', 'User-Agent': 'Impostor', accept: 'text/plain' } });
    const seen = site.requests.at(-1);
    expect(seen?.headers).toMatchObject({ 'x-token': 'abc', cookie: 'session=1' });
    expect(seen?.headers['user-agent']).toMatch(/^WebCrawlService\/1\.0/);
    expect(seen?.headers.accept).not.toBe('text/plain');
  });

  it('returns error statuses as documents so the caller decides', async () => {
    const busy = await fetch('https://site.test/busy');
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('120');
    expect((await fetch('https://site.test/missing')).status).toBe(404);
  });

  it('returns a 3xx without Location as it is', async () => {
    const document = await fetch('https://site.test/no-location');
    expect(document.status).toBe(302);
  });

  it.each([
    ['/gzip', '<p>zipped</p>'],
    ['/deflate', '<p>deflated</p>'],
    ['/br', '<p>brotli</p>'],
  ])('decompresses %s bodies', async (path, text) => {
    const document = await fetch(`https://site.test${path}`);
    expect(Buffer.from(document.body).toString()).toBe(text);
  });

  it('refuses codings it did not ask for, and corrupt compressed bodies, without retry', async () => {
    expect(await failure(fetch('https://site.test/zstd'))).toMatchObject({ reason: 'network_error', retryable: false });
    expect(await failure(fetch('https://site.test/corrupt-gzip'))).toMatchObject({ reason: 'network_error', retryable: false });
  });

  it('rejects URLs that are not https or carry user-info before any traffic', async () => {
    expect(await failure(fetch('http://site.test/'))).toMatchObject({ reason: 'invalid_url', retryable: false });
    expect(await failure(fetch('https://user:pass@site.test/'))).toMatchObject({ reason: 'invalid_url' });
    expect(await failure(fetch('not a url'))).toMatchObject({ reason: 'invalid_url' });
  });
});

describe('redirects', () => {
  it('follows relative redirects and reports the final URL', async () => {
    const document = await fetch('https://site.test/chain/3');
    expect(document.requestedUrl).toBe('https://site.test/chain/3');
    expect(document.finalUrl).toBe('https://site.test/chain/0');
    expect(Buffer.from(document.body).toString()).toBe('end of chain');
  });

  it('follows five redirects and refuses the sixth', async () => {
    expect((await fetch('https://site.test/chain/5')).finalUrl).toBe('https://site.test/chain/0');
    expect(await failure(fetch('https://site.test/chain/6'))).toMatchObject({ reason: 'too_many_redirects', retryable: false });
  });

  it('stops a redirect loop', async () => {
    expect(await failure(fetch('https://site.test/loop'))).toMatchObject({ reason: 'too_many_redirects' });
  });

  it('consults allowRedirect on every hop and stops with its reason', async () => {
    const hops: string[] = [];
    const allowRedirect: FetchDocumentOptions['allowRedirect'] = (from, to) => {
      hops.push(`${from.pathname} -> ${to.pathname}`);
      return to.pathname === '/chain/0' ? 'redirect_off_site' : undefined;
    };
    const error = await failure(fetch('https://site.test/chain/2', { allowRedirect }));
    expect(error.reason).toBe('redirect_refused');
    expect(error.message).toContain('redirect_off_site');
    expect(hops).toEqual(['/chain/2 -> /chain/1', '/chain/1 -> /chain/0']);
  });

  it('follows a redirect to another overridden host', async () => {
    const document = await fetch('https://site.test/to-other');
    expect(document.finalUrl).toBe('https://other.test/');
    expect(site.requests.at(-1)?.headers.host).toBe('other.test');
  });

  it('refuses a redirect to plain http', async () => {
    expect(await failure(fetch('https://site.test/to-http'))).toMatchObject({ reason: 'redirect_refused', retryable: false });
  });

  it('blocks a redirect to a loopback host that is not overridden', async () => {
    const before = site.requests.length;
    expect(await failure(fetch('https://site.test/to-localhost'))).toMatchObject({ reason: 'blocked_address', retryable: false });
    expect(await failure(fetch('https://site.test/to-loopback-literal'))).toMatchObject({ reason: 'blocked_address' });
    // Only the two redirecting pages were requested; the loopback targets never were.
    expect(site.requests.length - before).toBe(2);
  });
});

describe('the address rule at connect time', () => {
  // A fake resolver: the fetcher must refuse before opening any connection to these addresses.
  const answers: Record<string, string[]> = {
    'rebind.example.com': ['127.0.0.1'],
    'mixed.example.com': ['93.184.216.34', '10.0.0.7'],
    'mapped.example.com': ['::ffff:169.254.169.254'],
    'internal.example.net': ['192.168.1.10'],
  };
  const fakeDns: ResolveHost = async (hostname) => {
    if (hostname === 'flaky.example.com') throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };
  let fetchWithFakeDns: FetchDocument;

  beforeAll(() => {
    fetchWithFakeDns = fixtureFetcher({ resolve: fakeDns });
  });

  it('refuses a public-looking name that resolves to loopback', async () => {
    const error = await failure(fetchWithFakeDns('https://rebind.example.com/'));
    expect(error).toMatchObject({ reason: 'blocked_address', retryable: false });
    expect(error.message).toContain('127.0.0.1');
  });

  it('refuses when any one of the resolved addresses is private, mapped forms included', async () => {
    expect(await failure(fetchWithFakeDns('https://mixed.example.com/'))).toMatchObject({ reason: 'blocked_address' });
    expect(await failure(fetchWithFakeDns('https://mapped.example.com/'))).toMatchObject({ reason: 'blocked_address' });
  });

  it('checks the address of every redirect hop, not only the first request', async () => {
    const allowRedirect = vi.fn(() => undefined);
    const error = await failure(fetchWithFakeDns('https://site.test/to-internal', { allowRedirect }));
    expect(error).toMatchObject({ reason: 'blocked_address' });
    expect(error.message).toContain('192.168.1.10');
    expect(allowRedirect).toHaveBeenCalledTimes(1);
  });

  it('refuses IP-literal URLs in non-public ranges', async () => {
    for (const url of ['https://127.0.0.1/', 'https://[::1]/', 'https://0x7f.1/', 'https://[::ffff:10.0.0.1]/', 'https://169.254.169.254/']) {
      expect(await failure(fetch(url))).toMatchObject({ reason: 'blocked_address' });
    }
  });

  it('reports a name that does not exist as a permanent DNS failure, a flaky resolver as retryable', async () => {
    expect(await failure(fetchWithFakeDns('https://no-such-host.example.com/'))).toMatchObject({ reason: 'dns_failure', retryable: false });
    expect(await failure(fetchWithFakeDns('https://flaky.example.com/'))).toMatchObject({ reason: 'dns_failure', retryable: true });
  });
});

describe('limits', () => {
  it('stops a gzip bomb at the cap instead of inflating it', async () => {
    const error = await failure(fetch('https://site.test/bomb', { maxBytes: MiB }));
    expect(error).toMatchObject({ reason: 'too_large', retryable: false });
  });

  it('stops an endless body at the cap', async () => {
    expect(await failure(fetch('https://site.test/endless', { maxBytes: 256 * 1024 }))).toMatchObject({ reason: 'too_large' });
  });

  it('refuses a declared Content-Length over the cap, and the configured default cap applies', async () => {
    expect(await failure(fixtureFetcher({ maxBytes: MiB })('https://site.test/big'))).toMatchObject({ reason: 'too_large' });
    expect((await fixtureFetcher({ maxBytes: MiB })('https://site.test/big', { maxBytes: 3 * MiB })).body.length).toBe(2 * MiB);
  });

  it('ends a slow drip at the total timeout', async () => {
    const error = await failure(fixtureFetcher({ totalTimeoutMs: 400 })('https://site.test/drip'));
    expect(error).toMatchObject({ reason: 'timeout', retryable: true });
  });

  it('bounds a DNS lookup that never answers by the connect timeout, and the whole fetch by the total', async () => {
    const resolve = () => new Promise<string[]>(() => undefined);
    const boundedByConnect = createFetcher({ connectTimeoutMs: 200, hostOverrides: new Map(), resolve });
    expect(await failure(boundedByConnect('https://stuck.example.com/'))).toMatchObject({ reason: 'dns_failure', retryable: true });
    const boundedByTotal = createFetcher({ totalTimeoutMs: 200, hostOverrides: new Map(), resolve });
    expect(await failure(boundedByTotal('https://stuck.example.com/'))).toMatchObject({ reason: 'timeout', retryable: true });
  });

  it('gives up when headers do not come', async () => {
    const error = await failure(fixtureFetcher({ headersTimeoutMs: 200 })('https://site.test/silent'));
    expect(error).toMatchObject({ reason: 'timeout', retryable: true });
  });

  it('gives up when the TLS handshake does not complete', async () => {
    const silent = await startSilentListener();
    try {
      const fetchSlow = createFetcher({ connectTimeoutMs: 200, hostOverrides: parseHostOverrides(`slow.test=127.0.0.1:${silent.port}`) });
      expect(await failure(fetchSlow('https://slow.test/'))).toMatchObject({ reason: 'timeout', retryable: true });
    } finally {
      await silent.close();
    }
  });

  it('passes the caller’s abort on', async () => {
    const controller = new AbortController();
    const pending = fetch('https://site.test/silent', { signal: controller.signal });
    controller.abort(new Error('job cancelled'));
    await expect(pending).rejects.toThrow('job cancelled');
  });
});

describe('network failures', () => {
  it('marks a refused connection as retryable', async () => {
    const port = await unusedPort();
    const fetchDown = createFetcher({ hostOverrides: parseHostOverrides(`down.test=127.0.0.1:${port}`) });
    expect(await failure(fetchDown('https://down.test/'))).toMatchObject({ reason: 'connect_failed', retryable: true });
  });

  it('names a connection reset, before or after the request, as retryable', async () => {
    expect(await failure(fetch('https://site.test/reset'))).toMatchObject({ reason: 'connection_reset', retryable: true });
    const closing = await startClosingListener();
    try {
      const fetchClosed = createFetcher({ hostOverrides: parseHostOverrides(`closed.test=127.0.0.1:${closing.port}`) });
      expect(await failure(fetchClosed('https://closed.test/'))).toMatchObject({ reason: 'connection_reset', retryable: true });
    } finally {
      await closing.close();
    }
  });

  it('names an untrusted certificate a TLS failure, without retry', async () => {
    const untrusted = await startFixtureSite(['site.test'], (_request, response) => response.end('hello'), createCa());
    try {
      const fetchUntrusted = createFetcher({ hostOverrides: parseHostOverrides(`site.test=127.0.0.1:${untrusted.port}`) });
      expect(await failure(fetchUntrusted('https://site.test/'))).toMatchObject({ reason: 'tls_failure', retryable: false });
    } finally {
      await untrusted.close();
    }
  });
});

describe('CRAWL_HOST_OVERRIDES', () => {
  it('is read by the default configuration and announced once', async () => {
    vi.stubEnv('CRAWL_HOST_OVERRIDES', `site.test=127.0.0.1:${site.port}`);
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const document = await createFetcher({ ca: site.caPem })('https://site.test/');
      createFetcher({ ca: site.caPem });
      expect(document.status).toBe(200);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('site.test');
    } finally {
      warn.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it('pins the port too: a URL naming another port never reaches what listens there', async () => {
    const elsewhere = await startFixtureSite(['site.test'], (_request, response) => response.end('another loopback server'));
    try {
      expect((await fetch(`https://site.test:${site.port}/`)).status).toBe(200);
      const error = await failure(fixtureFetcher({ ca: elsewhere.caPem })(`https://site.test:${elsewhere.port}/`));
      expect(error).toMatchObject({ reason: 'blocked_address', retryable: false });
      expect(error.message).toContain(`port ${site.port}`);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('pins an entry without a port to 443', async () => {
    const fetchDefaultPort = fixtureFetcher({ hostOverrides: parseHostOverrides('site.test=127.0.0.1') });
    expect(await failure(fetchDefaultPort(`https://site.test:${site.port}/`))).toMatchObject({ reason: 'blocked_address' });
  });

  it('exempts only the listed hosts', async () => {
    expect((await fetch('https://site.test/')).status).toBe(200);
    expect(await failure(fetch(`https://localhost:${site.port}/`))).toMatchObject({ reason: 'blocked_address' });
  });
});

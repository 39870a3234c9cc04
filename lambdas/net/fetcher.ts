import { Agent, request, type Dispatcher } from 'undici';
import { FetchError, type FetchDocument, type FetchDocumentOptions, type FetchedDocument } from '../core/fetch-types.js';
import { checkPublicHttpsUrl } from '../core/urls.js';
import { ACCEPT_ENCODING, readCappedBody } from './body.js';
import { hostOverrideFor, parseHostOverrides, type HostOverrides } from './host-overrides.js';
import { createPinnedConnector, resolveWithSystemDns, type ResolveHost } from './pinned-connector.js';
import { userAgent } from './user-agent.js';

export interface FetcherConfig {
  userAgent: string;
  /** TCP and TLS handshake, per address tried. */
  connectTimeoutMs: number;
  /** From sending the request to the end of the response headers. */
  headersTimeoutMs: number;
  /** The whole fetch, every redirect hop and the body included: a slow drip cannot outlast it. */
  totalTimeoutMs: number;
  /** Default body cap after decompression; `options.maxBytes` overrides it per call. */
  maxBytes: number;
  maxRedirects: number;
  /** Hosts pinned to a loopback fixture (CONTRACT 8). Defaults to CRAWL_HOST_OVERRIDES. */
  hostOverrides: HostOverrides;
  /** An extra trusted CA for test fixtures; production trusts Node's roots plus NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer;
  resolve: ResolveHost;
}

export const DEFAULT_FETCHER_CONFIG: Omit<FetcherConfig, 'hostOverrides' | 'userAgent'> = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 15_000,
  totalTimeoutMs: 30_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
  resolve: resolveWithSystemDns,
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5';

/**
 * The only way the service reaches the network. GET only; every hop must be https and pass the
 * address rule at connect time; redirects are followed by hand (at most `maxRedirects`); any
 * status, 4xx and 5xx included, comes back as a document for the caller to judge.
 */
export function createFetcher(config: Partial<FetcherConfig> = {}): FetchDocument {
  const settings: FetcherConfig = {
    ...DEFAULT_FETCHER_CONFIG,
    ...config,
    userAgent: config.userAgent ?? userAgent(),
    hostOverrides: config.hostOverrides ?? hostOverridesFromEnvironment(),
  };
  const agent = new Agent({
    connect: createPinnedConnector(settings),
    headersTimeout: settings.headersTimeoutMs,
    bodyTimeout: settings.totalTimeoutMs,
  });
  const headers = { 'user-agent': settings.userAgent, accept: ACCEPT, 'accept-encoding': ACCEPT_ENCODING };

  const checkedTarget = (raw: string, redirectedFrom?: URL): URL => {
    try {
      return publicHttpsTarget(raw, settings.hostOverrides);
    } catch (error) {
      if (redirectedFrom && error instanceof FetchError && error.reason === 'invalid_url') {
        throw new FetchError('redirect_refused', `redirect from ${redirectedFrom.href} to ${error.message}`, false);
      }
      throw error;
    }
  };

  const follow = async (requestedUrl: string, options: FetchDocumentOptions, signal: AbortSignal): Promise<FetchedDocument> => {
    let url = checkedTarget(requestedUrl);
    const sent = options.headers ? { ...lowerCaseNames(options.headers), ...headers } : headers;
    for (let redirects = 0; ; redirects += 1) {
      const response = await request(url, { dispatcher: agent, method: 'GET', headers: sent, signal });
      const location = REDIRECT_STATUSES.has(response.statusCode) ? headerValue(response.headers.location) : undefined;
      if (location === undefined) {
        const body = await readCappedBody(
          response.body,
          headerValue(response.headers['content-encoding']),
          headerValue(response.headers['content-length']),
          options.maxBytes ?? settings.maxBytes,
        );
        return toDocument(requestedUrl, url, response, body);
      }
      await response.body.dump();
      if (redirects >= settings.maxRedirects) {
        throw new FetchError('too_many_redirects', `more than ${settings.maxRedirects} redirects from ${requestedUrl}`, false);
      }
      const next = redirectTarget(location, url);
      const checked = checkedTarget(next, url);
      const refusal = options.allowRedirect?.(url, checked);
      if (refusal !== undefined) throw new FetchError('redirect_refused', `redirect from ${url.href} to ${checked.href}: ${refusal}`, false);
      url = checked;
    }
  };

  return async (requestedUrl, options = {}) => {
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new FetchError('timeout', `no complete response from ${requestedUrl} within ${settings.totalTimeoutMs} ms`, true)),
      settings.totalTimeoutMs,
    );
    const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
    try {
      return await settleBeforeAbort(follow(requestedUrl, options, signal), signal);
    } catch (error) {
      // Whatever undici or the streams made of an abort, the reason is what the caller must see.
      if (signal.aborted) throw signal.reason;
      throw toFetchError(error, requestedUrl);
    } finally {
      clearTimeout(timer);
    }
  };
}

function lowerCaseNames(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * The URL to connect to, when it is https and names a public host (or one pinned by the host
 * overrides); the addresses are checked again when the connection is made.
 */
export function publicHttpsTarget(raw: string, hostOverrides: HostOverrides): URL {
  const check = checkPublicHttpsUrl(raw);
  if (check.ok) return check.url;
  if (check.problem === 'not_public_host') {
    const url = new URL(raw);
    if (hostOverrideFor(hostOverrides, url.hostname)) return url;
    throw new FetchError('blocked_address', `${url.hostname}: ${check.reason}`, false);
  }
  throw new FetchError('invalid_url', `${raw}: ${check.reason}`, false);
}

/**
 * undici only honours an abort once a request has a connection, so a connect that hangs (a DNS
 * lookup that never answers) would outlive the total timeout without this race.
 */
function settleBeforeAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

let overridesWarningShown = false;

export function hostOverridesFromEnvironment(): HostOverrides {
  const overrides = parseHostOverrides(process.env.CRAWL_HOST_OVERRIDES);
  if (overrides.size > 0 && !overridesWarningShown) {
    overridesWarningShown = true;
    const pins = [...overrides].map(([host, { address, port }]) => `${host} → ${address}${port ? `:${port}` : ''}`).join(', ');
    process.emitWarning(`CRAWL_HOST_OVERRIDES is set: ${pins}. These hosts skip the public-address rule; never use this in production.`, {
      code: 'CRAWL_HOST_OVERRIDES',
    });
  }
  return overrides;
}

function redirectTarget(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new FetchError('redirect_refused', `redirect from ${base.href} to an unreadable location "${location}"`, false);
  }
}

type ResponseHeaders = Dispatcher.ResponseData['headers'];

function headerValue(value: ResponseHeaders[string]): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function toDocument(requestedUrl: string, finalUrl: URL, response: Dispatcher.ResponseData, body: Uint8Array): FetchedDocument {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    const text = headerValue(value);
    if (text !== undefined) headers[name.toLowerCase()] = text;
  }
  const mediaType = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return { requestedUrl, finalUrl: finalUrl.href, status: response.statusCode, mediaType: mediaType || undefined, headers, body };
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
const CONNECT_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
// The peer closed or reset the connection before the response was complete (`UND_ERR_SOCKET` is
// undici's "other side closed").
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
// Certificate and TLS protocol failures: the site is misconfigured, a retry will not fix it.
const TLS_FAILURE = /CERT|SSL|TLS|SIGNATURE|ISSUER/;

export function toFetchError(error: unknown, url: string): FetchError {
  if (error instanceof FetchError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const detail = `${url}: ${(error as Error).message ?? String(error)}`;
  if (TIMEOUT_CODES.has(code)) return new FetchError('timeout', detail, true, { cause: error });
  if (CONNECT_CODES.has(code)) return new FetchError('connect_failed', detail, true, { cause: error });
  if (RESET_CODES.has(code)) return new FetchError('connection_reset', detail, true, { cause: error });
  if (TLS_FAILURE.test(code)) return new FetchError('tls_failure', detail, false, { cause: error });
  // Anything else undici or the streams report: a later attempt may well succeed.
  return new FetchError('network_error', detail, true, { cause: error });
}

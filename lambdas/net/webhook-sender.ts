import { Agent, request } from 'undici';
import { FetchError } from '../core/fetch-types.js';
import { DEFAULT_FETCHER_CONFIG, hostOverridesFromEnvironment, publicHttpsTarget, toFetchError } from './fetcher.js';
import type { HostOverrides } from './host-overrides.js';
import { createPinnedConnector, type ResolveHost } from './pinned-connector.js';
import { userAgent } from './user-agent.js';

export interface WebhookSenderConfig {
  /** The whole delivery: connection, request and response. */
  timeoutMs: number;
  /** At most this much of a receiver's answer is read; the rest is dropped with the connection. */
  maxResponseBytes: number;
  hostOverrides: HostOverrides;
  resolve: ResolveHost;
  connectTimeoutMs: number;
  ca?: string | Buffer;
}

const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

export type SendWebhook = (url: string, body: string, headers: Record<string, string>) => Promise<{ status: number }>;

/**
 * POSTs a webhook body under the same address rules as crawling: https only, the host's addresses
 * checked and pinned when the connection is made (a name that resolves to a private address is
 * refused, whatever it resolved to when the job was created), no redirects followed.
 */
export function createWebhookSender(config: Partial<WebhookSenderConfig> = {}): SendWebhook {
  const settings: WebhookSenderConfig = {
    timeoutMs: DEFAULT_WEBHOOK_TIMEOUT_MS,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    resolve: DEFAULT_FETCHER_CONFIG.resolve,
    connectTimeoutMs: DEFAULT_FETCHER_CONFIG.connectTimeoutMs,
    ...config,
    hostOverrides: config.hostOverrides ?? hostOverridesFromEnvironment(),
  };
  const agent = new Agent({ connect: createPinnedConnector(settings), headersTimeout: settings.timeoutMs, bodyTimeout: settings.timeoutMs });

  return async (url, body, headers) => {
    const target = publicHttpsTarget(url, settings.hostOverrides);
    const signal = AbortSignal.timeout(settings.timeoutMs);
    try {
      const response = await request(target, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'user-agent': userAgent(), 'content-type': 'application/json', ...headers },
        body,
        signal,
      });
      // The answer's content is not used; only a bounded part of it is read before closing.
      await response.body.dump({ limit: settings.maxResponseBytes }).catch(() => undefined);
      return { status: response.statusCode };
    } catch (error) {
      if (signal.aborted) throw new FetchError('timeout', `no answer from ${target.host} within ${settings.timeoutMs} ms`, true);
      throw toFetchError(error, url);
    }
  };
}

import { lookup } from 'node:dns/promises';
import type { Socket } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { buildConnector } from 'undici';
import { isIpLiteral, isPublicAddress, stripBrackets } from '../core/address.js';
import { FetchError } from '../core/fetch-types.js';
import { hostOverrideFor, type HostOverride, type HostOverrides } from './host-overrides.js';

const HTTPS_PORT = 443;

/** Resolves a host name to addresses; tests inject fake answers instead of real DNS. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithSystemDns: ResolveHost = async (hostname) => {
  // IPv4 first: Lambda functions outside a dual-stack VPC have no IPv6 route.
  const answers = await lookup(hostname, { all: true, order: 'ipv4first' });
  return answers.map((answer) => answer.address);
};

export interface PinnedConnectorOptions {
  resolve: ResolveHost;
  hostOverrides: HostOverrides;
  connectTimeoutMs: number;
  /** An extra trusted CA, added to (not replacing) Node's default roots. */
  ca?: string | Buffer;
}

/**
 * An undici connector that closes the DNS-rebinding window: it resolves the host itself, refuses
 * the connection unless every address is public, and connects to exactly the address it checked,
 * with SNI and certificate checks still made against the host name. Runs for every new connection,
 * so every redirect hop to a new origin is checked again.
 */
export function createPinnedConnector(options: PinnedConnectorOptions): buildConnector.connector {
  const connectOnce = buildConnector({
    timeout: options.connectTimeoutMs,
    // Built once: a `ca` list would be parsed again for every connection (about 100 ms of CPU).
    ...(options.ca === undefined ? {} : { secureContext: createSecureContext({ ca: [...rootCertificates, options.ca.toString()] }) }),
  });

  const connectTo = (address: string, port: string, servername: string | undefined) =>
    new Promise<Socket>((resolve, reject) => {
      connectOnce({ hostname: address, protocol: 'https:', port, servername }, (...result) => {
        if (result[0] === null) resolve(result[1]);
        else reject(result[0]);
      });
    });

  const pinnedConnect = async ({ hostname, port }: buildConnector.Options): Promise<Socket> => {
    const host = stripBrackets(hostname);
    const override = hostOverrideFor(options.hostOverrides, host);
    const targetPort = override ? pinnedPort(host, override, port) : port || String(HTTPS_PORT);
    const addresses = override ? [override.address] : await checkedAddresses(host, options.resolve, options.connectTimeoutMs);
    const servername = isIpLiteral(host) ? undefined : host;
    let lastError: unknown;
    for (const address of addresses) {
      try {
        return await connectTo(address, targetPort, servername);
      } catch (error) {
        lastError = error;
        if (!isAddressUnreachable(error)) break;
      }
    }
    throw lastError;
  };

  return (connectOptions, callback) => {
    pinnedConnect(connectOptions).then(
      (socket) => callback(null, socket),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}

/**
 * An overridden host is exempt from the address rule at exactly its pinned address and port (443
 * when the entry names none). A URL without a port means that port; one naming another port is
 * refused, so `https://site.test:<any port>/` cannot reach whatever else listens on loopback.
 */
function pinnedPort(host: string, override: HostOverride, urlPort: string): string {
  const pinned = String(override.port ?? HTTPS_PORT);
  if (urlPort && urlPort !== pinned) {
    throw new FetchError('blocked_address', `${host} is pinned to port ${pinned} by CRAWL_HOST_OVERRIDES; port ${urlPort} is refused`, false);
  }
  return pinned;
}

async function checkedAddresses(host: string, resolve: ResolveHost, timeoutMs: number): Promise<string[]> {
  const addresses = isIpLiteral(host) ? [host] : await resolveOrFail(host, resolve, timeoutMs);
  const refused = addresses.filter((address) => !isPublicAddress(address));
  if (refused.length > 0) {
    throw new FetchError('blocked_address', `${host} resolves to a non-public address (${refused.join(', ')})`, false);
  }
  return addresses;
}

// The name has no address records: asking again will not change that soon.
const PERMANENT_DNS_CODES = new Set(['ENOTFOUND', 'ENODATA']);

async function resolveOrFail(host: string, resolve: ResolveHost, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  // The lookup counts against the connect timeout: a stuck resolver must not hold the connection slot.
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEOUT' })), timeoutMs);
  });
  let addresses: string[];
  try {
    addresses = await Promise.race([resolve(host), tooSlow]);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new FetchError('dns_failure', `${host} did not resolve (${code})`, !PERMANENT_DNS_CODES.has(code), { cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) throw new FetchError('dns_failure', `${host} has no addresses`, false);
  return addresses;
}

// Failures that say nothing about the host's other addresses, so the next one is worth trying.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

function isAddressUnreachable(error: unknown): boolean {
  return UNREACHABLE_CODES.has((error as NodeJS.ErrnoException).code ?? '');
}

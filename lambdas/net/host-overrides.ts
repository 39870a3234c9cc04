import { isIpLiteral, stripBrackets } from '../core/address.js';

/**
 * CRAWL_HOST_OVERRIDES (CONTRACT 8), for development and tests only:
 * `site.test=127.0.0.1:9443,other.test=[::1]:9443`. The fetcher connects a listed host to that
 * address and port (443 when the entry names none; URLs without a port go there too) and exempts
 * exactly that endpoint from the public-address rule: a URL naming another port is refused.
 * Nothing else in the service reads it.
 */
export interface HostOverride {
  address: string;
  port?: number;
}

export type HostOverrides = ReadonlyMap<string, HostOverride>;

const ENTRY = /^(?<address>\[[^\]]+\]|[^:[\]]+)(?::(?<port>\d+))?$/;

/** Throws on a malformed entry: a typo here would silently send fixture traffic elsewhere. */
export function parseHostOverrides(value: string | undefined): Map<string, HostOverride> {
  const overrides = new Map<string, HostOverride>();
  for (const entry of (value ?? '').split(',')) {
    const text = entry.trim();
    if (text === '') continue;
    const [name, target, ...extra] = text.split('=');
    const match = target === undefined ? null : ENTRY.exec(target.trim());
    const host = name === undefined ? undefined : overrideHostKey(name.trim());
    const address = match?.groups?.address ? stripBrackets(match.groups.address) : '';
    const port = match?.groups?.port === undefined ? undefined : Number(match.groups.port);
    if (extra.length > 0 || !host || !isIpLiteral(address) || (port !== undefined && (port < 1 || port > 65535))) {
      throw new Error(`CRAWL_HOST_OVERRIDES: cannot read "${text}"; expected host=ip or host=ip:port`);
    }
    overrides.set(host, port === undefined ? { address } : { address, port });
  }
  return overrides;
}

/** The override for a URL hostname (already lower case and punycode), if any. */
export function hostOverrideFor(overrides: HostOverrides, hostname: string): HostOverride | undefined {
  if (overrides.size === 0) return undefined;
  const host = stripBrackets(hostname);
  return overrides.get(host.endsWith('.') ? host.slice(0, -1) : host);
}

/** Keys take the form URL hostnames have (lower case, punycode, no trailing dot), so lookups match. */
function overrideHostKey(name: string): string | undefined {
  if (name === '' || /[\s/?#@:\\[\]]/.test(name)) return undefined;
  try {
    const host = new URL(`https://${name}/`).hostname;
    return host.endsWith('.') ? host.slice(0, -1) : host;
  } catch {
    return undefined;
  }
}

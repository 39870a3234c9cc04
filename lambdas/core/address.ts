import ipaddr from 'ipaddr.js';

/**
 * The public-address rule (CONTRACT 2): only global unicast addresses may be fetched.
 * Addresses that embed an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged by the embedded one,
 * so `::ffff:127.0.0.1` or `64:ff9b::a00:1` cannot smuggle a private target past the check.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = v6.range();
  const parts = v6.parts;
  const fromParts = (hi: number | undefined, lo: number | undefined) =>
    new ipaddr.IPv4([(hi ?? 0) >> 8, (hi ?? 0) & 0xff, (lo ?? 0) >> 8, (lo ?? 0) & 0xff]);
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return fromParts(parts[6], parts[7]);
  if (range === '6to4') return fromParts(parts[1], parts[2]);
  // Deprecated IPv4-compatible form ::a.b.c.d
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || (parts[7] ?? 0) > 1)) return fromParts(parts[6], parts[7]);
  return undefined;
}

/** `[::1]` → `::1`; other hosts unchanged. */
export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(stripBrackets(host));
}

import ipaddr from 'ipaddr.js';

/**
 * The public-address rule (CONTRACT 2): only globally reachable unicast addresses may be fetched,
 * following the IANA special-purpose registries. Addresses that embed an IPv4 address
 * (IPv4-mapped, IPv4-translated, NAT64 well-known prefix, 6to4, IPv4-compatible) are judged by the
 * embedded one, so `::ffff:127.0.0.1` or `64:ff9b::a00:1` cannot smuggle a private target past the
 * check. IPv6 outside 2000::/3 is refused even where IANA lists no special purpose: that space is
 * unallocated, so a public site cannot live there and a DNS answer pointing there is not to be trusted.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return isPublicIPv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return isPublicIPv4(embedded);
  const range = v6.range();
  if (range === 'as112v6') return !v6.match(IETF_PROTOCOL_ASSIGNMENTS_V6);
  return range === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

// ipaddr.js names these ranges, but IANA marks them globally reachable (anycast DNS sinks, AMT relays).
const GLOBALLY_REACHABLE_V4_RANGES = new Set(['unicast', 'as112', 'amt']);

function isPublicIPv4(v4: ipaddr.IPv4): boolean {
  return GLOBALLY_REACHABLE_V4_RANGES.has(v4.range());
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
// 2001::/23 holds Teredo, benchmarking and ORCHID blocks; refused whole, as the registry's umbrella entry says.
const IETF_PROTOCOL_ASSIGNMENTS_V6 = ipaddr.parseCIDR('2001::/23') as [ipaddr.IPv6, number];
const NAT64_WELL_KNOWN_PREFIX = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = v6.range();
  const parts = v6.parts;
  const fromParts = (hi: number | undefined, lo: number | undefined) =>
    new ipaddr.IPv4([(hi ?? 0) >> 8, (hi ?? 0) & 0xff, (lo ?? 0) >> 8, (lo ?? 0) & 0xff]);
  if (range === 'ipv4Mapped' || range === 'rfc6145') return fromParts(parts[6], parts[7]);
  // 64:ff9b:1::/48 (local-use NAT64) is not listed here: it translates to whatever the local operator chose.
  if (v6.match(NAT64_WELL_KNOWN_PREFIX)) return fromParts(parts[6], parts[7]);
  if (range === '6to4') return fromParts(parts[1], parts[2]);
  // Deprecated IPv4-compatible form ::a.b.c.d (:: and ::1 are judged as themselves)
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || (parts[7] ?? 0) > 1)) return fromParts(parts[6], parts[7]);
  return undefined;
}

/** `[::1]` → `::1`; other hosts unchanged. */
export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

// ipaddr.isValid is slow on ordinary names (it tries every IPv4 notation); a name that has neither
// the shape of an IPv4 literal nor a colon cannot be an address.
const MAY_BE_IP = /^(?:[0-9a-fx.]+|.*:.*)$/i;

export function isIpLiteral(host: string): boolean {
  const bare = stripBrackets(host);
  return MAY_BE_IP.test(bare) && ipaddr.isValid(bare);
}

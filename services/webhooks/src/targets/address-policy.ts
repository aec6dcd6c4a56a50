import ipaddr from 'ipaddr.js';

/** Ranges a webhook may only reach with WEBHOOKS_ALLOW_PRIVATE_TARGETS=true (local development and tests). */
const DEV_ONLY_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

export type AddressVerdict = { allowed: true; address: string } | { allowed: false; address: string; range: string };

/**
 * Classifies one IP address for outbound webhook traffic with ipaddr.js's range tables. Only globally
 * routable unicast passes; loopback, RFC 1918, ULA (fc00::/7), link-local (169.254/16 with the cloud
 * metadata address, fe80::/10), unspecified, multicast, broadcast, CGNAT (100.64/10), documentation,
 * benchmarking, reserved ranges and the IPv6 transition prefixes that embed an IPv4 address (6to4, Teredo,
 * NAT64) are refused. IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it carries.
 * `allowPrivate` admits loopback and private ranges only: link-local and metadata stay refused.
 */
export function classifyAddress(address: string, allowPrivate: boolean): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return { allowed: false, address, range: 'invalid' };
  }
  const range = parsed.range();
  const normalized = parsed.toString();
  if (range === 'unicast') return { allowed: true, address: normalized };
  if (allowPrivate && DEV_ONLY_RANGES.has(range)) return { allowed: true, address: normalized };
  return { allowed: false, address: normalized, range };
}

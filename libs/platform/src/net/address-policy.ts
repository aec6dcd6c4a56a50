import ipaddr from 'ipaddr.js';

/** Ranges reachable only with the caller's allowPrivate (WEBHOOKS_ALLOW_PRIVATE_TARGETS=true: local development and tests). */
const DEV_ONLY_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

export type AddressVerdict = { allowed: true; address: string } | { allowed: false; address: string; range: string };

/** An IPv4 address an IPv6 address carries, and whether a connection goes to that IPv4 address itself. */
interface EmbeddedIPv4 {
  ipv4: ipaddr.IPv4;
  /**
   * IPv4-mapped and IPv4-compatible addresses name the IPv4 host itself (the dialer connects to it). The
   * transition prefixes (NAT64, 6to4, IPv4-translated) reach it through a translator or relay, so the
   * IPv6 address is dialled, and only a public IPv4 inside is accepted, whatever the dev flags say.
   */
  isTheIPv4Host: boolean;
}

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address inside an IPv6 address of a form that embeds one at a known place: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated by RFC 4291 but still parsed by stacks),
 * IPv4-translated (::ffff:0:a.b.c.d, RFC 6145), the well-known NAT64 prefix (64:ff9b::a.b.c.d, RFC 6052)
 * and 6to4 (2002:AABB:CCDD::/48, RFC 3056). Teredo (its client address is obfuscated) and local-use NAT64
 * (64:ff9b:1::/48, where the IPv4 sits wherever the operator's prefix length puts it) carry none we can
 * read for certain; they stay refused as non-unicast ranges.
 */
function embeddedIPv4(address: ipaddr.IPv6): EmbeddedIPv4 | undefined {
  const p = address.parts;
  const low = ipv4Of(p[6]!, p[7]!);
  switch (address.range()) {
    case 'ipv4Mapped':
      return { ipv4: low, isTheIPv4Host: true };
    case 'rfc6145':
      return { ipv4: low, isTheIPv4Host: false };
    case 'rfc6052':
      return p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 ? { ipv4: low, isTheIPv4Host: false } : undefined;
    case '6to4':
      return { ipv4: ipv4Of(p[1]!, p[2]!), isTheIPv4Host: false };
    case 'unicast':
      // ::a.b.c.d: the first 96 bits zero (:: and ::1 are classified as unspecified and loopback first).
      return p.slice(0, 6).every((part) => part === 0) ? { ipv4: low, isTheIPv4Host: true } : undefined;
    default:
      return undefined;
  }
}

function classifyIPv4(address: ipaddr.IPv4, allowPrivate: boolean): AddressVerdict {
  const range = address.range();
  const normalized = address.toString();
  if (range === 'unicast') return { allowed: true, address: normalized };
  if (allowPrivate && DEV_ONLY_RANGES.has(range)) return { allowed: true, address: normalized };
  return { allowed: false, address: normalized, range };
}

/**
 * Classifies one IP address for outbound traffic (webhook deliveries, documents fetched by URL) with
 * ipaddr.js's range tables. Only globally routable unicast passes; loopback, RFC 1918, ULA (fc00::/7), link-local (169.254/16 with the cloud
 * metadata address, fe80::/10), unspecified, multicast, broadcast, CGNAT (100.64/10), documentation,
 * benchmarking and reserved ranges are refused. An IPv6 address that embeds an IPv4 address (see
 * embeddedIPv4) is judged by the IPv4 address it carries, so `::a9fe:a9fe`, `64:ff9b::a9fe:a9fe` and
 * `2002:a9fe:a9fe::` are the metadata address; Teredo and local-use NAT64 are refused.
 * `allowPrivate` admits loopback and private ranges only: link-local and metadata stay refused.
 */
export function classifyAddress(address: string, allowPrivate: boolean): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return { allowed: false, address, range: 'invalid' };
  }
  if (parsed.kind() === 'ipv4') return classifyIPv4(parsed as ipaddr.IPv4, allowPrivate);

  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    const inner = classifyIPv4(embedded.ipv4, allowPrivate && embedded.isTheIPv4Host);
    if (embedded.isTheIPv4Host || !inner.allowed) return inner;
    return { allowed: true, address: v6.toString() };
  }
  const range = v6.range();
  const normalized = v6.toString();
  if (range === 'unicast') return { allowed: true, address: normalized };
  if (allowPrivate && DEV_ONLY_RANGES.has(range)) return { allowed: true, address: normalized };
  return { allowed: false, address: normalized, range };
}

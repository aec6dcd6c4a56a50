import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Whom a service believes about the client's address (X-Forwarded-For): nobody (false, the default: the
 * socket's peer is the client), the n nearest proxies (every connection comes through n proxies, e.g. an
 * ingress the NetworkPolicy makes the only way in), or the proxies at these addresses/CIDRs (proxy-addr's
 * names loopback, linklocal, uniquelocal allowed). Fastify's `trustProxy` takes each form as it is.
 */
export type TrustProxy = false | number | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

const isAddress = (text: string): boolean => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
function isCidr(text: string): boolean {
  const slash = text.indexOf('/');
  return slash > 0 && isAddress(text.slice(0, slash)) && ipaddr.isValidCIDR(text);
}

/**
 * TRUST_PROXY: empty or `false` (trust no proxy), a hop count 1..10, or a comma-separated list of proxy
 * addresses and CIDRs. `true` (trust any sender's header) is refused: it lets every client choose its IP.
 */
export const trustProxySchema = z.string().default('').transform((raw, ctx): TrustProxy => {
  const text = raw.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_HOPS) return hops;
    ctx.addIssue({ code: 'custom', message: `a hop count is 1 to ${MAX_HOPS}` });
    return z.NEVER;
  }
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !NAMES.has(e) && !isAddress(e) && !isCidr(e));
  if (bad.length || !entries.length) {
    ctx.addIssue({ code: 'custom', message: `expected false, a hop count, or proxy addresses/CIDRs (loopback, linklocal, uniquelocal allowed); not: ${bad.join(', ') || text}` });
    return z.NEVER;
  }
  return entries;
});

/**
 * The TRUST_PROXY setting as Fastify's `trustProxy` option, in the forms Nest's adapter types accept: a
 * hop count becomes proxy-addr's own rule for it (the n nearest hops are trusted).
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

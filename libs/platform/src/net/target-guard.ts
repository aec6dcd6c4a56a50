import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress } from './address-policy.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Hostname -> every address it resolves to. Injectable so tests never touch real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;
export const RESOLVER = Symbol('RESOLVER');

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export type RefusalReason = 'invalid_url' | 'insecure_scheme' | 'credentials_in_url' | 'unresolvable_host' | 'forbidden_address';

/** A URL or its host that outbound traffic (webhooks, documents by URL) must not reach; `message` is safe to show to the caller. */
export class TargetRefusedError extends Error {
  constructor(readonly reason: RefusalReason, message: string) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

export interface TargetPolicy {
  allowInsecureUrls: boolean;
  allowPrivateTargets: boolean;
}

/** A URL whose host resolved only to permitted addresses: the dialer connects to these, never re-resolving. */
export interface ResolvedTarget {
  url: URL;
  addresses: ResolvedAddress[];
}

export const MAX_URL_LENGTH = 2048;

/**
 * The SSRF gate: webhooks use it at registration and again before every delivery attempt, the MCP server
 * before it downloads a document by URL. `resolve` returns the checked addresses and the dialer connects to exactly those (resolve-then-dial), so a DNS answer that
 * changes between the check and the connection (rebinding) cannot redirect traffic.
 */
export class TargetGuard {
  constructor(private readonly policy: TargetPolicy, private readonly resolver: Resolver) {}

  /** Syntax and scheme rules, no network. */
  parseUrl(raw: string): URL {
    if (raw.length > MAX_URL_LENGTH) throw new TargetRefusedError('invalid_url', `url must be at most ${MAX_URL_LENGTH} characters`);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new TargetRefusedError('invalid_url', 'url is not a valid absolute URL');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.policy.allowInsecureUrls)) {
      throw new TargetRefusedError('insecure_scheme', 'url must use https');
    }
    if (url.username || url.password) throw new TargetRefusedError('credentials_in_url', 'url must not contain credentials');
    if (!url.hostname) throw new TargetRefusedError('invalid_url', 'url has no host');
    url.hash = '';
    return url;
  }

  /** Resolves the host and refuses it when any of its addresses is not permitted. */
  async resolve(url: URL): Promise<ResolvedTarget> {
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    let candidates: ResolvedAddress[];
    const literal = isIP(host);
    if (literal) {
      candidates = [{ address: host, family: literal === 6 ? 6 : 4 }];
    } else {
      try {
        candidates = await this.resolver(host);
      } catch {
        throw new TargetRefusedError('unresolvable_host', 'url host does not resolve');
      }
      if (!candidates.length) throw new TargetRefusedError('unresolvable_host', 'url host does not resolve');
    }
    const addresses: ResolvedAddress[] = [];
    for (const candidate of candidates) {
      const verdict = classifyAddress(candidate.address, this.policy.allowPrivateTargets);
      if (!verdict.allowed) {
        throw new TargetRefusedError('forbidden_address', `url host resolves to a non-public address (${verdict.range})`);
      }
      addresses.push({ address: verdict.address, family: verdict.address.includes(':') ? 6 : 4 });
    }
    return { url, addresses };
  }

  async check(raw: string): Promise<ResolvedTarget> {
    return this.resolve(this.parseUrl(raw));
  }
}

import http from 'node:http';
import https from 'node:https';
import type { ResolvedTarget } from '../targets/target-guard.js';

export interface OutboundRequest {
  target: ResolvedTarget;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export interface OutboundResponse {
  statusCode: number;
  /** At most RESPONSE_PREFIX_BYTES of the body, decoded as UTF-8. */
  bodyPrefix: string;
}

/** Sends one POST to an already checked target. Injectable so tests can prove nothing was dialled. */
export interface Dialer {
  send(request: OutboundRequest): Promise<OutboundResponse>;
}
export const DIALER = Symbol('DIALER');

export const RESPONSE_PREFIX_BYTES = 1024;

/**
 * node:http(s) with resolve-then-dial: the socket is opened to the first checked address as an IP
 * literal, so no DNS lookup happens here at all; the original host name still goes into the Host header
 * and, for https, into SNI and certificate verification. No agent reuse (one connection per attempt), no
 * redirects (node:http never follows them), one deadline over connect + request + response prefix, and
 * the response body is read only up to a small prefix, then the socket is destroyed.
 */
export class NodeHttpDialer implements Dialer {
  constructor(private readonly userAgent: string) {}

  send({ target, headers, body, timeoutMs }: OutboundRequest): Promise<OutboundResponse> {
    const { url, addresses } = target;
    const address = addresses[0];
    if (!address) return Promise.reject(new Error('no checked address to connect to'));
    const secure = url.protocol === 'https:';
    const payload = Buffer.from(body, 'utf8');
    const signal = AbortSignal.timeout(timeoutMs);
    const options: https.RequestOptions = {
      method: 'POST',
      host: address.address,
      family: address.family,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      agent: false,
      signal,
      headers: {
        ...headers,
        host: url.host,
        'content-type': 'application/json',
        'content-length': String(payload.length),
        'user-agent': this.userAgent,
      },
      ...(secure ? { servername: url.hostname.startsWith('[') ? undefined : url.hostname } : {}),
    };
    return new Promise<OutboundResponse>((resolve, reject) => {
      const req = (secure ? https : http).request(options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          resolve({ statusCode: res.statusCode ?? 0, bodyPrefix: Buffer.concat(chunks).subarray(0, RESPONSE_PREFIX_BYTES).toString('utf8') });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_PREFIX_BYTES) finish();
        });
        res.on('end', finish);
        res.on('error', () => finish());
        res.on('close', finish);
      });
      req.on('error', (err) => reject(signal.aborted ? new Error(`timed out after ${timeoutMs} ms`) : err));
      req.end(payload);
    });
  }
}

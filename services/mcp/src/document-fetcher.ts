import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { TargetGuard, TargetRefusedError, systemResolver, type ResolvedTarget, type Resolver } from '@exs/platform';
import type { McpClientConfig } from './config.js';
import { ToolFailure } from './tool-result.js';

/**
 * Opens a GET to a target whose addresses the guard has checked. Injectable so tests can prove that a
 * refused URL is never dialled at all.
 */
export type Dial = (target: ResolvedTarget, signal: AbortSignal, userAgent: string) => Promise<IncomingMessage>;

/**
 * node:http(s) with resolve-then-dial (as the webhook dialer): the socket goes to the first checked
 * address as an IP literal, so no DNS lookup happens here and a rebinding answer cannot redirect it; the
 * host name still goes into Host, SNI and certificate checks. One connection, no agent, no redirects.
 */
export const nodeDial: Dial = (target, signal, userAgent) => {
  const { url, addresses } = target;
  const address = addresses[0];
  if (!address) return Promise.reject(new Error('no checked address to connect to'));
  const secure = url.protocol === 'https:';
  const options: https.RequestOptions = {
    method: 'GET',
    host: address.address,
    family: address.family,
    port: url.port ? Number(url.port) : secure ? 443 : 80,
    path: `${url.pathname}${url.search}`,
    agent: false,
    signal,
    headers: { host: url.host, accept: 'application/pdf, image/*, */*;q=0.5', 'user-agent': userAgent },
    ...(secure ? { servername: url.hostname.startsWith('[') ? undefined : url.hostname } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(options, resolve);
    req.on('error', reject);
    req.end();
  });
};

export interface DocumentFetcherOptions {
  guard: TargetGuard;
  /** One deadline over resolve, connect, headers and the whole body. */
  timeoutMs: number;
  /** A body longer than this is refused `document_too_large` (as soon as it is known to be). */
  maxBytes: number;
  userAgent: string;
  dial?: Dial;
}

/**
 * Downloads a document the caller names by URL, for `extract_document` over HTTP (the REST API takes only
 * inline bytes or an upload key). The SSRF guard shared with webhooks (libs/platform) checks the URL and
 * every address its host resolves to before anything is dialled; size and time are bounded.
 */
export class DocumentFetcher {
  private readonly dial: Dial;

  constructor(private readonly opts: DocumentFetcherOptions) {
    this.dial = opts.dial ?? nodeDial;
  }

  async fetch(rawUrl: string): Promise<Uint8Array> {
    let target: ResolvedTarget;
    try {
      target = await this.opts.guard.check(rawUrl);
    } catch (err) {
      if (err instanceof TargetRefusedError) throw new ToolFailure('invalid_schema', `document_url: ${err.message}`);
      throw err;
    }
    const signal = AbortSignal.timeout(this.opts.timeoutMs);
    try {
      const res = await this.dial(target, signal, this.opts.userAgent);
      try {
        return await this.readBody(res);
      } finally {
        res.destroy();
      }
    } catch (err) {
      if (err instanceof ToolFailure) throw err;
      throw new ToolFailure('unsupported_document', signal.aborted ? `document_url: no complete answer within ${this.opts.timeoutMs} ms` : 'document_url could not be fetched');
    }
  }

  private async readBody(res: IncomingMessage): Promise<Uint8Array> {
    const status = res.statusCode ?? 0;
    // Redirects are not followed: each hop would need the guard again, and the caller can name the final URL.
    if (status >= 300 && status < 400) throw new ToolFailure('unsupported_document', `document_url answered HTTP ${status} (a redirect); give the final URL`);
    if (status < 200 || status >= 300) throw new ToolFailure('unsupported_document', `document_url answered HTTP ${status}`);
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.opts.maxBytes) throw this.tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.opts.maxBytes) throw this.tooLarge();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size);
  }

  private tooLarge(): ToolFailure {
    return new ToolFailure('document_too_large', `document_url: the document is over ${this.opts.maxBytes} bytes`);
  }
}

/** The URL fetcher both entries build the same way: the shared SSRF guard, the size cap and the deadline. */
export function documentFetcher(config: McpClientConfig, seams: { resolver?: Resolver; dial?: Dial } = {}): DocumentFetcher {
  const guard = new TargetGuard({ allowInsecureUrls: config.MCP_ALLOW_INSECURE_URLS, allowPrivateTargets: config.MCP_ALLOW_PRIVATE_URLS }, seams.resolver ?? systemResolver);
  return new DocumentFetcher({ guard, timeoutMs: config.MCP_FETCH_TIMEOUT_MS, maxBytes: config.MCP_FETCH_MAX_BYTES, userAgent: `exs-mcp/${config.BUILD_ID}`, dial: seams.dial });
}

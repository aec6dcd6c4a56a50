/**
 * One API call over fetch: authentication and contract headers, an idempotency key on every POST (the same
 * key on each retry, so a retried request runs once), a timeout per attempt, retries of transient answers
 * (retry.ts), and typed errors for everything else (errors.ts).
 */
import { ExsConnectionError, ExsError, ExsTimeoutError, errorFromResponse } from './errors.js';
import { DEFAULT_RETRY, backoffMs, retryDelayMs, type RetryOptions, type RetryPolicy } from './retry.js';

/** The contract version this SDK is written against; sent on every request so the service answers under it. */
export const SERVICE_VERSION = '2026-08-10';

export interface ClientOptions {
  /** `exs_live_...`; sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** Where the API is served (default `http://127.0.0.1:8080`, the local stack of `npm start`). */
  baseUrl?: string;
  /** Deadline of one attempt, response body included (default 120 s, the gateway's own limit). */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** A fetch implementation (default the global one). */
  fetch?: typeof fetch;
  /** Waits between retries and polls; tests replace it to see the schedule without waiting. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The jitter source, in [0, 1) (default `Math.random`). */
  random?: () => number;
}

/** Per-call options of every method. */
export interface RequestOptions {
  /** Sent as `Idempotency-Key` on a POST instead of the generated one (1 to 255 characters). */
  idempotencyKey?: string;
  /** Overrides the client's per-attempt timeout. */
  timeoutMs?: number;
  /** Overrides the client's `retry.maxRetries`. */
  maxRetries?: number;
  /** Aborts the call (and any wait between retries); the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  /** A raw body, made anew for each attempt. */
  body?: () => Body;
  contentType?: string;
  /** A body that can be sent only once (a stream) is never retried. */
  replayable?: boolean;
  accept?: string;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A random idempotency key (a UUID where Web Crypto has one). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A request body fetch accepts (named without the DOM library, which Node-only callers may not load). */
export type Body = NonNullable<RequestInit['body']>;

/** Why an attempt's controller was aborted: its own timeout, or the caller's signal. */
class AttemptTimeout extends Error {}

export class Transport {
  readonly baseUrl: string;
  private readonly apiKey?: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(options: ClientOptions) {
    this.baseUrl = (options.baseUrl ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? sleep;
    this.random = options.random ?? Math.random;
  }

  async request<R>(req: ApiRequest, options: RequestOptions = {}): Promise<R> {
    const idempotencyKey = req.method === 'POST' ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
    const policy: RetryPolicy = {
      ...this.retry,
      maxRetries: req.replayable === false ? 0 : (options.maxRetries ?? this.retry.maxRetries),
    };
    for (let retry = 1; ; retry++) {
      let outcome: { status: number; headers: Headers; body: unknown };
      try {
        outcome = await this.attempt(req, idempotencyKey, options);
      } catch (err) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (err instanceof AttemptTimeout) {
          // Not retried: the service may still be running the request, and a retry with the same key would
          // meet it (409) instead of its answer.
          throw new ExsTimeoutError({ status: 0, code: 'timeout', message: `no answer within ${options.timeoutMs ?? this.timeoutMs} ms`, request_id: null }, { cause: err });
        }
        if (err instanceof ExsError) throw err;
        if (retry > policy.maxRetries) {
          throw new ExsConnectionError({ status: 0, code: 'connection_error', message: 'could not reach the API', request_id: null }, { cause: err });
        }
        await this.sleep(backoffMs(retry, policy, this.random), options.signal);
        continue;
      }
      const { status, headers, body } = outcome;
      if (status >= 200 && status < 300) return body as R;
      const retryAfter = headers.get('retry-after') ?? bodyRetryAfter(body);
      const delay = retryDelayMs(retry, status, retryAfter, policy, this.random, Date.now());
      if (delay === undefined) throw errorFromResponse(status, headers, body);
      await this.sleep(delay, options.signal);
    }
  }

  /** One attempt, its body read within the same deadline. */
  private async attempt(req: ApiRequest, idempotencyKey: string | undefined, options: RequestOptions) {
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const timer = setTimeout(() => controller.abort(new AttemptTimeout()), timeoutMs);
    const onAbort = () => controller.abort(options.signal!.reason);
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const headers: Record<string, string> = { accept: req.accept ?? 'application/json', 'service-version': SERVICE_VERSION };
      if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      let body: Body | undefined;
      if (req.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(req.json);
      } else if (req.body) {
        headers['content-type'] = req.contentType ?? 'application/octet-stream';
        body = req.body();
      }
      const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, body, signal: controller.signal };
      // A streamed request body must say so (fetch standard); Node's fetch refuses one without it.
      if (body instanceof ReadableStream) init.duplex = 'half';
      const res = await this.fetchImpl(this.url(req), init);
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: parseBody(res.status, res.headers, text) };
    } catch (err) {
      throw controller.signal.aborted && controller.signal.reason instanceof AttemptTimeout ? controller.signal.reason : err;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private url(req: ApiRequest): string {
    const url = new URL(this.baseUrl + req.path);
    for (const [name, value] of Object.entries(req.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }
}

/** A 2xx answer must be JSON; an error answer may be anything (errors.ts reads what it can). */
function parseBody(status: number, headers: Headers, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    if (status >= 200 && status < 300) {
      throw new ExsError({ status, code: 'unexpected_response', message: 'the API answered with a body that is not JSON', request_id: headers.get('x-request-id') });
    }
    return undefined;
  }
}

/** `error.retry_after` (seconds) of a rate-limited body, for an answer that lost its header on the way. */
function bodyRetryAfter(body: unknown): string | null {
  const seconds = (body as { error?: { retry_after?: unknown } } | undefined)?.error?.retry_after;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? String(seconds) : null;
}

/**
 * The client: one method per public endpoint, grouped by resource (`jobs`, `uploads`, `keys`,
 * `webhookEndpoints`, `wallet`), plus `extract`, `waitForJob`, `health` and `status`.
 */
import { encodeBase64 } from './base64.js';
import { ExsTimeoutError } from './errors.js';
import { ListPromise } from './pagination.js';
import type { FromSchema } from './schema-types.js';
import { Transport, type Body, type ClientOptions, type RequestOptions } from './transport.js';
import type {
  ApiKey,
  ApiKeyWithSecret,
  CreateApiKeyParams,
  CreateWebhookEndpointParams,
  DeletedWebhookEndpoint,
  DocumentInput,
  ExtractionRequest,
  ExtractionResult,
  FinishedJob,
  Health,
  Job,
  JsonSchema,
  ListPage,
  ListParams,
  StatusPage,
  UpdateApiKeyParams,
  Upload,
  Wallet,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from './types.js';

/**
 * The `data` type of a call: the caller's `T` when given (`extract<Invoice>(...)`), otherwise read from a
 * `const` schema literal, otherwise a plain record.
 */
export type DataOf<T, S> = [T] extends [never] ? (unknown extends FromSchema<S> ? Record<string, unknown> : FromSchema<S>) : T;

/** What `uploads.create()` streams: a Blob (a browser `File`, or Node's `fileFromPath()`), bytes, or a stream. */
export type UploadSource = Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** How much of an upload's body fetch has taken so far; `total` is known for a Blob or bytes. */
export interface UploadProgress {
  loaded: number;
  total: number | undefined;
}

export interface UploadOptions extends RequestOptions {
  /** Sent as `Content-Type` (default the Blob's type, else `application/octet-stream`). */
  contentType?: string;
  /**
   * Called as fetch reads the body, after each chunk; a retried attempt starts again from 0. The body is
   * then sent as a stream (chunked), which browsers allow only over HTTP/2.
   */
  onProgress?: (progress: UploadProgress) => void;
}

export interface WaitForJobOptions {
  /** Give up after this long (default 10 minutes) with an `ExsTimeoutError`. */
  timeoutMs?: number;
  /** First wait between polls (default 1 s); each wait is 1.5 times the last, up to `maxPollIntervalMs`. */
  pollIntervalMs?: number;
  /** Longest wait between polls (default 5 s). */
  maxPollIntervalMs?: number;
  signal?: AbortSignal;
}

const id = (value: string) => encodeURIComponent(value);

function wireDocument(document: DocumentInput): { bytes_base64: string } | { upload_key: string } {
  return 'bytes' in document ? { bytes_base64: encodeBase64(document.bytes) } : document;
}

/** `stream` passed through unchanged, telling `onProgress` the bytes read so far. */
function counted(stream: ReadableStream<Uint8Array>, total: number | undefined, onProgress: (progress: UploadProgress) => void): ReadableStream<Uint8Array> {
  let loaded = 0;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        controller.enqueue(chunk);
        onProgress({ loaded, total });
      },
    }),
  );
}

function toStream(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}

export class Exs {
  private readonly transport: Transport;

  constructor(options: ClientOptions = {}) {
    this.transport = new Transport(options);
  }

  /**
   * Extracts synchronously (`POST /v1/extract`, documents up to 20 pages). `data` is typed by `T`, or by
   * the schema when it is a literal (`const` type inference).
   */
  extract<T = never, const S extends JsonSchema = JsonSchema>(
    request: ExtractionRequest<S>,
    options?: RequestOptions,
  ): Promise<ExtractionResult<DataOf<T, S>>> {
    return this.transport.request({ method: 'POST', path: '/v1/extract', json: { schema: request.schema, document: wireDocument(request.document) } }, options);
  }

  readonly jobs = {
    /** Submits an asynchronous extraction (`POST /v1/jobs`, up to 200 pages); answers with the queued job. */
    create: <T = never, const S extends JsonSchema = JsonSchema>(request: ExtractionRequest<S>, options?: RequestOptions): Promise<Job<DataOf<T, S>>> =>
      this.transport.request({ method: 'POST', path: '/v1/jobs', json: { schema: request.schema, document: wireDocument(request.document) } }, options),
    /** The job, with its result once succeeded (`GET /v1/jobs/:id`, not rate limited). */
    get: <T = Record<string, unknown>>(jobId: string, options?: RequestOptions): Promise<Job<T>> =>
      this.transport.request({ method: 'GET', path: `/v1/jobs/${id(jobId)}` }, options),
  };

  /**
   * Polls a job until it has ended (`succeeded` or `failed`: narrow on `state`), or throws `ExsTimeoutError`
   * after `timeoutMs`. Pass the job `jobs.create()` returned to keep its data type.
   */
  waitForJob<T>(job: Job<T>, options?: WaitForJobOptions): Promise<FinishedJob<T>>;
  waitForJob<T = Record<string, unknown>>(jobId: string, options?: WaitForJobOptions): Promise<FinishedJob<T>>;
  async waitForJob<T>(job: string | Job<T>, options: WaitForJobOptions = {}): Promise<FinishedJob<T>> {
    const jobId = typeof job === 'string' ? job : job.id;
    const timeoutMs = options.timeoutMs ?? 600_000;
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new ExsTimeoutError({ status: 0, code: 'timeout', message: `the job did not end within ${timeoutMs} ms`, request_id: null })),
      timeoutMs,
    );
    const onAbort = () => deadline.abort(options.signal!.reason);
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let interval = options.pollIntervalMs ?? 1000;
      for (;;) {
        const current = await this.jobs.get<T>(jobId, { signal: deadline.signal });
        if (current.state === 'succeeded' || current.state === 'failed') return current;
        await this.transport.sleep(interval, deadline.signal);
        interval = Math.min(interval * 1.5, options.maxPollIntervalMs ?? 5000);
      }
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  readonly uploads = {
    /**
     * Stages a document (`POST /v1/uploads`, up to 50 MiB), streamed from `source`; pass the answer's
     * `upload_key` as `document.upload_key`. A Blob or bytes is re-sent on a retry; a stream can be sent
     * only once, so it is not retried.
     */
    create: (source: UploadSource, options: UploadOptions = {}): Promise<Upload> => {
      const replayable = source instanceof Blob || source instanceof Uint8Array || source instanceof ArrayBuffer;
      const stream = replayable ? undefined : source instanceof ReadableStream ? source : toStream(source as AsyncIterable<Uint8Array>);
      const contentType = options.contentType ?? (source instanceof Blob && source.type ? source.type : 'application/octet-stream');
      const { onProgress } = options;
      let body = (): Body => stream ?? (source as Body);
      if (onProgress) {
        // A replayable source is streamed anew (and counted from 0) on each attempt.
        const blob = source instanceof Blob ? source : replayable ? new Blob([source as Uint8Array<ArrayBuffer> | ArrayBuffer]) : undefined;
        body = () => counted(blob ? blob.stream() : stream!, blob?.size, onProgress);
      }
      return this.transport.request<Upload>({ method: 'POST', path: '/v1/uploads', body, contentType, replayable }, options);
    },
  };

  readonly keys = {
    /** Creates a key on the calling account; its `secret` is shown only here. */
    create: (params: CreateApiKeyParams = {}, options?: RequestOptions): Promise<ApiKeyWithSecret> =>
      this.transport.request({ method: 'POST', path: '/v1/keys', json: params }, options),
    /** The account's keys, revoked ones included, without secrets: await for a page, iterate for all. */
    list: (params: ListParams = {}, options?: RequestOptions): ListPromise<ApiKey> =>
      new ListPromise((p) => this.transport.request<ListPage<ApiKey>>({ method: 'GET', path: '/v1/keys', query: { ...p } }, options), params),
    get: (keyId: string, options?: RequestOptions): Promise<ApiKey> =>
      this.transport.request({ method: 'GET', path: `/v1/keys/${id(keyId)}` }, options),
    /** Changes only the fields sent; `daily_page_limit: null` removes the limit. */
    update: (keyId: string, params: UpdateApiKeyParams, options?: RequestOptions): Promise<ApiKey> =>
      this.transport.request({ method: 'POST', path: `/v1/keys/${id(keyId)}`, json: params }, options),
    /** Revokes a key (at once on the instance serving it, within about 60 s on others); revoking twice is fine. */
    revoke: (keyId: string, options?: RequestOptions): Promise<ApiKey> =>
      this.transport.request({ method: 'DELETE', path: `/v1/keys/${id(keyId)}` }, options),
  };

  readonly webhookEndpoints = {
    /** Registers an endpoint; its signing `secret` (for `verifyWebhook`) is shown only here. */
    create: (params: CreateWebhookEndpointParams, options?: RequestOptions): Promise<WebhookEndpointWithSecret> =>
      this.transport.request({ method: 'POST', path: '/v1/webhook_endpoints', json: params }, options),
    list: (params: ListParams = {}, options?: RequestOptions): ListPromise<WebhookEndpoint> =>
      new ListPromise((p) => this.transport.request<ListPage<WebhookEndpoint>>({ method: 'GET', path: '/v1/webhook_endpoints', query: { ...p } }, options), params),
    /** Deletes an endpoint; its pending deliveries are cancelled. */
    delete: (endpointId: string, options?: RequestOptions): Promise<DeletedWebhookEndpoint> =>
      this.transport.request({ method: 'DELETE', path: `/v1/webhook_endpoints/${id(endpointId)}` }, options),
  };

  readonly wallet = {
    /** Balance, held funds, plan and the per-page price. */
    get: (options?: RequestOptions): Promise<Wallet> => this.transport.request({ method: 'GET', path: '/v1/wallet' }, options),
  };

  /** Liveness (`GET /v1/health`, unauthenticated). */
  health(options?: RequestOptions): Promise<Health> {
    return this.transport.request({ method: 'GET', path: '/v1/health' }, options);
  }

  /** The OpenAPI 3.1 document the service serves (`GET /v1/openapi.json`, unauthenticated). */
  openApiDocument(options?: RequestOptions): Promise<{ openapi: string; info: { version: string }; paths: Record<string, unknown> } & Record<string, unknown>> {
    return this.transport.request({ method: 'GET', path: '/v1/openapi.json' }, options);
  }

  /** The status page as JSON (`GET /status`, unauthenticated). */
  status(options?: RequestOptions): Promise<StatusPage> {
    return this.transport.request({ method: 'GET', path: '/status', accept: 'application/json' }, options);
  }
}

/**
 * The engine as the service uses it. Parsing, layout and ranking are CPU-bound and would stall this
 * process's event loop (gRPC health checks, other requests, JetStream acks and heartbeats) for hundreds
 * of milliseconds per document, so page counting and extraction run on a pool of worker threads
 * (Piscina). So does the schema check: compiling a caller's schema of hundreds of fields takes tens of
 * milliseconds, which on the event loop every other request would wait behind.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OnApplicationShutdown } from '@nestjs/common';
import { SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { Piscina } from 'piscina';
import { CALIBRATOR_VERSION, EngineError, type ExtractionResult, type OcrProviderOutcome } from '@exs/engine';
import type { Logger } from '@exs/platform';
import type { DocumentAiSettings } from '../providers/documentai/settings.js';
import { PublicFailure } from '../public-failure.js';
import { LIMITS } from './limits.js';
import { fromWire, type EngineReply, type EngineTask, type ExtractValue, type InspectValue, type SchemaValue } from './engine-protocol.js';

export { PublicFailure };

export interface EnginePoolOptions {
  /** Worker threads, each running one engine call at a time. */
  threads: number;
  /** The built worker entry; defaults to engine-worker.js next to this module (see workerEntry). */
  workerFile?: string;
  /** Environment of the worker threads (default: this process's). */
  env?: Record<string, string | undefined>;
  /** Read pages that need OCR with Document AI (each thread builds its own client); unset: local Tesseract only. */
  ocrProvider?: DocumentAiSettings;
  /** Where provider fallbacks are logged (they are also recorded on the engine span). */
  logger?: Pick<Logger, 'warn'>;
}

const tracer = trace.getTracer('exs-extraction');
const now = () => performance.timeOrigin + performance.now();

/**
 * The compiled worker entry. Worker threads load JavaScript from disk, so when this module itself runs
 * from TypeScript sources (Jest), the package's build output is used instead.
 */
export function workerEntry(): string {
  const sibling = new URL('./engine-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(sibling))) return sibling.href;
  const built = new URL('../../dist/engine/engine-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built.href;
  throw new Error(`engine worker not built (${fileURLToPath(built)}): run the @exs/extraction build`);
}

/** Engine failures become public failures; anything else stays an exception (internal_error, or a job retry). */
function asPublic(err: unknown): never {
  if (err instanceof EngineError) throw new PublicFailure(err.code, err.detail);
  throw err;
}

export class EnginePool implements OnApplicationShutdown {
  readonly calibratorVersion = CALIBRATOR_VERSION;
  readonly threads: number;
  private readonly pool: Piscina<EngineTask, EngineReply<InspectValue | ExtractValue | SchemaValue>>;
  private readonly logger?: Pick<Logger, 'warn'>;

  constructor(options: EnginePoolOptions) {
    this.threads = options.threads;
    this.logger = options.logger;
    this.pool = new Piscina({
      filename: options.workerFile ?? workerEntry(),
      // A fixed pool: every thread keeps its loaded pdf.js instead of paying for it again after idling.
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Infinity,
      // The engine leaves child processes (OCR) and pdf.js clean-up running past a task's promise on
      // occasion; 'async' keeps an idle thread's event loop running instead of parking it in Atomics.wait.
      atomics: 'async',
      env: options.env as Record<string, string> | undefined,
      workerData: { ocrProvider: options.ocrProvider },
    });
  }

  /** Engine calls waiting for a free thread. */
  get queued(): number {
    return this.pool.queueSize;
  }

  /**
   * Validates the caller's schema before any money is held. Parsing and compiling both run on a worker
   * thread: for a schema of hundreds of fields they take about 1 and tens of milliseconds. The thread's
   * first compilation (~0.7 s of validator set-up) is paid by its start-up warm-up. The engine takes the
   * schema as this same JSON text (`run`), so this thread never parses it.
   */
  async checkSchema(schemaJson: string): Promise<void> {
    await this.call<SchemaValue>({ kind: 'schema', schemaJson }, {}, (span, r) => span.setAttribute('engine.schema_leaves', r.leafCount));
  }

  /** Page count without text extraction or OCR, enforcing the page cap for the path. */
  async countPages(bytes: Uint8Array, maxPages: number): Promise<number> {
    const { pageCount } = await this.call<InspectValue>({ kind: 'inspect', bytes }, { 'engine.max_pages': maxPages });
    if (pageCount > maxPages) throw new PublicFailure('document_too_large', `the document has ${pageCount} pages; the limit on this path is ${maxPages}`);
    return pageCount;
  }

  /** `schema`: the caller's JSON Schema, as an object or as its JSON text. */
  async run(bytes: Uint8Array, schema: unknown, maxPages: number): Promise<ExtractionResult> {
    const result = await this.call<ExtractValue>({ kind: 'extract', bytes, schema, maxPages, maxWords: LIMITS.words }, { 'engine.max_pages': maxPages }, (span, r) => {
      span.setAttributes({ 'engine.pages': r.document.pages, 'engine.words': r.document.words, 'engine.ocr_pages': r.document.ocr_pages });
    });
    return result;
  }

  async onApplicationShutdown(): Promise<void> {
    // Lets running calls finish (Piscina's closeTimeout bounds the wait), then stops the threads.
    await this.pool.close();
  }

  /**
   * What the OCR provider did for one document, on the engine span: always the counts; when pages fell back
   * to local OCR, an event with the pages and the reason, and a warning in the log (the extraction itself
   * succeeds, only slower and read by Tesseract).
   */
  private recordProvider(span: Span, outcome: OcrProviderOutcome): void {
    span.setAttributes({
      'ocr.provider': outcome.provider,
      'ocr.provider_pages': outcome.recognized.length,
      'ocr.provider_fallback_pages': outcome.fallback.length,
      'ocr.provider_ms': outcome.durationMs,
    });
    if (outcome.fallback.length === 0) return;
    const reason = outcome.errors.join('; ').slice(0, 1000);
    span.addEvent('ocr provider fallback', {
      'ocr.provider': outcome.provider,
      'ocr.fallback_pages': outcome.fallback.join(','),
      'ocr.fallback_reason': reason,
    });
    this.logger?.warn({ provider: outcome.provider, fallbackPages: outcome.fallback, recognizedPages: outcome.recognized, reason }, 'OCR provider failed; pages read by local OCR');
  }

  /**
   * One engine call on a worker thread, inside a span of the caller's trace. The span covers the wait
   * for a thread and the run; the worker's own start and end are recorded on it, since the worker has
   * no tracer of its own.
   */
  private call<T>(task: EngineTask, attributes: Attributes, onValue?: (span: Span, value: T) => void): Promise<T> {
    const sized = 'bytes' in task ? { ...attributes, 'engine.bytes': task.bytes.byteLength } : attributes;
    return tracer.startActiveSpan(`engine ${task.kind}`, { attributes: sized }, async (span) => {
      try {
        // The worker gets its own copy of a document, moved rather than cloned; the caller's bytes (often
        // a Buffer on a shared slab) stay usable, and pdf.js may keep what it is given.
        const bytes = 'bytes' in task ? new Uint8Array(task.bytes) : undefined;
        const submitted = now();
        let reply: EngineReply<InspectValue | ExtractValue | SchemaValue>;
        try {
          reply = bytes
            ? await this.pool.run({ ...task, bytes } as EngineTask, { transferList: [bytes.buffer as ArrayBuffer] })
            : await this.pool.run(task);
        } catch (err) {
          // The pool itself failed (a worker died, the pool is closing): a fault, not the document's.
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
          throw err;
        }
        const { startMs, endMs, threadId } = reply.timing;
        span.addEvent('engine worker started', { 'thread.id': threadId }, startMs);
        span.addEvent('engine worker finished', {}, endMs);
        span.setAttributes({ 'engine.queue_ms': Math.max(0, Math.round(startMs - submitted)), 'engine.run_ms': Math.round(endMs - startMs), 'thread.id': threadId });
        if (reply.ocrProvider) this.recordProvider(span, reply.ocrProvider);
        if (!reply.ok) {
          const err = fromWire(reply.failure);
          if (err instanceof EngineError) {
            // The document's or the schema's problem, answered with its public code: not a fault.
            span.setAttribute('exs.error_code', err.code);
          } else {
            span.recordException(err);
            span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
          }
          asPublic(err);
        }
        onValue?.(span, reply.value as T);
        return reply.value as T;
      } finally {
        span.end();
      }
    });
  }
}

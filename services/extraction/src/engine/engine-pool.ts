/**
 * The engine as the service uses it. Parsing, layout and ranking are CPU-bound and would stall this
 * process's event loop (gRPC health checks, other requests, JetStream acks and heartbeats) for hundreds
 * of milliseconds per document, so page counting and extraction run on a pool of worker threads
 * (Piscina). So does the schema check: compiling a caller's schema of hundreds of fields takes tens of
 * milliseconds, which on the event loop every other request would wait behind.
 *
 * Every call has a deadline enforced from this thread (submit): a thread that never answers, whether its
 * task loops or its reply cannot be read back, is terminated and replaced at the deadline instead of being
 * lost to the pool for good.
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
import { DEFAULT_ENGINE_DEADLINES, type EngineDeadlines } from './deadlines.js';
import { fromWire, type EngineReply, type EngineTask, type ExtractValue, type InspectValue, type PingValue, type SchemaValue } from './engine-protocol.js';

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
  /** Where provider fallbacks and deadline kills are logged (they are also recorded on the engine span). */
  logger?: Pick<Logger, 'warn'>;
  /** Per-call deadlines (deadlines.ts); each one left out keeps its default. */
  deadlines?: Partial<EngineDeadlines>;
}

/** What the pool is doing, for metrics and health. */
export interface EnginePoolStats {
  threads: number;
  /** Threads running an engine call. */
  busyThreads: number;
  /** Calls waiting for a free thread. */
  queued: number;
  /** Threads terminated (and replaced) because a call ran past its deadline, since start. */
  deadlineKills: number;
}

type Reply = EngineReply<InspectValue | ExtractValue | SchemaValue | PingValue>;

/** A call past its deadline; `started` says whether a thread was running it (and was terminated). */
class DeadlineExceeded extends Error {
  constructor(readonly deadlineMs: number, readonly started: boolean) {
    super(`engine call exceeded its ${deadlineMs} ms deadline${started ? '' : ' before a thread was free'}`);
  }
}

/**
 * The public answer to a call past its deadline. A call that ran that long on a thread will do so again
 * (a deterministic failure: 422, or 400 for a schema, never billed); one that never got a thread met a
 * busy pool, which a retry can get past (503).
 */
function deadlineFailure(kind: EngineTask['kind'], started: boolean): PublicFailure {
  if (!started) return new PublicFailure('provider_unavailable', 'the service is busy; try again shortly');
  if (kind === 'schema') return new PublicFailure('invalid_schema', 'the schema could not be checked within the time limit');
  return new PublicFailure('extraction_failed', 'the document could not be processed within the time limit');
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
  readonly deadlines: EngineDeadlines;
  private readonly pool: Piscina<EngineTask, Reply>;
  private readonly logger?: Pick<Logger, 'warn'>;
  /** Calls submitted and not yet settled (running or queued). */
  private inFlight = 0;
  /** Threads the pool has destroyed, for whatever reason (see submit). */
  private destroyedThreads = 0;
  private deadlineKills = 0;
  /** The readiness ping in the pool, if one is unanswered (see ping). */
  private pendingPing?: Promise<Reply>;

  constructor(options: EnginePoolOptions) {
    this.threads = options.threads;
    this.logger = options.logger;
    this.deadlines = { ...DEFAULT_ENGINE_DEADLINES, ...options.deadlines };
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
    this.pool.on('workerDestroy', () => { this.destroyedThreads += 1; });
  }

  /** Engine calls waiting for a free thread. */
  get queued(): number {
    return this.pool.queueSize;
  }

  stats(): EnginePoolStats {
    const queued = this.pool.queueSize;
    return { threads: this.threads, busyThreads: Math.max(0, Math.min(this.threads, this.inFlight - queued)), queued, deadlineKills: this.deadlineKills };
  }

  /** A job's extraction deadline: a base plus a share per page (OCR runs seconds a page). */
  jobDeadlineMs(pages: number): number {
    return this.deadlines.jobMs + this.deadlines.jobPerPageMs * Math.max(0, pages);
  }

  /**
   * Resolves once a thread has answered a trivial task, within `deadlineMs` (waiting for a free thread
   * included); rejects otherwise. The readiness probe: no span, as it runs every few seconds.
   *
   * The deadline only ends the wait, never the task: a ping is submitted without a kill deadline, so a thread
   * still loading the engine (Piscina hands the first threads work before their module has loaded) answers
   * late and counts as not ready instead of being terminated, and pings never count as deadline kills.
   * A wedged call still makes the pool not ready (the ping cannot get through) and is ended by its own
   * deadline. At most one ping is in the pool at a time: a probe finding one still unanswered waits on it,
   * so probes cannot pile tasks up behind a stuck thread.
   */
  async ping(deadlineMs: number): Promise<void> {
    this.pendingPing ??= this.submit({ kind: 'ping' }).finally(() => { this.pendingPing = undefined; });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no engine thread answered within ${deadlineMs} ms`)), deadlineMs);
    });
    let reply: Reply;
    try {
      reply = await Promise.race([this.pendingPing, timeout]);
    } finally {
      clearTimeout(timer);
    }
    if (!reply.ok) throw fromWire(reply.failure);
  }

  /**
   * Validates the caller's schema before any money is held. Parsing and compiling both run on a worker
   * thread: for a schema of hundreds of fields they take about 1 and tens of milliseconds. The thread's
   * first compilation (~0.7 s of validator set-up) is paid by its start-up warm-up. The engine takes the
   * schema as this same JSON text (`run`), so this thread never parses it.
   */
  async checkSchema(schemaJson: string): Promise<void> {
    await this.call<SchemaValue>({ kind: 'schema', schemaJson }, this.deadlines.checkMs, {}, (span, r) => span.setAttribute('engine.schema_leaves', r.leafCount));
  }

  /** Page count without text extraction or OCR, enforcing the page cap for the path. */
  async countPages(bytes: Uint8Array, maxPages: number): Promise<number> {
    const { pageCount } = await this.call<InspectValue>({ kind: 'inspect', bytes }, this.deadlines.checkMs, { 'engine.max_pages': maxPages });
    if (pageCount > maxPages) throw new PublicFailure('document_too_large', `the document has ${pageCount} pages; the limit on this path is ${maxPages}`);
    return pageCount;
  }

  /**
   * `schema`: the caller's JSON Schema, as an object or as its JSON text. `deadlineMs`: the sync deadline
   * unless given (a job passes jobDeadlineMs(pages)).
   */
  async run(bytes: Uint8Array, schema: unknown, maxPages: number, options?: { deadlineMs?: number }): Promise<ExtractionResult> {
    const deadlineMs = options?.deadlineMs ?? this.deadlines.syncMs;
    const result = await this.call<ExtractValue>({ kind: 'extract', bytes, schema, maxPages, maxWords: LIMITS.words }, deadlineMs, { 'engine.max_pages': maxPages }, (span, r) => {
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
  private call<T>(task: EngineTask, deadlineMs: number, attributes: Attributes, onValue?: (span: Span, value: T) => void): Promise<T> {
    const sized = 'bytes' in task ? { ...attributes, 'engine.bytes': task.bytes.byteLength } : attributes;
    return tracer.startActiveSpan(`engine ${task.kind}`, { attributes: { ...sized, 'engine.deadline_ms': deadlineMs } }, async (span) => {
      try {
        // The worker gets its own copy of a document, moved rather than cloned; the caller's bytes (often
        // a Buffer on a shared slab) stay usable, and pdf.js may keep what it is given.
        const bytes = 'bytes' in task ? new Uint8Array(task.bytes) : undefined;
        const submitted = now();
        let reply: Reply;
        try {
          reply = bytes
            ? await this.submit({ ...task, bytes } as EngineTask, deadlineMs, [bytes.buffer as ArrayBuffer])
            : await this.submit(task, deadlineMs);
        } catch (err) {
          if (err instanceof DeadlineExceeded) {
            const failure = deadlineFailure(task.kind, err.started);
            span.addEvent('engine deadline exceeded', { 'engine.deadline_ms': deadlineMs, 'engine.thread_terminated': err.started });
            span.setAttribute('exs.error_code', failure.code);
            span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
            this.logger?.warn(
              { task: task.kind, deadlineMs, threadTerminated: err.started, code: failure.code, ...this.stats() },
              err.started ? 'engine call exceeded its deadline; its thread was terminated and replaced' : 'engine call exceeded its deadline waiting for a thread',
            );
            throw failure;
          }
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

  /**
   * Runs a task on a thread, bounded by `deadlineMs` from here: the timer covers the wait for a thread,
   * the run, and the reply's way back (a reply the main thread cannot read, such as a structured clone
   * too deep to deserialize, never settles the pool's promise; only this timer ends it). On expiry the
   * task is aborted: Piscina takes a queued task off its queue, and terminates the thread of a running
   * one and starts a replacement. Which of the two happened is told by a thread having been destroyed
   * during the (synchronous) abort. Without `deadlineMs` the task is never aborted (the readiness ping only).
   */
  private async submit(task: EngineTask, deadlineMs?: number, transferList?: ArrayBuffer[]): Promise<Reply> {
    const abort = new AbortController();
    let expired: DeadlineExceeded | undefined;
    const timer = deadlineMs === undefined ? undefined : setTimeout(() => {
      const destroyedBefore = this.destroyedThreads;
      abort.abort();
      const terminated = this.destroyedThreads > destroyedBefore;
      if (terminated) this.deadlineKills += 1;
      expired = new DeadlineExceeded(deadlineMs, terminated);
    }, deadlineMs);
    this.inFlight += 1;
    try {
      return await this.pool.run(task, { signal: abort.signal, ...(transferList ? { transferList } : {}) });
    } catch (err) {
      throw expired ?? err;
    } finally {
      clearTimeout(timer);
      this.inFlight -= 1;
    }
  }
}

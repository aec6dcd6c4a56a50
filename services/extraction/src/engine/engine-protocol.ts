/**
 * What crosses the thread boundary between the service and its engine workers. Messages are copied with
 * the structured clone algorithm, which keeps an Error's message but drops its class and own fields
 * (EngineError's `code` and `detail`), so failures travel as plain data and are rebuilt on arrival.
 */
import { EngineError, type EngineErrorCode, type ExtractionResult, type OcrProviderOutcome } from '@exs/engine';

export type EngineTask =
  | { kind: 'inspect'; bytes: Uint8Array }
  | { kind: 'extract'; bytes: Uint8Array; schema: unknown; maxPages: number; maxWords: number }
  /** The caller's schema, compiled only to check it (tens of milliseconds for hundreds of fields). */
  | { kind: 'schema'; schemaJson: string }
  /** Nothing: the readiness probe, answered at once by any thread free to take work. */
  | { kind: 'ping' };

/** A failure as plain data: the engine's own (with a public code) or anything else (a fault). */
export type WireFailure =
  | { kind: 'engine'; code: EngineErrorCode; detail?: string }
  | { kind: 'fault'; name: string; message: string; stack?: string };

/** When the worker ran the task, as epoch milliseconds (performance.timeOrigin-based, comparable across threads). */
export interface WorkerTiming { startMs: number; endMs: number; threadId: number }

export type EngineReply<T> = ({ ok: true; value: T } | { ok: false; failure: WireFailure }) & {
  timing: WorkerTiming;
  /** What the OCR provider read and what fell back to local OCR (extractions with a provider and pages to OCR). */
  ocrProvider?: OcrProviderOutcome;
};

export type InspectValue = { format: string; pageCount: number };
export type ExtractValue = ExtractionResult;
export type SchemaValue = { leafCount: number };
export type PingValue = Record<string, never>;

export function toWire(err: unknown): WireFailure {
  if (err instanceof EngineError) return err.detail === undefined ? { kind: 'engine', code: err.code } : { kind: 'engine', code: err.code, detail: err.detail };
  if (err instanceof Error) return { kind: 'fault', name: err.name, message: err.message, stack: err.stack };
  return { kind: 'fault', name: 'Error', message: String(err) };
}

/** The error the main thread throws for a failure reported by a worker. */
export function fromWire(failure: WireFailure): Error {
  if (failure.kind === 'engine') return new EngineError(failure.code, failure.detail);
  const err = new Error(failure.message);
  err.name = failure.name;
  // The worker's stack says where the fault happened; the main thread's would only show the pool.
  if (failure.stack) err.stack = failure.stack;
  return err;
}

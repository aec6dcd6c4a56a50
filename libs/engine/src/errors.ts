/** Failures the engine reports with a public error code; anything else thrown is a bug (internal_error). */
export type EngineErrorCode = 'invalid_schema' | 'document_too_large' | 'unsupported_document' | 'extraction_failed';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    /** Caller-facing detail (which keyword, which limit); the public message stays static. */
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'EngineError';
  }
}

/**
 * What a failure while reading a document's bytes means for the caller. Engine errors keep their code, and a
 * cancellation, a failed allocation or a system call's failure (no file descriptors or processes left for OCR: the
 * service's state, not the document's, which on-call must see as a fault) stays as it is; anything else thrown
 * by the parsers and decoders on the way (pdf.js, sharp, the layout of what they returned) means the document
 * could not be read: unsupported_document, never an internal error for input the contract covers.
 */
export function documentFailure(err: unknown): unknown {
  if (err instanceof EngineError) return err;
  const e = err as { name?: string; message?: string; syscall?: unknown } | undefined;
  if (e?.name === 'AbortError' || e?.syscall !== undefined || /allocation failed|out of memory/i.test(String(e?.message ?? ''))) return err;
  return new EngineError('unsupported_document', `unreadable document (${e?.name ?? typeof err}: ${String(e?.message ?? err).slice(0, 200)})`);
}

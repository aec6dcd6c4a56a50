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

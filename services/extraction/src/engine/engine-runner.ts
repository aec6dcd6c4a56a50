import { Injectable } from '@nestjs/common';
import { EngineError, extract, inspectDocument, compileSchema, CALIBRATOR_VERSION, type ExtractionResult } from '@exs/engine';
import { LIMITS } from './limits.js';

/** A failure with a public error code and a caller-facing detail. */
export class PublicFailure extends Error {
  constructor(readonly code: string, readonly detail = '') {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** Maps engine failures to public codes; anything unexpected stays an exception (internal_error). */
function asPublic(err: unknown): never {
  if (err instanceof EngineError) throw new PublicFailure(err.code, err.detail);
  throw err;
}

/** The engine as the service uses it: schema check, cheap page count, then the extraction. */
@Injectable()
export class EngineRunner {
  readonly calibratorVersion = CALIBRATOR_VERSION;

  /** Validates the caller's schema before any money is held. */
  checkSchema(schemaJson: string): unknown {
    let schema: unknown;
    try {
      schema = JSON.parse(schemaJson);
    } catch {
      throw new PublicFailure('invalid_schema', 'schema is not valid JSON');
    }
    try {
      compileSchema(schema);
    } catch (err) { asPublic(err); }
    return schema;
  }

  /** Page count without text extraction or OCR, enforcing the page cap for the path. */
  async countPages(bytes: Uint8Array, maxPages: number): Promise<number> {
    let pageCount: number;
    try {
      ({ pageCount } = await inspectDocument(bytes));
    } catch (err) { asPublic(err); }
    if (pageCount > maxPages) throw new PublicFailure('document_too_large', `the document has ${pageCount} pages; the limit on this path is ${maxPages}`);
    return pageCount;
  }

  async run(bytes: Uint8Array, schema: unknown, maxPages: number): Promise<ExtractionResult> {
    try {
      return await extract(bytes, schema, { document: { maxPages, maxWords: LIMITS.words } });
    } catch (err) { asPublic(err); }
  }
}

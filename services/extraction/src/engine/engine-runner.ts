import { Injectable } from '@nestjs/common';
import { EngineError, extract, inspectDocument, compileSchema, CALIBRATOR_VERSION, type ExtractionResult } from '@exs/engine';
import { LIMITS } from './limits.js';

import { PublicFailure } from '../public-failure.js';

export { PublicFailure };

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

  /** pdf.js refuses Node Buffers (and may take ownership of what it is given): hand it a plain copy. */
  private static plain(bytes: Uint8Array): Uint8Array {
    return Buffer.isBuffer(bytes) ? new Uint8Array(bytes) : bytes;
  }

  /** Page count without text extraction or OCR, enforcing the page cap for the path. */
  async countPages(bytes: Uint8Array, maxPages: number): Promise<number> {
    let pageCount: number;
    try {
      ({ pageCount } = await inspectDocument(EngineRunner.plain(bytes)));
    } catch (err) { asPublic(err); }
    if (pageCount > maxPages) throw new PublicFailure('document_too_large', `the document has ${pageCount} pages; the limit on this path is ${maxPages}`);
    return pageCount;
  }

  async run(bytes: Uint8Array, schema: unknown, maxPages: number): Promise<ExtractionResult> {
    try {
      return await extract(EngineRunner.plain(bytes), schema, { document: { maxPages, maxWords: LIMITS.words } });
    } catch (err) { asPublic(err); }
  }
}

import { ApiError } from '../edge/api-error.js';
import { validateBody } from '../openapi/request-validation.js';
import { inspectJsonValue } from '../edge/json-inspection.js';
import { SCHEMA_LIMITS } from './schema-limits.js';

/** Inline documents: up to 20 MiB decoded. */
export const INLINE_MAX_BYTES = 20 * 1024 * 1024;
/** JSON bodies carry base64 (4/3 of the bytes) plus the schema; anything larger is refused while streaming. */
export const JSON_BODY_LIMIT_BYTES = Math.ceil(INLINE_MAX_BYTES * 4 / 3) + 4 * 1024 * 1024;

// A plain character class (no repeated group): linear on a 27 MB string without deep backtracking.
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (s: string) => s.length % 4 === 0 && BASE64_CHARS.test(s);

export type DocumentRef = { inlineBytes: Buffer } | { uploadKey: string };

export interface ExtractionRequest {
  schemaJson: string;
  document: DocumentRef;
}

/**
 * The schema as JSON text for the engine, within the edge limits: the depth is checked before
 * JSON.stringify (which recurses and overflows the stack near 2,500 levels), the size on its result.
 */
function schemaText(schema: object): string {
  if (inspectJsonValue(schema, SCHEMA_LIMITS.maxJsonDepth) === 'too_deep') {
    throw new ApiError('invalid_schema', {}, `/schema: nested more than ${SCHEMA_LIMITS.maxJsonDepth} levels deep`);
  }
  const text = JSON.stringify(schema);
  if (Buffer.byteLength(text, 'utf8') > SCHEMA_LIMITS.maxSchemaBytes) {
    throw new ApiError('invalid_schema', {}, `/schema: larger than ${SCHEMA_LIMITS.maxSchemaBytes} bytes of JSON`);
  }
  return text;
}

/**
 * Validates the body (the document's ExtractionRequest: both routes take the same one) and decodes the
 * inline document, with the spec's codes for each failure.
 */
export function parseExtractionRequest(body: unknown): ExtractionRequest {
  const { schema, document } = validateBody<{ schema: object; document: { bytes_base64?: string; upload_key?: string } }>('/v1/extract', 'post', body);
  const schemaJson = schemaText(schema);
  if (document.upload_key !== undefined) return { schemaJson, document: { uploadKey: document.upload_key } };
  const b64 = document.bytes_base64!;
  // Decoded size is known from the length alone, so oversize is refused before decoding.
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  if ((b64.length / 4) * 3 - padding > INLINE_MAX_BYTES) {
    throw new ApiError('document_too_large', {}, `document.bytes_base64 decodes to more than ${INLINE_MAX_BYTES} bytes`);
  }
  if (!isBase64(b64)) throw new ApiError('invalid_schema', {}, '/document/bytes_base64: not valid base64');
  return { schemaJson, document: { inlineBytes: Buffer.from(b64, 'base64') } };
}

import { Ajv, type ErrorObject } from 'ajv';
import { ApiError } from '../edge/api-error.js';
import { inspectJsonValue } from '../edge/json-inspection.js';
import { SCHEMA_LIMITS } from './schema-limits.js';

/** Inline documents: up to 20 MiB decoded. */
export const INLINE_MAX_BYTES = 20 * 1024 * 1024;
/** JSON bodies carry base64 (4/3 of the bytes) plus the schema; anything larger is refused while streaming. */
export const JSON_BODY_LIMIT_BYTES = Math.ceil(INLINE_MAX_BYTES * 4 / 3) + 4 * 1024 * 1024;

/** The body of POST /v1/extract and POST /v1/jobs. Unknown fields are refused, as Stripe does. */
const requestSchema = {
  type: 'object',
  required: ['schema', 'document'],
  additionalProperties: false,
  properties: {
    schema: { type: 'object' },
    document: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: {
        bytes_base64: { type: 'string', minLength: 1 },
        upload_key: { type: 'string', minLength: 1, maxLength: 256 },
      },
    },
  },
} as const;

const ajv = new Ajv({ allErrors: false, strict: true });
const validate = ajv.compile(requestSchema);

const describe = (e: ErrorObject) => {
  if (e.keyword === 'additionalProperties') return `${e.instancePath || 'body'}: unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  if (e.instancePath === '/document' && (e.keyword === 'minProperties' || e.keyword === 'maxProperties')) return '/document: exactly one of bytes_base64 or upload_key is required';
  return `${e.instancePath || 'body'}: ${e.message}`;
};

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

/** Validates the body and decodes the inline document, with the spec's codes for each failure. */
export function parseExtractionRequest(body: unknown): ExtractionRequest {
  if (!validate(body)) throw new ApiError('invalid_schema', {}, describe(validate.errors![0]));
  const { schema, document } = body as { schema: object; document: { bytes_base64?: string; upload_key?: string } };
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

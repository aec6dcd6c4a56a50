import { INLINE_MAX_BYTES, parseExtractionRequest } from '../src/extract/extraction-request.js';
import { SCHEMA_LIMITS } from '../src/extract/schema-limits.js';
import { ApiError } from '../src/edge/api-error.js';

const schema = { type: 'object', properties: { total: { type: 'number' } } };
const inline = (bytes: Buffer) => ({ schema, document: { bytes_base64: bytes.toString('base64') } });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof ApiError ? err.code : 'not an ApiError';
  }
}

test('an inline document of exactly 20 MiB is accepted', () => {
  const parsed = parseExtractionRequest(inline(Buffer.alloc(INLINE_MAX_BYTES, 1)));
  expect('inlineBytes' in parsed.document && parsed.document.inlineBytes.length).toBe(INLINE_MAX_BYTES);
});

test('an inline document one byte over 20 MiB is document_too_large', () => {
  expect(codeOf(() => parseExtractionRequest(inline(Buffer.alloc(INLINE_MAX_BYTES + 1, 1))))).toBe('document_too_large');
});

test('bytes_base64 that is not base64 is invalid_schema', () => {
  expect(codeOf(() => parseExtractionRequest({ schema, document: { bytes_base64: 'not base64!' } }))).toBe('invalid_schema');
});

test('base64 with a wrong length is invalid_schema', () => {
  expect(codeOf(() => parseExtractionRequest({ schema, document: { bytes_base64: 'QUJD=' } }))).toBe('invalid_schema');
});

test('an upload_key reference is passed through', () => {
  expect(parseExtractionRequest({ schema, document: { upload_key: 'upl_abc' } }).document).toEqual({ uploadKey: 'upl_abc' });
});

test('a document with both bytes_base64 and upload_key is invalid_schema', () => {
  expect(codeOf(() => parseExtractionRequest({ schema, document: { bytes_base64: 'QUJD', upload_key: 'upl_abc' } }))).toBe('invalid_schema');
});

test('a missing schema is invalid_schema', () => {
  expect(codeOf(() => parseExtractionRequest({ document: { upload_key: 'upl_abc' } }))).toBe('invalid_schema');
});

test('a schema that is not an object is invalid_schema', () => {
  expect(codeOf(() => parseExtractionRequest({ schema: 'object', document: { upload_key: 'upl_abc' } }))).toBe('invalid_schema');
});

test('an unknown top-level field is invalid_schema and named in the detail', () => {
  try {
    parseExtractionRequest({ schema, document: { upload_key: 'k' }, webhook: 'x' });
    throw new Error('accepted');
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).detail).toContain('"webhook"');
  }
});

describe('schema limits at the edge', () => {
  /** A schema whose JSON nests `levels` objects: {"properties":{"properties":...{}}}. */
  const nestedSchema = (levels: number) => {
    const schema: Record<string, unknown> = {};
    let inner = schema;
    for (let level = 1; level < levels; level++) inner = (inner.properties = {}) as Record<string, unknown>;
    return schema;
  };
  /** A schema whose JSON text is exactly `bytes` bytes of UTF-8, padded with `fill` (1 or 2 bytes each). */
  const schemaOfBytes = (bytes: number, fill = 'x') => {
    const frame = Buffer.byteLength(JSON.stringify({ description: '' }));
    const unit = Buffer.byteLength(fill);
    const padding = fill.repeat(Math.floor((bytes - frame) / unit)) + 'x'.repeat((bytes - frame) % unit);
    const schema = { description: padding };
    expect(Buffer.byteLength(JSON.stringify(schema))).toBe(bytes);
    return schema;
  };
  const withSchema = (s: object) => ({ schema: s, document: { upload_key: 'upl_abc' } });

  test('a schema nested 128 levels deep is accepted', () => {
    expect(JSON.parse(parseExtractionRequest(withSchema(nestedSchema(SCHEMA_LIMITS.maxJsonDepth))).schemaJson)).toEqual(nestedSchema(128));
  });

  test('a schema nested 129 levels deep is invalid_schema', () => {
    expect(codeOf(() => parseExtractionRequest(withSchema(nestedSchema(SCHEMA_LIMITS.maxJsonDepth + 1))))).toBe('invalid_schema');
  });

  test('a schema nested 100,000 levels deep is invalid_schema, not a stack overflow', () => {
    expect(codeOf(() => parseExtractionRequest(withSchema(nestedSchema(100_000))))).toBe('invalid_schema');
  });

  test('a schema of exactly 512 KiB of JSON is accepted', () => {
    expect(parseExtractionRequest(withSchema(schemaOfBytes(SCHEMA_LIMITS.maxSchemaBytes))).schemaJson).toHaveLength(524_288);
  });

  test('a schema one byte over 512 KiB of JSON is invalid_schema', () => {
    expect(codeOf(() => parseExtractionRequest(withSchema(schemaOfBytes(SCHEMA_LIMITS.maxSchemaBytes + 1))))).toBe('invalid_schema');
  });

  test('the size counts UTF-8 bytes, not characters', () => {
    expect(codeOf(() => parseExtractionRequest(withSchema(schemaOfBytes(SCHEMA_LIMITS.maxSchemaBytes + 1, 'é'))))).toBe('invalid_schema');
  });
});

import { INLINE_MAX_BYTES, parseExtractionRequest } from '../src/extract/extraction-request.js';
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

import { ERROR_CATALOG, isErrorCode } from '@exs/platform';

test('every spec error code maps to its HTTP status', () => {
  expect(Object.fromEntries(Object.entries(ERROR_CATALOG).map(([c, e]) => [c, e.status]))).toEqual({
    invalid_schema: 400, document_too_large: 400, unsupported_document: 400, invalid_api_key: 401,
    insufficient_balance: 402, not_found: 404, idempotency_key_conflict: 409, extraction_failed: 422,
    rate_limited: 429, internal_error: 500, provider_unavailable: 503,
  });
});

test('unknown strings are not error codes', () => {
  expect(isErrorCode('teapot')).toBe(false);
  expect(isErrorCode('not_found')).toBe(true);
});

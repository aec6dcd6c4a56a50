/** The public error catalog: every code the API can return, with its HTTP status and static message. */
export const ERROR_CATALOG = {
  invalid_schema: { status: 400, message: 'The request or its schema is not valid.' },
  document_too_large: { status: 400, message: 'The document exceeds a size, page or word limit.' },
  unsupported_document: { status: 400, message: 'The document could not be read.' },
  invalid_api_key: { status: 401, message: 'The API key is missing, malformed or inactive.' },
  insufficient_balance: { status: 402, message: 'The wallet balance is too low for this request.' },
  not_found: { status: 404, message: 'No such resource.' },
  idempotency_key_conflict: { status: 409, message: 'This idempotency key was used with a different request or is still in progress.' },
  extraction_failed: { status: 422, message: 'The extraction pipeline could not produce a result.' },
  rate_limited: { status: 429, message: 'Too many requests; retry after the indicated delay.' },
  internal_error: { status: 500, message: 'An unexpected error occurred; it is safe to retry.' },
  provider_unavailable: { status: 503, message: 'An upstream dependency is unavailable; it is safe to retry.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOG, value);
}

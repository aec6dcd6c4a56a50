/**
 * Typed errors. Every answer of the API outside 2xx becomes an `ExsError` (or its subclass for the
 * code), carrying the body's `code`, `message` and `request_id` and the HTTP `status`; branch on `code`
 * (or `instanceof`), never on `message`. Failures with no answer are `ExsConnectionError` and
 * `ExsTimeoutError` (status 0, no request id).
 */
import type { ErrorCode } from './types.js';

export interface ExsErrorFields {
  status: number;
  code: ErrorCode | (string & {});
  message: string;
  request_id: string | null;
  detail?: string;
  /** Seconds to wait, with `rate_limited`. */
  retry_after?: number;
  /** Where to add funds, with `insufficient_balance`. */
  top_up_url?: string;
}

export class ExsError extends Error {
  readonly status: number;
  readonly code: ErrorCode | (string & {});
  /** The `x-request-id` of the answer (also `error.request_id`); quote it when reporting a problem. */
  readonly request_id: string | null;
  readonly detail?: string;
  readonly retry_after?: number;
  readonly top_up_url?: string;

  constructor(fields: ExsErrorFields, options?: { cause?: unknown }) {
    super(fields.message, options);
    this.name = new.target.name;
    this.status = fields.status;
    this.code = fields.code;
    this.request_id = fields.request_id;
    if (fields.detail !== undefined) this.detail = fields.detail;
    if (fields.retry_after !== undefined) this.retry_after = fields.retry_after;
    if (fields.top_up_url !== undefined) this.top_up_url = fields.top_up_url;
  }
}

/** 400 `invalid_schema`: the schema or another request field is not usable (`detail` says which). */
export class InvalidRequestError extends ExsError {}
/** 400 `document_too_large`. */
export class DocumentTooLargeError extends ExsError {}
/** 400 `unsupported_document`. */
export class UnsupportedDocumentError extends ExsError {}
/** 401 `invalid_api_key`. */
export class AuthenticationError extends ExsError {}
/** 402 `insufficient_balance`; `top_up_url` says where to add funds. */
export class InsufficientBalanceError extends ExsError {}
/** 404 `not_found`. */
export class NotFoundError extends ExsError {}
/** 409 `idempotency_key_conflict`. */
export class IdempotencyConflictError extends ExsError {}
/** 422 `extraction_failed` (not billed). */
export class ExtractionFailedError extends ExsError {}
/** 429 `rate_limited`; `retry_after` in seconds. */
export class RateLimitError extends ExsError {}
/** 500 `internal_error` (safe to retry). */
export class InternalServerError extends ExsError {}
/** 503 `provider_unavailable` (safe to retry). */
export class ServiceUnavailableError extends ExsError {}

/** No answer: the connection failed (refused, reset, DNS). */
export class ExsConnectionError extends ExsError {}
/** No answer within the request's timeout, or `waitForJob` past its deadline. */
export class ExsTimeoutError extends ExsError {}

const BY_CODE: Record<ErrorCode, new (fields: ExsErrorFields) => ExsError> = {
  invalid_schema: InvalidRequestError,
  document_too_large: DocumentTooLargeError,
  unsupported_document: UnsupportedDocumentError,
  invalid_api_key: AuthenticationError,
  insufficient_balance: InsufficientBalanceError,
  not_found: NotFoundError,
  idempotency_key_conflict: IdempotencyConflictError,
  extraction_failed: ExtractionFailedError,
  rate_limited: RateLimitError,
  internal_error: InternalServerError,
  provider_unavailable: ServiceUnavailableError,
};

/** Without a recognisable error body (a proxy's HTML page, say) the class follows the status. */
const BY_STATUS: Record<number, new (fields: ExsErrorFields) => ExsError> = {
  401: AuthenticationError,
  404: NotFoundError,
  409: IdempotencyConflictError,
  429: RateLimitError,
  500: InternalServerError,
  503: ServiceUnavailableError,
};

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const seconds = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The error for a non-2xx answer, from its parsed body (or `undefined` when it was not JSON). */
export function errorFromResponse(status: number, headers: Headers, body: unknown): ExsError {
  const requestId = headers.get('x-request-id');
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    const e = error as Record<string, unknown>;
    const code = e.code as string;
    const Kind = (BY_CODE as Record<string, new (fields: ExsErrorFields) => ExsError>)[code] ?? BY_STATUS[status] ?? ExsError;
    return new Kind({
      status,
      code,
      message: text(e.message) ?? `HTTP ${status}`,
      request_id: text(e.request_id) ?? requestId,
      detail: text(e.detail),
      retry_after: seconds(e.retry_after),
      top_up_url: text(e.top_up_url),
    });
  }
  const Kind = BY_STATUS[status] ?? ExsError;
  return new Kind({ status, code: 'unexpected_response', message: `HTTP ${status} without an error body`, request_id: requestId });
}

import type { ErrorCode } from '@exs/platform';

/** A failure with a public error code; the error filter renders it in the one error shape. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Extra fields of the error object the spec defines for this code (retry_after, top_up_url). */
    readonly extra: Record<string, unknown> = {},
    /** Non-static detail for callers (which keyword failed, which limit); never replaces the message. */
    readonly detail?: string,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

import { status } from '@grpc/grpc-js';
import { isErrorCode } from '@exs/platform';
import { ApiError } from './api-error.js';

/** An internal call that threw: outages past retries are 503, anything else a 500. */
export function fromGrpcError(err: unknown): never {
  const code = (err as { code?: number })?.code;
  if (code === status.UNAVAILABLE || code === status.DEADLINE_EXCEEDED) throw new ApiError('provider_unavailable');
  throw err;
}

/** An outcome error returned by a service (a public code with detail). */
export function fromOutcome(error: { code: string; detail: string; retryAfterSeconds?: number }, topUpUrl: string): never {
  if (!isErrorCode(error.code)) throw new Error(`unknown error code from a service: ${error.code}`);
  const extra = error.code === 'insufficient_balance' ? { top_up_url: topUpUrl }
    : error.code === 'rate_limited' ? { retry_after: Math.max(1, Math.ceil(error.retryAfterSeconds ?? 1)) }
    : {};
  throw new ApiError(error.code, extra, error.detail || undefined);
}

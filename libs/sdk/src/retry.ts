/**
 * When to retry and how long to wait. The service says 429 `rate_limited` (wait `Retry-After`), 500
 * `internal_error` and 503 `provider_unavailable` are safe to retry; every POST carries an idempotency key,
 * so a retried request never runs twice. Without a `Retry-After` the wait is exponential backoff with full
 * jitter (a uniform draw up to the capped exponential), which spreads out clients that failed together.
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 disables retrying). */
  maxRetries?: number;
  /** Backoff of the first retry, before jitter (default 500 ms); doubles with each retry. */
  baseDelayMs?: number;
  /** Cap of the backoff, before jitter (default 20 s). */
  maxDelayMs?: number;
  /**
   * The longest `Retry-After` the SDK waits for (default 60 s). A longer one (a used-up daily page quota
   * answers with the seconds to midnight UTC) is not retried: the `RateLimitError` is thrown at once.
   */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 60_000 };

/** Statuses the service documents as transient. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 503]);

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date (RFC 9110); `undefined` when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** Full-jitter backoff before retry number `retry` (1 for the first retry); `random()` is in [0, 1). */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * The wait before retry number `retry` after an answer with `status` and `retryAfter` (the header), or
 * `undefined` when that answer is not to be retried.
 */
export function retryDelayMs(
  retry: number,
  status: number,
  retryAfter: string | null,
  policy: RetryPolicy,
  random: () => number,
  nowMs: number,
): number | undefined {
  if (retry > policy.maxRetries || !RETRYABLE_STATUSES.has(status)) return undefined;
  const asked = parseRetryAfter(retryAfter, nowMs);
  if (asked === undefined) return backoffMs(retry, policy, random);
  return asked <= policy.maxRetryAfterMs ? asked : undefined;
}

/**
 * Standard Webhooks' suggested schedule: the delay before each attempt, counted from the end of the
 * previous one (the first is immediate). 8 attempts over about 28 hours; after the last, the delivery fails.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;

/** Delay after the `attemptsMade`-th failed attempt before the next one, or null when none is left. */
export function nextAttemptDelayMs(attemptsMade: number): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) throw new RangeError('attemptsMade must be a positive integer');
  return attemptsMade < MAX_ATTEMPTS ? RETRY_SCHEDULE_MS[attemptsMade]! : null;
}

/** A response that counts as delivered: any 2xx. Redirects are not followed and count as failures. */
export const isDelivered = (statusCode: number | null): boolean => statusCode !== null && statusCode >= 200 && statusCode < 300;

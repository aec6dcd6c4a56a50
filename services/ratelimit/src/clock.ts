export type { Clock } from '@exs/ratelimit-core';

/**
 * Injection token of an optional clock. Without one, the token bucket reads Redis' own TIME (one
 * clock for every replica of this service) and the daily quota reads the system clock.
 */
export const CLOCK = Symbol('RATELIMIT_CLOCK');

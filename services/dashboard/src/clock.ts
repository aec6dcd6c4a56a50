/** Milliseconds since the epoch; injected so tests can put a token's expiry at its edge without sleeping. */
export interface Clock {
  now(): number;
}

export const CLOCK = Symbol('DASHBOARD_CLOCK');
export const systemClock: Clock = { now: () => Date.now() };

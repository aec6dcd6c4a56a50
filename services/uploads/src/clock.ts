/** Milliseconds since the epoch; injected so tests can expire objects without waiting a day. */
export interface Clock {
  now(): number;
}

export const CLOCK = Symbol('UPLOADS_CLOCK');
export const systemClock: Clock = { now: () => Date.now() };

/** The time source of scheduling decisions, injectable so tests can move time instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };

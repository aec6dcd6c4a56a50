/** Time source, injectable so retention can be tested without waiting a day. */
export interface Clock { now(): Date }
export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = { now: () => new Date() };

/** Milliseconds since the epoch; injected so tests can move time without sleeping. */
export interface Clock {
  now(): number;
}

/**
 * Injection token of an optional clock. Without one, reservation lifetimes are measured on
 * PostgreSQL's clock (one clock for every replica of this service).
 */
export const CLOCK = Symbol('BILLING_CLOCK');

/** How long a hold lives and how the sweep runs; from the service config. */
export interface ReservationOptions {
  ttlSeconds: number;
}
export const RESERVATION_OPTIONS = Symbol('BILLING_RESERVATION_OPTIONS');

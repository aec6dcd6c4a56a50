/** Injection tokens shared across the service's providers. */
export const LOGGER = Symbol('LOGGER');
export const WEBHOOKS_OPTIONS = Symbol('WEBHOOKS_OPTIONS');

/** Runtime settings of the delivery machinery (from config, overridable by tests). */
export interface WebhooksOptions {
  /** Start the background delivery loop (tests that drive `DeliveryWorker.runOnce` turn it off). */
  runWorker: boolean;
  /** Prefix of the JetStream durable consumer names; instances of one deployment share it. */
  consumerName: string;
  deliveryTimeoutMs: number;
  pollIntervalMs: number;
  concurrency: number;
  leaseMs: number;
  maxEndpointsPerAccount: number;
}

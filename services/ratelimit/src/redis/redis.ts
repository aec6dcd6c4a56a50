/** Injection token of the service's shared ioredis connection. */
export const REDIS = Symbol('REDIS');

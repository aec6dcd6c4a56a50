export * from './service-metrics.js';
export * from './http-metrics.js';
export * from './rpc-metrics.interceptor.js';
export * from './metrics.module.js';
export * from './jetstream-metrics.js';

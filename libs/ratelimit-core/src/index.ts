/**
 * Rate limiting's shared core: plan limits, the Redis token bucket and the Redis connection policy.
 * Plain TypeScript (no Nest), used by the ratelimit service and by the gateway's request guard.
 */
export type { Clock } from './clock.js';
export { PLAN_LIMITS, planLimits, UnknownPlanError, type Plan, type PlanLimits } from './plans.js';
export { createRedis, waitUntilReady, LuaScript, StoreUnavailableError } from './redis-connection.js';
export { TokenBucket, bucketKey, type TakeResult } from './token-bucket.js';

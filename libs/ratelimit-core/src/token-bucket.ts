import type { Redis } from 'ioredis';
import type { Clock } from './clock.js';
import { planLimits } from './plans.js';
import { LuaScript } from './redis-connection.js';
import { TOKEN_BUCKET_LUA } from './token-bucket.lua.js';

export interface TakeResult {
  allowed: boolean;
  /** Whole tokens left. */
  remaining: number;
  /** Seconds until `cost` tokens are available; 0 when allowed. */
  retryAfterSeconds: number;
  limit: number;
  refillPerSecond: number;
}

const script = new LuaScript(TOKEN_BUCKET_LUA, 1);

/** Redis key of an account's bucket; the hash tag keeps an account's keys on one cluster slot. */
export const bucketKey = (accountId: string) => `rl:{${accountId}}:bucket`;

/**
 * The per-account request bucket: every key of the account draws from it. The ratelimit service's
 * `Take` and the gateway's request guard both run this, against the same Redis, so they share buckets.
 */
export class TokenBucket {
  constructor(private readonly redis: Redis, private readonly clock?: Clock) {}

  async take(accountId: string, plan: string, cost = 1): Promise<TakeResult> {
    const limits = planLimits(plan);
    if (!accountId) throw new RangeError('account_id is required');
    if (!Number.isInteger(cost) || cost < 1 || cost > limits.burst) throw new RangeError(`cost must be 1..${limits.burst}`);
    const now = this.clock ? this.clock.now() : -1;
    const [allowed, tokens, waitMs] = await script.run<[number, number, number]>(this.redis, [bucketKey(accountId)], [limits.ratePerSecond, limits.burst, cost, now]);
    return {
      allowed: allowed === 1,
      remaining: Math.floor(tokens / 1000),
      retryAfterSeconds: allowed === 1 ? 0 : waitMs / 1000,
      limit: limits.burst,
      refillPerSecond: limits.ratePerSecond,
    };
  }
}

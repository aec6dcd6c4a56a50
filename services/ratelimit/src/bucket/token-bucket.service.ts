import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { TokenBucket, type TakeResult } from '@exs/ratelimit-core';
import { CLOCK, type Clock } from '../clock.js';
import { REDIS } from '../redis/redis.js';

export type { TakeResult };

/** `Take` over gRPC: the shared token bucket (libs/ratelimit) on this service's Redis. */
@Injectable()
export class TokenBucketService {
  private readonly bucket: TokenBucket;

  constructor(@Inject(REDIS) redis: Redis, @Optional() @Inject(CLOCK) clock?: Clock) {
    this.bucket = new TokenBucket(redis, clock);
  }

  take(accountId: string, plan: string, cost = 1): Promise<TakeResult> {
    return this.bucket.take(accountId, plan, cost);
  }
}

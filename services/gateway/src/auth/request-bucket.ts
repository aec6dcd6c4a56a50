import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createRedis, TokenBucket, waitUntilReady, type TakeResult } from '@exs/ratelimit-core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/**
 * The account request buckets, taken from here in-process: the same token-bucket script and Redis as
 * the ratelimit service's `Take` (libs/ratelimit-core), without the gRPC hop, which was most of the
 * gateway's per-request overhead (docs/rate-limits.md#where-the-bucket-is-taken). Page quotas stay
 * behind the ratelimit service.
 */
@Injectable()
export class RequestBucket implements OnModuleInit, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly bucket: TokenBucket;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.redis = createRedis(config.REDIS_URL, config.RATE_LIMIT_REDIS_TIMEOUT_MS);
    this.bucket = new TokenBucket(this.redis);
  }

  /** Start-up waits (bounded) for the connection, so the first requests are not counted as an outage. */
  async onModuleInit(): Promise<void> {
    await waitUntilReady(this.redis, 3000);
  }

  take(accountId: string, plan: string): Promise<TakeResult> {
    return this.bucket.take(accountId, plan, 1);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createRedis, waitUntilReady } from '@exs/ratelimit-core';
import { REDIS } from './redis.js';

@Module({})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static forRoot(url: string, commandTimeoutMs: number): DynamicModule {
    return {
      module: RedisModule,
      global: true,
      providers: [{
        provide: REDIS,
        useFactory: async () => {
          const redis = createRedis(url, commandTimeoutMs);
          await waitUntilReady(redis, 3000);
          return redis;
        },
      }],
      exports: [REDIS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

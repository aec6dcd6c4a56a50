import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { HealthModule, MetricsModule, type Logger } from '@exs/platform';
import type { RateLimitConfig } from './config.js';
import { CLOCK, type Clock } from './clock.js';
import { REDIS } from './redis/redis.js';
import { RedisModule } from './redis/redis.module.js';
import { TokenBucketService } from './bucket/token-bucket.service.js';
import { PageQuotaService, QUOTA_OPTIONS } from './quota/page-quota.service.js';
import { RATELIMIT_LOGGER, RateLimitGrpcController } from './ratelimit.grpc.js';

export interface RateLimitModuleOptions {
  /** Tests move time with this; production uses Redis TIME (bucket) and the system clock (quota day). */
  clock?: Clock;
}

@Module({})
export class RateLimitModule {
  static forRoot(config: RateLimitConfig, logger: Logger, opts: RateLimitModuleOptions = {}): DynamicModule {
    const providers: Provider[] = [
      TokenBucketService,
      PageQuotaService,
      { provide: QUOTA_OPTIONS, useValue: { holdTtlMs: config.QUOTA_HOLD_TTL_SECONDS * 1000, usageRetentionDays: config.USAGE_RETENTION_DAYS } },
      { provide: RATELIMIT_LOGGER, useValue: logger },
    ];
    if (opts.clock) providers.push({ provide: CLOCK, useValue: opts.clock });
    return {
      module: RateLimitModule,
      imports: [
        MetricsModule.forRoot('ratelimit'),
        RedisModule.forRoot(config.REDIS_URL, config.REDIS_COMMAND_TIMEOUT_MS),
        HealthModule.forRoot({ inject: [REDIS], useFactory: (redis: Redis) => ({ redis: () => redis.ping() }) }),
      ],
      controllers: [RateLimitGrpcController],
      providers,
    };
  }
}

import { baseConfigSchema, grpcServerConfigSchema, redisConfigSchema, loadConfig, z } from '@exs/platform';

export const ratelimitConfigSchema = baseConfigSchema.extend(grpcServerConfigSchema.shape).extend(redisConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(9104),
  GRPC_PORT: z.coerce.number().int().min(1).max(65535).default(50054),
  /** A Redis command slower than this fails the RPC with UNAVAILABLE instead of hanging the caller. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).default(250),
  /** A page hold neither confirmed nor released within this long is given back (a crashed caller). */
  QUOTA_HOLD_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** How long each day's billed pages by API key (GetUsage) are kept. */
  USAGE_RETENTION_DAYS: z.coerce.number().int().min(1).max(400).default(92),
});

export type RateLimitConfig = z.infer<typeof ratelimitConfigSchema>;
export const loadRateLimitConfig = () => loadConfig(ratelimitConfigSchema);

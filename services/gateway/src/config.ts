import { baseConfigSchema, databaseConfigSchema, grpcTarget, loadConfig, redisConfigSchema, z } from '@exs/platform';

export const gatewayConfigSchema = baseConfigSchema.extend(databaseConfigSchema.shape).extend(redisConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** The internal gRPC API (accounts and keys for the dashboard). */
  GRPC_HOST: z.string().default('127.0.0.1'),
  GRPC_PORT: z.coerce.number().int().min(1).max(65535).default(50056),
  EXTRACTION_GRPC_URL: grpcTarget.default('127.0.0.1:50052'),
  BILLING_GRPC_URL: grpcTarget.default('127.0.0.1:50053'),
  RATELIMIT_GRPC_URL: grpcTarget.default('127.0.0.1:50054'),
  UPLOADS_GRPC_URL: grpcTarget.default('127.0.0.1:50051'),
  WEBHOOKS_GRPC_URL: grpcTarget.default('127.0.0.1:50055'),
  /** The MCP server's readiness URL where one is deployed: /status shows it operational or in outage (unset: not deployed). */
  MCP_HEALTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The dashboard's readiness URL where one is deployed (unset: /status lists it as not deployed). */
  DASHBOARD_HEALTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where `insufficient_balance` errors send people to add funds. */
  TOP_UP_URL: z.url().default('https://dashboard.example.com/billing/top-up'),
  /** How long a verified API key is trusted before it is looked up again (the revocation delay). */
  /**
   * The request buckets live in ratelimit's Redis (REDIS_URL); a bucket command slower than this lets the
   * request through (fail-open) rather than holding it.
   */
  RATE_LIMIT_REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).default(250),
  KEY_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
  /**
   * Browser origins allowed to call the API (CORS), comma-separated exact origins such as
   * `https://dashboard.example.com`; empty (the default): no browser access. See docs/api.md, "CORS".
   */
  CORS_ALLOWED_ORIGINS: z.string().default('').transform((v, ctx) => {
    const origins = v.split(',').map((o) => o.trim()).filter(Boolean);
    for (const o of origins) {
      let url: URL | undefined;
      try { url = new URL(o); } catch { /* reported below */ }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== o) {
        ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port], no path or trailing slash): ${o}` });
      }
    }
    return origins;
  }),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const loadGatewayConfig = () => loadConfig(gatewayConfigSchema);

import { baseConfigSchema, grpcServerConfigSchema, databaseConfigSchema, natsConfigSchema, loadConfig, z } from '@exs/platform';

/** "true"/"false" from the environment (z.coerce.boolean would read "false" as true). */
const flag = z.enum(['true', 'false']).default('false').transform((v) => v === 'true');
const ms = (def: number) => z.coerce.number().int().min(1).default(def);
/** The only NODE_ENV values under which the dev-only flags are honoured. */
const DEV_MODES = new Set(['development', 'test']);

export const webhooksConfigSchema = baseConfigSchema.extend(grpcServerConfigSchema.shape).extend(databaseConfigSchema.shape).extend(natsConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(9105),
  GRPC_PORT: z.coerce.number().int().min(1).max(65535).default(50055),
  /** Unset means production: the dev-only flags below need an explicit `development` or `test`. */
  NODE_ENV: z.string().optional(),
  /** Dev/test only: accept http:// endpoint URLs (production requires https). */
  WEBHOOKS_ALLOW_INSECURE_URLS: flag,
  /** Dev/test only: accept loopback and private (RFC 1918, ULA) targets. Link-local/metadata stays refused. */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: flag,
  /** Whole-request deadline of one delivery attempt (connect, send, response headers). */
  WEBHOOKS_DELIVERY_TIMEOUT_MS: ms(10_000),
  /** How often the delivery loop looks for due deliveries (new events also wake it at once). */
  WEBHOOKS_POLL_INTERVAL_MS: ms(1_000),
  /** Deliveries one instance sends at the same time. */
  WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** How long a claimed delivery stays reserved for one instance; must exceed the attempt timeout. */
  WEBHOOKS_LEASE_MS: ms(60_000),
  /** Prefix of the durable JetStream consumer names; every instance of the deployment shares it. */
  WEBHOOKS_CONSUMER_NAME: z.string().regex(/^[A-Za-z0-9_-]+$/).default('webhooks'),
  WEBHOOKS_MAX_ENDPOINTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
}).superRefine((cfg, ctx) => {
  // An allow-list, not a deny-list: a typo or a forgotten NODE_ENV must not open SSRF protections.
  if (!DEV_MODES.has(cfg.NODE_ENV ?? '')) {
    for (const key of ['WEBHOOKS_ALLOW_INSECURE_URLS', 'WEBHOOKS_ALLOW_PRIVATE_TARGETS'] as const) {
      if (cfg[key]) ctx.addIssue({ code: 'custom', path: [key], message: `may be true only when NODE_ENV is development or test (NODE_ENV is ${cfg.NODE_ENV === undefined ? 'unset' : JSON.stringify(cfg.NODE_ENV.slice(0, 40))})` });
    }
  }
  if (cfg.WEBHOOKS_LEASE_MS <= cfg.WEBHOOKS_DELIVERY_TIMEOUT_MS) {
    ctx.addIssue({ code: 'custom', path: ['WEBHOOKS_LEASE_MS'], message: 'must exceed WEBHOOKS_DELIVERY_TIMEOUT_MS' });
  }
});

export type WebhooksConfig = z.infer<typeof webhooksConfigSchema>;
export const loadWebhooksConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(webhooksConfigSchema, env);

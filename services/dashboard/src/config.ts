import { baseConfigSchema, databaseConfigSchema, grpcTarget, loadConfig, redisConfigSchema, z } from '@exs/platform';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const dashboardConfigSchema = baseConfigSchema.extend(databaseConfigSchema.shape).extend(redisConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(8090),
  /** development and test allow plain-HTTP cookies (COOKIE_SECURE=false); anything else refuses them. */
  NODE_ENV: z.string().optional(),
  /** Where people reach the dashboard: the links in e-mails start with it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }),
  /** Signs the CSRF cookie. */
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Secure cookies (sent over HTTPS only). Off only for a local stack on plain HTTP. */
  COOKIE_SECURE: flag.default(true),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  /** SMTP server the e-mails go through: smtp://[user:pass@]host:port, or smtps:// for implicit TLS. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('exs <no-reply@exs.localhost>'),
  VERIFY_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(24 * 60),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** Failed sign-ins allowed per e-mail address, and per client IP, within LOGIN_WINDOW_SECONDS. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(15 * 60),
  /** Mails (sign-up and reset) per target address, and requests for them per client IP, within MAIL_WINDOW_SECONDS. */
  MAIL_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(3),
  MAIL_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  MAIL_WINDOW_SECONDS: z.coerce.number().int().min(1).max(7 * 24 * 3600).default(3600),
  /** How often expired sessions, sign-ups and reset links are deleted, and how many rows per statement. */
  EXPIRED_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(300),
  EXPIRED_SWEEP_BATCH: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** The free grant, in pages at the published price (the contract: about 500). */
  FREE_GRANT_PAGES: z.coerce.number().int().min(0).max(100_000).default(500),
  GATEWAY_GRPC_URL: grpcTarget.default('127.0.0.1:50056'),
  BILLING_GRPC_URL: grpcTarget.default('127.0.0.1:50053'),
  /** Jobs (extraction), webhook endpoints and deliveries (webhooks), usage by key (ratelimit). */
  EXTRACTION_GRPC_URL: grpcTarget.default('127.0.0.1:50052'),
  WEBHOOKS_GRPC_URL: grpcTarget.default('127.0.0.1:50055'),
  RATELIMIT_GRPC_URL: grpcTarget.default('127.0.0.1:50054'),
}).superRefine((c, ctx) => {
  if (!c.COOKIE_SECURE && c.NODE_ENV !== 'development' && c.NODE_ENV !== 'test') {
    ctx.addIssue({ code: 'custom', path: ['COOKIE_SECURE'], message: `false is allowed only with NODE_ENV development or test (NODE_ENV is ${c.NODE_ENV ?? 'unset'})` });
  }
});

export type DashboardConfig = z.infer<typeof dashboardConfigSchema>;
export const DASHBOARD_CONFIG = Symbol('DASHBOARD_CONFIG');
export const loadDashboardConfig = () => loadConfig(dashboardConfigSchema);

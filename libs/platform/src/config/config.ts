import { z } from 'zod';
import { trustProxySchema } from './trust-proxy.js';

/** Thrown when the environment does not satisfy a service's configuration schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment once at start-up, so a bad value fails the process immediately with the
 * variable's name instead of surfacing later as an obscure runtime error.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return parsed.data;
}

const port = z.coerce.number().int().min(1).max(65535);

/** Settings every service shares. */
export const baseConfigSchema = z.object({
  BUILD_ID: z.string().min(1).default('dev'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HTTP_HOST: z.string().default('127.0.0.1'),
  HTTP_PORT: port,
  /** Whose X-Forwarded-For to believe (trust-proxy.ts); the services clients reach pass it to startServiceApp. */
  TRUST_PROXY: trustProxySchema,
});

export const grpcServerConfigSchema = z.object({
  GRPC_HOST: z.string().default('127.0.0.1'),
  GRPC_PORT: port,
});

export const databaseConfigSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
});

export const natsConfigSchema = z.object({
  NATS_URL: z.string().regex(/^nats:\/\/.+/, 'must be a nats:// URL').default('nats://127.0.0.1:4222'),
  // The JetStream streams' copies (3 on a 3-node cluster: a node lost loses no message; JetStream allows 1..5)
  // and where they keep messages. A single server accepts 1 replica only.
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  NATS_STREAM_STORAGE: z.enum(['file', 'memory']).default('file'),
});

export type NatsConfig = z.infer<typeof natsConfigSchema>;

export const redisConfigSchema = z.object({
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
});

/** host:port of another service's gRPC server. */
export const grpcTarget = z.string().regex(/^[\w.-]+:\d+$/, 'must be host:port');

export { z };

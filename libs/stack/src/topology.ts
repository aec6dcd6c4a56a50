/** The services of the stack, their ports and what each needs: the one place the local layout is defined. */

export type Infra = 'postgres' | 'redis' | 'nats';

export interface ServiceSpec {
  name: 'gateway' | 'uploads' | 'extraction' | 'billing' | 'ratelimit' | 'webhooks';
  httpPort: number;
  grpcPort?: number;
  /** Its own database (and Prisma schema under services/<name>/prisma), if it stores data. */
  database?: string;
  needs: Infra[];
}

export interface Ports {
  gateway: number;
  /** First HTTP (health) port of the internal services; they take consecutive ports. */
  internalHttpBase: number;
  grpcBase: number;
  postgres: number;
  redis: number;
  nats: number;
  natsMonitor: number;
}

export const DEFAULT_PORTS: Ports = {
  gateway: 8080,
  internalHttpBase: 9101,
  grpcBase: 50051,
  postgres: 55432,
  redis: 56379,
  nats: 54222,
  natsMonitor: 58222,
};

export function topology(ports: Ports): ServiceSpec[] {
  const internal = (i: number) => ({ httpPort: ports.internalHttpBase + i, grpcPort: ports.grpcBase + i });
  return [
    { name: 'uploads', ...internal(0), database: 'exs_uploads', needs: ['postgres'] },
    { name: 'extraction', ...internal(1), database: 'exs_extraction', needs: ['postgres', 'nats'] },
    { name: 'billing', ...internal(2), database: 'exs_billing', needs: ['postgres'] },
    { name: 'ratelimit', ...internal(3), needs: ['redis'] },
    { name: 'webhooks', ...internal(4), database: 'exs_webhooks', needs: ['postgres', 'nats'] },
    { name: 'gateway', httpPort: ports.gateway, database: 'exs_gateway', needs: ['postgres', 'redis'] },
  ];
}

/** Environment for one service: its own ports and the addresses of everything it talks to. */
export function serviceEnv(spec: ServiceSpec, all: ServiceSpec[], urls: { databaseServer?: string; redis: string; nats: string }, databaseUrl: (server: string, db: string) => string): Record<string, string> {
  const env: Record<string, string> = {
    SERVICE_NAME: spec.name,
    OTEL_SERVICE_NAME: spec.name,
    HTTP_PORT: String(spec.httpPort),
    REDIS_URL: urls.redis,
    NATS_URL: urls.nats,
  };
  if (spec.grpcPort) env.GRPC_PORT = String(spec.grpcPort);
  // A one-machine stack delivers webhooks to receivers on this machine (http://127.0.0.1:...). The
  // service honours these flags only in an explicit development (or test) mode, so the stack says so.
  if (spec.name === 'webhooks') Object.assign(env, { NODE_ENV: 'development', WEBHOOKS_ALLOW_INSECURE_URLS: 'true', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
  if (spec.database && urls.databaseServer) env.DATABASE_URL = databaseUrl(urls.databaseServer, spec.database);
  for (const other of all) {
    if (other.grpcPort) env[`${other.name.toUpperCase()}_GRPC_URL`] = `127.0.0.1:${other.grpcPort}`;
  }
  return env;
}

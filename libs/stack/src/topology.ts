import { randomBytes } from 'node:crypto';
/** The services of the stack, their ports and what each needs: the one place the local layout is defined. */

export type Infra = 'postgres' | 'redis' | 'nats' | 'smtp';

export interface ServiceSpec {
  name: 'gateway' | 'uploads' | 'extraction' | 'billing' | 'ratelimit' | 'webhooks' | 'dashboard' | 'mcp';
  httpPort: number;
  grpcPort?: number;
  /** Its own database (and Prisma schema under services/<name>/prisma), if it stores data. */
  database?: string;
  needs: Infra[];
}

export interface Ports {
  gateway: number;
  /** The MCP server (Streamable HTTP on /mcp). */
  mcp: number;
  /** First HTTP (health) port of the internal services; they take consecutive ports. */
  internalHttpBase: number;
  grpcBase: number;
  postgres: number;
  redis: number;
  nats: number;
  natsMonitor: number;
  /** The dashboard's web port. */
  dashboard: number;
  /** Mailpit, the local SMTP sink: SMTP and its web inbox. */
  mailpitSmtp: number;
  mailpitWeb: number;
  /** The read-only web inbox over Mailpit's API (libs/stack/src/mail-inbox.ts), started by `npm start` only. */
  mailInbox: number;
  /** stripe-mock, the local stack's payment processor (Stripe's API mock). */
  stripeMock: number;
}

export const DEFAULT_PORTS: Ports = {
  gateway: 8080,
  mcp: 8091,
  internalHttpBase: 9101,
  grpcBase: 50051,
  postgres: 55432,
  redis: 56379,
  nats: 54222,
  natsMonitor: 58222,
  dashboard: 8090,
  mailpitSmtp: 51025,
  mailpitWeb: 58025,
  mailInbox: 58026,
  stripeMock: 52111,
};

export function topology(ports: Ports): ServiceSpec[] {
  const internal = (i: number) => ({ httpPort: ports.internalHttpBase + i, grpcPort: ports.grpcBase + i });
  return [
    { name: 'uploads', ...internal(0), database: 'exs_uploads', needs: ['postgres'] },
    { name: 'extraction', ...internal(1), database: 'exs_extraction', needs: ['postgres', 'nats'] },
    { name: 'billing', ...internal(2), database: 'exs_billing', needs: ['postgres'] },
    { name: 'ratelimit', ...internal(3), needs: ['redis'] },
    { name: 'webhooks', ...internal(4), database: 'exs_webhooks', needs: ['postgres', 'nats'] },
    // The gateway's gRPC is internal (accounts and keys for the dashboard).
    { name: 'gateway', httpPort: ports.gateway, grpcPort: ports.grpcBase + 5, database: 'exs_gateway', needs: ['postgres', 'redis'] },
    { name: 'dashboard', httpPort: ports.dashboard, database: 'exs_dashboard', needs: ['postgres', 'redis', 'smtp'] },
    { name: 'mcp', httpPort: ports.mcp, needs: [] },
  ];
}

/** Environment for one service: its own ports and the addresses of everything it talks to. */
export function serviceEnv(spec: ServiceSpec, all: ServiceSpec[], urls: { databaseServer?: string; redis: string; nats: string; smtp?: string; stripe?: string }, databaseUrl: (server: string, db: string) => string): Record<string, string> {
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
  // Plain-HTTP cookies and Mailpit's plain SMTP are for a one-machine stack only (the dashboard refuses them otherwise).
  if (spec.name === 'dashboard') {
    Object.assign(env, { NODE_ENV: 'development', COOKIE_SECURE: 'false', PUBLIC_URL: `http://127.0.0.1:${spec.httpPort}`, COOKIE_SECRET: randomBytes(32).toString('base64url') });
    if (urls.smtp) env.SMTP_URL = urls.smtp;
  }
  // Billing's payments go to stripe-mock on a local stack (plain HTTP on 127.0.0.1, so development mode); the
  // webhook secret is this stack's own, for tests that sign processor events (stack.env.get('billing')).
  if (spec.name === 'billing' && urls.stripe) {
    Object.assign(env, {
      NODE_ENV: 'development',
      PAYMENT_PROCESSOR: 'stripe',
      STRIPE_API_BASE: urls.stripe,
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
    });
  }
  // The MCP server calls the public API like any client; the gateway's /status probes the MCP server.
  const mcp = all.find((s) => s.name === 'mcp');
  const gateway = all.find((s) => s.name === 'gateway');
  if (spec.name === 'mcp' && gateway) env.EXS_API_URL = `http://127.0.0.1:${gateway.httpPort}`;
  if (spec.name === 'gateway' && mcp) env.MCP_HEALTH_URL = `http://127.0.0.1:${mcp.httpPort}/healthz/ready`;
  const dashboard = all.find((s) => s.name === 'dashboard');
  if (spec.name === 'gateway' && dashboard) {
    env.DASHBOARD_HEALTH_URL = `http://127.0.0.1:${dashboard.httpPort}/healthz/ready`;
    // 402 insufficient_balance answers send callers to this stack's own dashboard.
    env.TOP_UP_URL = `http://127.0.0.1:${dashboard.httpPort}/top-up`;
  }
  if (spec.database && urls.databaseServer) env.DATABASE_URL = databaseUrl(urls.databaseServer, spec.database);
  for (const other of all) {
    if (other.grpcPort) env[`${other.name.toUpperCase()}_GRPC_URL`] = `127.0.0.1:${other.grpcPort}`;
  }
  return env;
}

import { PrismaPg } from '@prisma/adapter-pg';

export interface PrismaPoolOptions {
  /** Pooled connections (default 10). */
  max?: number;
  /** How long a query may wait for a pooled connection before it fails as a dependency outage. */
  connectionTimeoutMillis?: number;
}

/**
 * The longest wait for a pooled connection. pg's default is to wait forever, so a saturated pool
 * queued work past every caller's deadline (the callers gave up, the work still ran later, holding
 * the pool for those behind it). Past this wait the query fails with pg-pool's "timeout exceeded when
 * trying to connect", which `isDependencyOutage` maps to 503 provider_unavailable. It is below the
 * 10 s default deadline of internal gRPC calls, so the failure reaches a caller that is still waiting.
 */
export const PRISMA_POOL_WAIT_MS = 5_000;

/**
 * The driver adapter every service's generated Prisma client runs on (Prisma 7 has no built-in
 * driver). The pool is sized small: each service is one of several processes on the database.
 */
export function prismaPgAdapter(databaseUrl: string, options: PrismaPoolOptions = {}): PrismaPg {
  return new PrismaPg({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? PRISMA_POOL_WAIT_MS,
  });
}

/** Readiness probe body for any Prisma client. */
export const prismaPing = (client: { $queryRaw: (q: TemplateStringsArray) => Promise<unknown> }) => () => client.$queryRaw`SELECT 1`;

import { PrismaPg } from '@prisma/adapter-pg';

/**
 * The driver adapter every service's generated Prisma client runs on (Prisma 7 has no built-in
 * driver). The pool is sized small: each service is one of several processes on the database.
 */
export function prismaPgAdapter(databaseUrl: string, max = 10): PrismaPg {
  return new PrismaPg({ connectionString: databaseUrl, max, idleTimeoutMillis: 30_000 });
}

/** Readiness probe body for any Prisma client. */
export const prismaPing = (client: { $queryRaw: (q: TemplateStringsArray) => Promise<unknown> }) => () => client.$queryRaw`SELECT 1`;

/**
 * Whether an error means a storage dependency (PostgreSQL, Redis) could not be reached, as opposed to a
 * bug: the public API answers the first with 503 provider_unavailable (safe to retry), the second 500.
 */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE',
  // Prisma: can't reach / timed out / connection closed / pool timeout
  'P1001', 'P1002', 'P1017', 'P2024',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections
  '57P01', '57P02', '57P03', '53300',
]);

export function isDependencyOutage(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; errno?: unknown; cause?: unknown; originalCode?: unknown; errors?: unknown[]; message?: unknown };
  if (typeof e.code === 'string' && OUTAGE_CODES.has(e.code)) return true;
  if (typeof e.originalCode === 'string' && OUTAGE_CODES.has(e.originalCode)) return true;
  if (typeof e.message === 'string' && /Connection terminated|connect ECONNREFUSED|Can't reach database server/i.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDependencyOutage(inner, depth + 1))) return true;
  return isDependencyOutage(e.cause, depth + 1);
}

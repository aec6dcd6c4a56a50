import { status as GrpcStatus } from '@grpc/grpc-js';

/**
 * Whether an error means a dependency could not serve the request, as opposed to a bug: the public
 * API answers the first with 503 provider_unavailable (safe to retry), the second 500. A dependency is
 * a storage server (PostgreSQL, Redis) or another service over gRPC; "could not serve" covers both an
 * outage (unreachable, shut down) and saturation (no pooled connection or transaction slot within the
 * wait, a call past its deadline), since under load the second is what an overloaded dependency looks like.
 */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE',
  // Prisma: can't reach / timed out / connection closed / pool timeout
  'P1001', 'P1002', 'P1017', 'P2024',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections
  '57P01', '57P02', '57P03', '53300',
]);

const OUTAGE_MESSAGE = new RegExp([
  'Connection terminated', 'connect ECONNREFUSED', "Can't reach database server",
  // pg-pool: no pooled connection within connectionTimeoutMillis (the pool is saturated or the server hangs)
  'timeout exceeded when trying to connect',
].join('|'), 'i');

/**
 * Prisma's P2028 ("Transaction API error") covers several cases. Two are saturation: no connection to
 * start the interactive transaction within `maxWait`, and a transaction that outlived its `timeout`
 * (it waited on locks or for the pool). The others (a transaction used after commit or rollback, an
 * unknown transaction id) are bugs and stay 500.
 */
const PRISMA_TRANSACTION_SATURATION = /Unable to start a transaction in the given time|cannot be executed on an expired transaction/i;

/**
 * A gRPC call that failed after the client's retries because the service could not be reached or did
 * not answer in time. Recognised by grpc-js's ServiceError shape (numeric status code, `details`,
 * `metadata`), not by the number alone: other errors carry numeric codes too.
 */
function isGrpcUnavailable(e: { code?: unknown; details?: unknown; metadata?: unknown }): boolean {
  return (e.code === GrpcStatus.UNAVAILABLE || e.code === GrpcStatus.DEADLINE_EXCEEDED)
    && typeof e.details === 'string' && typeof e.metadata === 'object' && e.metadata !== null;
}

export function isDependencyOutage(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; details?: unknown; metadata?: unknown; cause?: unknown; originalCode?: unknown; errors?: unknown[]; message?: unknown };
  if (typeof e.code === 'string' && OUTAGE_CODES.has(e.code)) return true;
  if (typeof e.originalCode === 'string' && OUTAGE_CODES.has(e.originalCode)) return true;
  if (typeof e.message === 'string' && OUTAGE_MESSAGE.test(e.message)) return true;
  if (e.code === 'P2028' && typeof e.message === 'string' && PRISMA_TRANSACTION_SATURATION.test(e.message)) return true;
  if (isGrpcUnavailable(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDependencyOutage(inner, depth + 1))) return true;
  return isDependencyOutage(e.cause, depth + 1);
}

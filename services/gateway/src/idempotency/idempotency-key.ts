import type { FastifyRequest } from 'fastify';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The raw Idempotency-Key of a request the idempotency interceptor handles (an authenticated POST with
 * a parsed body), or undefined. The rate-limit guard asks too: for these requests it leaves its verdict
 * to the interceptor, which waits for it together with the claim.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (request.method !== 'POST' || raw === undefined || !request.principal) return undefined;
  // Uploads stream their body, so it cannot be fingerprinted before it runs; retrying an upload is
  // safe anyway (each one stages a new object), so the header is ignored there (docs/api.md).
  if (typeof (request.body as { pipe?: unknown } | null)?.pipe === 'function') return undefined;
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
}

import type { FastifyRequest } from 'fastify';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Whether a key is usable: 1 to 255 characters (checked on every POST, uploads included). */
export function isWellFormedIdempotencyKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH;
}

/** The Idempotency-Key of a streamed upload, which is validated but not used (see idempotencyKeyOf). */
export function ignoredIdempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (request.method !== 'POST' || raw === undefined || !isStreamed(request)) return undefined;
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
}

function isStreamed(request: FastifyRequest): boolean {
  return typeof (request.body as { pipe?: unknown } | null)?.pipe === 'function';
}

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
  if (isStreamed(request)) return undefined;
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
}

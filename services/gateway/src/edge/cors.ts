import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Request headers a browser may send across origins (answered in preflights). */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'service-version'] as const;
/** Response headers a browser script may read. */
export const CORS_EXPOSED_HEADERS = ['x-request-id', 'service-version', 'Retry-After', 'idempotent-replayed'] as const;

/**
 * Cross-origin browser access (docs/api.md, "CORS"): only the listed origins (exact `scheme://host[:port]`
 * matches, none by default) may call the API from a browser. API keys are secrets, so the dashboard's own
 * origin is the one to list, never `*`; no cookies are used, so credentials are never allowed. A preflight
 * from a listed origin is answered before authentication (it carries no key); from any other origin it
 * gets no CORS headers and the browser stops there.
 */
export function registerCors(fastify: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  // Loaded when the server starts, so its hook runs after the contract headers' (a preflight has x-request-id).
  void fastify.register(cors, {
    origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    credentials: false,
    // Browsers cap this (Chromium at 2 hours); 10 minutes lets a policy change reach them soon.
    maxAge: 600,
  });
}

import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { DashboardConfig } from './config.js';

/** Forms are small: e-mail, password, a key name. */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Form bodies, cookies and CSRF protection on the Fastify instance, before any route exists. Every POST
 * needs the form's `_csrf` token matching the secret in the signed, HttpOnly `_csrf` cookie
 * (@fastify/csrf-protection); without it the request is refused with 403 before its handler runs.
 */
export function configureWebEdge(fastify: FastifyInstance, config: DashboardConfig): void {
  void fastify.register(fastifyFormbody, { bodyLimit: FORM_BODY_LIMIT_BYTES });
  void fastify.register(fastifyCookie, { secret: config.COOKIE_SECRET });
  void fastify.register(fastifyCsrf, {
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax', secure: config.COOKIE_SECURE, signed: true },
  });
  fastify.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'POST') return done();
    fastify.csrfProtection(request, reply, done);
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Html } from './views/html.js';
import type { PageContext } from './views/pages.js';

/** Sends a page; pages are never cached (they carry CSRF tokens, secrets shown once, balances). */
export function sendPage(reply: FastifyReply, status: number, page: Html): void {
  void reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.value);
}

export function redirect(reply: FastifyReply, to: string): void {
  void reply.code(303).header('location', to).send();
}

/** A form field as one string (absent, repeated or non-text fields read as ''), cut to `max` characters. */
export function field(request: FastifyRequest, name: string, max = 1000): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

export function query(request: FastifyRequest, name: string, max = 200): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** The CSRF token for the page's forms (its secret lives in a signed, HttpOnly cookie). */
export function pageContext(reply: FastifyReply, email?: string): PageContext {
  return { csrf: reply.generateCsrf(), email };
}

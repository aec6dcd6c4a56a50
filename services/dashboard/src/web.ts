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

/** A form field longer than its form accepts; PageErrorsFilter answers 400 with a static message. */
export class FieldTooLongError extends Error {
  constructor() {
    super('form field too long');
  }
}

/**
 * A form field as one string (absent, repeated or non-text fields read as ''). Longer than `max`
 * characters is refused (FieldTooLongError) rather than cut: a cut value could read as something else
 * than what was typed ("25.00", spaces, "1" as 25.00).
 */
export function field(request: FastifyRequest, name: string, max = 1000): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string') return '';
  if (value.length > max) throw new FieldTooLongError();
  return value;
}

export function query(request: FastifyRequest, name: string, max = 200): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** The CSRF token for the page's forms (its secret lives in a signed, HttpOnly cookie). */
export function pageContext(reply: FastifyReply, email?: string): PageContext {
  return { csrf: reply.generateCsrf(), email };
}

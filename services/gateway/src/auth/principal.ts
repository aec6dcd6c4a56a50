import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../accounts/api-keys.service.js';

declare module 'fastify' {
  interface FastifyRequest { principal?: Principal }
}

/** The authenticated account and key of the request. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<FastifyRequest>().principal;
  if (!principal) throw new Error('route reached without authentication');
  return principal;
});

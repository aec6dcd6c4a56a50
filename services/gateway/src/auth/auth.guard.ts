import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiKeysService } from '../accounts/api-keys.service.js';
import { ApiError } from '../edge/api-error.js';
import { PUBLIC_ROUTE } from './route-flags.js';

/** `Authorization: Bearer <key>`; anything else (missing, other scheme, unknown, revoked) is 401. */
const BEARER = /^Bearer ([^\s]+)$/i;

/** The key of an `Authorization: Bearer <key>` header, or undefined. */
export const bearerKey = (header: string | undefined): string | undefined => BEARER.exec(header ?? '')?.[1];

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly keys: ApiKeysService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [ctx.getHandler(), ctx.getClass()])) return true;
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    const secret = bearerKey(request.headers.authorization);
    const principal = secret ? await this.keys.verify(secret) : null;
    if (!principal) throw new ApiError('invalid_api_key');
    request.principal = principal;
    return true;
  }
}

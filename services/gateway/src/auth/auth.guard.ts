import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiKeysService } from '../accounts/api-keys.service.js';
import { ApiError } from '../edge/api-error.js';
import { PUBLIC_ROUTE } from './route-flags.js';

/** `Authorization: Bearer <key>`; anything else (missing, other scheme, unknown, revoked) is 401. */
const BEARER = /^Bearer ([^\s]+)$/i;

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly keys: ApiKeysService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [ctx.getHandler(), ctx.getClass()])) return true;
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    const match = BEARER.exec(request.headers.authorization ?? '');
    const principal = match ? await this.keys.verify(match[1]) : null;
    if (!principal) throw new ApiError('invalid_api_key');
    request.principal = principal;
    return true;
  }
}

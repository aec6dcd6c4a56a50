import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ClientGrpc } from '@nestjs/microservices';
import type { FastifyRequest } from 'fastify';
import { call, grpcClientToken, grpcService, type Logger } from '@exs/platform';
import type { ratelimitV1 } from '@exs/contracts';
import { AccountPlans } from '../accounts/account-plans.js';
import { ApiError } from '../edge/api-error.js';
import { LOGGER } from '../tokens.js';
import { NOT_RATE_LIMITED, PUBLIC_ROUTE } from './route-flags.js';

/**
 * One token from the account's bucket per request. If the rate limiter itself is down the request
 * passes (fail-open, logged): an outage of the limiter must not become an outage of the API.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiter: ratelimitV1.RateLimitServiceClient;

  constructor(
    private readonly reflector: Reflector,
    private readonly plans: AccountPlans,
    @Inject(grpcClientToken('ratelimit')) client: ClientGrpc,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.limiter = grpcService<ratelimitV1.RateLimitServiceClient>(client, 'ratelimit');
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const flags = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, flags) || this.reflector.getAllAndOverride<boolean>(NOT_RATE_LIMITED, flags)) return true;
    const { principal } = ctx.switchToHttp().getRequest<FastifyRequest>();
    if (!principal) return true;
    let decision: ratelimitV1.TakeResponse;
    try {
      const plan = await this.plans.planOf(principal.accountId);
      decision = await call(this.limiter.take({ accountId: principal.accountId, plan, cost: 1 }));
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'rate limiter unavailable; request allowed');
      return true;
    }
    if (decision.allowed) return true;
    throw new ApiError('rate_limited', { retry_after: Math.max(1, Math.ceil(decision.retryAfterSeconds)) });
  }
}

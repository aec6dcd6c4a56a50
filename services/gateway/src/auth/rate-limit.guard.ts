import { Inject, Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ServiceMetrics, meterOf, type Logger } from '@exs/platform';
import type { TakeResult } from '@exs/ratelimit-core';
import { AccountPlans } from '../accounts/account-plans.js';
import { ApiError } from '../edge/api-error.js';
import { LOGGER } from '../tokens.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-key.js';
import { NOT_RATE_LIMITED, PUBLIC_ROUTE } from './route-flags.js';
import { RequestBucket } from './request-bucket.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The rate limiter's pending verdict, when the guard left it to the idempotency interceptor. */
    rateLimit?: Promise<void>;
  }
}

/**
 * The verdict the guard left on the request, if any: resolves when the request may run, rejects with
 * 429 rate_limited. Whoever handles such a request must wait for it before running anything.
 */
export function rateLimitDecision(request: FastifyRequest): Promise<void> {
  return request.rateLimit ?? Promise.resolve();
}

/** The counter the gateway and the ratelimit service share: one decision per bucket or quota taken. */
export function rateLimitDecisions(metrics?: ServiceMetrics) {
  return meterOf(metrics).createCounter('exs_rate_limit_decisions_total', {
    description: 'Rate-limit decisions by limit (requests: the token bucket; daily_pages: the page quota) and outcome (allowed, rejected, unavailable: the limiter could not be asked and the request passed).',
  });
}

/**
 * One token from the account's bucket per request. If the bucket cannot be taken (Redis down or slow, or
 * billing cannot say the account's plan) the request passes (fail-open, logged): an outage of the
 * limiter must not become an outage of the API.
 *
 * Requests with an Idempotency-Key do not wait here: the verdict is left on the request
 * (`rateLimitDecision`) and the idempotency interceptor waits for it alongside its claim, which saves
 * the shorter of the two round trips. Nothing runs before the verdict either way.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly decisions;

  constructor(
    private readonly reflector: Reflector,
    private readonly plans: AccountPlans,
    private readonly bucket: RequestBucket,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() metrics?: ServiceMetrics,
  ) {
    this.decisions = rateLimitDecisions(metrics);
    // Every outcome served as 0 from start-up, so rejection rates and alerts see the series before the first event.
    for (const outcome of ['allowed', 'rejected', 'unavailable'] as const) this.decisions.add(0, { limit: 'requests', outcome });
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const flags = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, flags) || this.reflector.getAllAndOverride<boolean>(NOT_RATE_LIMITED, flags)) return true;
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    const { principal } = request;
    if (!principal) return true;
    const verdict = this.take(principal.accountId);
    if (idempotencyKeyOf(request) === undefined) {
      await verdict;
      return true;
    }
    verdict.catch(() => {}); // awaited by the interceptor; this only keeps a 429 from counting as unhandled meanwhile
    request.rateLimit = verdict;
    return true;
  }

  private async take(accountId: string): Promise<void> {
    let decision: TakeResult;
    try {
      const plan = await this.plans.planOf(accountId);
      decision = await this.bucket.take(accountId, plan);
    } catch (err) {
      this.decisions.add(1, { limit: 'requests', outcome: 'unavailable' });
      this.logger.warn({ err: (err as Error).message }, 'rate limiter unavailable; request allowed');
      return;
    }
    this.decisions.add(1, { limit: 'requests', outcome: decision.allowed ? 'allowed' : 'rejected' });
    if (decision.allowed) return;
    throw new ApiError('rate_limited', { retry_after: Math.max(1, Math.ceil(decision.retryAfterSeconds)) });
  }
}

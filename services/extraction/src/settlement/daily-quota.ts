import { Inject, Injectable } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { call, grpcClientToken, grpcService, type Logger } from '@exs/platform';
import type { ratelimitV1 } from '@exs/contracts';
import { PublicFailure } from '../public-failure.js';
import { LOGGER } from '../tokens.js';

/** A quota refusal: 429 with the wait until the daily count resets. */
export class QuotaExceeded extends PublicFailure {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', 'the daily page quota of this account is used up');
  }
}

/**
 * The daily page quota (free accounts: 100 pages per UTC day, counted on billed pages; any account
 * whose calling key carries a daily page limit: that limit, the smaller one on a free account): pages
 * are held before the work runs, confirmed when it is billed, given back when it fails. The count is
 * the account's, whichever key ran the work. If the limiter is unreachable the work proceeds
 * (fail-open, logged): the prepaid wallet still bounds spending.
 */
@Injectable()
export class DailyQuota {
  private readonly limiter: ratelimitV1.RateLimitServiceClient;

  constructor(@Inject(grpcClientToken('ratelimit')) client: ClientGrpc, @Inject(LOGGER) private readonly logger: Logger) {
    this.limiter = grpcService<ratelimitV1.RateLimitServiceClient>(client, 'ratelimit');
  }

  /**
   * Returns the hold to settle later ('' when the limiter is down). `keyLimit` is the calling key's
   * daily page limit (0: none), applied by the limiter to the account's count; `apiKeyId` the calling
   * key, under which the limiter counts the confirmed pages (usage by key).
   */
  async hold(accountId: string, plan: string, reference: string, pages: number, keyLimit = 0, now = Date.now(), apiKeyId = ''): Promise<string> {
    let res: ratelimitV1.ReservePagesResponse;
    try {
      res = await call(this.limiter.reservePages({ accountId, plan, reference, pages, dailyPageLimit: keyLimit, apiKeyId }));
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'page quota unavailable; request allowed');
      return '';
    }
    if (!res.allowed) throw new QuotaExceeded(Math.max(1, Math.ceil((Number(res.resetsAtMs) - now) / 1000)));
    return res.reservationId;
  }

  async confirm(accountId: string, holdId: string, billedPages: number): Promise<void> {
    if (!holdId) return;
    await call(this.limiter.confirmPages({ accountId, reservationId: holdId, billedPages })).catch((err: Error) =>
      this.logger.warn({ err: err.message }, 'page quota confirm failed'));
  }

  async release(accountId: string, holdId: string): Promise<void> {
    if (!holdId) return;
    await call(this.limiter.releasePages({ accountId, reservationId: holdId })).catch((err: Error) =>
      this.logger.warn({ err: err.message }, 'page quota release failed'));
  }
}

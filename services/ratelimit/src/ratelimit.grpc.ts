import { Controller, Inject } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { ratelimitV1 } from '@exs/contracts';
import { TokenBucketService } from './bucket/token-bucket.service.js';
import { PageQuotaService } from './quota/page-quota.service.js';
import { StoreUnavailableError } from '@exs/ratelimit-core';
import { ServiceMetrics, type Logger } from '@exs/platform';

export const RATELIMIT_LOGGER = Symbol('RATELIMIT_LOGGER');

const grpcError = (code: status, message: string) => new RpcException({ code, message });

@Controller()
@ratelimitV1.RateLimitServiceControllerMethods()
export class RateLimitGrpcController implements ratelimitV1.RateLimitServiceController {
  private readonly decisions;

  constructor(
    private readonly bucket: TokenBucketService,
    private readonly quota: PageQuotaService,
    @Inject(RATELIMIT_LOGGER) private readonly logger: Logger,
    metrics: ServiceMetrics,
  ) {
    // The same counter as the gateway's rate-limit guard (there, limit="requests" only).
    this.decisions = metrics.meter.createCounter('exs_rate_limit_decisions_total', {
      description: 'Rate-limit decisions by limit (requests: the token bucket; daily_pages: the page quota) and outcome (allowed, rejected).',
    });
    // Every limit and outcome served as 0 from start-up, so rejection rates and alerts see the series before the first event.
    for (const limit of ['requests', 'daily_pages'] as const) for (const outcome of ['allowed', 'rejected'] as const) this.decisions.add(0, { limit, outcome });
  }

  /** Validation is INVALID_ARGUMENT; Redis out of reach is UNAVAILABLE (the caller picks fail-open or closed). */
  private translate(rpc: string, err: unknown): never {
    if (err instanceof StoreUnavailableError) {
      this.logger.warn({ rpc, err: err.message }, 'redis unavailable');
      throw grpcError(status.UNAVAILABLE, 'rate limit store unavailable');
    }
    if (err instanceof RangeError) throw grpcError(status.INVALID_ARGUMENT, err.message);
    throw err;
  }

  async take(req: ratelimitV1.TakeRequest): Promise<ratelimitV1.TakeResponse> {
    try {
      const taken = await this.bucket.take(req.accountId, req.plan, req.cost || 1);
      this.decisions.add(1, { limit: 'requests', outcome: taken.allowed ? 'allowed' : 'rejected' });
      return taken;
    } catch (err) { this.translate('Take', err); }
  }

  async reservePages(req: ratelimitV1.ReservePagesRequest): Promise<ratelimitV1.ReservePagesResponse> {
    try {
      const r = await this.quota.reserve(req.accountId, req.plan, req.reference, req.pages, req.dailyPageLimit, req.apiKeyId);
      this.decisions.add(1, { limit: 'daily_pages', outcome: r.allowed ? 'allowed' : 'rejected' });
      return { allowed: r.allowed, reservationId: r.reservationId, remainingToday: r.remainingToday, dailyLimit: r.dailyLimit, resetsAtMs: String(r.resetsAtMs) };
    } catch (err) { this.translate('ReservePages', err); }
  }

  async confirmPages(req: ratelimitV1.ConfirmPagesRequest): Promise<ratelimitV1.ConfirmPagesResponse> {
    try {
      return { countedPages: await this.quota.confirm(req.accountId, req.reservationId, req.billedPages) };
    } catch (err) { this.translate('ConfirmPages', err); }
  }

  async releasePages(req: ratelimitV1.ReleasePagesRequest): Promise<ratelimitV1.ReleasePagesResponse> {
    try {
      return { released: await this.quota.release(req.accountId, req.reservationId) };
    } catch (err) { this.translate('ReleasePages', err); }
  }

  async getQuota(req: ratelimitV1.GetQuotaRequest): Promise<ratelimitV1.GetQuotaResponse> {
    try {
      const q = await this.quota.get(req.accountId, req.plan, req.dailyPageLimit);
      return { ...q, resetsAtMs: String(q.resetsAtMs) };
    } catch (err) { this.translate('GetQuota', err); }
  }

  async getUsage(req: ratelimitV1.GetUsageRequest): Promise<ratelimitV1.GetUsageResponse> {
    try {
      return { days: await this.quota.usage(req.accountId, req.firstDay, req.lastDay) };
    } catch (err) { this.translate('GetUsage', err); }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { billingV1, extractionV1, gatewayV1, ratelimitV1, webhooksV1 } from '@exs/contracts';
import { PrismaClient, type User } from '../generated/prisma/client.js';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { CLOCK, type Clock } from '../clock.js';

export class GrantAlreadyClaimedError extends Error {}

/**
 * What a user acts on, owned elsewhere: the gateway's account and API keys, billing's wallet,
 * extraction's jobs, webhooks' endpoints and deliveries, ratelimit's usage by key. The dashboard keeps
 * only the link (users.account_id) and when the free grant was claimed here; every call it makes carries
 * the signed-in user's account id, which each owner scopes its answer to.
 */
@Injectable()
export class AccountLink {
  readonly gateway: gatewayV1.GatewayServiceClient;
  readonly billing: billingV1.BillingServiceClient;
  readonly extraction: extractionV1.ExtractionServiceClient;
  readonly webhooks: webhooksV1.WebhooksServiceClient;
  readonly ratelimit: ratelimitV1.RateLimitServiceClient;

  constructor(
    private readonly db: PrismaClient,
    @Inject(grpcClientToken('gateway')) gateway: ClientGrpc,
    @Inject(grpcClientToken('billing')) billing: ClientGrpc,
    @Inject(grpcClientToken('extraction')) extraction: ClientGrpc,
    @Inject(grpcClientToken('webhooks')) webhooks: ClientGrpc,
    @Inject(grpcClientToken('ratelimit')) ratelimit: ClientGrpc,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.gateway = grpcService<gatewayV1.GatewayServiceClient>(gateway, 'gateway');
    this.billing = grpcService<billingV1.BillingServiceClient>(billing, 'billing');
    this.extraction = grpcService<extractionV1.ExtractionServiceClient>(extraction, 'extraction');
    this.webhooks = grpcService<webhooksV1.WebhooksServiceClient>(webhooks, 'webhooks');
    this.ratelimit = grpcService<ratelimitV1.RateLimitServiceClient>(ratelimit, 'ratelimit');
  }

  /**
   * The user's account id, asked of the gateway the first time (after verification, or later when the
   * gateway was unreachable then). EnsureAccount is idempotent on the e-mail, so asking twice is safe.
   */
  async accountId(user: User): Promise<string> {
    if (user.accountId) return user.accountId;
    const { accountId } = await call(this.gateway.ensureAccount({ email: user.email }));
    await this.db.user.update({ where: { id: user.id }, data: { accountId } });
    user.accountId = accountId;
    return accountId;
  }

  /**
   * Credits the free grant once. Billing credits it at most once per account whatever happens here (its
   * CreateWallet grant is idempotent on the account); the dashboard's own mark refuses a second claim.
   */
  async claimGrant(user: User): Promise<void> {
    if (user.grantClaimedAt) throw new GrantAlreadyClaimedError();
    const accountId = await this.accountId(user);
    const { wallet } = await call(this.billing.getWallet({ accountId }));
    const grantMicros = BigInt(wallet!.pricePerPageMicros) * BigInt(this.config.FREE_GRANT_PAGES);
    await call(this.billing.createWallet({ accountId, plan: 'free', initialCreditMicros: String(grantMicros) }));
    const { count } = await this.db.user.updateMany({ where: { id: user.id, grantClaimedAt: null }, data: { grantClaimedAt: new Date(this.clock.now()) } });
    if (count !== 1) throw new GrantAlreadyClaimedError();
  }
}

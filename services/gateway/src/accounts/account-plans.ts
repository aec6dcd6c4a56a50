import { Inject, Injectable } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { LRUCache } from 'lru-cache';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { billingV1 } from '@exs/contracts';

/** The account's plan (free or default) decides its rate limit; it changes rarely, so it is cached briefly. */
@Injectable()
export class AccountPlans {
  private readonly billing: billingV1.BillingServiceClient;
  private readonly cache = new LRUCache<string, string>({ max: 50_000, ttl: 30_000 });

  constructor(@Inject(grpcClientToken('billing')) client: ClientGrpc) {
    this.billing = grpcService<billingV1.BillingServiceClient>(client, 'billing');
  }

  async planOf(accountId: string): Promise<string> {
    const cached = this.cache.get(accountId);
    if (cached) return cached;
    const { wallet } = await call(this.billing.getWallet({ accountId }));
    const plan = wallet?.plan || 'free';
    this.cache.set(accountId, plan);
    return plan;
  }

  forget(accountId: string): void {
    this.cache.delete(accountId);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { LRUCache } from 'lru-cache';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { billingV1 } from '@exs/contracts';

/**
 * How long a plan is believed. The only plan move that happens by itself is free -> default (billing, on the
 * first paid credit or saved card; docs/billing.md), and the contract wants it felt "within seconds": a free
 * entry is kept 2 s, any other 30 s (an operator's manual change of a paid plan may take that long). Free
 * accounts are held to 2 requests/s, so asking billing at most every 2 s per account per replica costs little.
 */
export const FREE_PLAN_TTL_MS = 2_000;
export const PLAN_TTL_MS = 30_000;

/** The account's plan (free or default) decides its rate limit; it changes rarely, so it is cached briefly. */
@Injectable()
export class AccountPlans {
  private readonly billing: billingV1.BillingServiceClient;
  private readonly cache = new LRUCache<string, string>({ max: 50_000, ttl: PLAN_TTL_MS });
  /** One GetWallet per account at a time: a burst that finds the entry expired waits for the same answer. */
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(@Inject(grpcClientToken('billing')) client: ClientGrpc) {
    this.billing = grpcService<billingV1.BillingServiceClient>(client, 'billing');
  }

  async planOf(accountId: string): Promise<string> {
    const cached = this.cache.get(accountId);
    if (cached) return cached;
    const pending = this.inFlight.get(accountId);
    if (pending) return pending;
    const lookup = this.lookup(accountId).finally(() => this.inFlight.delete(accountId));
    this.inFlight.set(accountId, lookup);
    return lookup;
  }

  private async lookup(accountId: string): Promise<string> {
    const { wallet } = await call(this.billing.getWallet({ accountId }));
    const plan = wallet?.plan || 'free';
    this.cache.set(accountId, plan, { ttl: plan === 'free' ? FREE_PLAN_TTL_MS : PLAN_TTL_MS });
    return plan;
  }

  forget(accountId: string): void {
    this.cache.delete(accountId);
  }
}

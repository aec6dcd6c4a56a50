import { Inject, Injectable } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { billingV1 } from '@exs/contracts';
import { PrismaClient } from '../generated/prisma/client.js';
import { newId } from './ids.js';
import { ApiKeysService, type CreatedApiKey } from './api-keys.service.js';

/** About 500 free pages at sign-up (USD 0.02 each), in micro-USD. */
export const SIGNUP_GRANT_MICROS = 500n * 20_000n;

export class AccountExistsError extends Error {}

/** Accounts and their wallets: the operator path that creates an account and its first key. */
@Injectable()
export class AccountsService {
  private readonly billing: billingV1.BillingServiceClient;

  constructor(private readonly db: PrismaClient, private readonly keys: ApiKeysService, @Inject(grpcClientToken('billing')) client: ClientGrpc) {
    this.billing = grpcService<billingV1.BillingServiceClient>(client, 'billing');
  }

  async create(email: string, opts: { plan?: 'free' | 'default' | 'raised'; grantMicros?: bigint } = {}): Promise<{ accountId: string; apiKey: CreatedApiKey }> {
    const normalized = email.trim().toLowerCase();
    if (await this.db.account.findUnique({ where: { email: normalized } })) throw new AccountExistsError(normalized);
    const account = await this.db.account.create({ data: { id: newId('acct'), email: normalized } });
    await call(this.billing.createWallet({
      accountId: account.id,
      plan: opts.plan ?? 'free',
      initialCreditMicros: String(opts.grantMicros ?? SIGNUP_GRANT_MICROS),
    }));
    const apiKey = await this.keys.create(account.id, 'default');
    return { accountId: account.id, apiKey };
  }

  /**
   * The dashboard's sign-up (after e-mail verification): the account with this e-mail, created with an
   * empty free-plan wallet and no key when there is none. The free grant is claimed separately. Safe to
   * retry: the account is found by e-mail and billing's CreateWallet is idempotent on the account.
   */
  async ensure(email: string): Promise<string> {
    const normalized = email.trim().toLowerCase();
    const account = await this.db.account.upsert({ where: { email: normalized }, create: { id: newId('acct'), email: normalized }, update: {} });
    await call(this.billing.createWallet({ accountId: account.id, plan: 'free', initialCreditMicros: '0' }));
    return account.id;
  }

  async exists(accountId: string): Promise<boolean> {
    return (await this.db.account.count({ where: { id: accountId } })) > 0;
  }
}

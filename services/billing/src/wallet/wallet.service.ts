import { Injectable } from '@nestjs/common';
import type { billingV1 } from '@exs/contracts';
import { PrismaClient } from '../generated/prisma/client.js';
import { CURRENCY, PRICE_PER_PAGE_MICROS } from '../pricing.js';
import type { Wallet as WalletRow } from '../generated/prisma/client.js';

export class WalletNotFoundError extends Error {}

export const PLANS = ['default', 'free', 'raised'] as const;
export type Plan = (typeof PLANS)[number];

/** Wallet balances: available = credited - captured - held, and never below zero. */
@Injectable()
export class WalletService {
  constructor(private readonly db: PrismaClient) {}

  toMessage(row: WalletRow): billingV1.Wallet {
    return {
      accountId: row.accountId,
      availableMicros: (row.creditedMicros - row.capturedMicros - row.heldMicros).toString(),
      heldMicros: row.heldMicros.toString(),
      currency: CURRENCY,
      pricePerPageMicros: PRICE_PER_PAGE_MICROS.toString(),
      plan: row.plan,
    };
  }

  async get(accountId: string): Promise<WalletRow> {
    const row = await this.db.wallet.findUnique({ where: { accountId } });
    if (!row) throw new WalletNotFoundError(accountId);
    return row;
  }

  /** Creates the wallet once; a repeated call returns the existing wallet unchanged. */
  async create(accountId: string, plan: Plan, initialCreditMicros: bigint): Promise<WalletRow> {
    await this.db.wallet.upsert({ where: { accountId }, create: { accountId, plan }, update: {} });
    if (initialCreditMicros > 0n) await this.credit(accountId, initialCreditMicros, 'initial-grant');
    return this.get(accountId);
  }

  /**
   * Adds funds once per reference (a retried top-up credits once). A paid credit moves a free
   * account to the default plan, as the spec's rate limits require; other plans are kept.
   */
  async credit(accountId: string, amountMicros: bigint, reference: string): Promise<WalletRow> {
    if (amountMicros <= 0n) throw new RangeError('credit must be positive');
    await this.db.$transaction(async (tx) => {
      const wallet = await tx.wallet.findUnique({ where: { accountId } });
      if (!wallet) throw new WalletNotFoundError(accountId);
      const inserted = await tx.ledgerEntry.createMany({
        data: [{ accountId, kind: 'credit', amountMicros, reference }],
        skipDuplicates: true,
      });
      if (inserted.count === 0) return;
      await tx.wallet.update({
        where: { accountId },
        data: {
          creditedMicros: { increment: amountMicros },
          ...(reference !== 'initial-grant' && wallet.plan === 'free' ? { plan: 'default' } : {}),
        },
      });
    });
    return this.get(accountId);
  }
}

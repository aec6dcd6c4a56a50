import { Injectable } from '@nestjs/common';
import type { billingV1 } from '@exs/contracts';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';
import { CURRENCY, PRICE_PER_PAGE_MICROS } from '../pricing.js';
import type { LedgerEntry, Wallet as WalletRow } from '../generated/prisma/client.js';

export class WalletNotFoundError extends Error {}
/** A ledger page's limit or cursor that cannot be served (static messages: they reach callers). */
export class InvalidLedgerPageError extends RangeError {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LEDGER_PAGE_DEFAULT = 20;
export const LEDGER_PAGE_MAX = 100;

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
    if (initialCreditMicros > 0n) await this.credit(accountId, initialCreditMicros, INITIAL_GRANT_REFERENCE);
    return this.get(accountId);
  }

  /**
   * Adds funds once per reference (a retried top-up credits once). A paid credit moves a free
   * account to the default plan, as the spec's rate limits require; other plans are kept.
   */
  async credit(accountId: string, amountMicros: bigint, reference: string): Promise<WalletRow> {
    if (amountMicros <= 0n) throw new RangeError('credit must be positive');
    await this.db.$transaction((tx) => creditInTx(tx, accountId, amountMicros, reference));
    return this.get(accountId);
  }

  /**
   * The account's ledger newest first by (created_at, id), the order the (account_id, created_at) index
   * serves. `startingAfter` is the last id of the previous page and must be one of this account's entries,
   * so another account's id is refused like a malformed one (nothing about it is revealed).
   */
  async ledger(accountId: string, limit: number, startingAfter: string): Promise<{ entries: LedgerEntry[]; hasMore: boolean }> {
    const take = limit === 0 ? LEDGER_PAGE_DEFAULT : limit;
    if (!Number.isInteger(take) || take < 1 || take > LEDGER_PAGE_MAX) throw new InvalidLedgerPageError('limit must be from 1 to 100');
    if (!(await this.db.wallet.findUnique({ where: { accountId }, select: { accountId: true } }))) throw new WalletNotFoundError(accountId);
    let where: Prisma.LedgerEntryWhereInput = { accountId };
    if (startingAfter) {
      if (!UUID.test(startingAfter)) throw new InvalidLedgerPageError('starting_after is not a ledger entry id');
      const cursor = await this.db.ledgerEntry.findFirst({ where: { id: startingAfter, accountId }, select: { createdAt: true, id: true } });
      if (!cursor) throw new InvalidLedgerPageError('starting_after is not a ledger entry id');
      where = { accountId, OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] };
    }
    const rows = await this.db.ledgerEntry.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: take + 1 });
    return { entries: rows.slice(0, take), hasMore: rows.length > take };
  }
}

/** The ledger reference of the free grant: the one credit that is not paid (it keeps the free plan). */
export const INITIAL_GRANT_REFERENCE = 'initial-grant';

/**
 * Credits `amountMicros` once per (account, reference) inside the caller's transaction: the `credit`
 * ledger row is the idempotency record, and the wallet only moves when it was inserted. Any credit but
 * the free grant is paid and moves a free account to the default plan. Every credit also arms the
 * account's auto-recharge again (docs/billing.md, "Auto-recharge": one recharge per crossing, and a
 * credit ends the crossing). Returns whether it credited (false: this reference was credited before).
 */
export async function creditInTx(tx: Prisma.TransactionClient, accountId: string, amountMicros: bigint, reference: string): Promise<boolean> {
  if (amountMicros <= 0n) throw new RangeError('credit must be positive');
  const wallet = await tx.wallet.findUnique({ where: { accountId } });
  if (!wallet) throw new WalletNotFoundError(accountId);
  const inserted = await tx.ledgerEntry.createMany({
    data: [{ accountId, kind: 'credit', amountMicros, reference }],
    skipDuplicates: true,
  });
  if (inserted.count === 0) return false;
  await tx.wallet.update({
    where: { accountId },
    data: {
      creditedMicros: { increment: amountMicros },
      ...(reference !== INITIAL_GRANT_REFERENCE && wallet.plan === 'free' ? { plan: 'default' } : {}),
    },
  });
  await tx.autoRecharge.updateMany({ where: { accountId, armed: false }, data: { armed: true, retryAt: null } });
  return true;
}

/** Moves a free account to the default plan (a saved card does, like a paid credit); other plans are kept. */
export async function leaveFreePlanInTx(tx: Prisma.TransactionClient, accountId: string): Promise<boolean> {
  const { count } = await tx.wallet.updateMany({ where: { accountId, plan: 'free' }, data: { plan: 'default' } });
  return count > 0;
}

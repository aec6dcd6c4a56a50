import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import { pagesCost, PRICE_PER_PAGE_MICROS } from '../pricing.js';
import { WalletNotFoundError } from '../wallet/wallet.service.js';

export class InsufficientBalanceError extends Error {}
export class ReservationNotFoundError extends Error {}

/**
 * Funds are held before work runs and settled after: captured (billed) on success, released on
 * failure. Holding first is what keeps the balance from ever going negative under concurrency.
 */
@Injectable()
export class ReservationService {
  constructor(private readonly db: PrismaClient) {}

  /** Holds the cost of `pages`; idempotent per (account, reference). */
  async reserve(accountId: string, reference: string, pages: number): Promise<string> {
    const amount = pagesCost(pages);
    return this.db.$transaction(async (tx) => {
      const existing = await tx.reservation.findUnique({ where: { accountId_reference: { accountId, reference } } });
      if (existing) return existing.id;
      // One conditional UPDATE both checks and holds, so two concurrent reservations cannot overdraw.
      const held = await tx.$executeRaw`
        UPDATE wallets SET held_micros = held_micros + ${amount}, updated_at = now()
        WHERE account_id = ${accountId} AND credited_micros - captured_micros - held_micros >= ${amount}`;
      if (held === 0) {
        const wallet = await tx.wallet.findUnique({ where: { accountId } });
        throw wallet ? new InsufficientBalanceError(accountId) : new WalletNotFoundError(accountId);
      }
      const row = await tx.reservation.create({ data: { accountId, reference, pages, amountMicros: amount } });
      return row.id;
    });
  }

  /**
   * Bills `pages` (at most the pages held) and returns the rest of the hold. Capturing twice charges
   * once: a redelivered job settles to the same charge.
   */
  async capture(reservationId: string, pages: number): Promise<bigint> {
    return this.db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ account_id: string; state: string; pages: number; amount_micros: bigint; charged_micros: bigint }>>`
        SELECT account_id, state, pages, amount_micros, charged_micros FROM reservations WHERE id = ${reservationId}::uuid FOR UPDATE`;
      const r = rows[0];
      if (!r) throw new ReservationNotFoundError(reservationId);
      if (r.state === 'captured') return r.charged_micros;
      if (r.state === 'released') throw new ReservationNotFoundError(reservationId);
      const charged = BigInt(Math.min(Math.max(pages, 0), r.pages)) * PRICE_PER_PAGE_MICROS;
      await tx.$executeRaw`
        UPDATE wallets SET held_micros = held_micros - ${r.amount_micros}, captured_micros = captured_micros + ${charged}, updated_at = now()
        WHERE account_id = ${r.account_id}`;
      await tx.reservation.update({ where: { id: reservationId }, data: { state: 'captured', chargedMicros: charged } });
      if (charged > 0n) {
        await tx.ledgerEntry.create({ data: { accountId: r.account_id, kind: 'capture', amountMicros: charged, reference: reservationId } });
      }
      return charged;
    });
  }

  /** Returns the whole hold; releasing twice, or after capture, changes nothing. */
  async release(reservationId: string): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ account_id: string; state: string; amount_micros: bigint }>>`
        SELECT account_id, state, amount_micros FROM reservations WHERE id = ${reservationId}::uuid FOR UPDATE`;
      const r = rows[0];
      if (!r) throw new ReservationNotFoundError(reservationId);
      if (r.state !== 'held') return false;
      await tx.$executeRaw`
        UPDATE wallets SET held_micros = held_micros - ${r.amount_micros}, updated_at = now() WHERE account_id = ${r.account_id}`;
      await tx.reservation.update({ where: { id: reservationId }, data: { state: 'released' } });
      return true;
    });
  }
}

import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import { pagesCost, PRICE_PER_PAGE_MICROS } from '../pricing.js';
import { WalletNotFoundError } from '../wallet/wallet.service.js';

export class InsufficientBalanceError extends Error {}
export class ReservationNotFoundError extends Error {}

/**
 * Funds are held before work runs and settled after: captured (billed) on success, released on
 * failure. Holding first is what keeps the balance from ever going negative under concurrency.
 *
 * Every reservation, capture and release of an account updates the same wallet row, so they queue on
 * its row lock. Each is therefore one SQL statement (data-modifying CTEs): the lock is held for the
 * statement's execution inside PostgreSQL only, never across round trips to this process. As
 * interactive transactions (BEGIN, reads, writes, COMMIT) the lock was held across several round trips
 * and event-loop turns; under load those queued every pooled connection behind one wallet, and requests
 * failed to get a connection in time.
 */
@Injectable()
export class ReservationService {
  constructor(private readonly db: PrismaClient) {}

  /** Holds the cost of `pages`; idempotent per (account, reference). */
  async reserve(accountId: string, reference: string, pages: number): Promise<string> {
    const amount = pagesCost(pages);
    // A concurrent reservation with the same reference can pass the `existing` check (both statements
    // read before either committed); the loser's insert hits the unique key and its whole statement
    // (the hold included) is undone. Run again, it finds the winner's reservation.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.reserveOnce(accountId, reference, pages, amount);
      } catch (err) {
        if (attempt < 2 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  private async reserveOnce(accountId: string, reference: string, pages: number, amount: bigint): Promise<string> {
    // The conditional UPDATE both checks and holds (on a concurrent change of the wallet it re-checks
    // the latest version), so concurrent reservations cannot overdraw; the reservation row is only
    // inserted when the hold was taken.
    const [row] = await this.db.$queryRaw<Array<{ existing_id: string | null; created_id: string | null; wallet_exists: boolean }>>`
      WITH existing AS (
        SELECT id FROM reservations WHERE account_id = ${accountId} AND reference = ${reference}
      ), held AS (
        UPDATE wallets SET held_micros = held_micros + ${amount}, updated_at = now()
        WHERE account_id = ${accountId} AND credited_micros - captured_micros - held_micros >= ${amount}
          AND NOT EXISTS (SELECT 1 FROM existing)
        RETURNING account_id
      ), created AS (
        INSERT INTO reservations (id, account_id, reference, pages, amount_micros, updated_at)
        SELECT ${randomUUID()}::uuid, account_id, ${reference}, ${pages}, ${amount}, now() FROM held
        RETURNING id
      )
      SELECT (SELECT id::text FROM existing) AS existing_id, (SELECT id::text FROM created) AS created_id,
             EXISTS (SELECT 1 FROM wallets WHERE account_id = ${accountId}) AS wallet_exists`;
    const id = row!.existing_id ?? row!.created_id;
    if (id) return id;
    throw row!.wallet_exists ? new InsufficientBalanceError(accountId) : new WalletNotFoundError(accountId);
  }

  /**
   * Bills `pages` (at most the pages held) and returns the rest of the hold. Capturing twice charges
   * once: a redelivered job settles to the same charge.
   */
  async capture(reservationId: string, pages: number): Promise<bigint> {
    const billable = Math.max(pages, 0);
    // Only a held reservation moves to captured (a concurrent capture or release waits for the row
    // and then finds it no longer held); the wallet and the ledger follow in the same statement.
    const [row] = await this.db.$queryRaw<Array<{ charged_micros: bigint | null }>>`
      WITH r AS (
        UPDATE reservations SET state = 'captured', charged_micros = LEAST(${billable}, pages)::bigint * ${PRICE_PER_PAGE_MICROS}, updated_at = now()
        WHERE id = ${reservationId}::uuid AND state = 'held'
        RETURNING id, account_id, amount_micros, charged_micros
      ), w AS (
        UPDATE wallets SET held_micros = wallets.held_micros - r.amount_micros, captured_micros = wallets.captured_micros + r.charged_micros, updated_at = now()
        FROM r WHERE wallets.account_id = r.account_id
      ), l AS (
        INSERT INTO ledger_entries (id, account_id, kind, amount_micros, reference)
        SELECT ${randomUUID()}::uuid, account_id, 'capture', charged_micros, id::text FROM r WHERE charged_micros > 0
      )
      SELECT (SELECT charged_micros FROM r) AS charged_micros`;
    if (row!.charged_micros !== null) return row!.charged_micros;
    // Not held (any more): read the reservation as it is now, outside the statement's snapshot.
    const current = await this.db.reservation.findUnique({ where: { id: reservationId }, select: { state: true, chargedMicros: true } });
    if (current?.state === 'captured') return current.chargedMicros;
    throw new ReservationNotFoundError(reservationId);
  }

  /** Returns the whole hold; releasing twice, or after capture, changes nothing. */
  async release(reservationId: string): Promise<boolean> {
    const [row] = await this.db.$queryRaw<Array<{ released: boolean }>>`
      WITH r AS (
        UPDATE reservations SET state = 'released', updated_at = now()
        WHERE id = ${reservationId}::uuid AND state = 'held'
        RETURNING account_id, amount_micros
      ), w AS (
        UPDATE wallets SET held_micros = wallets.held_micros - r.amount_micros, updated_at = now()
        FROM r WHERE wallets.account_id = r.account_id
      )
      SELECT EXISTS (SELECT 1 FROM r) AS released`;
    if (row!.released) return true;
    const current = await this.db.reservation.findUnique({ where: { id: reservationId }, select: { state: true } });
    if (!current) throw new ReservationNotFoundError(reservationId);
    return false;
  }
}

/** PostgreSQL's unique violation (23505) as Prisma 7 reports it for a raw query on the pg adapter (P2010). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } } | undefined;
  return e?.meta?.driverAdapterError?.cause?.originalCode === '23505';
}

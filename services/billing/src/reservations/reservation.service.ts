import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { PrismaClient } from '../generated/prisma/client.js';
import { CLOCK, RESERVATION_OPTIONS, type Clock, type ReservationOptions } from '../clock.js';
import { pagesCost, PRICE_PER_PAGE_MICROS } from '../pricing.js';
import { WalletNotFoundError } from '../wallet/wallet.service.js';

export class InsufficientBalanceError extends Error {}
export class ReservationNotFoundError extends Error {}

export const BILLING_LOGGER = Symbol('BILLING_LOGGER');

/**
 * Runs after a capture has billed an account (auto-recharge's crossing check). It must not throw: the
 * capture has happened whatever it does.
 */
export interface CaptureHook {
  afterCapture(accountId: string): Promise<unknown>;
}
export const CAPTURE_HOOK = Symbol('BILLING_CAPTURE_HOOK');
export const DEFAULT_RESERVATION_TTL_SECONDS = 6 * 3600;
/** Holds released per sweep statement: bounds the statement's locks and duration; the sweep repeats until none are due. */
export const SWEEP_BATCH = 500;
/** pg_try_advisory_xact_lock key: one replica sweeps at a time (see sweepExpired). */
const SWEEP_LOCK_KEY = 0x6578_7073; // 'exps'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Separates a renewal's reference from the original one (see ensureHold). */
const RENEWAL_MARK = '#renewal-of:';
/** Renewals followed in one ensureHold: each is a hold that expired while its work was not running. */
const MAX_RENEWALS = 8;

export interface ExpiredHold {
  id: string;
  accountId: string;
  amountMicros: bigint;
}

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
 *
 * A hold lives until `expires_at` (RESERVATION_TTL_SECONDS after it was made), like a card
 * authorization: a hold nobody settles (the caller crashed, billing was unreachable when it settled)
 * would otherwise keep the customer's funds forever. `sweepExpired` gives such holds back (state
 * `expired`). A hold is expired strictly after `expires_at`: at that instant it is still held.
 */
@Injectable()
export class ReservationService {
  private readonly ttlSeconds: number;

  constructor(
    private readonly db: PrismaClient,
    @Optional() @Inject(RESERVATION_OPTIONS) options?: ReservationOptions,
    @Optional() @Inject(CLOCK) private readonly clock?: Clock,
    @Optional() @Inject(BILLING_LOGGER) private readonly logger?: Logger,
    @Optional() @Inject(CAPTURE_HOOK) private readonly captureHook?: CaptureHook,
  ) {
    this.ttlSeconds = options?.ttlSeconds ?? DEFAULT_RESERVATION_TTL_SECONDS;
  }

  /**
   * The current instant as a `timestamp(3)` parameter (UTC wall-clock, Prisma's convention for these
   * columns; PostgreSQL ignores the `Z`), or null to use PostgreSQL's clock in the statement.
   */
  private nowParam(): string | null {
    return this.clock ? new Date(this.clock.now()).toISOString() : null;
  }

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
        INSERT INTO reservations (id, account_id, reference, pages, amount_micros, expires_at, updated_at)
        SELECT ${randomUUID()}::uuid, account_id, ${reference}, ${pages}, ${amount},
               COALESCE(${this.nowParam()}::timestamp, now() AT TIME ZONE 'UTC') + make_interval(secs => ${this.ttlSeconds}::double precision), now()
        FROM held
        RETURNING id
      )
      SELECT (SELECT id::text FROM existing) AS existing_id, (SELECT id::text FROM created) AS created_id,
             EXISTS (SELECT 1 FROM wallets WHERE account_id = ${accountId}) AS wallet_exists`;
    const id = row!.existing_id ?? row!.created_id;
    if (id) return id;
    throw row!.wallet_exists ? new InsufficientBalanceError(accountId) : new WalletNotFoundError(accountId);
  }

  /**
   * Makes sure work about to run on `reservationId` is covered by a hold ("no work without a hold") and
   * returns the reservation to settle it with. The caller passes what it reserved with, so a reservation
   * billing does not know (any more) is made again.
   *
   * - held: the same reservation, its lifetime renewed to a full RESERVATION_TTL_SECONDS from now (never
   *   shortened), so a redelivered job does not see its hold expire while it runs;
   * - captured: the same reservation (the work is billed; capturing again charges once);
   * - expired or released: the hold is taken again as a new reservation (refused with
   *   InsufficientBalanceError when the available balance no longer covers it). The old reservation
   *   keeps its `expiry` / `release` ledger entry; the new one's reference is the original reference
   *   with `#renewal-of:<old id>`, so repeating this returns the same renewal and holds once;
   * - unknown (or another account's): reserved afresh with `reference`, as Reserve would.
   *
   * Each step is one statement (renewing the lifetime, or a Reserve); a renewal that has itself expired
   * is renewed in turn.
   */
  async ensureHold(accountId: string, reference: string, pages: number, reservationId: string): Promise<string> {
    let id = UUID.test(reservationId) ? reservationId : await this.reserve(accountId, reference, pages);
    for (let step = 0; step < MAX_RENEWALS; step++) {
      const [row] = await this.db.$queryRaw<Array<{ renewed: boolean }>>`
        WITH renewed AS (
          UPDATE reservations
          SET expires_at = GREATEST(expires_at, COALESCE(${this.nowParam()}::timestamp, now() AT TIME ZONE 'UTC') + make_interval(secs => ${this.ttlSeconds}::double precision)),
              updated_at = now()
          WHERE id = ${id}::uuid AND account_id = ${accountId} AND state = 'held'
          RETURNING id
        )
        SELECT EXISTS (SELECT 1 FROM renewed) AS renewed`;
      if (row!.renewed) return id;
      // Not held (any more): read it as it is now, outside the statement's snapshot.
      const current = await this.db.reservation.findUnique({ where: { id }, select: { accountId: true, state: true, reference: true, pages: true } });
      if (!current || current.accountId !== accountId) {
        id = await this.reserve(accountId, reference, pages);
        continue;
      }
      if (current.state === 'captured') return id;
      if (current.state === 'held') continue; // cannot happen (nothing becomes held again); look once more
      const renewal = `${current.reference.split(RENEWAL_MARK)[0]}${RENEWAL_MARK}${id}`;
      const next = await this.reserve(accountId, renewal, current.pages);
      this.logger?.warn({ reservationId: id, state: current.state, renewalId: next, accountId }, 'hold taken again for work that lost its hold');
      id = next;
    }
    throw new Error(`reservation ${reservationId}: no hold after ${MAX_RENEWALS} renewals`);
  }

  /**
   * Bills `pages` (at most the pages held) and returns the rest of the hold. Capturing twice charges
   * once: a redelivered job settles to the same charge. Ledger: a `capture` entry for the charge and,
   * when fewer pages were billed than held, a `release` entry for the part of the hold given back.
   */
  async capture(reservationId: string, pages: number): Promise<bigint> {
    const billable = Math.max(pages, 0);
    // Only a held reservation moves to captured (a concurrent capture or release waits for the row
    // and then finds it no longer held); the wallet and the ledger follow in the same statement.
    const [row] = await this.db.$queryRaw<Array<{ charged_micros: bigint | null; account_id: string | null }>>`
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
        UNION ALL
        SELECT ${randomUUID()}::uuid, account_id, 'release', amount_micros - charged_micros, id::text FROM r WHERE amount_micros > charged_micros
      )
      SELECT (SELECT charged_micros FROM r) AS charged_micros, (SELECT account_id FROM r) AS account_id`;
    if (row!.charged_micros !== null) {
      if (row!.account_id) await this.captureHook?.afterCapture(row!.account_id);
      return row!.charged_micros;
    }
    // Not held (any more): read the reservation as it is now, outside the statement's snapshot.
    const current = await this.db.reservation.findUnique({ where: { id: reservationId }, select: { state: true, chargedMicros: true } });
    if (current?.state === 'captured') return current.chargedMicros;
    if (current?.state === 'expired') return this.captureExpired(reservationId, billable);
    throw new ReservationNotFoundError(reservationId);
  }

  /**
   * A capture that arrives after its hold expired: the work was done and the customer has the result,
   * so it is billed from the available balance, but never past it (the balance never goes negative).
   * What the balance does not cover is left unbilled, recorded as a `shortfall` ledger entry and
   * logged at error level. One statement, like the others: the reservation row is locked first (a
   * concurrent late capture then finds it captured), then the wallet row, whose latest version the
   * amount is computed from.
   */
  private async captureExpired(reservationId: string, billable: number): Promise<bigint> {
    const [row] = await this.db.$queryRaw<Array<{ account_id: string; due: bigint; applied: bigint }>>`
      WITH r AS (
        SELECT id, account_id, LEAST(${billable}, pages)::bigint * ${PRICE_PER_PAGE_MICROS} AS due
        FROM reservations WHERE id = ${reservationId}::uuid AND state = 'expired'
        FOR UPDATE
      ), a AS (
        SELECT r.id, r.account_id, r.due,
               LEAST(r.due, GREATEST(w.credited_micros - w.captured_micros - w.held_micros, 0)) AS applied
        FROM r JOIN wallets w ON w.account_id = r.account_id
        FOR UPDATE OF w
      ), u AS (
        UPDATE reservations SET state = 'captured', charged_micros = a.applied, updated_at = now()
        FROM a WHERE reservations.id = a.id
      ), w AS (
        UPDATE wallets SET captured_micros = wallets.captured_micros + a.applied, updated_at = now()
        FROM a WHERE wallets.account_id = a.account_id
      ), l AS (
        INSERT INTO ledger_entries (id, account_id, kind, amount_micros, reference)
        SELECT ${randomUUID()}::uuid, account_id, 'capture', applied, id::text FROM a WHERE applied > 0
        UNION ALL
        SELECT ${randomUUID()}::uuid, account_id, 'shortfall', due - applied, id::text FROM a WHERE due > applied
      )
      SELECT account_id, due, applied FROM a`;
    if (row) {
      if (row.applied < row.due) {
        this.logger?.error(
          { reservationId, accountId: row.account_id, dueMicros: row.due.toString(), chargedMicros: row.applied.toString(), shortfallMicros: (row.due - row.applied).toString() },
          'late capture of an expired hold not covered by the balance: the difference is unbilled',
        );
      } else {
        this.logger?.warn({ reservationId, accountId: row.account_id, chargedMicros: row.applied.toString() }, 'late capture of an expired hold billed from the available balance');
      }
      await this.captureHook?.afterCapture(row.account_id);
      return row.applied;
    }
    // A concurrent capture settled it first: answer with its charge, as a repeated capture does.
    const current = await this.db.reservation.findUnique({ where: { id: reservationId }, select: { state: true, chargedMicros: true } });
    if (current?.state === 'captured') return current.chargedMicros;
    throw new ReservationNotFoundError(reservationId);
  }

  /**
   * Releases up to `limit` holds still held past their `expires_at` (state `expired`) and returns them.
   * Safe with several replicas: a transaction-level advisory lock lets one sweep statement run at a
   * time (another returns nothing at once rather than wait), and SKIP LOCKED passes over a hold a
   * capture or release is settling right now (it will not be held when that commits). Wallets are
   * updated once per account with the sum of its expired holds; each expired hold gets an `expiry`
   * ledger entry in the same statement.
   */
  async sweepExpired(limit = SWEEP_BATCH): Promise<ExpiredHold[]> {
    const rows = await this.db.$queryRaw<Array<{ id: string; account_id: string; amount_micros: bigint }>>`
      WITH gate AS (
        SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}::bigint) AS ok
      ), due AS (
        SELECT id FROM reservations
        WHERE state = 'held' AND expires_at < COALESCE(${this.nowParam()}::timestamp, now() AT TIME ZONE 'UTC')
          AND (SELECT ok FROM gate)
        ORDER BY expires_at
        LIMIT ${limit}::int
        FOR UPDATE SKIP LOCKED
      ), r AS (
        UPDATE reservations SET state = 'expired', updated_at = now()
        FROM due WHERE reservations.id = due.id AND reservations.state = 'held'
        RETURNING reservations.id, reservations.account_id, reservations.amount_micros
      ), s AS (
        SELECT account_id, sum(amount_micros)::bigint AS total FROM r GROUP BY account_id
      ), w AS (
        UPDATE wallets SET held_micros = wallets.held_micros - s.total, updated_at = now()
        FROM s WHERE wallets.account_id = s.account_id
      ), l AS (
        INSERT INTO ledger_entries (id, account_id, kind, amount_micros, reference)
        SELECT gen_random_uuid(), account_id, 'expiry', amount_micros, id::text FROM r
      )
      SELECT id::text, account_id, amount_micros FROM r`;
    for (const r of rows) {
      this.logger?.warn({ reservationId: r.id, accountId: r.account_id, amountMicros: r.amount_micros.toString() }, 'hold expired unsettled: released');
    }
    return rows.map((r) => ({ id: r.id, accountId: r.account_id, amountMicros: r.amount_micros }));
  }

  /**
   * Returns the whole hold, with a `release` ledger entry for it; releasing twice, after capture or after
   * the hold expired changes nothing.
   */
  async release(reservationId: string): Promise<boolean> {
    const [row] = await this.db.$queryRaw<Array<{ released: boolean }>>`
      WITH r AS (
        UPDATE reservations SET state = 'released', updated_at = now()
        WHERE id = ${reservationId}::uuid AND state = 'held'
        RETURNING id, account_id, amount_micros
      ), w AS (
        UPDATE wallets SET held_micros = wallets.held_micros - r.amount_micros, updated_at = now()
        FROM r WHERE wallets.account_id = r.account_id
      ), l AS (
        INSERT INTO ledger_entries (id, account_id, kind, amount_micros, reference)
        SELECT ${randomUUID()}::uuid, account_id, 'release', amount_micros, id::text FROM r
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

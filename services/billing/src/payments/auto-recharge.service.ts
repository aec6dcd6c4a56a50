import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { PrismaClient, type AutoRecharge, type Prisma } from '../generated/prisma/client.js';
import { CLOCK, type Clock } from '../clock.js';
import { BILLING_LOGGER } from '../reservations/reservation.service.js';
import { microsToCents, validateRechargeSettings, type RechargeSettingsInput } from './amounts.js';
import { PAYMENT_PROCESSOR, ProcessorUnavailableError, type PaymentProcessor } from './processor.js';
import { PaymentCustomers } from './payment-customers.js';

export class NoSavedCardError extends Error {}

export const RECHARGE_OPTIONS = Symbol('BILLING_RECHARGE_OPTIONS');
export interface RechargeOptions {
  /** A recharge still `created` (its processor call failed or the process died) is sent again after this. */
  resendAfterSeconds: number;
  /** A recharge still `pending` (no webhook) this long after it was made is settled by asking the processor (PendingRecharges). */
  pendingDeadlineSeconds?: number;
}

/** Processor idempotency keys live 24 h (Stripe); an attempt older than this is given up rather than sent with a forgotten key. */
const GIVE_UP_AFTER_HOURS = 23;
/**
 * A crossing over a cap is checked again this long after (at the next capture past it), so a recharge
 * happens once the cap's window allows it, without a recorded attempt at every capture meanwhile.
 */
const CAPPED_RECHECK_SECONDS = 3600;
/** Recharges re-sent per sweep. */
const RESEND_BATCH = 50;

export const DECLINE_NOTICE = 'Auto-recharge was turned off because your card was declined. Check or replace your card, then turn auto-recharge on again.';
export const NO_CARD_NOTICE = 'Auto-recharge was turned off because no saved card could be charged. Save a card, then turn auto-recharge on again.';

export interface ClaimedRecharge {
  id: string;
  /** created: to be charged; capped: over a daily or weekly cap, not charged. */
  state: 'created' | 'capped';
  amountMicros: bigint;
}

/**
 * Auto-recharge: when a capture takes an account's available balance below its trigger, exactly one
 * recharge is attempted for that crossing, within the daily and weekly caps.
 *
 * Exactly once: the settings row carries `armed`. After every capture, `afterCapture` runs one
 * statement that disarms it only when it is armed and the balance is below the trigger, and records the
 * attempt in the same statement. A crossing over a daily or weekly cap records a `capped` attempt (not
 * charged) and is looked at again an hour later (`retry_at`), at the next capture. Concurrent captures all run it; PostgreSQL serialises them on the
 * settings row and re-checks `armed` for each after the one before it committed, so one of them
 * disarms and records an attempt and the rest find it disarmed. Any credit (the recharge's own, or a
 * top-up) arms it again (`creditInTx`).
 *
 * The charge itself (an off-session payment with the attempt's id as idempotency key) is sent after the
 * capture has answered, so a slow processor never delays billing. Only the processor's webhook credits
 * the wallet. A decline turns auto-recharge off with a notice (no retries against a declined card); an
 * unanswered call leaves the attempt `created`, and the sweep sends it again with the same key.
 */
@Injectable()
export class AutoRechargeService implements OnModuleDestroy {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly resendAfterSeconds: number;

  constructor(
    private readonly db: PrismaClient,
    private readonly customers: PaymentCustomers,
    @Optional() @Inject(PAYMENT_PROCESSOR) private readonly processor?: PaymentProcessor,
    @Optional() @Inject(RECHARGE_OPTIONS) options?: RechargeOptions,
    @Optional() @Inject(CLOCK) private readonly clock?: Clock,
    @Optional() @Inject(BILLING_LOGGER) private readonly logger?: Logger,
  ) {
    this.resendAfterSeconds = options?.resendAfterSeconds ?? 60;
  }

  private nowParam(): string | null {
    return this.clock ? new Date(this.clock.now()).toISOString() : null;
  }

  /**
   * Called after every capture of the account. Claims the recharge when this capture's balance is the
   * crossing (see the class comment) and starts sending it; never throws (a capture has succeeded
   * whatever happens here).
   */
  async afterCapture(accountId: string): Promise<ClaimedRecharge | null> {
    let claimed: ClaimedRecharge | null;
    try {
      claimed = await this.claim(accountId);
    } catch (err) {
      this.logger?.error({ err, accountId }, 'auto-recharge: claiming a recharge failed');
      return null;
    }
    if (claimed?.state === 'created') this.track(this.send(claimed.id));
    if (claimed?.state === 'capped') this.logger?.info({ accountId, attemptId: claimed.id }, 'auto-recharge: over a cap, not charged');
    return claimed;
  }

  /** The claim statement alone (see the class comment); exported for the tests of its exactly-once rule. */
  async claim(accountId: string): Promise<ClaimedRecharge | null> {
    const now = this.nowParam();
    // The attempt's id is also its payment's id and (prefixed) the processor idempotency key.
    const id = randomUUID();
    const rows = await this.db.$queryRaw<Array<{ id: string; state: 'created' | 'capped'; amount_micros: bigint }>>`
      WITH clock AS (
        SELECT COALESCE(${now}::timestamp, now() AT TIME ZONE 'UTC') AS t
      ), spent AS (
        SELECT COALESCE(SUM(a.amount_micros) FILTER (WHERE a.created_at > c.t - interval '1 day'), 0)::bigint AS day,
               COALESCE(SUM(a.amount_micros), 0)::bigint AS week
        FROM recharge_attempts a, clock c
        WHERE a.account_id = ${accountId} AND a.state IN ('created', 'pending', 'succeeded')
          AND a.created_at > c.t - interval '7 days'
      ), claim AS (
        UPDATE auto_recharges s SET armed = false, updated_at = now(),
          retry_at = CASE WHEN (s.daily_cap_micros IS NOT NULL AND spent.day + s.amount_micros > s.daily_cap_micros)
                             OR (s.weekly_cap_micros IS NOT NULL AND spent.week + s.amount_micros > s.weekly_cap_micros)
                          THEN clock.t + make_interval(secs => ${CAPPED_RECHECK_SECONDS}::double precision) END
        FROM wallets w, spent, clock
        WHERE s.account_id = ${accountId} AND w.account_id = s.account_id
          AND s.enabled AND s.state = 'active'
          AND (s.armed OR s.retry_at <= clock.t)
          AND w.credited_micros - w.captured_micros - w.held_micros < s.trigger_micros
        RETURNING s.account_id, s.amount_micros, s.retry_at IS NOT NULL AS capped
      )
      INSERT INTO recharge_attempts (id, account_id, amount_micros, state, payment_id, created_at, updated_at)
      SELECT ${id}::uuid, claim.account_id, claim.amount_micros,
             CASE WHEN claim.capped THEN 'capped' ELSE 'created' END,
             CASE WHEN claim.capped THEN NULL ELSE ${id}::uuid END, clock.t, clock.t
      FROM claim, clock
      RETURNING id::text, state, amount_micros`;
    const row = rows[0];
    return row ? { id: row.id, state: row.state, amountMicros: row.amount_micros } : null;
  }

  /**
   * Sends a claimed recharge to the processor: a pending payment (its id is the attempt's, and so the
   * idempotency key), then the off-session charge. Safe to run twice for one attempt (the sweep and the
   * first send): the processor answers the same key with the same payment.
   */
  async send(attemptId: string): Promise<void> {
    const attempt = await this.db.rechargeAttempt.findUnique({ where: { id: attemptId } });
    if (!attempt || attempt.state !== 'created') return;
    const { accountId } = attempt;
    if (!this.processor) {
      this.logger?.error({ accountId, attemptId }, 'auto-recharge: no payment processor configured');
      return;
    }
    const card = await this.db.paymentMethod.findFirst({ where: { accountId, processor: this.processor.name, detachedAt: null }, orderBy: { createdAt: 'desc' } });
    if (!card) {
      await this.db.$transaction([
        this.db.rechargeAttempt.updateMany({ where: { id: attemptId, state: 'created' }, data: { state: 'no_card' } }),
        this.db.autoRecharge.updateMany({ where: { accountId }, data: { enabled: false, state: 'no_card', notice: NO_CARD_NOTICE } }),
      ]);
      this.logger?.warn({ accountId, attemptId }, 'auto-recharge: no saved card, turned off');
      return;
    }
    await this.db.payment.upsert({
      where: { id: attemptId },
      create: { id: attemptId, accountId, processor: this.processor.name, kind: 'auto_recharge', requestedMicros: attempt.amountMicros },
      update: {},
    });
    let result;
    try {
      const customerId = await this.customers.customerFor(accountId);
      result = await this.processor.chargeSavedCard({
        idempotencyKey: `recharge-${attemptId}`,
        paymentId: attemptId,
        accountId,
        customerId,
        paymentMethodId: card.processorMethodId,
        amountCents: microsToCents(attempt.amountMicros),
      });
    } catch (err) {
      // Left `created`: the sweep sends it again with the same idempotency key.
      if (err instanceof ProcessorUnavailableError) this.logger?.warn({ accountId, attemptId, err: err.message }, 'auto-recharge: processor unavailable, will resend');
      else this.logger?.error({ accountId, attemptId, err }, 'auto-recharge: sending failed, will resend');
      return;
    }
    if (result.outcome === 'submitted') {
      await this.db.$transaction([
        this.db.rechargeAttempt.updateMany({ where: { id: attemptId, state: 'created' }, data: { state: 'pending' } }),
        this.db.payment.updateMany({ where: { id: attemptId, processorPaymentId: null }, data: { processorPaymentId: result.processorPaymentId } }),
      ]);
      return;
    }
    await this.declined(accountId, attemptId, result.code);
    this.logger?.warn({ accountId, attemptId, code: result.code }, 'auto-recharge: card declined, turned off');
  }

  /** A declined recharge: the attempt and its payment fail, and auto-recharge is turned off with a notice. */
  async declined(accountId: string, attemptId: string, code: string, tx: Prisma.TransactionClient = this.db): Promise<void> {
    const failureCode = code.slice(0, 64);
    await tx.rechargeAttempt.updateMany({ where: { id: attemptId, state: { in: ['created', 'pending'] } }, data: { state: 'failed', failureCode } });
    await tx.payment.updateMany({ where: { id: attemptId, state: 'pending' }, data: { state: 'failed', failureCode } });
    await tx.autoRecharge.updateMany({ where: { accountId }, data: { enabled: false, state: 'disabled_by_decline', notice: DECLINE_NOTICE } });
  }

  /**
   * Sends again the recharges left `created` for longer than RECHARGE_RESEND_AFTER_SECONDS (each claimed
   * by moving its updated_at, so two replicas do not both take it), and gives up those older than the
   * processor's idempotency window (failed, and the account armed again). Returns how many it sent.
   */
  async resendStale(): Promise<number> {
    const now = this.nowParam();
    await this.db.$executeRaw`
      WITH gone AS (
        UPDATE recharge_attempts SET state = 'failed', failure_code = 'processor_unavailable', updated_at = now()
        WHERE state = 'created' AND created_at < COALESCE(${now}::timestamp, now() AT TIME ZONE 'UTC') - make_interval(hours => ${GIVE_UP_AFTER_HOURS}::int)
        RETURNING id, account_id
      ), p AS (
        UPDATE payments SET state = 'failed', failure_code = 'processor_unavailable' FROM gone WHERE payments.id = gone.id AND payments.state = 'pending'
      )
      UPDATE auto_recharges SET armed = true, retry_at = NULL FROM gone WHERE auto_recharges.account_id = gone.account_id`;
    const due = await this.db.$queryRaw<Array<{ id: string }>>`
      UPDATE recharge_attempts SET updated_at = COALESCE(${now}::timestamp, now() AT TIME ZONE 'UTC')
      WHERE id IN (
        SELECT id FROM recharge_attempts
        WHERE state = 'created' AND updated_at < COALESCE(${now}::timestamp, now() AT TIME ZONE 'UTC') - make_interval(secs => ${this.resendAfterSeconds}::double precision)
        ORDER BY created_at LIMIT ${RESEND_BATCH}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id::text`;
    for (const { id } of due) await this.send(id);
    return due.length;
  }

  async settings(accountId: string): Promise<AutoRecharge | null> {
    return this.db.autoRecharge.findUnique({ where: { accountId } });
  }

  /**
   * Saves the settings. Enabling needs a saved card (NoSavedCardError); saving turns a recharge that a
   * decline disabled back on and arms it, so the next capture below the trigger recharges. A recharge
   * still in flight (created or pending) keeps it disarmed: its credit arms it, and arming now would let
   * the next capture charge a second time for the same crossing. The settings row is locked first, so a
   * concurrent claim either commits its attempt before the count below or finds the row saved.
   */
  async save(accountId: string, enabled: boolean, input: RechargeSettingsInput): Promise<AutoRecharge> {
    const s = validateRechargeSettings(input);
    if (enabled) {
      const card = await this.db.paymentMethod.findFirst({ where: { accountId, detachedAt: null } });
      if (!card) throw new NoSavedCardError(accountId);
    }
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM auto_recharges WHERE account_id = ${accountId} FOR UPDATE`;
      const inFlight = await tx.rechargeAttempt.count({ where: { accountId, state: { in: ['created', 'pending'] } } });
      const data = {
        enabled,
        triggerMicros: s.triggerMicros,
        amountMicros: s.amountMicros,
        dailyCapMicros: s.dailyCapMicros,
        weeklyCapMicros: s.weeklyCapMicros,
        state: 'active',
        notice: '',
        ...(inFlight ? {} : { armed: true, retryAt: null }),
      };
      return tx.autoRecharge.upsert({ where: { accountId }, create: { accountId, ...data, armed: inFlight === 0 }, update: data });
    });
  }

  async recentAttempts(accountId: string, limit = 10) {
    return this.db.rechargeAttempt.findMany({ where: { accountId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
  }

  /** Resolves when every recharge started so far has been sent (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.idle();
  }

  private track(p: Promise<void>): void {
    const tracked = p.catch((err) => this.logger?.error({ err }, 'auto-recharge: send failed')).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }
}

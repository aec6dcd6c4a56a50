import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { PrismaClient } from '../generated/prisma/client.js';
import { CLOCK, type Clock } from '../clock.js';
import { BILLING_LOGGER } from '../reservations/reservation.service.js';
import { RECHARGE_OPTIONS, type RechargeOptions } from './auto-recharge.service.js';
import { PaymentWebhooks } from './payment-webhooks.service.js';
import { PAYMENT_PROCESSOR, ProcessorUnavailableError, type ChargeStatus, type PaymentProcessor } from './processor.js';

/** Overdue recharges looked at per sweep. */
const BATCH = 50;
/** The failure code of a recharge billing gave up waiting for (and canceled at the processor). */
export const TIMEOUT_FAILURE_CODE = 'timeout';

export type PendingOutcome = 'credited' | 'declined' | 'timed_out' | 'still_open' | 'unreachable' | 'skipped';

/**
 * A recharge the processor took (`pending`) is settled by its webhook. When that webhook is overdue
 * (RECHARGE_PENDING_DEADLINE_SECONDS after the attempt, default 30 min), the sweep asks the processor where
 * the charge stands and settles it as the webhook would have:
 * - paid: credited through the same path as the webhook (a synthetic event id `reconcile:<attempt>`; a
 *   webhook arriving later finds the payment succeeded and credits nothing);
 * - declined: like a decline webhook (auto-recharge off with its notice);
 * - canceled, or still open: canceled at the processor first (so it can never complete later), then
 *   `failed` with code `timeout` and the account armed again, so the next capture below the trigger may
 *   recharge. A charge the processor would not cancel (it succeeded meanwhile) or could not be asked
 *   about stays pending and is asked again at a later sweep: never two charges for one crossing.
 */
@Injectable()
export class PendingRecharges {
  private readonly deadlineSeconds: number;
  private readonly recheckSeconds: number;

  constructor(
    private readonly db: PrismaClient,
    private readonly webhooks: PaymentWebhooks,
    @Optional() @Inject(PAYMENT_PROCESSOR) private readonly processor?: PaymentProcessor,
    @Optional() @Inject(RECHARGE_OPTIONS) options?: RechargeOptions,
    @Optional() @Inject(CLOCK) private readonly clock?: Clock,
    @Optional() @Inject(BILLING_LOGGER) private readonly logger?: Logger,
  ) {
    this.deadlineSeconds = options?.pendingDeadlineSeconds ?? 1800;
    this.recheckSeconds = options?.resendAfterSeconds ?? 60;
  }

  /**
   * Settles the overdue pending recharges (each claimed by moving its updated_at, so two replicas do not
   * both take it, and one the processor could not settle is asked again RECHARGE_RESEND_AFTER_SECONDS later).
   */
  async settleOverdue(): Promise<Map<string, PendingOutcome>> {
    const out = new Map<string, PendingOutcome>();
    if (!this.processor) return out;
    const now = this.clock ? new Date(this.clock.now()).toISOString() : null;
    const due = await this.db.$queryRaw<Array<{ id: string }>>`
      UPDATE recharge_attempts SET updated_at = COALESCE(${now}::timestamp, now() AT TIME ZONE 'UTC')
      WHERE id IN (
        SELECT id FROM recharge_attempts
        WHERE state = 'pending'
          AND created_at < COALESCE(${now}::timestamp, now() AT TIME ZONE 'UTC') - make_interval(secs => ${this.deadlineSeconds}::double precision)
          AND updated_at < COALESCE(${now}::timestamp, now() AT TIME ZONE 'UTC') - make_interval(secs => ${this.recheckSeconds}::double precision)
        ORDER BY created_at LIMIT ${BATCH}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id::text`;
    for (const { id } of due) {
      try {
        out.set(id, await this.settle(id));
      } catch (err) {
        this.logger?.error({ attemptId: id, err }, 'auto-recharge: settling an overdue recharge failed');
      }
    }
    return out;
  }

  private async settle(attemptId: string): Promise<PendingOutcome> {
    const processor = this.processor!;
    const payment = await this.db.payment.findUnique({ where: { id: attemptId } });
    if (!payment || payment.state !== 'pending' || payment.processor !== processor.name) return 'skipped';
    const log = { accountId: payment.accountId, attemptId };
    let status: ChargeStatus;
    try {
      if (!payment.processorPaymentId) status = { state: 'open', detail: 'no processor id' };
      else status = await processor.chargeStatus(payment.processorPaymentId);
      if (status.state === 'open' && payment.processorPaymentId) status = await processor.cancelCharge(payment.processorPaymentId, `recharge-cancel-${attemptId}`);
    } catch (err) {
      if (!(err instanceof ProcessorUnavailableError)) throw err;
      this.logger?.warn({ ...log, err: err.message }, 'auto-recharge: processor unavailable, overdue recharge asked again later');
      return 'unreachable';
    }
    const eventId = `reconcile:${attemptId}`;
    const type = `reconcile.${status.state}`;
    switch (status.state) {
      case 'succeeded': {
        await this.webhooks.apply({
          eventId, type, kind: 'payment_succeeded', paymentId: attemptId, checkoutId: null, processorPaymentId: payment.processorPaymentId,
          currency: status.currency, paidCents: status.paidCents, taxCents: 0, receiptUrl: '', customerId: null, paymentMethodId: null,
        });
        this.logger?.warn(log, 'auto-recharge: webhook overdue, the processor says paid: credited');
        return 'credited';
      }
      case 'declined':
        await this.webhooks.apply({ eventId, type, kind: 'payment_failed', paymentId: attemptId, processorPaymentId: payment.processorPaymentId, code: status.code, message: status.message });
        this.logger?.warn({ ...log, code: status.code }, 'auto-recharge: webhook overdue, the processor says declined: turned off');
        return 'declined';
      case 'canceled': {
        const timedOut = await this.db.$transaction(async (tx) => {
          const { count } = await tx.rechargeAttempt.updateMany({ where: { id: attemptId, state: 'pending' }, data: { state: 'failed', failureCode: TIMEOUT_FAILURE_CODE } });
          if (!count) return false;
          await tx.payment.updateMany({ where: { id: attemptId, state: 'pending' }, data: { state: 'failed', failureCode: TIMEOUT_FAILURE_CODE } });
          await tx.autoRecharge.updateMany({ where: { accountId: payment.accountId }, data: { armed: true, retryAt: null } });
          return true;
        });
        if (timedOut) this.logger?.warn(log, 'auto-recharge: webhook overdue, charge canceled at the processor: failed (timeout), armed again');
        return timedOut ? 'timed_out' : 'skipped';
      }
      case 'open':
        // Could not be canceled and is not paid yet: asked again at a later sweep.
        this.logger?.warn({ ...log, detail: status.detail }, 'auto-recharge: overdue recharge still open at the processor');
        return 'still_open';
    }
  }
}

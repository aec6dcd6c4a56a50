import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { PrismaClient, type Payment, type Prisma } from '../generated/prisma/client.js';
import { BILLING_LOGGER } from '../reservations/reservation.service.js';
import { creditInTx, leaveFreePlanInTx } from '../wallet/wallet.service.js';
import { centsToMicros, creditFor, creditShare, debitFor, pagesFor } from './amounts.js';
import { AutoRechargeService } from './auto-recharge.service.js';
import { PAYMENT_PROCESSOR, type PaymentProcessor, type ProcessorEvent } from './processor.js';

type Tx = Prisma.TransactionClient;
type EventOf<K extends ProcessorEvent['kind']> = Extract<ProcessorEvent, { kind: K }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WebhookOutcome {
  /** processed: acted on now; duplicate: this event id was processed before (nothing done). */
  status: 'processed' | 'duplicate';
  outcome: string;
}

/**
 * Applies processor events: the only path that credits a wallet for a payment. Each event is applied in
 * one transaction that first inserts its id into processed_events; a replayed or concurrently
 * redelivered event finds the id (the second insert waits for the first transaction, then conflicts)
 * and changes nothing. Failing midway rolls the id back with the rest, so the processor's retry
 * applies it whole.
 */
@Injectable()
export class PaymentWebhooks {
  constructor(
    private readonly db: PrismaClient,
    private readonly autoRecharge: AutoRechargeService,
    @Optional() @Inject(PAYMENT_PROCESSOR) private readonly processor?: PaymentProcessor,
    @Optional() @Inject(BILLING_LOGGER) private readonly logger?: Logger,
  ) {}

  get configured(): PaymentProcessor | undefined {
    return this.processor;
  }

  async apply(event: ProcessorEvent): Promise<WebhookOutcome> {
    const processor = this.processor?.name ?? 'none';
    const result = await this.db.$transaction(async (tx) => {
      const fresh = await tx.processedEvent.createMany({
        data: [{ processor, eventId: event.eventId, type: event.type.slice(0, 100), outcome: 'processing' }],
        skipDuplicates: true,
      });
      if (fresh.count === 0) return { status: 'duplicate' as const, outcome: 'already processed', accountId: null };
      const { outcome, accountId } = await this.act(tx, event);
      await tx.processedEvent.update({ where: { processor_eventId: { processor, eventId: event.eventId } }, data: { outcome: outcome.slice(0, 200), accountId } });
      return { status: 'processed' as const, outcome, accountId };
    }, { timeout: 15_000 });
    this.logger?.info({ eventId: event.eventId, type: event.type, status: result.status, outcome: result.outcome, accountId: result.accountId }, 'payment event');
    return { status: result.status, outcome: result.outcome };
  }

  private async act(tx: Tx, e: ProcessorEvent): Promise<{ outcome: string; accountId: string | null }> {
    switch (e.kind) {
      case 'payment_succeeded': return this.paymentSucceeded(tx, e);
      case 'payment_failed': return this.paymentFailed(tx, e);
      case 'checkout_expired': return this.checkoutExpired(tx, e);
      case 'card_saved': return this.cardSaved(tx, e);
      case 'card_removed': {
        const { count } = await tx.paymentMethod.updateMany({ where: { processor: this.processor!.name, processorMethodId: e.paymentMethodId, detachedAt: null }, data: { detachedAt: new Date() } });
        return { outcome: count ? 'card removed' : 'ignored: unknown card', accountId: null };
      }
      case 'refunded': return this.refunded(tx, e);
      case 'dispute_opened': return this.disputeOpened(tx, e);
      case 'dispute_closed': return this.disputeClosed(tx, e);
      case 'ignored': return { outcome: 'ignored: not acted on', accountId: null };
    }
  }

  /** The payment row, locked for this transaction, when the id is billing's and the processor's own. */
  private async lockPayment(tx: Tx, paymentId: string): Promise<Payment | null> {
    if (!UUID.test(paymentId)) return null;
    const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id::text FROM payments WHERE id = ${paymentId}::uuid FOR UPDATE`;
    if (!rows.length) return null;
    const p = await tx.payment.findUnique({ where: { id: paymentId } });
    return p && p.processor === this.processor!.name ? p : null;
  }

  private async lockPaymentByProcessorId(tx: Tx, processorPaymentId: string): Promise<Payment | null> {
    const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id::text FROM payments WHERE processor_payment_id = ${processorPaymentId} AND processor = ${this.processor!.name} FOR UPDATE`;
    return rows.length ? tx.payment.findUnique({ where: { id: rows[0]!.id } }) : null;
  }

  private async paymentSucceeded(tx: Tx, e: EventOf<'payment_succeeded'>) {
    const p = await this.lockPayment(tx, e.paymentId);
    if (!p) return { outcome: 'ignored: unknown payment', accountId: null };
    // The event must be about this payment's own checkout or charge, not merely carry its id.
    if (e.checkoutId !== null && p.processorCheckoutId !== null && e.checkoutId !== p.processorCheckoutId) return { outcome: 'ignored: checkout does not match the payment', accountId: p.accountId };
    if (e.checkoutId === null && p.processorPaymentId !== null && e.processorPaymentId !== p.processorPaymentId) return { outcome: 'ignored: charge does not match the payment', accountId: p.accountId };
    if (e.currency !== 'usd') {
      this.logger?.error({ paymentId: p.id, currency: e.currency }, 'payment in an unexpected currency: not credited');
      return { outcome: 'ignored: currency is not usd', accountId: p.accountId };
    }
    if (p.state === 'succeeded') return { outcome: 'ignored: already credited', accountId: p.accountId };
    const paid = centsToMicros(e.paidCents);
    const tax = centsToMicros(e.taxCents);
    const credited = creditFor(paid, tax);
    await tx.payment.update({
      where: { id: p.id },
      data: {
        state: 'succeeded',
        paidMicros: paid,
        taxMicros: tax,
        creditedMicros: credited,
        pages: pagesFor(credited),
        succeededAt: new Date(),
        receiptUrl: e.receiptUrl.slice(0, 2048),
        failureCode: '',
        ...(p.processorPaymentId === null && e.processorPaymentId ? { processorPaymentId: e.processorPaymentId } : {}),
        ...(p.processorCheckoutId === null && e.checkoutId ? { processorCheckoutId: e.checkoutId } : {}),
      },
    });
    // A credit arms auto-recharge again; a paid credit moves a free account to the default plan.
    if (credited > 0n) await creditInTx(tx, p.accountId, credited, `payment:${p.id}`);
    else await leaveFreePlanInTx(tx, p.accountId);
    if (p.kind === 'auto_recharge') await tx.rechargeAttempt.updateMany({ where: { id: p.id }, data: { state: 'succeeded' } });
    return { outcome: `credited ${credited} micros`, accountId: p.accountId };
  }

  private async paymentFailed(tx: Tx, e: EventOf<'payment_failed'>) {
    const p = await this.lockPayment(tx, e.paymentId);
    if (!p) return { outcome: 'ignored: unknown payment', accountId: null };
    if (p.state !== 'pending') return { outcome: `ignored: payment is ${p.state}`, accountId: p.accountId };
    if (p.kind === 'auto_recharge') {
      await this.autoRecharge.declined(p.accountId, p.id, e.code, tx);
      return { outcome: 'recharge declined: auto-recharge turned off', accountId: p.accountId };
    }
    await tx.payment.update({ where: { id: p.id }, data: { state: 'failed', failureCode: e.code.slice(0, 64) } });
    return { outcome: 'payment failed', accountId: p.accountId };
  }

  private async checkoutExpired(tx: Tx, e: EventOf<'checkout_expired'>) {
    const p = await this.lockPayment(tx, e.paymentId);
    if (!p || p.processorCheckoutId !== e.checkoutId) return { outcome: 'ignored: unknown checkout', accountId: p?.accountId ?? null };
    if (p.state !== 'pending') return { outcome: `ignored: payment is ${p.state}`, accountId: p.accountId };
    await tx.payment.update({ where: { id: p.id }, data: { state: 'expired' } });
    return { outcome: 'checkout expired', accountId: p.accountId };
  }

  /** A saved card: kept for auto-recharge, and it moves a free account to the default plan. */
  private async cardSaved(tx: Tx, e: EventOf<'card_saved'>) {
    const processor = this.processor!.name;
    const customer = await tx.paymentCustomer.findUnique({ where: { processor_customerId: { processor, customerId: e.customerId } } });
    if (!customer) return { outcome: 'ignored: unknown customer', accountId: null };
    const card = e.card ?? { brand: '', last4: '', expMonth: 0, expYear: 0 };
    await tx.paymentMethod.upsert({
      where: { processor_processorMethodId: { processor, processorMethodId: e.paymentMethodId } },
      create: { accountId: customer.accountId, processor, processorMethodId: e.paymentMethodId, brand: card.brand.slice(0, 32), last4: card.last4.slice(0, 4), expMonth: card.expMonth, expYear: card.expYear },
      update: {},
    });
    const moved = await leaveFreePlanInTx(tx, customer.accountId);
    return { outcome: moved ? 'card saved, moved to the default plan' : 'card saved', accountId: customer.accountId };
  }

  private async refunded(tx: Tx, e: EventOf<'refunded'>) {
    const p = await this.lockPaymentByProcessorId(tx, e.processorPaymentId);
    if (!p || p.state !== 'succeeded') return { outcome: 'ignored: no credited payment', accountId: p?.accountId ?? null };
    const refunded = centsToMicros(e.refundedCents);
    // Refund events repeat the cumulative total: only growth since the last one counts, so a refund event
    // arriving after a later one (out of order) takes nothing.
    if (refunded <= p.refundedMicros) return { outcome: 'ignored: no new refund', accountId: p.accountId };
    const wanted = creditShare(p.creditedMicros, p.paidMicros, refunded) - creditShare(p.creditedMicros, p.paidMicros, p.refundedMicros);
    const { debit, shortfall, reversed } = await this.reverse(tx, p, wanted, 'refund', `${p.id}:${e.eventId}`);
    await tx.payment.update({ where: { id: p.id }, data: { refundedMicros: refunded, reversedMicros: p.reversedMicros + reversed } });
    return { outcome: `refund: debited ${debit} micros, shortfall ${shortfall}`, accountId: p.accountId };
  }

  private async disputeOpened(tx: Tx, e: EventOf<'dispute_opened'>) {
    const p = await this.lockPaymentByProcessorId(tx, e.processorPaymentId);
    if (!p || p.state !== 'succeeded') return { outcome: 'ignored: no credited payment', accountId: p?.accountId ?? null };
    const reference = `dispute:${e.disputeId}`;
    // Once per dispute, whatever the event id: a repeated dispute.created finds its ledger rows (the payment
    // lock above orders two deliveries of one dispute) and takes nothing more.
    const seen = await tx.ledgerEntry.findFirst({ where: { accountId: p.accountId, reference, kind: { in: ['dispute', 'reversal_shortfall'] } }, select: { id: true } });
    if (seen) return { outcome: 'ignored: dispute already debited', accountId: p.accountId };
    const wanted = creditShare(p.creditedMicros, p.paidMicros, centsToMicros(e.amountCents));
    const { debit, shortfall, reversed } = await this.reverse(tx, p, wanted, 'dispute', reference);
    await tx.payment.update({ where: { id: p.id }, data: { reversedMicros: p.reversedMicros + reversed } });
    return { outcome: `dispute: debited ${debit} micros, shortfall ${shortfall}`, accountId: p.accountId };
  }

  /** A dispute the account won gives back what the dispute took from the wallet. */
  private async disputeClosed(tx: Tx, e: EventOf<'dispute_closed'>) {
    const p = await this.lockPaymentByProcessorId(tx, e.processorPaymentId);
    if (!p) return { outcome: 'ignored: no credited payment', accountId: null };
    if (!e.won) return { outcome: 'dispute lost: debit stands', accountId: p.accountId };
    const entries = await tx.ledgerEntry.findMany({ where: { accountId: p.accountId, reference: `dispute:${e.disputeId}`, kind: { in: ['dispute', 'reversal_shortfall'] } } });
    const debited = entries.filter((x) => x.kind === 'dispute').reduce((s, x) => s + x.amountMicros, 0n);
    const reversed = entries.reduce((s, x) => s + x.amountMicros, 0n);
    // Once per dispute: the credit's ledger reference is the dispute's.
    const creditedBack = debited > 0n ? await creditInTx(tx, p.accountId, debited, `dispute-won:${e.disputeId}`) : false;
    if (!creditedBack) return { outcome: 'dispute won: nothing to give back', accountId: p.accountId };
    await tx.payment.update({ where: { id: p.id }, data: { reversedMicros: p.reversedMicros - reversed > 0n ? p.reversedMicros - reversed : 0n } });
    return { outcome: `dispute won: credited back ${debited} micros`, accountId: p.accountId };
  }

  /**
   * Takes back `wanted` of a payment's credit (no more than is left of it), from what is still unspent:
   * the wallet row is locked, the debit is at most its available balance (credited - captured - held),
   * so the balance never goes negative. Ledger: `kind` for the debit and `reversal_shortfall` for the
   * part not collected (it moves no money), both under `reference`.
   */
  private async reverse(tx: Tx, p: Payment, wantedIn: bigint, kind: 'refund' | 'dispute', reference: string) {
    const left = p.creditedMicros - p.reversedMicros;
    const wanted = wantedIn < left ? wantedIn : left;
    if (wanted <= 0n) return { debit: 0n, shortfall: 0n, reversed: 0n };
    const [w] = await tx.$queryRaw<Array<{ available: bigint }>>`
      SELECT credited_micros - captured_micros - held_micros AS available FROM wallets WHERE account_id = ${p.accountId} FOR UPDATE`;
    const { debit, shortfall } = debitFor(wanted, w?.available ?? 0n);
    if (debit > 0n) await tx.wallet.update({ where: { accountId: p.accountId }, data: { creditedMicros: { decrement: debit } } });
    const rows = [
      ...(debit > 0n ? [{ id: randomUUID(), accountId: p.accountId, kind, amountMicros: debit, reference }] : []),
      ...(shortfall > 0n ? [{ id: randomUUID(), accountId: p.accountId, kind: 'reversal_shortfall', amountMicros: shortfall, reference }] : []),
    ];
    if (rows.length) await tx.ledgerEntry.createMany({ data: rows });
    if (shortfall > 0n) this.logger?.error({ paymentId: p.id, accountId: p.accountId, kind, shortfallMicros: shortfall.toString() }, 'refund or dispute larger than the unspent balance: the rest is not collected');
    return { debit, shortfall, reversed: wanted };
  }
}

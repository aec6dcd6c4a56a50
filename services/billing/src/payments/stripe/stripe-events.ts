import type Stripe from 'stripe';
import type { ProcessorEvent, SavedCard } from '../processor.js';

/** Metadata billing puts on every Stripe object it creates (strings, Stripe's metadata type). */
export interface BillingMetadata {
  account_id: string;
  payment_id?: string;
  /** top_up | auto_recharge */
  kind?: string;
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** A PaymentMethod's card as the dashboard shows it, or null when it is not a card. */
export function cardOf(pm: Stripe.PaymentMethod | null | undefined): SavedCard | null {
  if (!pm?.card) return null;
  return { brand: pm.card.brand ?? '', last4: pm.card.last4 ?? '', expMonth: pm.card.exp_month ?? 0, expYear: pm.card.exp_year ?? 0 };
}

/**
 * Turns a verified Stripe event into what billing acts on. Pure, except that a saved card's details are
 * looked up with `card(pmId)` when the event carries only the PaymentMethod's id.
 *
 * - Top-ups are decided by the Checkout Session (it carries the tax): `checkout.session.completed` once
 *   paid, or `checkout.session.async_payment_succeeded` for methods that settle later. Their
 *   PaymentIntent's own events are ignored.
 * - Auto-recharges are bare PaymentIntents: `payment_intent.succeeded` / `payment_intent.payment_failed`.
 * - A saved card: `setup_intent.succeeded` (Checkout in setup mode ends with one).
 * - Refunds: `charge.refunded` with the charge's cumulative `amount_refunded`; disputes:
 *   `charge.dispute.created` and `charge.dispute.closed`.
 */
export async function toProcessorEvent(event: Stripe.Event, card: (paymentMethodId: string) => Promise<SavedCard | null>): Promise<ProcessorEvent> {
  const base = { eventId: event.id, type: event.type };
  const ignored = { ...base, kind: 'ignored' as const };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      const meta = (s.metadata ?? {}) as Partial<BillingMetadata>;
      // A setup-mode session is followed by its setup_intent.succeeded; an unpaid one (a delayed method) by async_payment_*.
      if (s.mode !== 'payment' || s.payment_status !== 'paid' || !meta.payment_id) return ignored;
      return {
        ...base,
        kind: 'payment_succeeded',
        paymentId: meta.payment_id,
        checkoutId: s.id,
        processorPaymentId: idOf(s.payment_intent),
        currency: (s.currency ?? '').toLowerCase(),
        paidCents: s.amount_total ?? 0,
        taxCents: s.total_details?.amount_tax ?? 0,
        receiptUrl: '',
        customerId: idOf(s.customer),
        paymentMethodId: null,
      };
    }
    case 'checkout.session.async_payment_failed': {
      const s = event.data.object;
      const meta = (s.metadata ?? {}) as Partial<BillingMetadata>;
      if (!meta.payment_id) return ignored;
      return { ...base, kind: 'payment_failed', paymentId: meta.payment_id, processorPaymentId: idOf(s.payment_intent), code: 'async_payment_failed', message: 'The payment did not go through.' };
    }
    case 'checkout.session.expired': {
      const s = event.data.object;
      const meta = (s.metadata ?? {}) as Partial<BillingMetadata>;
      if (!meta.payment_id) return ignored;
      return { ...base, kind: 'checkout_expired', paymentId: meta.payment_id, checkoutId: s.id };
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      const meta = (pi.metadata ?? {}) as Partial<BillingMetadata>;
      if (meta.kind !== 'auto_recharge' || !meta.payment_id) return ignored;
      return {
        ...base,
        kind: 'payment_succeeded',
        paymentId: meta.payment_id,
        checkoutId: null,
        processorPaymentId: pi.id,
        currency: (pi.currency ?? '').toLowerCase(),
        paidCents: pi.amount_received ?? 0,
        taxCents: 0,
        receiptUrl: '',
        customerId: idOf(pi.customer),
        paymentMethodId: idOf(pi.payment_method),
      };
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      const meta = (pi.metadata ?? {}) as Partial<BillingMetadata>;
      if (meta.kind !== 'auto_recharge' || !meta.payment_id) return ignored;
      const err = pi.last_payment_error;
      return {
        ...base,
        kind: 'payment_failed',
        paymentId: meta.payment_id,
        processorPaymentId: pi.id,
        code: err?.decline_code ?? err?.code ?? 'payment_failed',
        message: err?.message ?? 'The card was declined.',
      };
    }
    case 'setup_intent.succeeded': {
      const si = event.data.object;
      const customerId = idOf(si.customer);
      const pmId = idOf(si.payment_method);
      if (!customerId || !pmId) return ignored;
      const pm = typeof si.payment_method === 'object' ? cardOf(si.payment_method) : await card(pmId);
      return { ...base, kind: 'card_saved', customerId, paymentMethodId: pmId, card: pm };
    }
    case 'payment_method.detached':
      return { ...base, kind: 'card_removed', paymentMethodId: event.data.object.id };
    case 'charge.refunded': {
      const ch = event.data.object;
      const pi = idOf(ch.payment_intent);
      if (!pi) return ignored;
      return { ...base, kind: 'refunded', processorPaymentId: pi, refundedCents: ch.amount_refunded ?? 0 };
    }
    case 'charge.dispute.created': {
      const d = event.data.object;
      const pi = idOf(d.payment_intent);
      if (!pi) return ignored;
      return { ...base, kind: 'dispute_opened', processorPaymentId: pi, disputeId: d.id, amountCents: d.amount ?? 0 };
    }
    case 'charge.dispute.closed': {
      const d = event.data.object;
      const pi = idOf(d.payment_intent);
      if (!pi) return ignored;
      return { ...base, kind: 'dispute_closed', processorPaymentId: pi, disputeId: d.id, won: d.status === 'won' };
    }
    default:
      return ignored;
  }
}

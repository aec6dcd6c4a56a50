import Stripe from 'stripe';
import {
  InvalidWebhookError,
  ProcessorUnavailableError,
  type ChargeStatus,
  type CardSetupRequest,
  type OffSessionChargeRequest,
  type OffSessionChargeResult,
  type PaymentProcessor,
  type ProcessorEvent,
  type SavedCard,
  type TopUpCheckoutRequest,
} from '../processor.js';
import { cardOf, toProcessorEvent, type BillingMetadata } from './stripe-events.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or stripe-mock's http://127.0.0.1:<port> on the local stack and in tests. */
  apiBase: string;
  /** Deadline of each HTTP request to Stripe. */
  timeoutMs: number;
  /** Stripe Tax on Checkout, with tax-inclusive prices. */
  automaticTax: boolean;
}

/** A signed event older than this is refused (Stripe's default tolerance): a captured delivery cannot be replayed later. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Stripe as billing's payment processor: Checkout for top-ups and for saving a card (setup mode),
 * off-session PaymentIntents for auto-recharge, and webhooks verified with `stripe.webhooks.constructEvent`.
 * The library is pinned (stripe 22.6.2) with its API version (2026-08-26.dahlia), the version stripe-mock
 * v0.203.0 serves, so tests exercise the request and response shapes production uses.
 */
export class StripeProcessor implements PaymentProcessor {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const base = new URL(settings.apiBase);
    this.stripe = new Stripe(settings.secretKey, {
      host: base.hostname,
      port: base.port ? Number(base.port) : base.protocol === 'https:' ? 443 : 80,
      protocol: base.protocol === 'https:' ? 'https' : 'http',
      timeout: settings.timeoutMs,
      // One retry of a connection failure or 5xx, with the same idempotency key (the library sends it), so
      // a call's worst case is about two deadlines.
      maxNetworkRetries: 1,
      telemetry: false,
      appInfo: { name: 'exs-billing' },
    });
  }

  /** The library's own client, for tests that sign events with `webhooks.generateTestHeaderString`. */
  get client(): Stripe {
    return this.stripe;
  }

  async createCustomer(req: { accountId: string; idempotencyKey: string }): Promise<{ customerId: string }> {
    const c = await this.call(() => this.stripe.customers.create({ metadata: { account_id: req.accountId } }, { idempotencyKey: req.idempotencyKey }));
    return { customerId: c.id };
  }

  async createTopUpCheckout(req: TopUpCheckoutRequest): Promise<{ checkoutId: string; url: string }> {
    const metadata: BillingMetadata = { account_id: req.accountId, payment_id: req.paymentId, kind: 'top_up' };
    const session = await this.call(() => this.stripe.checkout.sessions.create({
      mode: 'payment',
      customer: req.customerId,
      client_reference_id: req.accountId,
      line_items: [{
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: req.amountCents,
          product_data: { name: 'Wallet top-up' },
          ...(this.settings.automaticTax ? { tax_behavior: 'inclusive' as const } : {}),
        },
      }],
      ...(this.settings.automaticTax ? { automatic_tax: { enabled: true }, customer_update: { address: 'auto' as const } } : {}),
      metadata: { ...metadata },
      payment_intent_data: { metadata: { ...metadata } },
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
    }, { idempotencyKey: `checkout-${req.paymentId}` }));
    if (!session.url) throw new ProcessorUnavailableError('stripe: checkout session without a url');
    return { checkoutId: session.id, url: session.url };
  }

  async createCardSetup(req: CardSetupRequest): Promise<{ setupId: string; url: string }> {
    const session = await this.call(() => this.stripe.checkout.sessions.create({
      mode: 'setup',
      customer: req.customerId,
      client_reference_id: req.accountId,
      payment_method_types: ['card'],
      setup_intent_data: { metadata: { account_id: req.accountId } },
      metadata: { account_id: req.accountId },
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
    }, { idempotencyKey: `setup-${req.requestId}` }));
    if (!session.url) throw new ProcessorUnavailableError('stripe: setup session without a url');
    return { setupId: session.id, url: session.url };
  }

  async chargeSavedCard(req: OffSessionChargeRequest): Promise<OffSessionChargeResult> {
    const metadata: BillingMetadata = { account_id: req.accountId, payment_id: req.paymentId, kind: 'auto_recharge' };
    try {
      const pi = await this.stripe.paymentIntents.create({
        amount: req.amountCents,
        currency: 'usd',
        customer: req.customerId,
        payment_method: req.paymentMethodId,
        off_session: true,
        confirm: true,
        description: 'Wallet auto-recharge',
        metadata: { ...metadata },
      }, { idempotencyKey: req.idempotencyKey });
      return { outcome: 'submitted', processorPaymentId: pi.id };
    } catch (err) {
      // A decline (or a card that needs its holder present) is an answer, not an outage: no retry.
      if (err instanceof Stripe.errors.StripeCardError) {
        const e = err as Stripe.errors.StripeCardError & { payment_intent?: { id?: string } };
        return { outcome: 'declined', processorPaymentId: e.payment_intent?.id ?? null, code: e.decline_code ?? e.code ?? 'card_declined', message: e.message };
      }
      throw unavailable(err);
    }
  }

  async chargeStatus(processorPaymentId: string): Promise<ChargeStatus> {
    try {
      return chargeStatusOf(await this.stripe.paymentIntents.retrieve(processorPaymentId));
    } catch (err) {
      throw unavailable(err);
    }
  }

  async cancelCharge(processorPaymentId: string, idempotencyKey: string): Promise<ChargeStatus> {
    try {
      await this.stripe.paymentIntents.cancel(processorPaymentId, { cancellation_reason: 'abandoned' }, { idempotencyKey });
      return { state: 'canceled' };
    } catch (err) {
      // Stripe refuses to cancel a PaymentIntent that has succeeded (or is processing): say where it stands.
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return this.chargeStatus(processorPaymentId);
      throw unavailable(err);
    }
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProcessorEvent> {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || signature.length === 0 || signature.length > 2048) throw new InvalidWebhookError('missing or malformed Stripe-Signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw new InvalidWebhookError('signature verification failed');
    }
    return toProcessorEvent(event, (id) => this.card(id));
  }

  /** A saved card's details; null when Stripe cannot say (the card is still saved, shown without details). */
  private async card(paymentMethodId: string): Promise<SavedCard | null> {
    try {
      return cardOf(await this.stripe.paymentMethods.retrieve(paymentMethodId));
    } catch {
      return null;
    }
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw unavailable(err);
    }
  }
}

/**
 * A PaymentIntent's status as billing reads it. `requires_payment_method` after a card error is a decline;
 * without one (never confirmed, or a non-card failure) it is still open, like `processing` and
 * `requires_action` (off-session, nobody is there to act).
 */
export function chargeStatusOf(pi: Stripe.PaymentIntent): ChargeStatus {
  if (pi.status === 'succeeded') return { state: 'succeeded', currency: (pi.currency ?? '').toLowerCase(), paidCents: pi.amount_received ?? 0 };
  if (pi.status === 'canceled') return { state: 'canceled' };
  const e = pi.last_payment_error;
  if (pi.status === 'requires_payment_method' && e?.type === 'card_error') return { state: 'declined', code: e.decline_code ?? e.code ?? 'card_declined', message: e.message ?? '' };
  return { state: 'open', detail: pi.status };
}

function unavailable(err: unknown): ProcessorUnavailableError {
  const e = err as { type?: string; code?: string; message?: string };
  return new ProcessorUnavailableError(`stripe: ${e?.type ?? 'error'} ${e?.code ?? ''} ${e?.message ?? String(err)}`.trim());
}

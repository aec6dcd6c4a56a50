/**
 * A payment processor, as billing needs one: hosted checkout for top-ups, a saved card, off-session
 * charges for auto-recharge, and signed webhooks turned into the few events billing acts on. Billing
 * keeps the money rules (what is credited, refunds, caps, exactly-once); a provider only talks to its
 * processor. Amounts cross this interface in cents (USD's minor unit), the processors' own unit.
 *
 * Stripe is the first provider (`./stripe/`); docs/billing.md ("Payments") says how a merchant-of-record
 * processor such as Paddle plugs in.
 */
export interface PaymentProcessor {
  /** Stored with every row that names the processor's ids (`stripe`). */
  readonly name: string;

  /** Makes the processor's customer for an account; `idempotencyKey` makes a retried call return the same one. */
  createCustomer(req: { accountId: string; idempotencyKey: string }): Promise<{ customerId: string }>;

  /** A hosted checkout page that charges `amountCents` once; its completion arrives as a `payment_succeeded` event. */
  createTopUpCheckout(req: TopUpCheckoutRequest): Promise<{ checkoutId: string; url: string }>;

  /** A hosted page that saves a card for later off-session charges; arrives as a `card_saved` event. */
  createCardSetup(req: CardSetupRequest): Promise<{ setupId: string; url: string }>;

  /**
   * Charges a saved card without the customer present (auto-recharge). `idempotencyKey` is the recharge
   * attempt's id: sending it again never charges twice. The outcome that moves money arrives as a
   * webhook (`payment_succeeded` / `payment_failed`); `declined` here is the processor refusing at once.
   */
  chargeSavedCard(req: OffSessionChargeRequest): Promise<OffSessionChargeResult>;

  /**
   * Where an off-session charge stands now, asked of the processor when its webhook is overdue (a pending
   * auto-recharge past RECHARGE_PENDING_DEADLINE_SECONDS). Throws ProcessorUnavailableError when it cannot say.
   */
  chargeStatus(processorPaymentId: string): Promise<ChargeStatus>;

  /**
   * Cancels an off-session charge that has not completed, so it can never complete later. Answers
   * `canceled`, or the charge's status when it could not be canceled (it succeeded meanwhile); throws
   * ProcessorUnavailableError when the processor did not answer.
   */
  cancelCharge(processorPaymentId: string, idempotencyKey: string): Promise<ChargeStatus>;

  /**
   * Verifies a webhook delivery's signature over the exact bytes received and returns what it means.
   * Throws InvalidWebhookError when the signature, its timestamp or the payload is not valid.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProcessorEvent>;
}

export interface TopUpCheckoutRequest {
  /** Billing's payment id: travels in the processor's metadata and is the idempotency key. */
  paymentId: string;
  accountId: string;
  customerId: string;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
}

export interface CardSetupRequest {
  /** Idempotency key of the setup request. */
  requestId: string;
  accountId: string;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
}

export interface OffSessionChargeRequest {
  idempotencyKey: string;
  paymentId: string;
  accountId: string;
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
}

export type OffSessionChargeResult =
  | { outcome: 'submitted'; processorPaymentId: string }
  | { outcome: 'declined'; processorPaymentId: string | null; code: string; message: string };

/**
 * An off-session charge as the processor sees it: paid; declined (the card refused it); canceled; or
 * open (not paid, not finally refused: processing, waiting for the card holder, or never confirmed).
 */
export type ChargeStatus =
  | { state: 'succeeded'; currency: string; paidCents: number }
  | { state: 'declined'; code: string; message: string }
  | { state: 'canceled' }
  | { state: 'open'; detail: string };

export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** What billing acts on; everything else a processor sends is `ignored`. */
export type ProcessorEvent = { eventId: string; type: string } & (
  | {
      kind: 'payment_succeeded';
      /** Billing's payment id from the metadata, and the processor's ids to match it against. */
      paymentId: string;
      checkoutId: string | null;
      processorPaymentId: string | null;
      currency: string;
      paidCents: number;
      taxCents: number;
      receiptUrl: string;
      /** A card the payment saved for later (a checkout with future usage), if any. */
      customerId: string | null;
      paymentMethodId: string | null;
    }
  | { kind: 'payment_failed'; paymentId: string; processorPaymentId: string | null; code: string; message: string }
  | { kind: 'checkout_expired'; paymentId: string; checkoutId: string }
  | { kind: 'card_saved'; customerId: string; paymentMethodId: string; card: SavedCard | null }
  | { kind: 'card_removed'; paymentMethodId: string }
  /** The processor's cumulative refund of a payment so far (each refund event repeats the total). */
  | { kind: 'refunded'; processorPaymentId: string; refundedCents: number }
  | { kind: 'dispute_opened'; processorPaymentId: string; disputeId: string; amountCents: number }
  | { kind: 'dispute_closed'; processorPaymentId: string; disputeId: string; won: boolean }
  | { kind: 'ignored' }
);

export class InvalidWebhookError extends Error {}

/** The processor refused or did not answer; the caller's request fails, nothing was recorded as paid. */
export class ProcessorUnavailableError extends Error {}

export const PAYMENT_PROCESSOR = Symbol('PAYMENT_PROCESSOR');

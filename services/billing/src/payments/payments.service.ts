import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { PrismaClient, type Payment } from '../generated/prisma/client.js';
import { BILLING_LOGGER } from '../reservations/reservation.service.js';
import { WalletNotFoundError } from '../wallet/wallet.service.js';
import { InvalidAmountError, microsToCents, validateChargeAmount } from './amounts.js';
import { PAYMENT_PROCESSOR, type PaymentProcessor } from './processor.js';
import { PaymentCustomers, PaymentsNotConfiguredError } from './payment-customers.js';

export class InvalidRedirectUrlError extends RangeError {}
export class InvalidCursorError extends RangeError {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_URL_LENGTH = 2048;
/** In a top-up's success or cancel URL, replaced by the new payment's id (the dashboard's return page reads it). */
export const PAYMENT_ID_PLACEHOLDER = '{PAYMENT_ID}';

/** Where the processor sends the customer back: an absolute http(s) URL of reasonable length. */
export function validateRedirectUrl(text: string): string {
  if (!text || text.length > MAX_URL_LENGTH) throw new InvalidRedirectUrlError('success and cancel URLs must be http(s) URLs');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidRedirectUrlError('success and cancel URLs must be http(s) URLs');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidRedirectUrlError('success and cancel URLs must be http(s) URLs');
  return text;
}

/**
 * Starting payments: a top-up's hosted checkout and a card's hosted setup page, and reading payments
 * back as receipts. None of this credits anything: the processor's signed webhook does (PaymentWebhooks).
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly db: PrismaClient,
    private readonly customers: PaymentCustomers,
    @Optional() @Inject(PAYMENT_PROCESSOR) private readonly processor?: PaymentProcessor,
    @Optional() @Inject(BILLING_LOGGER) private readonly logger?: Logger,
  ) {}

  private requireProcessor(): PaymentProcessor {
    if (!this.processor) throw new PaymentsNotConfiguredError();
    return this.processor;
  }

  /**
   * A pending payment and its checkout page. The payment's id is the checkout's idempotency key and
   * travels in its metadata, so the webhook finds it. When the processor does not answer, the pending row
   * is removed (nothing was offered to the customer) and the error is passed on.
   */
  async createTopUpCheckout(accountId: string, amountMicros: bigint, successUrl: string, cancelUrl: string): Promise<{ paymentId: string; url: string; checkoutId: string }> {
    validateChargeAmount(amountMicros);
    validateRedirectUrl(successUrl);
    validateRedirectUrl(cancelUrl);
    const processor = this.requireProcessor();
    if (!(await this.db.wallet.findUnique({ where: { accountId }, select: { accountId: true } }))) throw new WalletNotFoundError(accountId);
    const paymentId = randomUUID();
    await this.db.payment.create({ data: { id: paymentId, accountId, processor: processor.name, kind: 'top_up', requestedMicros: amountMicros } });
    // The caller cannot know the id before this call, so its return URLs may name it with a placeholder.
    const withId = (url: string) => url.replaceAll(PAYMENT_ID_PLACEHOLDER, paymentId);
    try {
      const customerId = await this.customers.customerFor(accountId);
      const { checkoutId, url } = await processor.createTopUpCheckout({ paymentId, accountId, customerId, amountCents: microsToCents(amountMicros), successUrl: withId(successUrl), cancelUrl: withId(cancelUrl) });
      await this.db.payment.update({ where: { id: paymentId }, data: { processorCheckoutId: checkoutId } });
      return { paymentId, url, checkoutId };
    } catch (err) {
      await this.db.payment.deleteMany({ where: { id: paymentId, state: 'pending' } });
      this.logger?.warn({ accountId, err: (err as Error).message }, 'top-up checkout could not be created');
      throw err;
    }
  }

  /** A hosted page that saves a card; the card is recorded when the processor's webhook reports it. */
  async createCardSetup(accountId: string, successUrl: string, cancelUrl: string): Promise<{ url: string }> {
    validateRedirectUrl(successUrl);
    validateRedirectUrl(cancelUrl);
    const processor = this.requireProcessor();
    if (!(await this.db.wallet.findUnique({ where: { accountId }, select: { accountId: true } }))) throw new WalletNotFoundError(accountId);
    const customerId = await this.customers.customerFor(accountId);
    const { url } = await processor.createCardSetup({ requestId: randomUUID(), accountId, customerId, successUrl, cancelUrl });
    return { url };
  }

  /** The newest saved card that can still be charged, or null. */
  async savedCard(accountId: string) {
    return this.db.paymentMethod.findFirst({ where: { accountId, detachedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  /**
   * Payments newest first by (created_at, id); `startingAfter` is the last id of the previous page and
   * must be one of the account's payments (InvalidCursorError otherwise).
   */
  async list(accountId: string, limit: number, startingAfter: string): Promise<{ payments: Payment[]; hasMore: boolean }> {
    const take = limit === 0 ? 20 : limit;
    if (!Number.isInteger(take) || take < 1 || take > 100) throw new InvalidAmountError('limit must be from 1 to 100');
    let where: object = { accountId };
    if (startingAfter) {
      if (!UUID.test(startingAfter)) throw new InvalidCursorError('starting_after is not a payment id');
      const cursor = await this.db.payment.findFirst({ where: { id: startingAfter, accountId }, select: { createdAt: true, id: true } });
      if (!cursor) throw new InvalidCursorError('starting_after is not a payment id');
      where = { accountId, OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] };
    }
    const rows = await this.db.payment.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: take + 1 });
    return { payments: rows.slice(0, take), hasMore: rows.length > take };
  }
}

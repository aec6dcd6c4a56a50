import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { call, type GrpcMethodOverride } from '@exs/platform';
import type { billingV1 } from '@exs/contracts';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { AccountLink } from '../account/account-link.js';
import { GRPC_INVALID_ARGUMENT, SignedIn, grpcCode, minute, usd, type Caller } from '../account/signed-in.js';
import { message, type PageContext } from '../views/pages.js';
import { autoRechargePage, topUpDonePage, topUpPage, walletPage, type AutoRechargeView, type LedgerPage, type ReceiptRow, type WalletView } from '../views/payments.js';
import { field, pageContext, query, redirect, sendPage } from '../web.js';
import { TOP_UP_AMOUNT_ERROR, rechargeForm, topUpMicros } from './money.js';

export const GRPC_FAILED_PRECONDITION = 9;
export const GRPC_DEADLINE_EXCEEDED = 4;
export const GRPC_UNAVAILABLE = 14;
/**
 * The dashboard's deadline for billing's RPCs that wait on the payment processor (CreateTopUpCheckout,
 * CreateCardSetup). Billing's worst case is two Stripe calls (customer, then checkout), each up to
 * STRIPE_TIMEOUT_MS (at most 10 s) plus one retry after 0.5 s: 41 s, plus its own database work. Past
 * this the page says the processor is not answering (docs/billing.md, Deadlines).
 */
export const BILLING_PROCESSOR_DEADLINE_SECONDS = 50;
/**
 * The dashboard's settings for billing's RPCs that call the payment processor while the caller waits: the
 * longer deadline, and no automatic retry, since each call mints a new pending payment and checkout page
 * (a retry after billing ran would leave a stray one). The person retries from the "not answering" page.
 */
export const BILLING_PROCESSOR_METHODS: Record<string, GrpcMethodOverride> = {
  CreateTopUpCheckout: { timeoutSeconds: BILLING_PROCESSOR_DEADLINE_SECONDS, retry: false },
  CreateCardSetup: { timeoutSeconds: BILLING_PROCESSOR_DEADLINE_SECONDS, retry: false },
};
/** Payment ids as billing mints them (UUIDs); anything else is nobody's payment and is not asked about. */
export const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Receipts per wallet page. */
export const RECEIPTS_PER_PAGE = 20;
/** Ledger entries per wallet page (billing serves at most 100). */
export const LEDGER_PER_PAGE = 25;
/**
 * The return page looks its payment up in the account's newest payments (billing has no lookup by id):
 * at most this many pages of 100, newest first. A checkout returns right after it was made, so the first
 * page finds it; an id older than 500 payments is answered like an unknown one.
 */
const RETURN_LOOKUP_PAGES = 5;
/** Billing puts the new payment's id where the success URL says this (docs/billing.md, CreateTopUpCheckout). */
const PAYMENT_ID_PLACEHOLDER = '{PAYMENT_ID}';

const https = (url: string): boolean => {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The static message for a billing answer the person can act on, or null. A deadline passed is the
 * processor not answering in time (billing's Stripe calls outlasted BILLING_PROCESSOR_DEADLINE_SECONDS):
 * nothing was shown to pay, so nothing was charged.
 */
export function paymentRefusal(code: number | undefined): string | null {
  if (code === GRPC_FAILED_PRECONDITION) return 'Card payments are not available on this deployment. Ask your operator to credit your wallet.';
  if (code === GRPC_UNAVAILABLE || code === GRPC_DEADLINE_EXCEEDED) return 'The payment processor is not answering right now. Nothing was charged; please try again in a minute.';
  return null;
}

export function receiptRow(p: billingV1.Payment): ReceiptRow {
  return {
    id: p.id,
    created: minute(p.createdAtMs),
    kind: p.kind,
    state: p.state,
    requestedUsd: usd(p.requestedMicros),
    paidUsd: usd(p.paidMicros),
    taxUsd: usd(p.taxMicros),
    creditedUsd: usd(p.creditedMicros),
    pages: p.pages,
    refundedUsd: usd(p.refundedMicros),
    // Only a processor's https page is linked; anything else is not a link a person should follow.
    receiptUrl: https(p.receiptUrl) ? p.receiptUrl : '',
  };
}

/** Micro-USD as a form value: '' for none (0) when `emptyZero`, else dollars with two decimals. */
const formUsd = (micros: string, emptyZero = false): string => (emptyZero && BigInt(micros) === 0n ? '' : (Number(BigInt(micros)) / 1e6).toFixed(2));

/**
 * Money pages (billing's): the wallet with its receipts and plan, top-up through the processor's hosted
 * checkout and its return page, the saved card (the processor's hosted setup page) and auto-recharge.
 * Every call carries the signed-in account's id only; a payment id from a URL is looked up within that
 * account's payments, so another account's id is answered like an unknown one.
 */
@Controller()
export class PaymentsController {
  constructor(
    private readonly signedIn: SignedIn,
    private readonly accounts: AccountLink,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  /** An absolute URL of this dashboard, where the processor sends people back. */
  private back(pathAndQuery: string): string {
    // Like the links in e-mails; WHATWG URLs keep '{' and '}' in a query, so the placeholder survives.
    return new URL(pathAndQuery, this.config.PUBLIC_URL).toString();
  }

  private async walletView(accountId: string): Promise<WalletView> {
    const { wallet } = await call(this.accounts.billing.getWallet({ accountId }));
    const w = wallet!;
    const price = BigInt(w.pricePerPageMicros);
    return {
      availableUsd: usd(w.availableMicros),
      heldUsd: usd(w.heldMicros),
      pricePerPageUsd: usd(w.pricePerPageMicros),
      pagesAvailable: price > 0n ? Number(BigInt(w.availableMicros) / price) : 0,
      plan: w.plan,
    };
  }

  /** A payment failure the person can act on, as a page; anything else is passed on (the 503 page). */
  private paymentRefused(reply: FastifyReply, ctx: PageContext, title: string, err: unknown): void {
    const text = paymentRefusal(grpcCode(err));
    if (text) return sendPage(reply, 503, message(ctx, title, text, 'error'));
    throw err;
  }

  @Get('/wallet')
  async wallet(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const ctx = pageContext(reply, caller.user.email);
    const after = query(req, 'after', 40);
    const ledgerAfter = query(req, 'ledger_after', 40);
    const notFound = () => sendPage(reply, 404, message(ctx, 'Wallet', 'No such payment.', 'error'));
    const noEntry = () => sendPage(reply, 404, message(ctx, 'Wallet', 'No such ledger entry.', 'error'));
    if (after && !PAYMENT_ID.test(after)) return notFound();
    // Ledger entry ids are UUIDs like payment ids.
    if (ledgerAfter && !PAYMENT_ID.test(ledgerAfter)) return noEntry();
    let list: billingV1.ListPaymentsResponse;
    try {
      list = await call(this.accounts.billing.listPayments({ accountId: caller.accountId, limit: RECEIPTS_PER_PAGE, startingAfter: after }));
    } catch (err) {
      // Billing refuses a cursor that is not one of this account's payments.
      if (grpcCode(err) === GRPC_INVALID_ARGUMENT) return notFound();
      throw err;
    }
    let ledger: billingV1.ListLedgerResponse;
    try {
      ledger = await call(this.accounts.billing.listLedger({ accountId: caller.accountId, limit: LEDGER_PER_PAGE, startingAfter: ledgerAfter }));
    } catch (err) {
      // Likewise for a ledger cursor: another account's entry id is answered like an unknown one.
      if (grpcCode(err) === GRPC_INVALID_ARGUMENT) return noEntry();
      throw err;
    }
    const receipts = list.payments.map(receiptRow);
    const rows = ledger.entries.map((e) => ({ id: e.id, created: minute(e.createdAtMs), kind: e.kind, amountUsd: usd(e.amountMicros), reference: e.reference }));
    const ledgerPage: LedgerPage = { rows, olderAfter: ledger.hasMore ? rows.at(-1)!.id : null };
    sendPage(reply, 200, walletPage(ctx, await this.walletView(caller.accountId), receipts, list.hasMore ? receipts.at(-1)!.id : null, ledgerPage));
  }

  /** Where the API's 402 insufficient_balance answers send callers (the gateway's TOP_UP_URL). */
  @Get('/top-up')
  async topUp(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const view = { ...(await this.walletView(caller.accountId)), canceled: query(req, 'canceled', 1) === '1' };
    sendPage(reply, 200, topUpPage(pageContext(reply, caller.user.email), view));
  }

  /** A preset or any amount from USD 5: billing's hosted checkout, then the processor's page (303). */
  @Post('/top-up')
  async startTopUp(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const text = field(req, 'amount', 20);
    const refuse = async () => sendPage(reply, 400, topUpPage(pageContext(reply, caller.user.email), { ...(await this.walletView(caller.accountId)), canceled: false }, TOP_UP_AMOUNT_ERROR, text));
    const amountMicros = topUpMicros(text);
    if (amountMicros === null) return refuse();
    let checkout: billingV1.CreateTopUpCheckoutResponse;
    try {
      checkout = await call(this.accounts.billing.createTopUpCheckout({
        accountId: caller.accountId,
        amountMicros: String(amountMicros),
        successUrl: this.back(`/top-up/done?payment=${PAYMENT_ID_PLACEHOLDER}`),
        cancelUrl: this.back('/top-up?canceled=1'),
      }));
    } catch (err) {
      if (grpcCode(err) === GRPC_INVALID_ARGUMENT) return refuse();
      return this.paymentRefused(reply, pageContext(reply, caller.user.email), 'Top up', err);
    }
    // Only ever send people to the processor's own https page.
    if (!https(checkout.checkoutUrl)) throw new Error('billing answered a checkout URL that is not https');
    redirect(reply, checkout.checkoutUrl);
  }

  /** Where the processor sends the customer back: the payment's state (pending until its webhook). */
  @Get('/top-up/done')
  async topUpDone(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const ctx = pageContext(reply, caller.user.email);
    const paymentId = query(req, 'payment', 40);
    const payment = PAYMENT_ID.test(paymentId) ? await this.findPayment(caller, paymentId) : undefined;
    if (!payment) return sendPage(reply, 404, message(ctx, 'Top-up', 'No such payment.', 'error'));
    sendPage(reply, 200, topUpDonePage(ctx, receiptRow(payment), await this.walletView(caller.accountId)));
  }

  private async findPayment(caller: Caller, paymentId: string): Promise<billingV1.Payment | undefined> {
    let after = '';
    for (let page = 0; page < RETURN_LOOKUP_PAGES; page++) {
      const { payments, hasMore } = await call(this.accounts.billing.listPayments({ accountId: caller.accountId, limit: 100, startingAfter: after }));
      const found = payments.find((p) => p.id === paymentId);
      if (found || !hasMore || !payments.length) return found;
      after = payments.at(-1)!.id;
    }
    return undefined;
  }

  /** Saves (or replaces) the card auto-recharge charges: the processor's hosted setup page (303). */
  @Post('/card')
  async saveCard(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    let setup: billingV1.CreateCardSetupResponse;
    try {
      setup = await call(this.accounts.billing.createCardSetup({ accountId: caller.accountId, successUrl: this.back('/auto-recharge?card=saved'), cancelUrl: this.back('/auto-recharge') }));
    } catch (err) {
      return this.paymentRefused(reply, pageContext(reply, caller.user.email), 'Saved card', err);
    }
    if (!https(setup.setupUrl)) throw new Error('billing answered a setup URL that is not https');
    redirect(reply, setup.setupUrl);
  }

  private async rechargeView(caller: Caller, cardSavedReturn: boolean, form?: Partial<AutoRechargeView>): Promise<AutoRechargeView> {
    const r = await call(this.accounts.billing.getAutoRecharge({ accountId: caller.accountId }));
    const s = r.settings!;
    const neverSet = BigInt(s.amountMicros) === 0n;
    return {
      enabled: s.enabled,
      state: s.state,
      notice: s.notice,
      // Never set: a suggestion (recharge USD 20 when below USD 5), saved only when the person saves it.
      trigger: neverSet ? '5.00' : formUsd(s.triggerMicros),
      amount: neverSet ? '20.00' : formUsd(s.amountMicros),
      dailyCap: formUsd(s.dailyCapMicros, true),
      weeklyCap: formUsd(s.weeklyCapMicros, true),
      card: r.card ? { brand: r.card.brand, last4: r.card.last4, exp: `${String(r.card.expMonth).padStart(2, '0')}/${r.card.expYear}`, saved: minute(r.card.savedAtMs) } : null,
      attempts: r.recentAttempts.map((a) => ({ id: a.id, created: minute(a.createdAtMs), amountUsd: usd(a.amountMicros), state: a.state, failureCode: a.failureCode })),
      cardSavedReturn,
      ...form,
    };
  }

  @Get('/auto-recharge')
  async autoRecharge(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const view = await this.rechargeView(caller, query(req, 'card', 10) === 'saved');
    sendPage(reply, 200, autoRechargePage(pageContext(reply, caller.user.email), view, undefined, query(req, 'saved', 1) === '1'));
  }

  @Post('/auto-recharge')
  async saveAutoRecharge(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const typed = { enabled: field(req, 'enabled', 10) === 'on', trigger: field(req, 'trigger', 30), amount: field(req, 'amount', 30), dailyCap: field(req, 'daily_cap', 30), weeklyCap: field(req, 'weekly_cap', 30) };
    // A refused form is shown again with what was typed.
    const refuse = async (status: number, error: string) => sendPage(reply, status, autoRechargePage(pageContext(reply, caller.user.email), await this.rechargeView(caller, false, typed), error));
    const form = rechargeForm(typed);
    if ('error' in form) return refuse(400, form.error);
    try {
      await call(this.accounts.billing.setAutoRecharge({
        accountId: caller.accountId,
        enabled: form.enabled,
        triggerMicros: String(form.triggerMicros),
        amountMicros: String(form.amountMicros),
        dailyCapMicros: String(form.dailyCapMicros),
        weeklyCapMicros: String(form.weeklyCapMicros),
      }));
    } catch (err) {
      const code = grpcCode(err);
      if (code === GRPC_FAILED_PRECONDITION) {
        // Billing's two static reasons: no saved card, or no processor configured.
        const noCard = (err as { details?: string }).details === 'no saved card';
        return refuse(409, noCard ? 'Auto-recharge charges your saved card: save a card first, then turn it on.' : 'Card payments are not available on this deployment.');
      }
      if (code === GRPC_INVALID_ARGUMENT) return refuse(400, 'These settings were refused: check the amounts and caps.');
      throw err;
    }
    redirect(reply, '/auto-recharge?saved=1');
  }
}

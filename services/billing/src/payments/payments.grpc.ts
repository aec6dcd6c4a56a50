import { Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import type { billingV1 } from '@exs/contracts';
import type { AutoRecharge, Payment, PaymentMethod, RechargeAttempt } from '../generated/prisma/client.js';
import { CURRENCY } from '../pricing.js';
import { WalletNotFoundError } from '../wallet/wallet.service.js';
import { parseMicros } from './amounts.js';
import { AutoRechargeService, NoSavedCardError } from './auto-recharge.service.js';
import { PaymentsNotConfiguredError } from './payment-customers.js';
import { PaymentsService } from './payments.service.js';
import { ProcessorUnavailableError } from './processor.js';

const grpcError = (code: status, message: string) => new RpcException({ code, message });
const ms = (d: Date | null): string => (d ? String(d.getTime()) : '0');

/** Maps payment failures to gRPC statuses with static messages. */
function translate(err: unknown): never {
  if (err instanceof WalletNotFoundError) throw grpcError(status.NOT_FOUND, 'wallet not found');
  if (err instanceof PaymentsNotConfiguredError) throw grpcError(status.FAILED_PRECONDITION, 'payments are not configured');
  if (err instanceof NoSavedCardError) throw grpcError(status.FAILED_PRECONDITION, 'no saved card');
  if (err instanceof ProcessorUnavailableError) throw grpcError(status.UNAVAILABLE, 'payment processor unavailable');
  // Every RangeError of the payment code carries a static message (amounts.ts, payments.service.ts).
  if (err instanceof RangeError) throw grpcError(status.INVALID_ARGUMENT, err.message);
  throw err;
}

function requireAccount(accountId: string): void {
  if (!accountId) throw grpcError(status.INVALID_ARGUMENT, 'account_id is required');
}

/** A cap from the wire: 0 means none. */
const cap = (text: string): bigint | null => {
  const v = parseMicros(text || '0');
  return v === 0n ? null : v;
};

export function paymentMessage(p: Payment): billingV1.Payment {
  return {
    id: p.id,
    kind: p.kind,
    state: p.state,
    requestedMicros: p.requestedMicros.toString(),
    paidMicros: p.paidMicros.toString(),
    taxMicros: p.taxMicros.toString(),
    creditedMicros: p.creditedMicros.toString(),
    pages: p.pages.toString(),
    refundedMicros: p.refundedMicros.toString(),
    reversedMicros: p.reversedMicros.toString(),
    currency: CURRENCY,
    createdAtMs: ms(p.createdAt),
    succeededAtMs: ms(p.succeededAt),
    receiptUrl: p.receiptUrl,
  };
}

function settingsMessage(s: AutoRecharge | null): billingV1.AutoRechargeSettings {
  if (!s) return { enabled: false, triggerMicros: '0', amountMicros: '0', dailyCapMicros: '0', weeklyCapMicros: '0', state: 'active', notice: '' };
  return {
    enabled: s.enabled,
    triggerMicros: s.triggerMicros.toString(),
    amountMicros: s.amountMicros.toString(),
    dailyCapMicros: (s.dailyCapMicros ?? 0n).toString(),
    weeklyCapMicros: (s.weeklyCapMicros ?? 0n).toString(),
    state: s.state,
    notice: s.notice,
  };
}

const cardMessage = (c: PaymentMethod): billingV1.SavedCard => ({ brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear, savedAtMs: ms(c.createdAt) });
const attemptMessage = (a: RechargeAttempt): billingV1.RechargeAttempt => ({ id: a.id, amountMicros: a.amountMicros.toString(), state: a.state, failureCode: a.failureCode, createdAtMs: ms(a.createdAt) });

/** The payment methods of exs.billing.v1.BillingService (BillingGrpcController delegates here). */
@Injectable()
export class PaymentsGrpc {
  constructor(private readonly payments: PaymentsService, private readonly autoRecharge: AutoRechargeService) {}

  async createTopUpCheckout(req: billingV1.CreateTopUpCheckoutRequest): Promise<billingV1.CreateTopUpCheckoutResponse> {
    requireAccount(req.accountId);
    try {
      const { paymentId, url, checkoutId } = await this.payments.createTopUpCheckout(req.accountId, parseMicros(req.amountMicros), req.successUrl, req.cancelUrl);
      return { paymentId, checkoutUrl: url, checkoutId };
    } catch (err) { translate(err); }
  }

  async createCardSetup(req: billingV1.CreateCardSetupRequest): Promise<billingV1.CreateCardSetupResponse> {
    requireAccount(req.accountId);
    try {
      const { url } = await this.payments.createCardSetup(req.accountId, req.successUrl, req.cancelUrl);
      return { setupUrl: url };
    } catch (err) { translate(err); }
  }

  async getAutoRecharge(req: billingV1.GetAutoRechargeRequest): Promise<billingV1.GetAutoRechargeResponse> {
    requireAccount(req.accountId);
    try {
      const [settings, card, attempts] = await Promise.all([
        this.autoRecharge.settings(req.accountId),
        this.payments.savedCard(req.accountId),
        this.autoRecharge.recentAttempts(req.accountId),
      ]);
      return { settings: settingsMessage(settings), card: card ? cardMessage(card) : undefined, recentAttempts: attempts.map(attemptMessage) };
    } catch (err) { translate(err); }
  }

  async setAutoRecharge(req: billingV1.SetAutoRechargeRequest): Promise<billingV1.SetAutoRechargeResponse> {
    requireAccount(req.accountId);
    try {
      const saved = await this.autoRecharge.save(req.accountId, req.enabled, {
        triggerMicros: parseMicros(req.triggerMicros || '0'),
        amountMicros: parseMicros(req.amountMicros || '0'),
        dailyCapMicros: cap(req.dailyCapMicros),
        weeklyCapMicros: cap(req.weeklyCapMicros),
      });
      return { settings: settingsMessage(saved) };
    } catch (err) { translate(err); }
  }

  async listPayments(req: billingV1.ListPaymentsRequest): Promise<billingV1.ListPaymentsResponse> {
    requireAccount(req.accountId);
    try {
      const { payments, hasMore } = await this.payments.list(req.accountId, req.limit, req.startingAfter);
      return { payments: payments.map(paymentMessage), hasMore };
    } catch (err) { translate(err); }
  }
}

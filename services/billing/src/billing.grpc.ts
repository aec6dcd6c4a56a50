import { Controller } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { billingV1 } from '@exs/contracts';
import { PLANS, WalletNotFoundError, WalletService, type Plan } from './wallet/wallet.service.js';
import { InsufficientBalanceError, ReservationNotFoundError, ReservationService } from './reservations/reservation.service.js';
import { PaymentsGrpc } from './payments/payments.grpc.js';

const grpcError = (code: status, message: string) => new RpcException({ code, message });

/** Maps domain failures to gRPC statuses (insufficient balance is an outcome, not a failure). */
function translate(err: unknown): never {
  if (err instanceof WalletNotFoundError) throw grpcError(status.NOT_FOUND, 'wallet not found');
  if (err instanceof ReservationNotFoundError) throw grpcError(status.NOT_FOUND, 'reservation not found');
  if (err instanceof RangeError) throw grpcError(status.INVALID_ARGUMENT, err.message);
  throw err;
}

@Controller()
@billingV1.BillingServiceControllerMethods()
export class BillingGrpcController implements billingV1.BillingServiceController {
  constructor(private readonly wallets: WalletService, private readonly reservations: ReservationService, private readonly payments: PaymentsGrpc) {}

  async getWallet(req: billingV1.GetWalletRequest): Promise<billingV1.GetWalletResponse> {
    try {
      return { wallet: this.wallets.toMessage(await this.wallets.get(req.accountId)) };
    } catch (err) { translate(err); }
  }

  async createWallet(req: billingV1.CreateWalletRequest): Promise<billingV1.CreateWalletResponse> {
    const plan = (req.plan || 'free') as Plan;
    if (!PLANS.includes(plan)) throw grpcError(status.INVALID_ARGUMENT, 'unknown plan');
    try {
      return { wallet: this.wallets.toMessage(await this.wallets.create(req.accountId, plan, BigInt(req.initialCreditMicros || '0'))) };
    } catch (err) { translate(err); }
  }

  async credit(req: billingV1.CreditRequest): Promise<billingV1.CreditResponse> {
    if (!req.reference) throw grpcError(status.INVALID_ARGUMENT, 'reference is required');
    try {
      return { wallet: this.wallets.toMessage(await this.wallets.credit(req.accountId, BigInt(req.amountMicros || '0'), req.reference)) };
    } catch (err) { translate(err); }
  }

  async reserve(req: billingV1.ReserveRequest): Promise<billingV1.ReserveResponse> {
    if (!req.reference || req.pages < 1) throw grpcError(status.INVALID_ARGUMENT, 'reference and pages >= 1 are required');
    try {
      return { reservationId: await this.reservations.reserve(req.accountId, req.reference, req.pages) };
    } catch (err) {
      if (err instanceof InsufficientBalanceError) return { error: { code: 'insufficient_balance', detail: '', retryAfterSeconds: 0 } };
      translate(err);
    }
  }

  async capture(req: billingV1.CaptureRequest): Promise<billingV1.CaptureResponse> {
    try {
      return { chargedMicros: (await this.reservations.capture(req.reservationId, req.pages)).toString() };
    } catch (err) { translate(err); }
  }

  async ensureHold(req: billingV1.EnsureHoldRequest): Promise<billingV1.EnsureHoldResponse> {
    if (!req.reference || req.pages < 1) throw grpcError(status.INVALID_ARGUMENT, 'reference and pages >= 1 are required');
    try {
      return { reservationId: await this.reservations.ensureHold(req.accountId, req.reference, req.pages, req.reservationId) };
    } catch (err) {
      if (err instanceof InsufficientBalanceError) return { error: { code: 'insufficient_balance', detail: '', retryAfterSeconds: 0 } };
      translate(err);
    }
  }

  async release(req: billingV1.ReleaseRequest): Promise<billingV1.ReleaseResponse> {
    try {
      return { released: await this.reservations.release(req.reservationId) };
    } catch (err) { translate(err); }
  }

  // Payments: handled in src/payments (docs/billing.md, "Payments").
  createTopUpCheckout(req: billingV1.CreateTopUpCheckoutRequest): Promise<billingV1.CreateTopUpCheckoutResponse> {
    return this.payments.createTopUpCheckout(req);
  }

  createCardSetup(req: billingV1.CreateCardSetupRequest): Promise<billingV1.CreateCardSetupResponse> {
    return this.payments.createCardSetup(req);
  }

  getAutoRecharge(req: billingV1.GetAutoRechargeRequest): Promise<billingV1.GetAutoRechargeResponse> {
    return this.payments.getAutoRecharge(req);
  }

  setAutoRecharge(req: billingV1.SetAutoRechargeRequest): Promise<billingV1.SetAutoRechargeResponse> {
    return this.payments.setAutoRecharge(req);
  }

  listPayments(req: billingV1.ListPaymentsRequest): Promise<billingV1.ListPaymentsResponse> {
    return this.payments.listPayments(req);
  }

  async listLedger(req: billingV1.ListLedgerRequest): Promise<billingV1.ListLedgerResponse> {
    if (!req.accountId) throw grpcError(status.INVALID_ARGUMENT, 'account_id is required');
    try {
      const { entries, hasMore } = await this.wallets.ledger(req.accountId, req.limit, req.startingAfter);
      return {
        entries: entries.map((e) => ({ id: e.id, kind: e.kind, amountMicros: e.amountMicros.toString(), reference: e.reference, createdAtMs: String(e.createdAt.getTime()) })),
        hasMore,
      };
    } catch (err) { translate(err); }
  }
}

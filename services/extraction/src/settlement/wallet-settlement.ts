import { Inject, Injectable } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { billingV1 } from '@exs/contracts';
import { PublicFailure } from '../public-failure.js';
import { dependencyFailure } from '../documents/document-store.js';

/**
 * Holds the cost of the pages before the engine runs and settles after: capture on success (billed),
 * release on failure (not billed). The reference makes a retried reservation the same reservation.
 */
@Injectable()
export class WalletSettlement {
  private readonly billing: billingV1.BillingServiceClient;

  constructor(@Inject(grpcClientToken('billing')) client: ClientGrpc) {
    this.billing = grpcService<billingV1.BillingServiceClient>(client, 'billing');
  }

  /** The account's plan (free or default), which decides its daily page quota. */
  async planOf(accountId: string): Promise<string> {
    try {
      const { wallet } = await call(this.billing.getWallet({ accountId }));
      return wallet?.plan || 'free';
    } catch (err) {
      throw dependencyFailure(err, new PublicFailure('insufficient_balance'));
    }
  }

  async hold(accountId: string, reference: string, pages: number): Promise<string> {
    let res: billingV1.ReserveResponse;
    try {
      res = await call(this.billing.reserve({ accountId, reference, pages }));
    } catch (err) {
      throw dependencyFailure(err, new PublicFailure('insufficient_balance'));
    }
    if (res.error?.code) throw new PublicFailure(res.error.code, res.error.detail);
    return res.reservationId!;
  }

  /**
   * Before work runs again (a redelivered job): the reservation to settle it with, held. Billing takes
   * an expired or released hold again (a new reservation id) or refuses with insufficient_balance.
   */
  async ensureHold(accountId: string, reference: string, pages: number, reservationId: string): Promise<string> {
    let res: billingV1.EnsureHoldResponse;
    try {
      res = await call(this.billing.ensureHold({ accountId, reference, pages, reservationId }));
    } catch (err) {
      throw dependencyFailure(err, new PublicFailure('insufficient_balance'));
    }
    if (res.error?.code) throw new PublicFailure(res.error.code, res.error.detail);
    return res.reservationId!;
  }

  async capture(reservationId: string, pages: number): Promise<void> {
    await call(this.billing.capture({ reservationId, pages }));
  }

  async release(reservationId: string): Promise<void> {
    await call(this.billing.release({ reservationId }));
  }
}

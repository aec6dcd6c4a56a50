import { Controller, Get, Inject } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { billingV1 } from '@exs/contracts';
import { CurrentPrincipal } from '../auth/principal.js';
import type { Principal } from '../accounts/api-keys.service.js';
import { fromGrpcError } from '../edge/grpc-failure.js';
import { PRICE_PER_PAGE } from '../jobs/job-view.js';

/** Micro-USD to a decimal string with cents ("12.34"); sub-cent amounts keep their digits. */
export function usd(micros: string): string {
  const n = BigInt(micros);
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  const whole = abs / 1_000_000n;
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0{1,4}$/, '');
  return `${sign}${whole}.${frac.padEnd(2, '0')}`;
}

/** `GET /v1/wallet`: the prepaid balance, funds held for running work, and the published rate. */
@Controller('v1/wallet')
export class WalletController {
  private readonly billing: billingV1.BillingServiceClient;

  constructor(@Inject(grpcClientToken('billing')) client: ClientGrpc) {
    this.billing = grpcService<billingV1.BillingServiceClient>(client, 'billing');
  }

  @Get()
  async get(@CurrentPrincipal() principal: Principal) {
    const { wallet } = await call(this.billing.getWallet({ accountId: principal.accountId })).catch(fromGrpcError);
    return {
      object: 'wallet',
      plan: wallet!.plan,
      balance: { amount: usd(wallet!.availableMicros), currency: wallet!.currency },
      held: { amount: usd(wallet!.heldMicros), currency: wallet!.currency },
      price_per_page: PRICE_PER_PAGE,
    };
  }
}

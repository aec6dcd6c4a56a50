import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { HealthModule, MetricsModule, PrismaModule, prismaPing, type Logger } from '@exs/platform';
import type { BillingConfig } from './config.js';
import { PrismaClient } from './generated/prisma/client.js';
import { WalletService } from './wallet/wallet.service.js';
import { BILLING_LOGGER, CAPTURE_HOOK, ReservationService } from './reservations/reservation.service.js';
import { ReservationExpirySweeper, SWEEP_OPTIONS } from './reservations/expiry-sweeper.js';
import { ReservationMetrics } from './reservations/reservation-metrics.js';
import { CLOCK, RESERVATION_OPTIONS, type Clock } from './clock.js';
import { BillingGrpcController } from './billing.grpc.js';
import { PAYMENT_PROCESSOR, type PaymentProcessor } from './payments/processor.js';
import { StripeProcessor } from './payments/stripe/stripe-processor.js';
import { PaymentCustomers } from './payments/payment-customers.js';
import { PaymentsService } from './payments/payments.service.js';
import { PaymentWebhooks } from './payments/payment-webhooks.service.js';
import { AutoRechargeService, RECHARGE_OPTIONS } from './payments/auto-recharge.service.js';
import { RechargeResender } from './payments/recharge-resender.js';
import { PendingRecharges } from './payments/pending-recharges.js';
import { PaymentsGrpc } from './payments/payments.grpc.js';
import { PaymentWebhookController } from './payments/webhook.controller.js';

/** The configured payment processor, or undefined (PAYMENT_PROCESSOR=none: the payment RPCs refuse). */
export function paymentProcessorFrom(config: BillingConfig): PaymentProcessor | undefined {
  if (config.PAYMENT_PROCESSOR !== 'stripe') return undefined;
  return new StripeProcessor({
    secretKey: config.STRIPE_SECRET_KEY!,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    apiBase: config.STRIPE_API_BASE,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    automaticTax: config.STRIPE_AUTOMATIC_TAX,
  });
}

export interface BillingModuleOptions {
  /** Tests move time with this; production measures hold lifetimes on PostgreSQL's clock. */
  clock?: Clock;
  /** Tests pass a processor of their own (the Stripe provider against stripe-mock, with call counting). */
  processor?: PaymentProcessor;
}

@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig, logger: Logger, opts: BillingModuleOptions = {}): DynamicModule {
    const providers: Provider[] = [
      WalletService,
      ReservationService,
      ReservationExpirySweeper,
      ReservationMetrics,
      { provide: RESERVATION_OPTIONS, useValue: { ttlSeconds: config.RESERVATION_TTL_SECONDS } },
      { provide: SWEEP_OPTIONS, useValue: { intervalMs: config.RESERVATION_SWEEP_INTERVAL_SECONDS * 1000 } },
      { provide: BILLING_LOGGER, useValue: logger },
      PaymentCustomers,
      PaymentsService,
      PaymentWebhooks,
      AutoRechargeService,
      RechargeResender,
      PendingRecharges,
      PaymentsGrpc,
      { provide: CAPTURE_HOOK, useExisting: AutoRechargeService },
      { provide: RECHARGE_OPTIONS, useValue: { resendAfterSeconds: config.RECHARGE_RESEND_AFTER_SECONDS, pendingDeadlineSeconds: config.RECHARGE_PENDING_DEADLINE_SECONDS } },
    ];
    const processor = opts.processor ?? paymentProcessorFrom(config);
    if (processor) providers.push({ provide: PAYMENT_PROCESSOR, useValue: processor });
    if (opts.clock) providers.push({ provide: CLOCK, useValue: opts.clock });
    return {
      module: BillingModule,
      imports: [
        MetricsModule.forRoot('billing'),
        PrismaModule.forRoot(PrismaClient, config.DATABASE_URL),
        HealthModule.forRoot({ inject: [PrismaClient], useFactory: (db: PrismaClient) => ({ database: prismaPing(db) }) }),
      ],
      controllers: [BillingGrpcController, PaymentWebhookController],
      providers,
    };
  }
}

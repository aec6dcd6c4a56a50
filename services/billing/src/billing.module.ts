import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { HealthModule, MetricsModule, PrismaModule, prismaPing, type Logger } from '@exs/platform';
import type { BillingConfig } from './config.js';
import { PrismaClient } from './generated/prisma/client.js';
import { WalletService } from './wallet/wallet.service.js';
import { BILLING_LOGGER, ReservationService } from './reservations/reservation.service.js';
import { ReservationExpirySweeper, SWEEP_OPTIONS } from './reservations/expiry-sweeper.js';
import { ReservationMetrics } from './reservations/reservation-metrics.js';
import { CLOCK, RESERVATION_OPTIONS, type Clock } from './clock.js';
import { BillingGrpcController } from './billing.grpc.js';

export interface BillingModuleOptions {
  /** Tests move time with this; production measures hold lifetimes on PostgreSQL's clock. */
  clock?: Clock;
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
    ];
    if (opts.clock) providers.push({ provide: CLOCK, useValue: opts.clock });
    return {
      module: BillingModule,
      imports: [
        MetricsModule.forRoot('billing'),
        PrismaModule.forRoot(PrismaClient, config.DATABASE_URL),
        HealthModule.forRoot({ inject: [PrismaClient], useFactory: (db: PrismaClient) => ({ database: prismaPing(db) }) }),
      ],
      controllers: [BillingGrpcController],
      providers,
    };
  }
}

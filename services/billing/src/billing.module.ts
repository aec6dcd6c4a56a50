import { Module, type DynamicModule } from '@nestjs/common';
import { HealthModule, PrismaModule, prismaPing, type Logger } from '@exs/platform';
import type { BillingConfig } from './config.js';
import { PrismaClient } from './generated/prisma/client.js';
import { WalletService } from './wallet/wallet.service.js';
import { ReservationService } from './reservations/reservation.service.js';
import { BillingGrpcController } from './billing.grpc.js';

@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig, _logger: Logger): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        PrismaModule.forRoot(PrismaClient, config.DATABASE_URL),
        HealthModule.forRoot({ inject: [PrismaClient], useFactory: (db: PrismaClient) => ({ database: prismaPing(db) }) }),
      ],
      controllers: [BillingGrpcController],
      providers: [
        WalletService,
        ReservationService,
      ],
    };
  }
}

import { Module, type DynamicModule } from '@nestjs/common';
import { HealthModule, prismaPing, type Logger } from '@exs/platform';
import type { BillingConfig } from './config.js';
import { PrismaService } from './database/prisma.service.js';
import { DatabaseModule } from './database/database.module.js';
import { WalletService } from './wallet/wallet.service.js';
import { ReservationService } from './reservations/reservation.service.js';
import { BillingGrpcController } from './billing.grpc.js';

@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig, _logger: Logger): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        DatabaseModule.forRoot(config.DATABASE_URL),
        HealthModule.forRoot({ inject: [PrismaService], useFactory: (db: PrismaService) => ({ database: prismaPing(db) }) }),
      ],
      controllers: [BillingGrpcController],
      providers: [
        WalletService,
        ReservationService,
      ],
    };
  }
}

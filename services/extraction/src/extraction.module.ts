import { Module, type DynamicModule } from '@nestjs/common';
import { HealthModule, NATS_CONNECTION, NatsModule, PrismaModule, grpcClientsModule, natsPing, prismaPing, type Logger } from '@exs/platform';
import type { NatsConnection } from '@nats-io/transport-node';
import { PrismaClient } from './generated/prisma/client.js';
import { EXTRACTION_CONFIG, type ExtractionConfig } from './config.js';
import { EngineModule, engineReadiness } from './engine/engine.module.js';
import { EngineHealth } from './engine/engine-health.js';
import { DocumentStore } from './documents/document-store.js';
import { WalletSettlement } from './settlement/wallet-settlement.js';
import { DailyQuota } from './settlement/daily-quota.js';
import { Settlement } from './settlement/settlement.js';
import { SyncExtractionService } from './sync/sync-extraction.js';
import { JobsService } from './jobs/jobs.service.js';
import { JobWorker } from './jobs/job-worker.js';
import { RetentionSweeper } from './jobs/retention-sweeper.js';
import { JobEndings } from './jobs/job-endings.js';
import { StuckJobSweeper } from './jobs/stuck-job-sweeper.js';
import { ExtractionGrpcController } from './extraction.grpc.js';
import { CLOCK, systemClock } from './clock.js';
import { LOGGER } from './tokens.js';

@Module({})
export class ExtractionModule {
  static forRoot(config: ExtractionConfig, logger: Logger): DynamicModule {
    return {
      module: ExtractionModule,
      imports: [
        PrismaModule.forRoot(PrismaClient, config.DATABASE_URL),
        NatsModule.forRoot(config, 'extraction'),
        grpcClientsModule([
          { name: 'uploads', url: config.UPLOADS_GRPC_URL, timeoutSeconds: 60 },
          { name: 'billing', url: config.BILLING_GRPC_URL },
          { name: 'ratelimit', url: config.RATELIMIT_GRPC_URL, timeoutSeconds: 2 },
        ]),
        EngineModule.forRoot(config, logger),
        HealthModule.forRoot({
          inject: [PrismaClient, NATS_CONNECTION, EngineHealth],
          useFactory: (db: PrismaClient, nc: NatsConnection, engine: EngineHealth) => ({ database: prismaPing(db), nats: natsPing(nc), ...engineReadiness(engine, config.EXTRACTION_TARGETS) }),
        }),
      ],
      controllers: config.EXTRACTION_TARGETS.has('api') ? [ExtractionGrpcController] : [],
      providers: [
        { provide: EXTRACTION_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: CLOCK, useValue: systemClock },
        DocumentStore,
        WalletSettlement,
        DailyQuota,
        Settlement,
        SyncExtractionService,
        JobsService,
        JobWorker,
        RetentionSweeper,
        JobEndings,
        StuckJobSweeper,
      ],
    };
  }
}

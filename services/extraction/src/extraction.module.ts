import { Module, type DynamicModule } from '@nestjs/common';
import { HealthModule, MetricsModule, NATS_CONNECTION, NatsModule, PrismaModule, ServiceMetrics, grpcClientsModule, natsPing, observeJetStreamConsumers, prismaPing, type Logger } from '@exs/platform';
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
import { JobListing } from './jobs/job-listing.js';
import { DURABLE, JobWorker, STREAM } from './jobs/job-worker.js';
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
        MetricsModule.forRoot('extraction'),
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
        JobListing,
        JobWorker,
        RetentionSweeper,
        JobEndings,
        StuckJobSweeper,
        {
          // The job queue's backlog and oldest request, sampled from JetStream at each scrape.
          provide: 'JOB_QUEUE_METRICS',
          inject: [ServiceMetrics, NATS_CONNECTION],
          useFactory: (metrics: ServiceMetrics, nc: NatsConnection) =>
            observeJetStreamConsumers(metrics, nc, () => [{ stream: STREAM, durable: DURABLE }], { workQueues: [STREAM] }),
        },
      ],
    };
  }
}

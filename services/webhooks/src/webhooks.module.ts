import { Module, type DynamicModule } from '@nestjs/common';
import { HealthModule, MetricsModule, NATS_CONNECTION, NatsModule, PrismaModule, ServiceMetrics, natsPing, observeJetStreamConsumers, prismaPing, type Logger, type NatsConnection } from '@exs/platform';
import type { WebhooksConfig } from './config.js';
import { PrismaClient } from './generated/prisma/client.js';
import { CLOCK, systemClock, type Clock } from './clock.js';
import { LOGGER, WEBHOOKS_OPTIONS, type WebhooksOptions } from './tokens.js';
import { RESOLVER, TargetGuard, systemResolver, type Resolver } from './targets/target-guard.js';
import { DIALER, NodeHttpDialer, type Dialer } from './delivery/dialer.js';
import { DeliveryStore } from './delivery/delivery.store.js';
import { DeliveryWorker } from './delivery/delivery.worker.js';
import { DeliveryMetrics } from './delivery/delivery-metrics.js';
import { JOB_EVENTS_STREAM, JobEventsConsumer } from './events/job-events.consumer.js';
import { EndpointsService } from './endpoints/endpoints.service.js';
import { WebhooksGrpcController } from './endpoints/endpoints.grpc.js';

/** Seams for tests: a movable clock, a stub resolver, a recording dialer, no background loop. */
export interface WebhooksOverrides {
  clock?: Clock;
  resolver?: Resolver;
  dialer?: Dialer;
  runWorker?: boolean;
  consumerName?: string;
}

@Module({})
export class WebhooksModule {
  static forRoot(config: WebhooksConfig, logger: Logger, overrides: WebhooksOverrides = {}): DynamicModule {
    const options: WebhooksOptions = {
      runWorker: overrides.runWorker ?? true,
      consumerName: overrides.consumerName ?? config.WEBHOOKS_CONSUMER_NAME,
      deliveryTimeoutMs: config.WEBHOOKS_DELIVERY_TIMEOUT_MS,
      pollIntervalMs: config.WEBHOOKS_POLL_INTERVAL_MS,
      concurrency: config.WEBHOOKS_CONCURRENCY,
      leaseMs: config.WEBHOOKS_LEASE_MS,
      maxEndpointsPerAccount: config.WEBHOOKS_MAX_ENDPOINTS_PER_ACCOUNT,
    };
    return {
      module: WebhooksModule,
      imports: [
        MetricsModule.forRoot('webhooks'),
        PrismaModule.forRoot(PrismaClient, config.DATABASE_URL),
        NatsModule.forRoot(config, 'webhooks'),
        HealthModule.forRoot({
          inject: [PrismaClient, NATS_CONNECTION],
          useFactory: (db: PrismaClient, nc: NatsConnection) => ({ database: prismaPing(db), nats: natsPing(nc) }),
        }),
      ],
      controllers: [WebhooksGrpcController],
      providers: [
        { provide: LOGGER, useValue: logger },
        { provide: WEBHOOKS_OPTIONS, useValue: options },
        { provide: CLOCK, useValue: overrides.clock ?? systemClock },
        { provide: RESOLVER, useValue: overrides.resolver ?? systemResolver },
        { provide: DIALER, useValue: overrides.dialer ?? new NodeHttpDialer(`exs-webhooks/${config.BUILD_ID}`) },
        {
          provide: TargetGuard,
          inject: [RESOLVER],
          useFactory: (resolver: Resolver) => new TargetGuard({
            allowInsecureUrls: config.WEBHOOKS_ALLOW_INSECURE_URLS,
            allowPrivateTargets: config.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
          }, resolver),
        },
        DeliveryStore,
        DeliveryWorker,
        DeliveryMetrics,
        JobEventsConsumer,
        EndpointsService,
        {
          // The job-event consumers' backlog, sampled from JetStream at each scrape.
          provide: 'JOB_EVENTS_METRICS',
          inject: [ServiceMetrics, NATS_CONNECTION, JobEventsConsumer],
          useFactory: (metrics: ServiceMetrics, nc: NatsConnection, consumer: JobEventsConsumer) =>
            observeJetStreamConsumers(metrics, nc, () => consumer.durableNames().map((durable) => ({ stream: JOB_EVENTS_STREAM, durable }))),
        },
      ],
      exports: [DeliveryWorker, JobEventsConsumer, EndpointsService],
    };
  }
}

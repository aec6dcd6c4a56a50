import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { HealthModule, MetricsModule, PrismaModule, grpcClientsModule, prismaPing, type Logger } from '@exs/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { ContractErrorFilter } from './edge/error-filter.js';
import { PublicHealthController } from './health/health.controller.js';
import { EngineInfo } from './health/engine-info.js';
import { ApiKeysService } from './accounts/api-keys.service.js';
import { AccountsService } from './accounts/accounts.service.js';
import { AccountPlans } from './accounts/account-plans.js';
import { AuthGuard } from './auth/auth.guard.js';
import { RateLimitGuard } from './auth/rate-limit.guard.js';
import { RequestBucket } from './auth/request-bucket.js';
import { KEY_BEFORE_BODY, KeyBeforeBody, KeyBeforeBodyBinding } from './auth/key-before-body.js';
import { IdempotencyStore } from './idempotency/idempotency.store.js';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor.js';
import { ExtractController } from './extract/extract.controller.js';
import { ExtractionClient } from './extract/extraction-client.js';
import { JobsController } from './jobs/jobs.controller.js';
import { UploadsController } from './uploads/uploads.controller.js';
import { KeysController } from './keys/keys.controller.js';
import { WalletController } from './wallet/wallet.controller.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { WebhookEndpointsController } from './webhooks/webhook-endpoints.controller.js';
import { StatusController } from './status/status.controller.js';
import { StatusService, statusChecksProvider } from './status/status.service.js';
import { LOGGER } from './tokens.js';

/** Everything the gateway needs except HTTP routes: shared by the server and the admin CLI. */
export function gatewayCore(config: GatewayConfig, logger: Logger) {
  return {
    imports: [
      MetricsModule.forRoot('gateway'),
      PrismaModule.forRoot(PrismaClient, config.DATABASE_URL),
      grpcClientsModule([
        { name: 'extraction', url: config.EXTRACTION_GRPC_URL, timeoutSeconds: 120 },
        { name: 'billing', url: config.BILLING_GRPC_URL },
        { name: 'uploads', url: config.UPLOADS_GRPC_URL, timeoutSeconds: 300 },
        { name: 'webhooks', url: config.WEBHOOKS_GRPC_URL },
      ]),
    ],
    providers: [
      { provide: GATEWAY_CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
      ApiKeysService,
      AccountsService,
      AccountPlans,
    ],
  };
}

@Module({})
export class GatewayModule {
  /** `keyBeforeBody`: the edge's gate registered on Fastify (configureHttpEdge), given key verification here. */
  static forRoot(config: GatewayConfig, logger: Logger, keyBeforeBody: KeyBeforeBody): DynamicModule {
    const core = gatewayCore(config, logger);
    return {
      module: GatewayModule,
      imports: [
        ...core.imports,
        HealthModule.forRoot({ inject: [PrismaClient], useFactory: (db: PrismaClient) => ({ database: prismaPing(db) }) }),
      ],
      controllers: [PublicHealthController, ExtractController, JobsController, UploadsController, KeysController, WalletController, WebhookEndpointsController, OpenApiController, StatusController],
      providers: [
        ...core.providers,
        { provide: APP_FILTER, useFactory: () => new ContractErrorFilter(logger) },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        RequestBucket,
        { provide: KEY_BEFORE_BODY, useValue: keyBeforeBody },
        KeyBeforeBodyBinding,
        IdempotencyStore,
        ExtractionClient,
        EngineInfo,
        StatusService,
        statusChecksProvider,
      ],
    };
  }
}

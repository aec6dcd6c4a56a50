import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HealthModule, grpcClientsModule, type Logger } from '@exs/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { ContractErrorFilter } from './edge/error-filter.js';
import { PublicHealthController } from './health/health.controller.js';
import { EngineInfo } from './health/engine-info.js';
import { LOGGER } from './tokens.js';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        grpcClientsModule([{ name: 'extraction', url: config.EXTRACTION_GRPC_URL, timeoutSeconds: 120 }]),
        HealthModule.forRoot({ useFactory: () => ({}) }),
      ],
      controllers: [PublicHealthController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: APP_FILTER, useFactory: () => new ContractErrorFilter(logger) },
        EngineInfo,
      ],
    };
  }
}

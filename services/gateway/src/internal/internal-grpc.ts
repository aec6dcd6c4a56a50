import { Module, type DynamicModule, type INestApplication, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PinoNestLogger, grpcServerOptions, type Logger } from '@exs/platform';
import { AccountsService } from '../accounts/accounts.service.js';
import { ApiKeysService } from '../accounts/api-keys.service.js';
import { GatewayGrpcController } from './gateway.grpc.js';

@Module({})
class InternalGrpcModule {
  static forApp(app: INestApplication): DynamicModule {
    return {
      module: InternalGrpcModule,
      controllers: [GatewayGrpcController],
      // The HTTP app's own instances: a revocation made here drops the key from the cache the public API reads.
      providers: [
        { provide: AccountsService, useValue: app.get(AccountsService) },
        { provide: ApiKeysService, useValue: app.get(ApiKeysService) },
      ],
    };
  }
}

/**
 * The gateway's internal gRPC API (accounts and keys for the dashboard), a microservice of its own beside
 * the public HTTP app so the public API's key auth, rate limits and idempotency (global guards and
 * interceptors there) never see its calls. It closes with the HTTP app.
 */
export async function startInternalGrpc(app: INestApplication, logger: Logger, host: string, port: number): Promise<INestMicroservice> {
  const { options } = grpcServerOptions('gateway', `${host}:${port}`);
  const service = await NestFactory.createMicroservice(InternalGrpcModule.forApp(app), { ...options, logger: new PinoNestLogger(logger) });
  await service.listen();
  const close = app.close.bind(app);
  app.close = async () => {
    await service.close();
    await close();
  };
  logger.info({ grpc: `${host}:${port}` }, 'internal gRPC started');
  return service;
}

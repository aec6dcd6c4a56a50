import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import { createLogger, grpcServerOptions } from '@exs/platform';
import { createServer } from 'node:net';
import { billingConfigSchema } from '../src/config.js';
import { BillingModule } from '../src/billing.module.js';
import type { Clock } from '../src/clock.js';

/** A port nothing listens on right now (billing's package does not depend on @exs/devinfra). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningBilling {
  app: INestMicroservice;
  /** host:port of its gRPC server, for clients built elsewhere (extraction's job worker test). */
  grpcUrl: string;
  close(): Promise<void>;
}

/** The billing gRPC service on a free local port, its hold lifetimes on `clock` when given. */
export async function startBilling(env: Record<string, string>, clock?: Clock): Promise<RunningBilling> {
  const config = billingConfigSchema.parse({ GRPC_PORT: await freePort(), ...env });
  const url = `127.0.0.1:${config.GRPC_PORT}`;
  const app = await NestFactory.createMicroservice(BillingModule.forRoot(config, createLogger('billing', 'silent'), { clock }), { ...grpcServerOptions('billing', url).options, logger: false });
  await app.listen();
  return { app, grpcUrl: url, close: () => app.close() };
}

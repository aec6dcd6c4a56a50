import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { GRPC_SERVICES, PROTO_ROOT } from '@exs/contracts';
import { createLogger, grpcServerOptions, PROTO_LOADER_OPTIONS } from '@exs/platform';
import { getFreePort } from '@exs/devinfra';
import { ratelimitConfigSchema } from '../src/config.js';
import { RateLimitModule } from '../src/ratelimit.module.js';
import type { Clock } from '../src/clock.js';

export class FakeClock implements Clock {
  constructor(public t = Date.UTC(2026, 7, 10, 12, 0, 0)) {}
  now() { return this.t; }
  advance(ms: number) { this.t += ms; }
}

export interface RunningRateLimit {
  app: NestFastifyApplication;
  httpUrl: string;
  /** host:port of its gRPC server, for clients built elsewhere (extraction's DailyQuota test). */
  grpcUrl: string;
  /** Unary calls by method name, promisified: `call('Take', {...})`. */
  call<T = any>(method: string, req: object): Promise<T>;
  close(): Promise<void>;
}

/** The ratelimit app as it runs in production (HTTP health + gRPC), on free local ports. */
export async function startRateLimit(env: Record<string, string>, clock?: Clock): Promise<RunningRateLimit> {
  const config = ratelimitConfigSchema.parse({ HTTP_PORT: await getFreePort(), GRPC_PORT: await getFreePort(), ...env });
  const app = await NestFactory.create<NestFastifyApplication>(RateLimitModule.forRoot(config, createLogger('ratelimit', 'silent'), { clock }), new FastifyAdapter(), { logger: false });
  const url = `127.0.0.1:${config.GRPC_PORT}`;
  app.connectMicroservice(grpcServerOptions('ratelimit', url).options, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.listen(config.HTTP_PORT, '127.0.0.1');

  const def = GRPC_SERVICES.ratelimit;
  const pkg = grpc.loadPackageDefinition(loadSync(def.protoPath, PROTO_LOADER_OPTIONS)) as any;
  const Service = def.package.split('.').reduce((o: any, k) => o[k], pkg)[def.service];
  const client = new Service(url, grpc.credentials.createInsecure()) as grpc.Client & Record<string, Function>;
  return {
    app,
    httpUrl: `http://127.0.0.1:${config.HTTP_PORT}`,
    grpcUrl: url,
    call: (method, req) => new Promise((resolve, reject) => {
      client[method]!.call(client, req, { deadline: Date.now() + 5000 }, (err: unknown, res: any) => (err ? reject(err) : resolve(res)));
    }),
    close: async () => { client.close(); await app.close(); },
  };
}

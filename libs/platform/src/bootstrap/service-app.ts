import 'reflect-metadata';
import { BaseExceptionFilter, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { GrpcServiceName } from '@exs/contracts';
import type { FastifyInstance } from 'fastify';
import { fastifyTrustProxy, type TrustProxy } from '../config/trust-proxy.js';
import { grpcServerOptions } from '../grpc/grpc-options.js';
import { DependencyOutageFilter } from '../grpc/outage.filter.js';
import { PinoNestLogger, type Logger } from '../logging/logger.js';
import { shutdownTelemetry } from '../telemetry/tracing.js';

export interface ServiceAppOptions {
  module: unknown;
  logger: Logger;
  http: { host: string; port: number; bodyLimitBytes?: number };
  /**
   * Whose X-Forwarded-For to believe for `request.ip` (the service's TRUST_PROXY): default false, the
   * socket's peer, so a client reaching the service directly cannot choose its address.
   */
  trustProxy?: TrustProxy;
  /** Hooks on the Fastify instance before any route exists (the gateway's contract headers). */
  configure?: (fastify: FastifyInstance) => void;
  /** Request id minting (Fastify's `genReqId`). */
  genReqId?: () => string;
  /** The gRPC API this service serves, if any (the gateway has none). */
  grpc?: {
    name: GrpcServiceName;
    host: string;
    port: number;
    /**
     * Reports whether the API can serve (e.g. extraction's engine threads can take work), shown as the
     * grpc.health.v1 status of the API's full service name; `''` stays the process's own status.
     */
    serving?: (app: NestFastifyApplication, report: (serving: boolean) => void) => void;
  };
  /**
   * How long shutdown may wait for work in hand (the extraction worker's jobs) before handing it back;
   * the process is forced out this long plus SHUTDOWN_MARGIN_MS after SIGTERM. Default 0.
   */
  shutdownGraceSeconds?: number;
}

/**
 * Time for the rest of an orderly shutdown (closing servers and connections, flushing spans) after the
 * grace for work in hand. The orchestrator's termination grace must exceed the two together.
 */
export const SHUTDOWN_MARGIN_MS = 10_000;

/**
 * Starts a service the same way everywhere: Nest on Fastify for HTTP (health, and the public API on
 * the gateway), the service's gRPC server with grpc.health.v1 beside it, and an orderly shutdown on
 * SIGTERM/SIGINT (gRPC health flips to NOT_SERVING first, then work in hand finishes within the
 * service's grace, then servers close, then telemetry flushes). A process that has not exited by then is
 * forced out, so a stuck close cannot keep it alive.
 */
export async function startServiceApp(opts: ServiceAppOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: opts.http.bodyLimitBytes ?? 1024 * 1024,
    trustProxy: fastifyTrustProxy(opts.trustProxy ?? false),
    ...(opts.genReqId ? { genReqId: opts.genReqId } : {}),
  });
  opts.configure?.(adapter.getInstance() as unknown as FastifyInstance);
  const app = await NestFactory.create<NestFastifyApplication>(opts.module as never, adapter, {
    logger: new PinoNestLogger(opts.logger),
    bufferLogs: false,
    // Fastify's own JSON parser only: Nest would add form-urlencoded, which the API does not accept.
    bodyParser: false,
  });
  let grpcHealth: ReturnType<typeof grpcServerOptions>['health'] | undefined;
  let grpcServiceName = '';
  let stopping = false;
  if (opts.grpc) {
    const { options, health, serviceName } = grpcServerOptions(opts.grpc.name, `${opts.grpc.host}:${opts.grpc.port}`);
    grpcHealth = health;
    grpcServiceName = serviceName;
    opts.grpc.serving?.(app, (serving) => { if (!stopping) health.setStatus(serviceName, serving ? 'SERVING' : 'NOT_SERVING'); });
    // Registered on the app before the microservice connects: a hybrid app's microservice inherits it,
    // and filters cannot be added to it afterwards.
    app.useGlobalFilters(new DependencyOutageFilter(new BaseExceptionFilter(app.getHttpAdapter()), opts.logger));
    app.connectMicroservice(options, { inheritAppConfig: true });
    await app.startAllMicroservices();
  }
  await app.listen(opts.http.port, opts.http.host);
  opts.logger.info({ http: `${opts.http.host}:${opts.http.port}`, grpc: opts.grpc ? `${opts.grpc.host}:${opts.grpc.port}` : undefined }, 'service started');

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    opts.logger.info({ signal }, 'shutting down');
    grpcHealth?.setStatus('', 'NOT_SERVING');
    grpcHealth?.setStatus(grpcServiceName, 'NOT_SERVING');
    const forced = setTimeout(() => {
      opts.logger.error({ signal }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, (opts.shutdownGraceSeconds ?? 0) * 1000 + SHUTDOWN_MARGIN_MS);
    forced.unref();
    try {
      await app.close();
    } finally {
      await shutdownTelemetry();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return app;
}

import { Controller, Get, Header, Module, type DynamicModule, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR, HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { Public } from '../http/public-route.js';
import { instrumentHttp } from './http-metrics.js';
import { RpcMetricsInterceptor } from './rpc-metrics.interceptor.js';
import { PROMETHEUS_CONTENT_TYPE, ServiceMetrics } from './service-metrics.js';

/**
 * `GET /metrics`: the Prometheus scrape, without authentication. On the gateway this path shares the
 * public port, so the ingress must route only the API's paths (docs/operations.md, "Metrics").
 */
@Public()
@Controller('metrics')
class MetricsController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Get()
  @Header('content-type', PROMETHEUS_CONTENT_TYPE)
  @Header('cache-control', 'no-store')
  scrape(): Promise<string> {
    return this.metrics.render();
  }
}

const METRICS_SERVICE = Symbol('METRICS_SERVICE');

/** Wires HTTP RED metrics onto the app's Fastify instance, when there is one (not in a CLI's context). */
class HttpMetricsBinding implements OnModuleInit, OnApplicationShutdown {
  constructor(private readonly adapterHost: HttpAdapterHost, private readonly metrics: ServiceMetrics) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (fastify && typeof fastify.addHook === 'function') instrumentHttp(fastify, this.metrics);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.metrics.shutdown();
  }
}

/**
 * A service's metrics in one import: `MetricsModule.forRoot('billing')` provides ServiceMetrics (whose
 * `meter` makes the service's own instruments), serves `/metrics`, and measures every HTTP route and
 * gRPC method (rate, errors by contract code, durations).
 */
@Module({})
export class MetricsModule {
  static forRoot(service: string): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      controllers: [MetricsController],
      providers: [
        { provide: METRICS_SERVICE, useValue: service },
        { provide: ServiceMetrics, inject: [METRICS_SERVICE], useFactory: (name: string) => new ServiceMetrics(name) },
        { provide: HttpMetricsBinding, inject: [HttpAdapterHost, ServiceMetrics], useFactory: (host: HttpAdapterHost, m: ServiceMetrics) => new HttpMetricsBinding(host, m) },
        { provide: APP_INTERCEPTOR, useClass: RpcMetricsInterceptor },
      ],
      exports: [ServiceMetrics],
    };
  }
}


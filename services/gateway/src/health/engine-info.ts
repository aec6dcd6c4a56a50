import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ClientGrpcProxy } from '@nestjs/microservices';
import { Metadata } from '@grpc/grpc-js';
import type { Observable } from 'rxjs';
import { GRPC_SERVICES, type extractionV1 } from '@exs/contracts';
import { PROTO_LOADER_OPTIONS, call, type Logger } from '@exs/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { LOGGER } from '../tokens.js';

/** Each question to extraction gets this long; an answer is a few milliseconds on a live service. */
const ASK_TIMEOUT_MS = 2_000;
/** While the version is unknown (extraction still starting), ask again this often. */
const RETRY_MS = 1_000;
/** Once known, re-check now and then: a rolling deploy of the workers can change it. */
const REFRESH_MS = 60_000;

type GetInfo = (request: extractionV1.GetInfoRequest, metadata: Metadata, options: { deadline: number }) => Observable<extractionV1.GetInfoResponse>;

/**
 * The calibrator version the extraction fleet runs, so public health stays a local, dependency-free
 * answer. Asked before the gateway starts listening (when extraction is already up, the first /v1/health
 * knows it), then every second until it answers. Its own channel keeps reconnect backoff short, as the
 * status probes do: on the shared channel grpc-js backs off up to 120 s while extraction is still starting,
 * which left the version "unknown" for seconds to minutes after a cold start.
 */
@Injectable()
export class EngineInfo implements OnApplicationBootstrap, OnApplicationShutdown {
  calibratorVersion = 'unknown';
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly client: ClientGrpcProxy;
  private readonly getInfo: GetInfo;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, @Inject(LOGGER) private readonly logger: Logger) {
    const def = GRPC_SERVICES.extraction;
    this.client = new ClientGrpcProxy({
      url: config.EXTRACTION_GRPC_URL,
      package: def.package,
      protoPath: def.protoPath,
      loader: PROTO_LOADER_OPTIONS,
      channelOptions: { 'grpc.initial_reconnect_backoff_ms': 200, 'grpc.max_reconnect_backoff_ms': 2_000 },
    });
    const stub = this.client.getService<Record<'getInfo', GetInfo>>(def.service);
    this.getInfo = stub.getInfo.bind(stub);
  }

  /** Awaited by Nest before the HTTP server listens: one question, which fails fast if extraction is down. */
  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.client.close();
  }

  private async refresh(): Promise<void> {
    let next = REFRESH_MS;
    try {
      const info = await call(this.getInfo({}, new Metadata(), { deadline: Date.now() + ASK_TIMEOUT_MS }));
      this.calibratorVersion = info.calibratorVersion || 'unknown';
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'extraction info not available yet');
    }
    if (this.calibratorVersion === 'unknown') next = RETRY_MS;
    if (!this.stopped) this.timer = setTimeout(() => void this.refresh(), next);
  }
}

import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { call, grpcClientToken, grpcService, type Logger } from '@exs/platform';
import type { extractionV1 } from '@exs/contracts';
import { LOGGER } from '../tokens.js';

/**
 * The calibrator version the extraction fleet runs. Asked once at start-up (and retried until it
 * answers) so public health stays a local, dependency-free answer.
 */
@Injectable()
export class EngineInfo implements OnApplicationBootstrap, OnApplicationShutdown {
  calibratorVersion = 'unknown';
  private timer?: NodeJS.Timeout;

  constructor(@Inject(grpcClientToken('extraction')) private readonly client: ClientGrpc, @Inject(LOGGER) private readonly logger: Logger) {}

  onApplicationBootstrap(): void {
    void this.refresh();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  private async refresh(): Promise<void> {
    try {
      const stub = grpcService<extractionV1.ExtractionServiceClient>(this.client, 'extraction');
      const info = await call(stub.getInfo({}));
      this.calibratorVersion = info.calibratorVersion;
      // Re-check now and then: a rolling deploy of the workers can change it.
      this.timer = setTimeout(() => void this.refresh(), 60_000);
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'extraction info not available yet');
      this.timer = setTimeout(() => void this.refresh(), 2_000);
    }
  }
}

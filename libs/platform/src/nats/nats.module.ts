import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsConfig } from '../config/config.js';
import { DEFAULT_STREAM_SETTINGS, connectNats, ensureStreams, streamSettings } from './jetstream.js';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const JETSTREAM = Symbol('JETSTREAM');

/**
 * One NATS connection per process (global within the app), with the JetStream streams ensured at
 * start-up and the connection drained at shutdown so in-flight acks are not lost.
 */
@Module({})
export class NatsModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  /** `config`: the service's NATS settings (URL and stream settings), or a bare URL with the default streams. */
  static forRoot(config: string | NatsConfig, name: string): DynamicModule {
    const url = typeof config === 'string' ? config : config.NATS_URL;
    const streams = typeof config === 'string' ? DEFAULT_STREAM_SETTINGS : streamSettings(config);
    return {
      module: NatsModule,
      global: true,
      providers: [
        {
          provide: NATS_CONNECTION,
          useFactory: async () => {
            const nc = await connectNats(url, name);
            await ensureStreams(nc, streams);
            return nc;
          },
        },
        { provide: JETSTREAM, inject: [NATS_CONNECTION], useFactory: (nc: NatsConnection): JetStreamClient => jetstream(nc) },
      ],
      exports: [NATS_CONNECTION, JETSTREAM],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
  }
}

/** Readiness probe body: a round trip to the server. */
export const natsPing = (nc: NatsConnection) => () => nc.flush();

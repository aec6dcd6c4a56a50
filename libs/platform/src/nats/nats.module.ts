import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { connectNats, ensureStreams } from './jetstream.js';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const JETSTREAM = Symbol('JETSTREAM');

/**
 * One NATS connection per process (global within the app), with the JetStream streams ensured at
 * start-up and the connection drained at shutdown so in-flight acks are not lost.
 */
@Module({})
export class NatsModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  static forRoot(url: string, name: string): DynamicModule {
    return {
      module: NatsModule,
      global: true,
      providers: [
        {
          provide: NATS_CONNECTION,
          useFactory: async () => {
            const nc = await connectNats(url, name);
            await ensureStreams(nc);
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

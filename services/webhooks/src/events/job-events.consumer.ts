import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { context, propagation } from '@opentelemetry/api';
import { JETSTREAM, NATS_CONNECTION, SUBJECTS, consumeEvents, type JetStreamClient, type Logger, type NatsConnection } from '@exs/platform';
import { eventsV1 } from '@exs/contracts';
import { CLOCK, type Clock } from '../clock.js';
import { LOGGER, WEBHOOKS_OPTIONS, type WebhooksOptions } from '../tokens.js';
import { DeliveryStore } from '../delivery/delivery.store.js';
import { DeliveryWorker } from '../delivery/delivery.worker.js';
import { jobFailedEvent, jobSucceededEvent, type WebhookEvent } from '../delivery/payload.js';

export const JOB_EVENTS_STREAM = 'EXS_JOB_EVENTS';

/**
 * Durable JetStream consumers on exs.jobs.succeeded and exs.jobs.failed. A message is acked only after
 * its deliveries are stored (one per matching endpoint, idempotent on event id + endpoint), so a crash
 * before the insert gets it redelivered and a redelivery after it inserts nothing. Redelivery is
 * unlimited: an outage of the database must not drop events.
 */
@Injectable()
export class JobEventsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly stops: Array<() => Promise<void>> = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(JETSTREAM) private readonly js: JetStreamClient,
    private readonly store: DeliveryStore,
    private readonly worker: DeliveryWorker,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(WEBHOOKS_OPTIONS) private readonly options: WebhooksOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stops.push(await this.consume(SUBJECTS.jobSucceeded, 'job-succeeded', eventsV1.JobSucceeded, (m, now) => jobSucceededEvent(m, now)));
    this.stops.push(await this.consume(SUBJECTS.jobFailed, 'job-failed', eventsV1.JobFailed, (m, now) => jobFailedEvent(m, now)));
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.stops.splice(0).map((stop) => stop()));
  }

  /** Durable consumer names, so tests and operators can find (or remove) them. */
  durableNames(): string[] {
    return [`${this.options.consumerName}-job-succeeded`, `${this.options.consumerName}-job-failed`];
  }

  private consume<T extends { jobId: string; accountId: string }>(
    subject: string,
    suffix: string,
    codec: { encode(m: T): { finish(): Uint8Array }; decode(b: Uint8Array): T },
    toEvent: (message: T, now: Date) => WebhookEvent,
  ) {
    return consumeEvents(this.js, this.nc, {
      stream: JOB_EVENTS_STREAM,
      durable: `${this.options.consumerName}-${suffix}`,
      subject,
      codec: codec as never,
      ackWaitMs: 30_000,
      maxDeliver: -1,
      handle: async (message: T) => {
        if (!message.jobId || !message.accountId) {
          this.logger.warn({ subject }, 'job event without job or account id ignored');
          return;
        }
        // The consumer span is active here: its context goes with the delivery so attempts join the trace.
        const traceContext: Record<string, string> = {};
        propagation.inject(context.active(), traceContext);
        const created = await this.store.enqueue(toEvent(message, this.clock.now()), traceContext, this.clock.now());
        if (created) this.worker.wake();
      },
      onError: (err) => this.logger.error({ err, subject }, 'job event could not be stored; it will be redelivered'),
    });
  }
}

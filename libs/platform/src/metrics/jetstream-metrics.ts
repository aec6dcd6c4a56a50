import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { SAMPLE_DEADLINE_MS, withinDeadline, type ServiceMetrics } from './service-metrics.js';

export interface ConsumerRef { stream: string; durable: string }

/**
 * Lag of this service's durable JetStream consumers, read from the server's consumer info at each scrape
 * (each read bounded by SAMPLE_DEADLINE_MS; a consumer that does not answer in time is left out of that
 * scrape rather than holding it up). `consumers` is read at scrape time, so it may grow after start-up.
 */
export function observeJetStreamConsumers(metrics: ServiceMetrics, nc: NatsConnection, consumers: () => ConsumerRef[], options: { workQueues?: string[] } = {}): void {
  const pending = metrics.meter.createObservableGauge('jetstream_consumer_pending_messages', {
    description: 'Messages in the stream not yet delivered to the durable consumer (its backlog), sampled at scrape.',
  });
  const ackPending = metrics.meter.createObservableGauge('jetstream_consumer_ack_pending_messages', {
    description: 'Messages delivered to the durable consumer and not yet acknowledged (work in hand), sampled at scrape.',
  });
  const redelivered = metrics.meter.createObservableGauge('jetstream_consumer_redelivered_messages', {
    description: 'Messages of the durable consumer delivered more than once and not yet acknowledged, sampled at scrape.',
  });
  const oldest = metrics.meter.createObservableGauge('jetstream_work_queue_oldest_message_age_seconds', {
    description: 'Age of the oldest message still in a work-queue stream (not yet acknowledged by a worker; 0 when empty), sampled at scrape.',
  });
  let manager: Promise<JetStreamManager> | undefined;
  metrics.meter.addBatchObservableCallback(async (observer) => {
    if (nc.isClosed()) return;
    manager ??= jetstreamManager(nc).catch((err: unknown) => { manager = undefined; throw err; });
    const jsm = await withinDeadline(SAMPLE_DEADLINE_MS, () => manager!);
    await Promise.all([...consumers().map(async ({ stream, durable }) => {
      try {
        const info = await withinDeadline(SAMPLE_DEADLINE_MS, () => jsm.consumers.info(stream, durable));
        const attributes = { 'messaging.destination.name': stream, 'messaging.consumer.group.name': durable };
        observer.observe(pending, info.num_pending, attributes);
        observer.observe(ackPending, info.num_ack_pending, attributes);
        observer.observe(redelivered, info.num_redelivered, attributes);
      } catch {
        // Not created yet, or the server is slow: no sample this scrape.
      }
    }), ...(options.workQueues ?? []).map(async (stream) => {
      try {
        // A work queue deletes a message once it is acked, so its first message is the oldest unfinished one.
        const { state } = await withinDeadline(SAMPLE_DEADLINE_MS, () => jsm.streams.info(stream));
        const age = state.messages > 0 ? Math.max(0, (Date.now() - Date.parse(state.first_ts)) / 1000) : 0;
        observer.observe(oldest, age, { 'messaging.destination.name': stream });
      } catch {
        // As above: no sample this scrape.
      }
    })]);
  }, [pending, ackPending, redelivered, oldest]);
}

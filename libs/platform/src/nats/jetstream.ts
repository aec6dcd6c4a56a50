import { connect, headers as natsHeaders, type NatsConnection, type MsgHdrs } from '@nats-io/transport-node';
import {
  AckPolicy, DeliverPolicy, RetentionPolicy, StorageType, jetstream, jetstreamManager,
  type JetStreamClient, type JsMsg, type StreamConfig,
} from '@nats-io/jetstream';
import { context, propagation, trace, SpanKind, SpanStatusCode, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import type { BinaryReader, BinaryWriter } from '@bufbuild/protobuf/wire';

/** Named subjects; payloads are the exs.events.v1 protobuf messages. */
export const SUBJECTS = {
  jobRequested: 'exs.jobs.requested',
  jobSucceeded: 'exs.jobs.succeeded',
  jobFailed: 'exs.jobs.failed',
} as const;

/** One stream per purpose: a work queue for job requests, a limits-retained stream for job events. */
export const STREAMS: Array<Partial<StreamConfig> & { name: string; subjects: string[] }> = [
  {
    name: 'EXS_JOB_REQUESTS',
    subjects: [SUBJECTS.jobRequested],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: 2 * 60 * 1_000_000_000, // ns: a re-published job request within 2 min is dropped
  },
  {
    name: 'EXS_JOB_EVENTS',
    subjects: [SUBJECTS.jobSucceeded, SUBJECTS.jobFailed],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: 7 * 24 * 3600 * 1_000_000_000,
    duplicate_window: 2 * 60 * 1_000_000_000,
  },
];

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
}

/** Creates the streams, or updates them to this definition: safe to run at every start-up. */
export async function ensureStreams(nc: NatsConnection): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const cfg of STREAMS) {
    try {
      await jsm.streams.info(cfg.name);
      await jsm.streams.update(cfg.name, cfg);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await jsm.streams.add(cfg);
    }
  }
}

function isNotFound(err: unknown): boolean {
  return err instanceof Error && /not found/i.test(err.message);
}

interface MessageCodec<T> {
  encode(message: T, writer?: BinaryWriter): BinaryWriter;
  decode(input: BinaryReader | Uint8Array, length?: number): T;
}

const headerSetter: TextMapSetter<MsgHdrs> = { set: (carrier, key, value) => carrier.set(key, value) };
const headerGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (carrier) => (carrier ? [...carrier.keys()] : []),
  get: (carrier, key) => carrier?.get(key) || undefined,
};

/**
 * Publishes a protobuf event with the current trace context in its headers. `msgId` makes a retried
 * publish a no-op within the stream's duplicate window.
 */
export async function publishEvent<T>(js: JetStreamClient, subject: string, codec: MessageCodec<T>, message: T, msgId: string): Promise<void> {
  const tracer = trace.getTracer('exs-jetstream');
  await tracer.startActiveSpan(`publish ${subject}`, { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } }, async (span) => {
    try {
      const hdrs = natsHeaders();
      propagation.inject(context.active(), hdrs, headerSetter);
      await js.publish(subject, codec.encode(message).finish(), { msgID: msgId, headers: hdrs });
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

export interface ConsumerOptions<T> {
  stream: string;
  durable: string;
  subject: string;
  codec: MessageCodec<T>;
  /** How long a message may be worked on before the server redelivers it (heartbeats extend it). */
  ackWaitMs: number;
  maxDeliver?: number;
  handle(message: T, raw: JsMsg): Promise<void>;
  onError?(err: unknown, raw: JsMsg): void;
}

/**
 * Consumes with a durable consumer and explicit acks: a message is acked only after `handle` resolves,
 * so a process killed mid-work gets it redelivered. While working, progress is signalled so long jobs
 * are not redelivered early. Returns a stop function.
 */
export async function consumeEvents<T>(js: JetStreamClient, nc: NatsConnection, opts: ConsumerOptions<T>): Promise<() => Promise<void>> {
  const jsm = await jetstreamManager(nc);
  await jsm.consumers.add(opts.stream, {
    durable_name: opts.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: opts.subject,
    ack_wait: opts.ackWaitMs * 1_000_000,
    max_deliver: opts.maxDeliver ?? 5,
  }).catch(async (err) => {
    if (!/already (exists|in use)/i.test(String(err))) throw err;
  });
  const consumer = await js.consumers.get(opts.stream, opts.durable);
  const messages = await consumer.consume({ max_messages: 1 });
  const tracer = trace.getTracer('exs-jetstream');
  const done = (async () => {
    for await (const m of messages) {
      const parent = propagation.extract(context.active(), m.headers, headerGetter);
      await tracer.startActiveSpan(`process ${opts.subject}`, { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': opts.subject, 'messaging.message.delivery_count': m.info.deliveryCount } }, parent, async (span) => {
        const progress = setInterval(() => m.working(), Math.max(1000, Math.floor(opts.ackWaitMs / 3)));
        try {
          await opts.handle(opts.codec.decode(m.data), m);
          m.ack();
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
          opts.onError?.(err, m);
          m.nak(1000);
        } finally {
          clearInterval(progress);
          span.end();
        }
      });
    }
  })();
  return async () => {
    await messages.close();
    await done;
  };
}

export { jetstream };
export type { JetStreamClient, NatsConnection };

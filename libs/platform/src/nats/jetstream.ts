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

/**
 * One stream per purpose: a work queue for job requests, a limits-retained stream for job events. Storage
 * and replicas come from configuration (streamConfigs).
 */
export const STREAMS: Array<Partial<StreamConfig> & { name: string; subjects: string[] }> = [
  {
    name: 'EXS_JOB_REQUESTS',
    subjects: [SUBJECTS.jobRequested],
    retention: RetentionPolicy.Workqueue,
    duplicate_window: 2 * 60 * 1_000_000_000, // ns: a re-published job request within 2 min is dropped
  },
  {
    name: 'EXS_JOB_EVENTS',
    subjects: [SUBJECTS.jobSucceeded, SUBJECTS.jobFailed],
    retention: RetentionPolicy.Limits,
    max_age: 7 * 24 * 3600 * 1_000_000_000,
    duplicate_window: 2 * 60 * 1_000_000_000,
  },
];

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
}

/** How the streams are kept, from configuration (NATS_STREAM_REPLICAS, NATS_STREAM_STORAGE). */
export interface StreamSettings {
  replicas: number;
  storage: 'file' | 'memory';
}

export const DEFAULT_STREAM_SETTINGS: StreamSettings = { replicas: 1, storage: 'file' };

export function streamSettings(config: { NATS_STREAM_REPLICAS: number; NATS_STREAM_STORAGE: 'file' | 'memory' }): StreamSettings {
  return { replicas: config.NATS_STREAM_REPLICAS, storage: config.NATS_STREAM_STORAGE };
}

/** The streams as created with these settings. */
export function streamConfigs(settings: StreamSettings = DEFAULT_STREAM_SETTINGS): Array<Partial<StreamConfig> & { name: string; subjects: string[] }> {
  const storage = settings.storage === 'memory' ? StorageType.Memory : StorageType.File;
  return STREAMS.map((cfg) => ({ ...cfg, storage, num_replicas: settings.replicas }));
}

/**
 * Creates the streams, or updates them to this definition: safe to run at every start-up. The replica
 * count of an existing stream follows the settings (the cluster moves the copies); its storage cannot
 * change, so a different one is refused with what to do instead of starting on a stream kept otherwise.
 */
export async function ensureStreams(nc: NatsConnection, settings: StreamSettings = DEFAULT_STREAM_SETTINGS): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const cfg of streamConfigs(settings)) {
    let existing;
    try {
      existing = await jsm.streams.info(cfg.name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await jsm.streams.add(cfg);
      continue;
    }
    if (existing.config.storage !== cfg.storage) {
      throw new Error(`JetStream stream ${cfg.name} keeps its messages in ${existing.config.storage} storage, not ${cfg.storage} (NATS_STREAM_STORAGE): a stream's storage cannot change; set NATS_STREAM_STORAGE=${existing.config.storage}, or delete the stream once it is drained (docs/operations.md "NATS")`);
    }
    await jsm.streams.update(cfg.name, cfg);
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
  /** Deliveries of one message at most (-1: unlimited); an existing durable is updated to it. */
  maxDeliver?: number;
  /**
   * Works on one message; it is acked when this resolves and naked (redelivered) when it throws.
   * `signal` aborts when a stop's grace ran out and the message was handed back to the stream:
   * another consumer may already have it, so nothing irreversible should happen after that.
   */
  handle(message: T, raw: JsMsg, signal: AbortSignal): Promise<void>;
  onError?(err: unknown, raw: JsMsg): void;
  /** A pull from the server failed (connection lost, consumer missing); pulling resumes after a second. */
  onPullError?(err: unknown): void;
}

/**
 * Stops a consumer: no further message is taken; the one in hand is finished, or, once `graceMs` has
 * passed, handed back (nak) so that another consumer takes it at once instead of after the ack wait.
 * Without `graceMs`, waits for it to finish.
 */
export type StopConsumer = (graceMs?: number) => Promise<void>;

/** How long one pull waits on the server for a message; stopping never waits for it. */
const PULL_EXPIRES_MS = 5_000;
const NAK_DELAY_MS = 1_000;

/**
 * Consumes with a durable consumer and explicit acks: a message is acked only after `handle` resolves,
 * so a process killed mid-work gets it redelivered. Messages are pulled one at a time, never ahead of
 * the work: a message fetched early would wait in this process with its ack wait running (no progress
 * is reported for it) and be redelivered elsewhere while still queued here. While a message is worked
 * on, progress is reported every third of the ack wait, so long work is not redelivered early.
 */
export async function consumeEvents<T>(js: JetStreamClient, nc: NatsConnection, opts: ConsumerOptions<T>): Promise<StopConsumer> {
  const jsm = await jetstreamManager(nc);
  const limits = { ack_wait: opts.ackWaitMs * 1_000_000, max_deliver: opts.maxDeliver ?? 5 };
  await jsm.consumers.add(opts.stream, {
    durable_name: opts.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: opts.subject,
    ...limits,
  }).catch(async (err) => {
    if (!/already (exists|in use)/i.test(String(err))) throw err;
    // A durable keeps the settings it was created with: a deployment that changes them updates it.
    await jsm.consumers.update(opts.stream, opts.durable, limits);
  });
  const consumer = await js.consumers.get(opts.stream, opts.durable);
  const tracer = trace.getTracer('exs-jetstream');
  let stopping = false;
  let inHand: { msg: JsMsg; handled: Promise<void>; handBack(): void } | undefined;

  const work = (m: JsMsg): Promise<void> => {
    const parent = propagation.extract(context.active(), m.headers, headerGetter);
    const abort = new AbortController();
    const progress = setInterval(() => m.working(), Math.max(1000, Math.floor(opts.ackWaitMs / 3)));
    const handBack = () => {
      clearInterval(progress);
      abort.abort();
      m.nak();
    };
    const handled = tracer.startActiveSpan(`process ${opts.subject}`, { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': opts.subject, 'messaging.message.delivery_count': m.info.deliveryCount } }, parent, async (span) => {
      try {
        await opts.handle(opts.codec.decode(m.data), m, abort.signal);
        if (!abort.signal.aborted) m.ack();
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        if (!abort.signal.aborted) {
          opts.onError?.(err, m);
          m.nak(NAK_DELAY_MS);
        }
      } finally {
        clearInterval(progress);
        span.end();
      }
    });
    inHand = { msg: m, handled, handBack };
    return handled.finally(() => { inHand = undefined; });
  };

  void (async () => {
    while (!stopping) {
      let m: JsMsg | null;
      try {
        m = await consumer.next({ expires: PULL_EXPIRES_MS });
      } catch (err) {
        if (stopping) break;
        opts.onPullError?.(err);
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      if (!m) continue;
      // Arrived from a pull made before the stop: not ours to start any more.
      if (stopping) {
        m.nak();
        break;
      }
      await work(m);
    }
  })();

  return async (graceMs?: number) => {
    stopping = true;
    const current = inHand;
    if (!current) return;
    if (graceMs === undefined) return current.handled;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      current.handled.then(() => true),
      new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), graceMs); }),
    ]);
    clearTimeout(timer);
    if (finished || inHand !== current) return;
    inHand = undefined;
    current.handBack();
  };
}

export { jetstream };
export type { JetStreamClient, NatsConnection };

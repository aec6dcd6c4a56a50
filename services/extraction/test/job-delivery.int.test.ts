// How the job workers take job requests from JetStream (consumeEvents, libs/platform): a request worked on
// longer than the ack wait is not redelivered, none is fetched ahead of the work, and a stopping worker
// takes no new request, finishes the one in hand within its grace or hands it back at once. Real NATS
// (the test infrastructure's); each test has its own stream, so other tests' job requests are untouched.
import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JsMsg } from '@nats-io/jetstream';
import { consumeEvents, publishEvent, type StopConsumer } from '@exs/platform';
import { eventsV1 } from '@exs/contracts';

const ACK_WAIT_MS = 2_000;
let nc: NatsConnection;
const stops: StopConsumer[] = [];

interface Delivery { jobId: string; count: number; signal: AbortSignal }

/** A stream and durable of its own, and a consumer on it whose handler is `handle`. */
async function queue(opts: { ackWaitMs?: number } = {}) {
  const id = randomBytes(4).toString('hex');
  const stream = `TEST_JOB_DELIVERY_${id}`;
  const subject = `test.job-delivery.${id}`;
  await (await jetstreamManager(nc)).streams.add({ name: stream, subjects: [subject], retention: RetentionPolicy.Workqueue, storage: StorageType.Memory });
  const js = jetstream(nc);
  const deliveries: Delivery[] = [];
  const consumer = async (handle: (d: Delivery) => Promise<void>) => {
    const stop = await consumeEvents(js, nc, {
      stream, durable: 'workers', subject, codec: eventsV1.JobRequested, ackWaitMs: opts.ackWaitMs ?? ACK_WAIT_MS, maxDeliver: 10,
      handle: async (msg, raw: JsMsg, signal) => {
        const d = { jobId: msg.jobId, count: raw.info.deliveryCount, signal };
        deliveries.push(d);
        await handle(d);
      },
    });
    stops.push(stop);
    return stop;
  };
  const publish = (jobId: string) => publishEvent(js, subject, eventsV1.JobRequested, { jobId, accountId: 'acct_t', requestId: 'req_t' }, jobId);
  const info = async () => (await jetstreamManager(nc)).consumers.info(stream, 'workers');
  return { stream, subject, js, consumer, publish, deliveries, info };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
async function until(what: string, fn: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!fn()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

beforeAll(async () => {
  nc = await connect({ servers: process.env.EXS_TEST_NATS_URL });
});

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop(0)));
  await nc?.drain();
});

test('a request worked on for three ack waits is delivered once', async () => {
  const q = await queue();
  await q.consumer(() => sleep(3 * ACK_WAIT_MS));
  await q.publish('job_long');
  await until('the request to be handled', () => q.deliveries.length > 0, 10_000);
  await sleep(4 * ACK_WAIT_MS);
  expect(q.deliveries.map((d) => [d.jobId, d.count])).toEqual([['job_long', 1]]);
  expect((await q.info()).num_ack_pending).toBe(0);
}, 30_000);

test('a request queued behind a long one waits in the stream, not in the worker, and is delivered once', async () => {
  const q = await queue();
  await q.consumer(async (d) => { if (d.jobId === 'job_first') await sleep(3 * ACK_WAIT_MS); });
  await q.publish('job_first');
  await until('the first request to be taken', () => q.deliveries.length === 1, 10_000);
  await q.publish('job_second');
  await until('the second request to be handled', () => q.deliveries.length >= 2, 20_000);
  await sleep(2 * ACK_WAIT_MS);
  expect(q.deliveries.map((d) => [d.jobId, d.count])).toEqual([['job_first', 1], ['job_second', 1]]);
}, 30_000);

test('a stopping consumer finishes and acks the request in hand, and takes no other', async () => {
  const q = await queue();
  const release = deferred();
  const stop = await q.consumer(() => release.promise);
  await q.publish('job_in_hand');
  await until('the request to be taken', () => q.deliveries.length === 1, 10_000);
  await q.publish('job_next');
  await sleep(500);
  let stopped = false;
  const stopping = stop(30_000).then(() => { stopped = true; });
  await sleep(500);
  expect(stopped).toBe(false);
  release.resolve();
  await stopping;
  await sleep(ACK_WAIT_MS + 500);
  expect(q.deliveries.map((d) => d.jobId)).toEqual(['job_in_hand']);
  const info = await q.info();
  expect(info.num_ack_pending).toBe(0);
  expect(info.num_pending).toBe(1);
}, 30_000);

test('a request still in hand when the grace runs out is handed back: another consumer takes it at once', async () => {
  // An ack wait far longer than the test: only the hand-back can bring the request back in time.
  const q = await queue({ ackWaitMs: 120_000 });
  const stop = await q.consumer(() => new Promise<void>(() => undefined));
  await q.publish('job_handed_back');
  await until('the request to be taken', () => q.deliveries.length === 1, 10_000);
  await q.consumer(async () => undefined);
  await stop(500);
  expect(q.deliveries[0]!.signal.aborted).toBe(true);
  await until('another consumer to take the request', () => q.deliveries.length === 2, 10_000);
  expect(q.deliveries.map((d) => [d.jobId, d.count])).toEqual([['job_handed_back', 1], ['job_handed_back', 2]]);
}, 30_000);

// A deployment raising the delivery limit relies on this. nats-server 2.9 treats a create of an existing durable
// as an update anyway; 2.10 and later refuse it ('consumer already exists'), and only the explicit update helps.
test('a durable that exists already takes the ack wait and delivery limit of the consumer started on it', async () => {
  const q = await queue({ ackWaitMs: 2_000 });
  await (await q.consumer(async () => undefined))();

  stops.push(await consumeEvents(q.js, nc, { stream: q.stream, durable: 'workers', subject: q.subject, codec: eventsV1.JobRequested, ackWaitMs: 5_000, maxDeliver: 6, handle: async () => undefined }));

  const { config } = await q.info();
  expect({ ackWaitNs: config.ack_wait, maxDeliver: config.max_deliver }).toEqual({ ackWaitNs: 5_000_000_000, maxDeliver: 6 });
});

// JetStream consumer lag sampled at scrape time: real NATS for the values, and a server that never answers
// the JetStream API for the scrape's deadline.
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { AckPolicy, RetentionPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ServiceMetrics, observeJetStreamConsumers } from '../src/metrics/index.js';
import { parsePrometheusText, samplesOf, valueOf } from '../../../test/support/prometheus-text.js';

const suffix = () => randomBytes(4).toString('hex').toUpperCase();

describe('on a real JetStream', () => {
  let nc: NatsConnection;
  const stream = `METRICS_T_${suffix()}`;
  const subject = `metrics.t.${suffix().toLowerCase()}`;
  beforeAll(async () => {
    nc = await connect({ servers: process.env.EXS_TEST_NATS_URL! });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: stream, subjects: [subject], retention: RetentionPolicy.Workqueue });
    await jsm.consumers.add(stream, { durable_name: 'workers', ack_policy: AckPolicy.Explicit, filter_subject: subject });
  });
  afterAll(async () => {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
    await nc?.drain();
  });

  test('reports backlog, work in hand and the oldest message of a work queue, by stream and durable', async () => {
    const metrics = new ServiceMetrics('test');
    observeJetStreamConsumers(metrics, nc, () => [{ stream, durable: 'workers' }], { workQueues: [stream] });
    const js = jetstream(nc);
    for (let i = 0; i < 3; i++) await js.publish(subject, new Uint8Array([i]));
    const consumer = await js.consumers.get(stream, 'workers');
    const inHand = await consumer.next({ expires: 2000 });
    expect(inHand).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5)); // so the oldest message's age is measurably above 0

    const samples = parsePrometheusText(await metrics.render());
    const labels = { messaging_destination_name: stream, messaging_consumer_group_name: 'workers' };
    expect(valueOf(samples, 'jetstream_consumer_pending_messages', labels)).toBe(2);
    expect(valueOf(samples, 'jetstream_consumer_ack_pending_messages', labels)).toBe(1);
    expect(valueOf(samples, 'jetstream_work_queue_oldest_message_age_seconds', { messaging_destination_name: stream })).toBeGreaterThan(0);
    inHand!.ack();
    await metrics.shutdown();
  });

  test('leaves out a consumer that does not exist, and still answers the scrape', async () => {
    const metrics = new ServiceMetrics('test');
    observeJetStreamConsumers(metrics, nc, () => [{ stream, durable: 'nobody' }]);
    const samples = parsePrometheusText(await metrics.render());
    expect(samplesOf(samples, 'jetstream_consumer_pending_messages')).toEqual([]);
    expect(samplesOf(samples, 'target_info')).toHaveLength(1);
    await metrics.shutdown();
  });
});

/** A NATS server that completes the handshake and then never answers a request (a hung JetStream). */
async function silentNats(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.write(`INFO ${JSON.stringify({ server_id: 'silent', version: '2.10.0', proto: 1, headers: true, max_payload: 1048576, jetstream: true })}\r\n`);
    socket.on('data', (data) => { if (data.toString().includes('PING')) socket.write('PONG\r\n'); });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `nats://127.0.0.1:${port}`,
    close: () => { for (const s of sockets) s.destroy(); return new Promise((resolve) => server.close(() => resolve())); },
  };
}

// The NATS client's own request timeout is 5 s: a scrape that waited for it would fail this test's 3 s bound.
test('a JetStream that never answers costs the scrape its deadline, not a hang', async () => {
  const server = await silentNats();
  const nc = await connect({ servers: server.url, reconnect: false });
  try {
    const metrics = new ServiceMetrics('test');
    observeJetStreamConsumers(metrics, nc, () => [{ stream: 'ANY', durable: 'any' }], { workQueues: ['ANY'] });
    const samples = parsePrometheusText(await metrics.render());
    expect(samplesOf(samples, 'jetstream_consumer_pending_messages')).toEqual([]);
    expect(samplesOf(samples, 'target_info')).toHaveLength(1);
    await metrics.shutdown();
  } finally {
    await nc.close().catch(() => undefined);
    await server.close();
  }
}, 3000);

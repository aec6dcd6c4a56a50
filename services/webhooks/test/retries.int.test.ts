// Retries, failures and exclusivity with a controlled clock: the background loop is off and each test
// drives `DeliveryWorker.runOnce()` after moving time, so hours of schedule pass without sleeping.
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { createLogger } from '@exs/platform';
import { loadWebhooksConfig } from '../src/config.js';
import { WebhooksModule } from '../src/webhooks.module.js';
import { DeliveryWorker } from '../src/delivery/delivery.worker.js';
import { JOB_EVENTS_STREAM, JobEventsConsumer } from '../src/events/job-events.consumer.js';
import { RETRY_SCHEDULE_MS } from '../src/delivery/schedule.js';
import { call, startHarness, uid, ManualClock, Receiver, type Harness } from './support/harness.js';
import { jest } from '@jest/globals';

// Starting the service (database, migrations, NATS consumers) can take several seconds on a busy 2-core machine.
jest.setTimeout(60_000);

let h: Harness;
let receiver: Receiver;
const clock = new ManualClock();

beforeAll(async () => {
  receiver = await new Receiver().start();
  h = await startHarness({ overrides: { clock, runWorker: false }, env: { WEBHOOKS_DELIVERY_TIMEOUT_MS: '500', WEBHOOKS_LEASE_MS: '60000' } });
});

afterAll(async () => {
  await h?.close();
  await receiver?.stop();
});

beforeEach(async () => {
  // Nothing left due from an earlier test: every test starts with an empty queue.
  await h.db.delivery.updateMany({ where: { status: 'pending' }, data: { status: 'canceled' } });
});

/** An endpoint whose path answers with `status`, and one delivered event waiting for it. */
async function pendingDelivery(respond: Receiver['respond']) {
  const accountId = uid('acct');
  const path = `/${uid('p')}`;
  const previous = receiver.respond;
  receiver.respond = (req, res) => (req.path === path ? respond(req, res) : previous(req, res));
  const { endpoint } = await call(h.api.createEndpoint({ accountId, url: receiver.url(path), eventTypes: [], description: '' }));
  await h.publishSucceeded({ accountId });
  await h.eventsSettled();
  const delivery = await h.db.delivery.findFirstOrThrow({ where: { accountId } });
  return { accountId, path, endpoint: endpoint!, deliveryId: delivery.id };
}

const attemptsOf = (deliveryId: string) => h.db.deliveryAttempt.findMany({ where: { deliveryId }, orderBy: { attemptNumber: 'asc' } });

describe('retries', () => {
  it('retries a failing endpoint on the schedule and gives up after the eighth attempt', async () => {
    const { path, deliveryId } = await pendingDelivery((_req, res) => { res.writeHead(500).end('boom'); });

    expect(await h.worker.runOnce()).toBe(1); // immediately
    for (const delay of RETRY_SCHEDULE_MS.slice(1)) {
      clock.advance(delay - 1);
      expect(await h.worker.runOnce()).toBe(0); // not due yet
      clock.advance(1);
      expect(await h.worker.runOnce()).toBe(1);
    }
    clock.advance(48 * 3_600_000);
    expect(await h.worker.runOnce()).toBe(0);

    expect(receiver.on(path)).toHaveLength(8);
    const delivery = await h.db.delivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 8, nextAttemptAt: null, leaseOwner: null });
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.map((a) => a.attemptNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(attempts.every((a) => a.statusCode === 500 && a.error === 'endpoint answered HTTP 500' && a.responseBody === 'boom')).toBe(true);
    const gaps = attempts.slice(1).map((a, i) => a.startedAt.getTime() - attempts[i]!.startedAt.getTime());
    expect(gaps).toEqual(RETRY_SCHEDULE_MS.slice(1));
  });

  it('keeps the webhook-id across retries and signs each attempt with its own timestamp', async () => {
    const { path } = await pendingDelivery((_req, res) => { res.writeHead(503).end(); });
    await h.worker.runOnce();
    clock.advance(RETRY_SCHEDULE_MS[1]!);
    await h.worker.runOnce();

    const [first, second] = receiver.on(path);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(Number(second!.headers['webhook-timestamp']) - Number(first!.headers['webhook-timestamp'])).toBe(5);
    expect(second!.headers['webhook-signature']).not.toBe(first!.headers['webhook-signature']);
    expect(second!.body).toBe(first!.body);
  });

  it('stops retrying once an attempt gets a 2xx', async () => {
    let calls = 0;
    const { deliveryId } = await pendingDelivery((_req, res) => { res.writeHead(++calls < 3 ? 500 : 200).end(); });
    await h.worker.runOnce();
    clock.advance(RETRY_SCHEDULE_MS[1]!);
    await h.worker.runOnce();
    clock.advance(RETRY_SCHEDULE_MS[2]!);
    await h.worker.runOnce();
    clock.advance(RETRY_SCHEDULE_MS[3]!);
    expect(await h.worker.runOnce()).toBe(0);

    expect(await h.db.delivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ status: 'succeeded', attemptCount: 3, nextAttemptAt: null });
    expect((await attemptsOf(deliveryId)).map((a) => a.statusCode)).toEqual([500, 500, 200]);
  });

  it('does not follow redirects and counts them as failed attempts', async () => {
    const target = `/${uid('elsewhere')}`;
    const { deliveryId } = await pendingDelivery((_req, res) => { res.writeHead(302, { location: receiver.url(target) }).end(); });
    await h.worker.runOnce();

    expect(receiver.on(target)).toHaveLength(0);
    const [attempt] = await attemptsOf(deliveryId);
    expect(attempt).toMatchObject({ statusCode: 302, error: 'endpoint answered HTTP 302' });
    expect((await h.db.delivery.findUniqueOrThrow({ where: { id: deliveryId } })).status).toBe('pending');
  });

  it('stores only a small prefix of the response body', async () => {
    const { deliveryId } = await pendingDelivery((_req, res) => { res.writeHead(500).end('x'.repeat(64 * 1024)); });
    await h.worker.runOnce();

    const [attempt] = await attemptsOf(deliveryId);
    expect(attempt!.responseBody!.length).toBeLessThanOrEqual(1024);
    expect(attempt!.responseBody!.length).toBeGreaterThan(0);
  });

  it('gives up on an endpoint that does not answer within the timeout and schedules a retry', async () => {
    const { deliveryId } = await pendingDelivery(() => { /* never answers */ });
    // Without the delivery timeout runOnce would wait for the endpoint until Jest's timeout.
    await h.worker.runOnce();

    const [attempt] = await attemptsOf(deliveryId);
    expect(attempt).toMatchObject({ statusCode: null, error: 'timed out after 500 ms' });
    const delivery = await h.db.delivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivery.status).toBe('pending');
    expect(delivery.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + RETRY_SCHEDULE_MS[1]!);
  });

  it('records a refused connection as a failed attempt', async () => {
    const accountId = uid('acct');
    const closed = new Receiver();
    await closed.start();
    const url = closed.url('/gone');
    await closed.stop();
    await call(h.api.createEndpoint({ accountId, url, eventTypes: [], description: '' }));
    await h.publishSucceeded({ accountId });
    await h.eventsSettled();
    await h.worker.runOnce();

    const delivery = await h.db.delivery.findFirstOrThrow({ where: { accountId }, include: { attempts: true } });
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringContaining('ECONNREFUSED') });
    expect(delivery.status).toBe('pending');
  });

  it('cancels pending deliveries when their endpoint is deleted', async () => {
    const { accountId, endpoint, deliveryId, path } = await pendingDelivery((_req, res) => { res.writeHead(500).end(); });
    await h.worker.runOnce();
    await call(h.api.deleteEndpoint({ accountId, endpointId: endpoint.id }));
    clock.advance(RETRY_SCHEDULE_MS[1]!);
    await h.worker.runOnce();

    expect(receiver.on(path)).toHaveLength(1);
    expect((await h.db.delivery.findUniqueOrThrow({ where: { id: deliveryId } })).status).toBe('canceled');
  });
});

describe('several instances', () => {
  let second: INestApplicationContext;

  beforeAll(async () => {
    const config = loadWebhooksConfig({
      DATABASE_URL: h.databaseUrl,
      NATS_URL: process.env.EXS_TEST_NATS_URL,
      HTTP_PORT: '1',
      GRPC_PORT: '1',
      NODE_ENV: 'test',
      WEBHOOKS_ALLOW_INSECURE_URLS: 'true',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_CONCURRENCY: '3',
    });
    second = await NestFactory.createApplicationContext(
      WebhooksModule.forRoot(config, createLogger('webhooks-test-2', 'silent'), { clock, runWorker: false, consumerName: uid('webhooks-test-2') }),
      { logger: false },
    );
  });

  afterAll(async () => {
    const names = second?.get(JobEventsConsumer).durableNames() ?? [];
    await second?.close();
    const jsm = await jetstreamManager(h.nc);
    for (const name of names) await jsm.consumers.delete(JOB_EVENTS_STREAM, name).catch(() => undefined);
  });

  it('never sends the same attempt twice when instances claim concurrently', async () => {
    const accountId = uid('acct');
    const path = `/${uid('p')}`;
    await call(h.api.createEndpoint({ accountId, url: receiver.url(path), eventTypes: [], description: '' }));
    for (let i = 0; i < 20; i++) await h.publishSucceeded({ accountId });
    await h.eventsSettled();
    expect(await h.db.delivery.count({ where: { accountId } })).toBe(20);

    const workers = [h.worker, second.get(DeliveryWorker)];
    for (let round = 0; round < 20; round++) {
      const sent = await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
      if (sent.every((n) => n === 0)) break;
    }

    const ids = receiver.on(path).map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(await h.db.deliveryAttempt.count({ where: { delivery: { accountId } } })).toBe(20);
  });

  it('leaves a claimed delivery to its instance until the lease expires', async () => {
    const { deliveryId, path } = await pendingDelivery((_req, res) => { res.writeHead(204).end(); });
    // An instance claims the row and dies before attempting it.
    await h.db.delivery.update({ where: { id: deliveryId }, data: { leaseOwner: 'dead-instance', leaseUntil: new Date(clock.now().getTime() + 60_000) } });
    expect(await second.get(DeliveryWorker).runOnce()).toBe(0);
    expect(receiver.on(path)).toHaveLength(0);

    clock.advance(60_000);
    expect(await second.get(DeliveryWorker).runOnce()).toBe(1);
    expect(receiver.on(path)).toHaveLength(1);
  });
});

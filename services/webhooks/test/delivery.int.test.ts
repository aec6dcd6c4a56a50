// End to end inside the service: job events on the real NATS become signed HTTP deliveries to a local
// receiver, with the background delivery loop running on the real clock.
import { Webhook } from 'standardwebhooks';
import { call, eventually, startHarness, uid, Receiver, type Harness } from './support/harness.js';
import { jest } from '@jest/globals';

// Starting the service (database, migrations, NATS consumers) can take several seconds on a busy 2-core machine.
jest.setTimeout(60_000);

let h: Harness;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await new Receiver().start();
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
  await receiver?.stop();
});

async function createEndpoint(accountId: string, path: string, eventTypes: string[] = []) {
  const { endpoint } = await call(h.api.createEndpoint({ accountId, url: receiver.url(path), eventTypes, description: '' }));
  return endpoint!;
}

describe('webhook delivery', () => {
  it('delivers a job.succeeded event as a signed request that verifies with the endpoint secret', async () => {
    const accountId = uid('acct');
    const path = `/${uid('p')}`;
    const endpoint = await createEndpoint(accountId, path);
    const event = await h.publishSucceeded({ accountId, billedPages: 7 });

    const [request] = await eventually(() => {
      const got = receiver.on(path);
      if (!got.length) throw new Error('not delivered yet');
      return got;
    });

    const verified = new Webhook(endpoint.secret).verify(request!.body, request!.headers as Record<string, string>) as Record<string, any>;
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(verified).toEqual({
      type: 'job.succeeded',
      timestamp: new Date(Number(event.finishedAtMs)).toISOString(),
      data: {
        job_id: event.jobId,
        request_id: event.requestId,
        state: 'succeeded',
        billed_pages: 7,
        finished_at: new Date(Number(event.finishedAtMs)).toISOString(),
      },
    });
  });

  it('delivers a job.failed event with the error code and its static message', async () => {
    const accountId = uid('acct');
    const path = `/${uid('p')}`;
    await createEndpoint(accountId, path);
    const event = await h.publishFailed({ accountId, errorCode: 'extraction_failed' });

    const [request] = await eventually(() => {
      const got = receiver.on(path);
      if (!got.length) throw new Error('not delivered yet');
      return got;
    });
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'job.failed',
      data: { job_id: event.jobId, request_id: event.requestId, state: 'failed', error: { code: 'extraction_failed', message: 'The extraction pipeline could not produce a result.' } },
    });
  });

  it('records a delivered attempt with its status code and latency', async () => {
    const accountId = uid('acct');
    const path = `/${uid('p')}`;
    const endpoint = await createEndpoint(accountId, path);
    await h.publishSucceeded({ accountId });

    const delivery = await eventually(async () => {
      const [d] = (await call(h.api.listDeliveries({ accountId, endpointId: endpoint.id, limit: 10 }))).deliveries;
      if (d?.status !== 'succeeded') throw new Error('not delivered yet');
      return d;
    });
    expect(delivery).toMatchObject({ eventType: 'job.succeeded', attemptCount: 1, nextAttemptAtMs: '0' });
    expect(delivery.attempts).toEqual([expect.objectContaining({ attemptNumber: 1, statusCode: 204, error: '' })]);
    expect(delivery.attempts[0]!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('delivers a redelivered event only once', async () => {
    const accountId = uid('acct');
    const path = `/${uid('p')}`;
    await createEndpoint(accountId, path);
    const event = await h.publishSucceeded({ accountId });
    // The same event again under another message id: JetStream's de-duplication does not catch it, so
    // this is what a redelivery after a lost ack looks like to the consumer.
    await h.publishSucceeded(event, `${event.jobId}.succeeded.again`);
    await h.eventsSettled();
    await eventually(() => expect(receiver.on(path)).toHaveLength(1));

    expect(await h.db.delivery.count({ where: { accountId } })).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.on(path)).toHaveLength(1);
  });

  it('never delivers an event to another account\'s endpoints', async () => {
    const [owner, other] = [uid('acct'), uid('acct')];
    const [ownerPath, otherPath] = [`/${uid('p')}`, `/${uid('p')}`];
    await createEndpoint(owner, ownerPath);
    await createEndpoint(other, otherPath);
    await h.publishSucceeded({ accountId: owner });
    await h.eventsSettled();
    await eventually(() => expect(receiver.on(ownerPath)).toHaveLength(1));

    expect(receiver.on(otherPath)).toHaveLength(0);
    expect(await h.db.delivery.count({ where: { accountId: other } })).toBe(0);
  });

  it('sends an event only to endpoints subscribed to its type', async () => {
    const accountId = uid('acct');
    const [failedOnly, all] = [`/${uid('p')}`, `/${uid('p')}`];
    await createEndpoint(accountId, failedOnly, ['job.failed']);
    await createEndpoint(accountId, all);
    await h.publishSucceeded({ accountId });
    await h.eventsSettled();
    await eventually(() => expect(receiver.on(all)).toHaveLength(1));

    expect(receiver.on(failedOnly)).toHaveLength(0);
  });

  it('fans one event out to every endpoint of the account with one webhook-id each', async () => {
    const accountId = uid('acct');
    const paths = [`/${uid('p')}`, `/${uid('p')}`];
    for (const p of paths) await createEndpoint(accountId, p);
    await h.publishSucceeded({ accountId });
    await eventually(() => paths.forEach((p) => expect(receiver.on(p)).toHaveLength(1)));

    const ids = paths.map((p) => receiver.on(p)[0]!.headers['webhook-id']);
    expect(new Set(ids).size).toBe(2);
  });
});

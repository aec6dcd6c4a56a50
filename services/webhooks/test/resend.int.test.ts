// ResendDelivery: a finished delivery sent again on request (the dashboard's resend button), scoped to
// the account, with the same webhook-id and body and a fresh signature. Real PostgreSQL, NATS and a local receiver.
import { randomBytes } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { Webhook } from 'standardwebhooks';
import { jest } from '@jest/globals';
import { call, eventually, startHarness, uid, Receiver, type Harness } from './support/harness.js';

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

const codeOf = (p: Promise<unknown>) => p.then(() => undefined, (err: { code?: number }) => err.code);

/** An endpoint of a new account with one delivery that reached `status`. */
async function finishedDelivery(answer: number) {
  const accountId = uid('acct');
  const path = `/${uid('p')}`;
  receiver.respond = (req, res) => { res.writeHead(req.path === path ? answer : 204).end(); };
  const { endpoint } = await call(h.api.createEndpoint({ accountId, url: receiver.url(path), eventTypes: [], description: '' }));
  await h.publishSucceeded({ accountId });
  const delivery = await eventually(async () => {
    const [d] = (await call(h.api.listDeliveries({ accountId, endpointId: endpoint!.id, limit: 10 }))).deliveries;
    if (d?.status !== 'succeeded' && d?.attemptCount !== 1) throw new Error('no attempt yet');
    return d!;
  });
  return { accountId, path, endpoint: endpoint!, delivery };
}

afterEach(() => { receiver.respond = (_req, res) => { res.writeHead(204).end(); }; });

test('a delivered message is sent again with the same webhook-id and body and a valid new signature', async () => {
  const { accountId, path, endpoint, delivery } = await finishedDelivery(204);
  const resent = await call(h.api.resendDelivery({ accountId, deliveryId: delivery.id }));
  expect(resent.delivery).toMatchObject({ id: delivery.id, status: 'pending', attemptCount: 1 });
  const [first, second] = await eventually(() => {
    const got = receiver.on(path);
    if (got.length < 2) throw new Error('not resent yet');
    return got;
  });
  expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  expect(second!.body).toBe(first!.body);
  new Webhook(endpoint.secret).verify(second!.body, second!.headers as Record<string, string>);
  const after = await eventually(async () => {
    const [d] = (await call(h.api.listDeliveries({ accountId, endpointId: endpoint.id, limit: 10 }))).deliveries;
    if (d?.attemptCount !== 2) throw new Error('attempt not recorded yet');
    return d;
  });
  expect(after).toMatchObject({ status: 'succeeded', attemptCount: 2 });
  expect(after.attempts.map((a) => a.attemptNumber)).toEqual([1, 2]);
});

test('a pending delivery is returned unchanged, not scheduled twice', async () => {
  const { accountId, delivery } = await finishedDelivery(500);
  // The first attempt failed: the delivery is pending with its next attempt scheduled by the retry schedule.
  const before = await h.db.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
  expect(before.status).toBe('pending');
  const resent = await call(h.api.resendDelivery({ accountId, deliveryId: delivery.id }));
  expect(resent.delivery!.nextAttemptAtMs).toBe(String(before.nextAttemptAt!.getTime()));
});

test('another account, an unknown id, a malformed id and a deleted endpoint\'s delivery are NOT_FOUND', async () => {
  const { accountId, endpoint, delivery } = await finishedDelivery(204);
  await eventually(async () => expect((await h.db.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe('succeeded'));
  expect(await codeOf(call(h.api.resendDelivery({ accountId: uid('acct'), deliveryId: delivery.id })))).toBe(status.NOT_FOUND);
  expect(await codeOf(call(h.api.resendDelivery({ accountId, deliveryId: `msg_${randomBytes(16).toString('hex')}` })))).toBe(status.NOT_FOUND);
  expect(await codeOf(call(h.api.resendDelivery({ accountId, deliveryId: 'msg_nope' })))).toBe(status.NOT_FOUND);
  expect((await h.db.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe('succeeded');
  await call(h.api.deleteEndpoint({ accountId, endpointId: endpoint.id }));
  expect(await codeOf(call(h.api.resendDelivery({ accountId, deliveryId: delivery.id })))).toBe(status.NOT_FOUND);
});

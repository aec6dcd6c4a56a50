// The webhooks service's /metrics on its HTTP port: the Prometheus scrape, gRPC RED, delivery attempts and
// their outcomes, deliveries pending, and its JetStream consumers' backlog. Real PostgreSQL and NATS, a
// local receiver, the background delivery loop on the real clock.
import { jest } from '@jest/globals';
import { PROMETHEUS_CONTENT_TYPE } from '@exs/platform';
import { samplesOf, scrape, valueOf, type Sample } from '../../../test/support/prometheus-text.js';
import { call, eventually, startHarness, uid, Receiver, type Harness } from './support/harness.js';

jest.setTimeout(60_000);

let h: Harness;
let receiver: Receiver;
let url: string;
beforeAll(async () => {
  receiver = await new Receiver().start();
  receiver.respond = (req, res) => { res.writeHead(req.path.startsWith('/down') ? 500 : 204).end(); };
  h = await startHarness();
  url = `http://127.0.0.1:${h.httpPort}`;
});
afterAll(async () => {
  await h?.close();
  await receiver?.stop();
});

async function endpointFor(accountId: string, path: string) {
  await call(h.api.createEndpoint({ accountId, url: receiver.url(path), eventTypes: [], description: '' }));
}

test('GET /metrics answers 200 in the Prometheus text format', async () => {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(PROMETHEUS_CONTENT_TYPE);
});

test('an endpoint registration is counted under its gRPC method', async () => {
  await endpointFor(uid('acct'), '/registered');
  const samples = await scrape(url);
  expect(valueOf(samples, 'rpc_server_requests_total', { rpc_service: 'exs.webhooks.v1.WebhooksService', rpc_method: 'CreateEndpoint', rpc_grpc_status_code: 'OK', error_code: 'none' })).toBeGreaterThanOrEqual(1);
});

test('a delivered event counts one delivered attempt with its latency and one succeeded delivery', async () => {
  const accountId = uid('acct');
  const path = `/${uid('ok')}`;
  await endpointFor(accountId, path);
  const before = await scrape(url);
  await h.publishSucceeded({ accountId });
  await eventually(() => { if (!receiver.on(path).length) throw new Error('not delivered yet'); });
  const after = await eventually(async () => {
    const s = await scrape(url);
    if (valueOf(s, 'exs_webhook_deliveries_finished_total', { status: 'succeeded' }) === valueOf(before, 'exs_webhook_deliveries_finished_total', { status: 'succeeded' })) throw new Error('not recorded yet');
    return s;
  });
  const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
  expect(delta('exs_webhook_attempts_total', { result: 'delivered' })).toBe(1);
  expect(delta('exs_webhook_attempt_duration_seconds_count', { result: 'delivered' })).toBe(1);
  expect(delta('exs_webhook_deliveries_finished_total', { status: 'succeeded' })).toBe(1);
});

test('an attempt the endpoint answers with 500 counts as rejected and leaves the delivery pending', async () => {
  const accountId = uid('acct');
  const path = `/down-${uid('p')}`;
  await endpointFor(accountId, path);
  const before = await scrape(url);
  await h.publishFailed({ accountId });
  await eventually(() => { if (!receiver.on(path).length) throw new Error('not attempted yet'); });
  const after = await eventually(async () => {
    const s = await scrape(url);
    if (valueOf(s, 'exs_webhook_attempts_total', { result: 'rejected' }) === valueOf(before, 'exs_webhook_attempts_total', { result: 'rejected' })) throw new Error('not recorded yet');
    return s;
  });
  expect(valueOf(after, 'exs_webhook_attempts_total', { result: 'rejected' }) - valueOf(before, 'exs_webhook_attempts_total', { result: 'rejected' })).toBe(1);
  // The next attempt is 5 s away: the delivery is pending, and not yet due.
  expect(valueOf(after, 'exs_webhook_deliveries_pending')).toBe(1);
  expect(samplesOf(after, 'exs_webhook_oldest_due_delivery_age_seconds')).toEqual([expect.objectContaining({ value: 0 })]);
});

test("the job-event consumers' backlog is sampled from JetStream at scrape, by stream and durable", async () => {
  await h.eventsSettled();
  const samples: Sample[] = await scrape(url);
  for (const durable of h.consumer.durableNames()) {
    const labels = { messaging_destination_name: 'EXS_JOB_EVENTS', messaging_consumer_group_name: durable };
    expect(samplesOf(samples, 'jetstream_consumer_pending_messages', labels)).toEqual([expect.objectContaining({ value: 0 })]);
    expect(samplesOf(samples, 'jetstream_consumer_ack_pending_messages', labels)).toEqual([expect.objectContaining({ value: 0 })]);
  }
});

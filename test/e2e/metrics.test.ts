// GET /metrics on every process of the running stack (docs/operations.md, "Metrics"): each serves the
// documented names, and a sync extraction, an upload, and a job that ends with a webhook delivered move the
// counters and gauges that describe them. Values are compared before and after (scrape, act, scrape), never
// as absolute numbers, because the stack's own probes count too.
import { createServer, type Server } from 'node:http';
import { ocrOnlyPdf } from '../support/ocr-pdf.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { ApiClient, b64 } from '../support/api-client.js';
import { declaredMetrics, parsePrometheusText, samplesOf, scrape, valueOf, type Sample } from '../support/prometheus-text.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

type Service = 'gateway' | 'uploads' | 'extraction' | 'billing' | 'ratelimit' | 'webhooks' | 'dashboard' | 'mcp';
const SERVICES: Service[] = ['gateway', 'uploads', 'extraction', 'billing', 'ratelimit', 'webhooks', 'dashboard', 'mcp'];
const JOB_QUEUE = { messaging_destination_name: 'EXS_JOB_REQUESTS', messaging_consumer_group_name: 'extraction-workers' };
const JOB_PAGES = 3;

let stack: TestStack;
let receiver: Server;
const delivered: Array<{ type: string; data: { job_id: string } }> = [];
const before = new Map<Service, Sample[]>();
const after = new Map<Service, Sample[]>();
/** The metrics each service's last scrape declared, by name, with their types. */
const declared = new Map<Service, Map<string, string>>();
/** The extraction and billing scrapes while the job was in a worker's hands. */
let inHand: Sample[];
let heldInHand: Sample[];
let jobId: string;

const metricsUrl = (service: Service) => `http://127.0.0.1:${stack.specs.find((s) => s.name === service)!.httpPort}`;
const scrapeAll = async (into: Map<Service, Sample[]>) => {
  for (const service of SERVICES) {
    const res = await fetch(`${metricsUrl(service)}/metrics`);
    if (res.status !== 200) throw new Error(`${service} /metrics answered ${res.status}`);
    const text = await res.text();
    into.set(service, parsePrometheusText(text));
    declared.set(service, declaredMetrics(text));
  }
};
/** How far a metric (the sum of the series matching `labels`) moved on one service between the two scrapes. */
const moved = (service: Service, name: string, labels: Record<string, string> = {}) => valueOf(after.get(service)!, name, labels) - valueOf(before.get(service)!, name, labels);

beforeAll(async () => {
  stack = await startTestStack();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => { delivered.push(JSON.parse(body)); res.writeHead(204).end(); });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const client = new ApiClient(stack.gatewayUrl, createAccount(stack, 'metrics@example.com').api_key);
  await scrapeAll(before);

  expect((await client.post('/v1/webhook_endpoints', { url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks` })).status).toBe(201);
  expect((await client.post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await sampleInvoicePdf(2)) } })).status).toBe(200);
  const staged = await client.request('POST', '/v1/uploads', { body: Buffer.from(await ocrOnlyPdf(JOB_PAGES)), headers: { 'content-type': 'application/pdf' } });
  expect(staged.status).toBe(201);
  const admitted = await client.post('/v1/jobs', { schema: sampleInvoiceSchema, document: { upload_key: staged.body.upload_key } });
  expect(admitted.status).toBe(202);
  jobId = admitted.body.id;
  // OCR pages take about a second each, so the job is in hand for seconds: long enough to be sampled there.
  inHand = await waitFor('a scrape showing the job in a worker\'s hands', async () => {
    const [samples, billing] = await Promise.all([scrape(metricsUrl('extraction')), scrape(metricsUrl('billing'))]);
    if (valueOf(samples, 'jetstream_consumer_ack_pending_messages', JOB_QUEUE) >= 1) { heldInHand = billing; return samples; }
    const state = (await client.get(`/v1/jobs/${jobId}`)).body.state;
    if (state === 'succeeded' || state === 'failed') throw new Error(`the job ended (${state}) before a scrape saw it in hand`);
    return undefined;
  }, 60_000);
  const done = await waitFor('the job to end', async () => {
    const res = await client.get(`/v1/jobs/${jobId}`);
    return res.body.state === 'succeeded' || res.body.state === 'failed' ? res : undefined;
  }, 120_000);
  expect(done.body.state).toBe('succeeded');
  await waitFor('the job.succeeded webhook', () => delivered.find((d) => d.data.job_id === jobId), 60_000);
  // Sampled gauges and the webhook's counters settle just after the events the test sees: wait for them.
  await waitFor('the settled scrapes', async () => {
    await scrapeAll(after);
    const extraction = after.get('extraction')!;
    const settled = valueOf(extraction, 'jetstream_consumer_ack_pending_messages', JOB_QUEUE) === 0
      && valueOf(extraction, 'jetstream_work_queue_oldest_message_age_seconds', { messaging_destination_name: 'EXS_JOB_REQUESTS' }) === 0
      && moved('webhooks', 'exs_webhook_deliveries_finished_total', { status: 'succeeded' }) >= 1
      && valueOf(after.get('billing')!, 'exs_billing_reservations_held') === 0;
    return settled || undefined;
  }, 30_000);
}, 300_000);

afterAll(async () => {
  if (receiver) await new Promise<void>((r) => receiver.close(() => r()));
  await stack?.dispose();
}, 60_000);

test('every service and the gateway serve /metrics with target_info naming the service', () => {
  for (const service of SERVICES) {
    expect([service, samplesOf(after.get(service)!, 'target_info').map((s) => s.labels.service_name)]).toEqual([service, [service]]);
  }
});

// Every name docs/operations.md ("Metrics") lists, by the service that exports it, with its type.
const EVERY_SERVICE = { http_server_requests_total: 'counter', http_server_request_duration_seconds: 'histogram', target_info: 'gauge' };
const RPC = { rpc_server_requests_total: 'counter', rpc_server_duration_seconds: 'histogram' };
const RATE_LIMIT = { exs_rate_limit_decisions_total: 'counter' };
const JETSTREAM = { jetstream_consumer_pending_messages: 'gauge', jetstream_consumer_ack_pending_messages: 'gauge', jetstream_consumer_redelivered_messages: 'gauge' };
const DOCUMENTED: Record<Service, Record<string, string>> = {
  gateway: { ...EVERY_SERVICE, ...RATE_LIMIT, exs_api_key_cache_lookups_total: 'counter' },
  uploads: { ...EVERY_SERVICE, ...RPC },
  extraction: {
    ...EVERY_SERVICE, ...RPC, ...JETSTREAM,
    exs_pages_extracted_total: 'counter', exs_engine_threads: 'gauge', exs_engine_busy_threads: 'gauge', exs_engine_queued_calls: 'gauge',
    exs_engine_deadline_kills_total: 'counter', exs_jobs_finished_total: 'counter', exs_job_duration_seconds: 'histogram',
    jetstream_work_queue_oldest_message_age_seconds: 'gauge',
  },
  billing: {
    ...EVERY_SERVICE, ...RPC,
    exs_billing_reservations_held: 'gauge', exs_billing_reservations_held_micros: 'gauge', exs_billing_oldest_reservation_age_seconds: 'gauge',
    exs_billing_reservations_expired_total: 'counter',
  },
  ratelimit: { ...EVERY_SERVICE, ...RPC, ...RATE_LIMIT },
  webhooks: {
    ...EVERY_SERVICE, ...RPC, ...JETSTREAM,
    exs_webhook_attempts_total: 'counter', exs_webhook_attempt_duration_seconds: 'histogram', exs_webhook_deliveries_finished_total: 'counter',
    exs_webhook_deliveries_pending: 'gauge', exs_webhook_oldest_due_delivery_age_seconds: 'gauge',
  },
  dashboard: EVERY_SERVICE,
  mcp: EVERY_SERVICE,
};

test('each service declares every metric docs/operations.md lists for it, with the documented type', () => {
  for (const service of SERVICES) {
    const types = declared.get(service)!;
    const missing = Object.entries(DOCUMENTED[service])
      .filter(([name, type]) => types.get(name) !== type).map(([name, type]) => `${name} (${type}; served: ${types.get(name) ?? 'none'})`);
    expect([service, missing]).toEqual([service, []]);
  }
});

// Counters whose labels take a fixed set of values are served for each value from start-up (at 0 until the
// first event), so rate() in dashboards and alerts has a series before anything happened: the first scrape,
// taken before this test sent any request, already holds them.
const SERVED_FROM_START: Array<[Service, string, Array<Record<string, string>>]> = [
  ['billing', 'exs_billing_reservations_expired_total', [{}]],
  ['webhooks', 'exs_webhook_attempts_total', ['delivered', 'rejected', 'unreachable', 'refused'].map((result) => ({ result }))],
  ['webhooks', 'exs_webhook_deliveries_finished_total', ['succeeded', 'failed', 'canceled'].map((status) => ({ status }))],
  ['extraction', 'exs_pages_extracted_total', ['sync', 'job'].flatMap((path) => ['digital', 'ocr'].map((source) => ({ path, source })))],
  ['extraction', 'exs_jobs_finished_total', [{ outcome: 'succeeded', error_code: 'none' }, { outcome: 'failed', error_code: 'extraction_failed' }, { outcome: 'failed', error_code: 'internal_error' }]],
  ['gateway', 'exs_api_key_cache_lookups_total', [{ result: 'hit' }, { result: 'miss' }]],
  ['gateway', 'exs_rate_limit_decisions_total', ['allowed', 'rejected', 'unavailable'].map((outcome) => ({ limit: 'requests', outcome }))],
  ['ratelimit', 'exs_rate_limit_decisions_total', ['requests', 'daily_pages'].flatMap((limit) => ['allowed', 'rejected'].map((outcome) => ({ limit, outcome })))],
  ['mcp', 'mcp_tool_calls_total', ['extract_document', 'submit_extraction_job', 'get_extraction_job'].map((tool) => ({ tool, error_code: 'none' }))],
];

test('counters with a fixed label set are served for every label value before their first event', () => {
  for (const [service, name, labelSets] of SERVED_FROM_START) {
    const absent = labelSets.filter((labels) => samplesOf(before.get(service)!, name, labels).length === 0).map((l) => JSON.stringify(l));
    expect([service, name, absent]).toEqual([service, name, []]);
  }
  // Nothing expired during the test: billing's expiry counter is there, at 0.
  expect(valueOf(after.get('billing')!, 'exs_billing_reservations_expired_total')).toBe(0);
});

test('the gateway counts each public route it served under its template, method, status and error code', () => {
  const routes: Array<[string, string, string]> = [
    ['/v1/webhook_endpoints', 'POST', '201'], ['/v1/extract', 'POST', '200'], ['/v1/uploads', 'POST', '201'], ['/v1/jobs', 'POST', '202'], ['/v1/jobs/:id', 'GET', '200'],
  ];
  for (const [http_route, http_request_method, http_response_status_code] of routes) {
    const labels = { http_route, http_request_method, http_response_status_code };
    expect([http_route, moved('gateway', 'http_server_requests_total', { ...labels, error_code: 'none' }) >= 1]).toEqual([http_route, true]);
    expect([http_route, moved('gateway', 'http_server_request_duration_seconds_count', labels) >= 1]).toEqual([http_route, true]);
  }
});

test('each internal service counts the gRPC methods the requests called, as OK', () => {
  const calls: Array<[Service, string, string]> = [
    ['extraction', 'exs.extraction.v1.ExtractionService', 'Extract'],
    ['extraction', 'exs.extraction.v1.ExtractionService', 'SubmitJob'],
    ['extraction', 'exs.extraction.v1.ExtractionService', 'GetJob'],
    ['uploads', 'exs.uploads.v1.UploadsService', 'Stage'],
    ['billing', 'exs.billing.v1.BillingService', 'Reserve'],
    ['billing', 'exs.billing.v1.BillingService', 'Capture'],
    ['ratelimit', 'exs.ratelimit.v1.RateLimitService', 'ReservePages'],
    ['webhooks', 'exs.webhooks.v1.WebhooksService', 'CreateEndpoint'],
  ];
  for (const [service, rpc_service, rpc_method] of calls) {
    const labels = { rpc_service, rpc_method, rpc_grpc_status_code: 'OK' };
    expect([rpc_method, moved(service, 'rpc_server_requests_total', { ...labels, error_code: 'none' }) >= 1]).toEqual([rpc_method, true]);
    expect([rpc_method, moved(service, 'rpc_server_duration_seconds_count', labels) >= 1]).toEqual([rpc_method, true]);
  }
});

test('the dashboard and the MCP server count HTTP requests too', async () => {
  for (const service of ['dashboard', 'mcp'] as const) {
    const url = metricsUrl(service);
    const labels = { http_route: '/healthz/ready', http_request_method: 'GET', http_response_status_code: '200' };
    const start = valueOf(await scrape(url), 'http_server_requests_total', labels);
    expect((await fetch(`${url}/healthz/ready`)).status).toBe(200);
    expect([service, valueOf(await scrape(url), 'http_server_requests_total', labels) - start]).toEqual([service, 1]);
  }
});

test('the sync extraction counts its pages under path="sync" and the job its pages under path="job"', () => {
  expect(moved('extraction', 'exs_pages_extracted_total', { path: 'sync' })).toBe(2);
  expect(moved('extraction', 'exs_pages_extracted_total', { path: 'job' })).toBe(JOB_PAGES);
});

test('the job is counted once as succeeded, with one duration observation', () => {
  expect(moved('extraction', 'exs_jobs_finished_total', { outcome: 'succeeded', error_code: 'none' })).toBe(1);
  expect(moved('extraction', 'exs_jobs_finished_total', { outcome: 'failed' })).toBe(0);
  expect(moved('extraction', 'exs_job_duration_seconds_count', { outcome: 'succeeded' })).toBe(1);
});

test('the job queue gauges show the job in hand while it runs and return to 0 after it', () => {
  const oldest = { messaging_destination_name: 'EXS_JOB_REQUESTS' };
  expect(valueOf(inHand, 'jetstream_consumer_ack_pending_messages', JOB_QUEUE)).toBe(1);
  expect(valueOf(inHand, 'jetstream_work_queue_oldest_message_age_seconds', oldest)).toBeGreaterThan(0);
  const extraction = after.get('extraction')!;
  for (const name of ['jetstream_consumer_pending_messages', 'jetstream_consumer_ack_pending_messages', 'jetstream_consumer_redelivered_messages']) {
    expect([name, samplesOf(extraction, name, JOB_QUEUE).map((s) => s.value)]).toEqual([name, [0]]);
  }
  expect(samplesOf(extraction, 'jetstream_work_queue_oldest_message_age_seconds', oldest).map((s) => s.value)).toEqual([0]);
});

test('billing reports its holds: one held while the job runs, none after it settled', () => {
  expect(valueOf(heldInHand, 'exs_billing_reservations_held')).toBe(1);
  expect(valueOf(heldInHand, 'exs_billing_reservations_held_micros')).toBeGreaterThan(0);
  const billing = after.get('billing')!;
  for (const name of ['exs_billing_reservations_held', 'exs_billing_reservations_held_micros', 'exs_billing_oldest_reservation_age_seconds']) {
    expect([name, samplesOf(billing, name).map((s) => s.value)]).toEqual([name, [0]]);
  }
});

test('the webhook delivery is counted as one delivered attempt and one succeeded delivery', () => {
  expect(moved('webhooks', 'exs_webhook_attempts_total', { result: 'delivered' })).toBe(1);
  expect(moved('webhooks', 'exs_webhook_attempts_total')).toBe(1);
  expect(moved('webhooks', 'exs_webhook_attempt_duration_seconds_count', { result: 'delivered' })).toBe(1);
  expect(moved('webhooks', 'exs_webhook_deliveries_finished_total', { status: 'succeeded' })).toBe(1);
  const webhooks = after.get('webhooks')!;
  expect(samplesOf(webhooks, 'exs_webhook_deliveries_pending').map((s) => s.value)).toEqual([0]);
  expect(samplesOf(webhooks, 'exs_webhook_oldest_due_delivery_age_seconds').map((s) => s.value)).toEqual([0]);
  expect(samplesOf(webhooks, 'jetstream_consumer_pending_messages', { messaging_destination_name: 'EXS_JOB_EVENTS' }).map((s) => s.labels.messaging_consumer_group_name).sort())
    .toEqual([expect.stringMatching(/-job-failed$/), expect.stringMatching(/-job-succeeded$/)]);
});

test('the gateway counts key-cache lookups and allowed rate-limit decisions; ratelimit counts the page-quota decisions', () => {
  expect(moved('gateway', 'exs_api_key_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
  expect(moved('gateway', 'exs_api_key_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
  // Four rate-limited requests: polling GET /v1/jobs/:id is not rate limited.
  expect(moved('gateway', 'exs_rate_limit_decisions_total', { limit: 'requests', outcome: 'allowed' })).toBe(4);
  expect(moved('ratelimit', 'exs_rate_limit_decisions_total', { limit: 'daily_pages', outcome: 'allowed' })).toBe(2);
});

test('the extraction engine gauges are served: its threads, none busy or queued after the work', () => {
  const extraction = after.get('extraction')!;
  expect(valueOf(extraction, 'exs_engine_threads')).toBeGreaterThanOrEqual(1);
  expect(samplesOf(extraction, 'exs_engine_busy_threads').map((s) => s.value)).toEqual([0]);
  expect(samplesOf(extraction, 'exs_engine_queued_calls').map((s) => s.value)).toEqual([0]);
});

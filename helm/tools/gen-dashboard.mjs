#!/usr/bin/env node
// Generates helm/exs/files/dashboards/exs.json, the Grafana dashboard the chart ships (metrics.dashboard):
//   node helm/tools/gen-dashboard.mjs > helm/exs/files/dashboards/exs.json
// Checked by test/deploy/helm-monitoring.test.ts: the file is this script's output, it is valid dashboard
// JSON, and every metric its queries name is listed in docs/operations.md "Metrics".
// Panels are described compactly below; ids and grid positions are assigned here (two panels a row).

const NS = 'namespace=~"$namespace"';
const API = `${NS},http_route=~"/v1/.*|/status"`;
const RI = '[$__rate_interval]';
const q = (expr, legendFormat) => ({ expr, legendFormat });

/** Rows of panels: [title, unit, queries, description]. */
const rows = [
  ['Public API (gateway)', [
    ['Requests per second by route', 'reqps', [q(`sum by (http_route, http_request_method) (rate(http_server_requests_total{${API}}${RI}))`, '{{http_request_method}} {{http_route}}')],
      'Rate of responses of the public API (route templates; /healthz and /metrics excluded).'],
    ['5xx ratio by route', 'percentunit', [q(`sum by (http_route) (rate(http_server_requests_total{${API},http_response_status_code=~"5.."}${RI})) / sum by (http_route) (rate(http_server_requests_total{${API}}${RI}))`, '{{http_route}}')],
      'Share of responses that are 5xx: what the ExsApiErrorBudgetBurn alert watches.'],
    ['Errors by code', 'reqps', [q(`sum by (error_code, http_response_status_code) (rate(http_server_requests_total{${API},error_code!="none"}${RI}))`, '{{http_response_status_code}} {{error_code}}')],
      'Error responses by the contract\'s error code.'],
    ['Latency p50 / p99 by route', 's', [
      q(`histogram_quantile(0.99, sum by (http_route, le) (rate(http_server_request_duration_seconds_bucket{${API}}${RI})))`, 'p99 {{http_route}}'),
      q(`histogram_quantile(0.5, sum by (http_route, le) (rate(http_server_request_duration_seconds_bucket{${API}}${RI})))`, 'p50 {{http_route}}'),
    ], 'Time from receiving a request to sending its response.'],
    ['Rate-limit decisions (not allowed)', 'reqps', [q(`sum by (job, limit, outcome) (rate(exs_rate_limit_decisions_total{${NS},outcome!="allowed"}${RI}))`, '{{job}} {{limit}} {{outcome}}')],
      'Rejected requests (429) and decisions taken without the limiter (unavailable: fail-open).'],
    ['API key cache hit ratio', 'percentunit', [q(`sum(rate(exs_api_key_cache_lookups_total{${NS},result="hit"}${RI})) / sum(rate(exs_api_key_cache_lookups_total{${NS}}${RI}))`, 'hit ratio')],
      'Verifications answered by the gateway\'s key cache rather than PostgreSQL.'],
  ]],
  ['Internal gRPC', [
    ['Calls per second by method', 'reqps', [q(`sum by (rpc_service, rpc_method) (rate(rpc_server_requests_total{${NS}}${RI}))`, '{{rpc_service}}/{{rpc_method}}')],
      'gRPC calls served by uploads, extraction, billing, ratelimit and webhooks.'],
    ['Faults and refusals by method', 'reqps', [
      q(`sum by (rpc_method, rpc_grpc_status_code) (rate(rpc_server_requests_total{${NS},rpc_grpc_status_code!="OK"}${RI}))`, '{{rpc_method}} {{rpc_grpc_status_code}}'),
      q(`sum by (rpc_method, error_code) (rate(rpc_server_requests_total{${NS},rpc_grpc_status_code="OK",error_code!="none"}${RI}))`, '{{rpc_method}} {{error_code}}'),
    ], 'Faults (a gRPC status other than OK) and refusals answered as outcomes (OK with an error code).'],
    ['Latency p99 by method', 's', [q(`histogram_quantile(0.99, sum by (rpc_method, le) (rate(rpc_server_duration_seconds_bucket{${NS}}${RI})))`, '{{rpc_method}}')],
      'Time to serve a gRPC call.'],
  ]],
  ['Jobs', [
    ['Queue: waiting, in hand, redelivered', 'short', [
      q(`max(jetstream_consumer_pending_messages{${NS},messaging_destination_name="EXS_JOB_REQUESTS"})`, 'waiting for a worker'),
      q(`max(jetstream_consumer_ack_pending_messages{${NS},messaging_destination_name="EXS_JOB_REQUESTS"})`, 'in hand'),
      q(`max(jetstream_consumer_redelivered_messages{${NS},messaging_destination_name="EXS_JOB_REQUESTS"})`, 'redelivered'),
    ], 'Job requests of EXS_JOB_REQUESTS (sampled at scrape, the same on every replica: max).'],
    ['Oldest unfinished job', 's', [q(`max(jetstream_work_queue_oldest_message_age_seconds{${NS},messaging_destination_name="EXS_JOB_REQUESTS"})`, 'oldest job request')],
      'Age of the oldest job request still in the work queue: what ExsOldestJobTooOld watches.'],
    ['Jobs finished by outcome', 'ops', [q(`sum by (outcome, error_code) (rate(exs_jobs_finished_total{${NS}}${RI}))`, '{{outcome}} {{error_code}}')],
      'Jobs ended, by outcome and error code.'],
    ['Job duration p50 / p95', 's', [
      q(`histogram_quantile(0.95, sum by (outcome, le) (rate(exs_job_duration_seconds_bucket{${NS}}${RI})))`, 'p95 {{outcome}}'),
      q(`histogram_quantile(0.5, sum by (outcome, le) (rate(exs_job_duration_seconds_bucket{${NS}}${RI})))`, 'p50 {{outcome}}'),
    ], 'Admission to end of a job: queueing, attempts and settlement.'],
  ]],
  ['Extraction engine', [
    ['Pages extracted by path and source', 'short', [q(`sum by (path, source) (rate(exs_pages_extracted_total{${NS}}${RI}))`, '{{path}} {{source}}')],
      'Pages per second of successful extractions: sync or job, digital text or OCR.'],
    ['Engine threads: busy, total, queued calls', 'short', [
      q(`sum by (job) (exs_engine_busy_threads{${NS}})`, 'busy {{job}}'),
      q(`sum by (job) (exs_engine_threads{${NS}})`, 'threads {{job}}'),
      q(`sum by (job) (exs_engine_queued_calls{${NS}})`, 'queued {{job}}'),
    ], 'Engine pool saturation per deployment (busy / threads) and calls waiting for a thread.'],
    ['Engine deadline kills', 'short', [q(`sum by (job) (increase(exs_engine_deadline_kills_total{${NS}}${RI}))`, '{{job}}')],
      'Threads terminated because a call ran past its deadline: what ExsEngineDeadlineKills watches.'],
  ]],
  ['Webhooks', [
    ['Delivery attempts by result', 'ops', [q(`sum by (result) (rate(exs_webhook_attempts_total{${NS}}${RI}))`, '{{result}}')],
      'delivered: 2xx; rejected: another status; unreachable: no response; refused: the address check failed.'],
    ['Attempt failure ratio', 'percentunit', [q(`sum(rate(exs_webhook_attempts_total{${NS},result!="delivered"}${RI})) / sum(rate(exs_webhook_attempts_total{${NS}}${RI}))`, 'failed share')],
      'What ExsWebhookFailureRateHigh watches.'],
    ['Attempt latency p50 / p99', 's', [
      q(`histogram_quantile(0.99, sum by (le) (rate(exs_webhook_attempt_duration_seconds_bucket{${NS}}${RI})))`, 'p99'),
      q(`histogram_quantile(0.5, sum by (le) (rate(exs_webhook_attempt_duration_seconds_bucket{${NS}}${RI})))`, 'p50'),
    ], 'Time of one attempt, address check to response.'],
    ['Deliveries pending and most overdue', 'short', [
      q(`max(exs_webhook_deliveries_pending{${NS}})`, 'pending'),
      q(`max(exs_webhook_oldest_due_delivery_age_seconds{${NS}})`, 'most overdue (s)'),
      q(`sum by (status) (rate(exs_webhook_deliveries_finished_total{${NS}}${RI}))`, 'finished {{status}} /s'),
    ], 'Deliveries not yet ended, how long the most overdue has been due, and deliveries ending.'],
    ['Job-event consumers backlog', 'short', [q(`max by (messaging_consumer_group_name) (jetstream_consumer_pending_messages{${NS},messaging_destination_name="EXS_JOB_EVENTS"})`, '{{messaging_consumer_group_name}}')],
      'Job events not yet read by the webhooks service.'],
  ]],
  ['Billing', [
    ['Reservations held', 'short', [q(`max(exs_billing_reservations_held{${NS}})`, 'held')],
      'Wallet holds not yet captured, released or expired.'],
    ['Funds held (USD)', 'currencyUSD', [q(`max(exs_billing_reservations_held_micros{${NS}}) / 1e6`, 'held')],
      'Funds the holds keep from the wallets.'],
    ['Oldest reservation and expiries', 's', [
      q(`max(exs_billing_oldest_reservation_age_seconds{${NS}})`, 'oldest hold age'),
      q(`sum(increase(exs_billing_reservations_expired_total{${NS}}[1h]))`, 'expired in the last hour (count)'),
    ], 'What ExsReservationsStuck watches; expired holds are work nobody settled.'],
  ]],
  ['Builds', [
    ['Processes by service and version', 'short', [q(`count by (service_name, service_version) (target_info{${NS}})`, '{{service_name}} {{service_version}}')],
      'Which build each service runs (rollouts show as two versions at once).'],
  ]],
];

const panels = [];
let id = 1;
let y = 0;
for (const [rowTitle, rowPanels] of rows) {
  panels.push({ type: 'row', id: id++, title: rowTitle, collapsed: false, gridPos: { h: 1, w: 24, x: 0, y }, panels: [] });
  y += 1;
  rowPanels.forEach(([title, unit, queries, description], i) => {
    panels.push({
      type: 'timeseries',
      id: id++,
      title,
      description,
      datasource: { type: 'prometheus', uid: '${datasource}' },
      gridPos: { h: 8, w: 12, x: (i % 2) * 12, y: y + Math.floor(i / 2) * 8 },
      fieldConfig: { defaults: { unit, min: 0 }, overrides: [] },
      options: { legend: { displayMode: 'list', placement: 'bottom' }, tooltip: { mode: 'multi', sort: 'desc' } },
      targets: queries.map((t, j) => ({ refId: String.fromCharCode(65 + j), datasource: { type: 'prometheus', uid: '${datasource}' }, ...t })),
    });
  });
  y += Math.ceil(rowPanels.length / 2) * 8;
}

const dashboard = {
  uid: 'exs-overview',
  title: 'exs: document extraction',
  description: 'RED of the public API and internal gRPC, jobs, the extraction engine, webhooks and wallet holds (docs/operations.md "Metrics").',
  tags: ['exs'],
  editable: true,
  graphTooltip: 1,
  refresh: '30s',
  schemaVersion: 39,
  version: 1,
  time: { from: 'now-6h', to: 'now' },
  timezone: 'browser',
  links: [],
  annotations: { list: [] },
  templating: {
    list: [
      { name: 'datasource', label: 'Data source', type: 'datasource', query: 'prometheus', current: {}, hide: 0 },
      {
        name: 'namespace', label: 'Namespace', type: 'query', datasource: { type: 'prometheus', uid: '${datasource}' },
        query: { query: 'label_values(target_info, namespace)', refId: 'namespaces' }, definition: 'label_values(target_info, namespace)',
        refresh: 2, includeAll: false, multi: false, current: {}, hide: 0, sort: 1,
      },
    ],
  },
  panels,
};
process.stdout.write(`${JSON.stringify(dashboard, null, 2)}\n`);

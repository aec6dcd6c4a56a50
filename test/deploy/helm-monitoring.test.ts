// Monitoring in the chart (values `metrics`): the PodMonitor, the network policy rule that admits Prometheus,
// the Grafana dashboard ConfigMap and the PrometheusRule alerts, each off by default. The dashboard and the
// rules may only name metrics docs/operations.md "Metrics" lists (what the services export), every alert has a
// runbook section there, and the rules and the dashboard's queries pass `promtool check rules` where promtool
// is installed (helm/tools/install-promtool.sh). Also: the gateway's default ingress publishes the API's paths only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHART, ROOT, byKind, describeHelm, named, render, type Manifest } from './support/chart.js';
import { documentedMetrics, metricNames } from './support/promql.js';

const ALL_ON = ['metrics.serviceMonitor.enabled=true', 'metrics.prometheusRule.enabled=true', 'metrics.dashboard.enabled=true', 'metrics.networkPolicy.enabled=true'];
const PROMTOOL = join(ROOT, '.tools/bin/promtool');
const DASHBOARD_FILE = join(CHART, 'files/dashboards/exs.json');
const documented = documentedMetrics(ROOT);

const podLabels = (d: Manifest): Record<string, string> => d.spec.template.metadata.labels;
const matchesSelector = (selector: { matchLabels?: Record<string, string> } | undefined, labels: Record<string, string>) =>
  Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);

/** Every PromQL expression of the dashboard's panels. */
function dashboardExprs(dashboard: any): Array<{ panel: string; expr: string }> {
  return dashboard.panels.filter((p: any) => p.type !== 'row').flatMap((p: any) => p.targets.map((t: any) => ({ panel: p.title, expr: t.expr })));
}

/** Kubernetes Ingress path matching (Prefix: whole path elements; Exact: the whole path). */
function routed(paths: Array<{ path: string; pathType: string }>, request: string): boolean {
  return paths.some(({ path, pathType }) => {
    if (pathType === 'Exact') return request === path;
    const prefix = path.replace(/\/+$/, '');
    return prefix === '' || request === prefix || request.startsWith(`${prefix}/`);
  });
}

describeHelm('chart monitoring (metrics.*)', () => {
  let defaults: Manifest[];
  let on: Manifest[];
  beforeAll(() => {
    defaults = render();
    on = render(ALL_ON);
  });

  test('no monitoring object is rendered by default', () => {
    expect(defaults.filter((m) => ['PodMonitor', 'ServiceMonitor', 'PrometheusRule'].includes(m.kind) || m.metadata.labels?.grafana_dashboard)).toEqual([]);
  });

  test('the PodMonitor scrapes /metrics on the http port of every deployment\'s pods, workers included', () => {
    const monitor = named(on, 'PodMonitor', 'exs');
    expect(monitor.spec.podMetricsEndpoints).toEqual([expect.objectContaining({ port: 'http', path: '/metrics' })]);
    const deployments = byKind(on, 'Deployment');
    expect(deployments.map((d) => d.metadata.name)).toContain('exs-extraction-worker');
    for (const d of deployments) {
      expect({ deployment: d.metadata.name, selected: matchesSelector(monitor.spec.selector, podLabels(d)) }).toEqual({ deployment: d.metadata.name, selected: true });
      expect(d.spec.template.spec.containers[0].ports).toContainEqual(expect.objectContaining({ name: 'http' }));
    }
    // The job label names the deployment, as the dashboard's and alerts' `job` expects.
    expect(monitor.spec.jobLabel).toBe('app.kubernetes.io/component');
    const labelled = render([...ALL_ON, 'metrics.serviceMonitor.labels.release=kube-prometheus-stack']);
    expect(named(labelled, 'PodMonitor', 'exs').metadata.labels?.release).toBe('kube-prometheus-stack');
  });

  test('metrics.networkPolicy admits Prometheus to every pod\'s HTTP port and nothing else; off, Prometheus is not admitted', () => {
    const prometheus = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
    const admits = (policy: Manifest) => (policy.spec.ingress ?? []).filter((rule: any) => (rule.from ?? []).some((peer: any) =>
      matchesSelector(peer.namespaceSelector, { 'kubernetes.io/metadata.name': prometheus.namespace }) && peer.namespaceSelector
      && matchesSelector(peer.podSelector, prometheus.labels)));
    const deploymentPolicies = (ms: Manifest[]) => byKind(ms, 'NetworkPolicy').filter((p) => p.metadata.name !== 'exs-migrations');
    for (const policy of deploymentPolicies(on)) {
      const rules = admits(policy);
      expect({ policy: policy.metadata.name, ports: rules.flatMap((r: any) => r.ports) }).toEqual({ policy: policy.metadata.name, ports: [{ port: 'http', protocol: 'TCP' }] });
    }
    for (const policy of deploymentPolicies(defaults)) expect(admits(policy)).toEqual([]);
  });

  test('the gateway ingress routes only /v1 and /status by default: /metrics and /healthz stay inside the cluster', () => {
    const ingress = named(render(['gateway.ingress.enabled=true']), 'Ingress', 'exs-gateway');
    const paths = ingress.spec.rules[0].http.paths.map((p: any) => ({ path: p.path, pathType: p.pathType }));
    for (const request of ['/v1/extract', '/v1/jobs/job_123', '/v1/health', '/v1', '/status']) expect({ request, routed: routed(paths, request) }).toEqual({ request, routed: true });
    for (const request of ['/metrics', '/healthz/ready', '/healthz/live', '/', '/v1beta', '/status/x']) expect({ request, routed: routed(paths, request) }).toEqual({ request, routed: false });
  });

  describe('the Grafana dashboard', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8'));

    test('files/dashboards/exs.json is the output of helm/tools/gen-dashboard.mjs', () => {
      const res = spawnSync(process.execPath, [join(ROOT, 'helm/tools/gen-dashboard.mjs')], { encoding: 'utf8' });
      expect(res.status).toBe(0);
      expect(readFileSync(DASHBOARD_FILE, 'utf8')).toBe(res.stdout);
    });

    test('is a Grafana dashboard: uid, title, unique panel ids, grid positions, a Prometheus datasource variable, queries per panel', () => {
      expect(dashboard).toMatchObject({ uid: expect.stringMatching(/^[a-z0-9-]{1,40}$/), title: expect.any(String), schemaVersion: expect.any(Number) });
      expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }));
      const ids = dashboard.panels.map((p: any) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const panel of dashboard.panels) {
        expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
        if (panel.type === 'row') continue;
        expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
        expect(panel.targets.length).toBeGreaterThan(0);
        expect(new Set(panel.targets.map((t: any) => t.refId)).size).toBe(panel.targets.length);
        for (const t of panel.targets) expect(t.expr).toMatch(/namespace=~"\$namespace"/);
      }
    });

    test('every metric a panel\'s query names is one docs/operations.md "Metrics" lists', () => {
      const unknown = dashboardExprs(dashboard).flatMap(({ panel, expr }) => metricNames(expr).filter((n) => !documented.has(n)).map((metric) => ({ panel, metric })));
      expect(unknown).toEqual([]);
    });

    test('covers RED per route and method, jobs, the engine, webhooks, holds, rate limits and the key cache', () => {
      const used = new Set(dashboardExprs(dashboard).flatMap(({ expr }) => metricNames(expr)));
      for (const metric of ['http_server_requests_total', 'http_server_request_duration_seconds_bucket', 'rpc_server_requests_total', 'rpc_server_duration_seconds_bucket',
        'jetstream_consumer_pending_messages', 'jetstream_work_queue_oldest_message_age_seconds', 'exs_jobs_finished_total', 'exs_job_duration_seconds_bucket',
        'exs_pages_extracted_total', 'exs_engine_busy_threads', 'exs_engine_queued_calls', 'exs_engine_deadline_kills_total',
        'exs_webhook_attempts_total', 'exs_webhook_attempt_duration_seconds_bucket', 'exs_webhook_deliveries_pending',
        'exs_billing_reservations_held', 'exs_billing_reservations_expired_total', 'exs_rate_limit_decisions_total', 'exs_api_key_cache_lookups_total']) {
        expect({ metric, used: used.has(metric) }).toEqual({ metric, used: true });
      }
    });

    test('ships in a ConfigMap labelled for the Grafana sidecar (label, value, folder and namespace configurable)', () => {
      const cm = named(on, 'ConfigMap', 'exs-dashboard');
      expect(cm.metadata.labels?.grafana_dashboard).toBe('1');
      expect(JSON.parse((cm as any).data['exs.json'])).toEqual(dashboard);
      const custom = named(render(['metrics.dashboard.enabled=true', 'metrics.dashboard.label=dashboards', 'metrics.dashboard.labelValue=exs', 'metrics.dashboard.folder=Apps', 'metrics.dashboard.namespace=grafana']), 'ConfigMap', 'exs-dashboard');
      expect(custom.metadata).toMatchObject({ namespace: 'grafana', labels: expect.objectContaining({ dashboards: 'exs' }), annotations: { grafana_folder: 'Apps' } });
    });
  });

  describe('the PrometheusRule alerts', () => {
    const ALERTS = ['ExsApiErrorBudgetBurn', 'ExsApiLatencyHigh', 'ExsExtractLatencyHigh', 'ExsJobQueueBacklog', 'ExsOldestJobTooOld', 'ExsEngineDeadlineKills',
      'ExsWebhookFailureRateHigh', 'ExsWebhookDeliveriesBehind', 'ExsReservationsStuck', 'ExsReservationsExpired'];
    let groups: any[];
    let rules: any[];
    beforeAll(() => {
      groups = named(on, 'PrometheusRule', 'exs').spec.groups;
      rules = groups.flatMap((g) => g.rules);
    });

    test('are the alerts docs/operations.md "Alerts" describes, scoped to the release namespace', () => {
      expect([...new Set(rules.map((r) => r.alert))]).toEqual(ALERTS);
      for (const rule of rules) expect(rule.expr).toContain('namespace="exs"');
      // The 5xx burn rate: a fast and a slow pair of windows, each over the error budget times its burn rate.
      const burn = rules.filter((r) => r.alert === 'ExsApiErrorBudgetBurn');
      expect(burn.map((r) => [r.labels.severity, /\[1h\][\s\S]*\[5m\]|\[6h\][\s\S]*\[30m\]/.test(r.expr)])).toEqual([['critical', true], ['warning', true]]);
      expect(burn[0].expr).toContain('> 0.0144');
      expect(burn[1].expr).toContain('> 0.006');
    });

    test('every metric an alert names is one docs/operations.md "Metrics" lists', () => {
      const unknown = rules.flatMap((r) => metricNames(r.expr).filter((n) => !documented.has(n)).map((metric) => ({ alert: r.alert, metric })));
      expect(unknown).toEqual([]);
    });

    test('every alert links a runbook section of docs/operations.md with meaning, first checks and fixes', () => {
      const doc = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
      for (const rule of rules) {
        const anchor = rule.annotations.runbook_url.split('#')[1];
        const heading = [...doc.matchAll(/^### (\S+)$/gm)].find((m) => m[1].toLowerCase() === anchor);
        expect({ alert: rule.alert, anchor, heading: heading?.[1] }).toEqual({ alert: rule.alert, anchor, heading: expect.any(String) });
        const section = doc.slice(heading!.index!, doc.indexOf('\n#', heading!.index! + 4));
        for (const part of ['**Meaning**', '**First checks**', '**Fixes**']) expect({ alert: rule.alert, part, present: section.includes(part) }).toEqual({ alert: rule.alert, part, present: true });
      }
    });

    test('pass `promtool check rules`, and so do the dashboard\'s queries (as recording rules, Grafana variables filled in)', () => {
      if (!existsSync(PROMTOOL)) {
        console.warn(`[helm-monitoring] promtool check skipped: ${PROMTOOL} missing (bash helm/tools/install-promtool.sh); the metric-name checks still ran`);
        return;
      }
      const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8'));
      const queries = dashboardExprs(dashboard).map(({ expr }, i) => ({
        record: `exs_dashboard:query_${i}`,
        expr: expr.replaceAll('$__rate_interval', '1m').replaceAll('$namespace', 'exs'),
      }));
      const dir = mkdtempSync(join(tmpdir(), 'exs-rules-'));
      try {
        for (const [name, body, count] of [['alerts', { groups }, rules.length], ['dashboard', { groups: [{ name: 'dashboard', rules: queries }] }, queries.length]] as const) {
          const file = join(dir, `${name}.json`);
          writeFileSync(file, JSON.stringify(body));
          const res = spawnSync(PROMTOOL, ['check', 'rules', file], { encoding: 'utf8' });
          expect({ name, status: res.status, out: res.stdout + res.stderr }).toEqual({ name, status: 0, out: expect.stringContaining(`SUCCESS: ${count} rules found`) });
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  test('the OpenTelemetry Collector example sends traces to Tempo and metrics to Prometheus, with every component it uses defined', () => {
    const [values] = JSON.parse(spawnSync(join(ROOT, '.tools/bin/yaml2json'), [], { input: readFileSync(join(CHART, 'examples/otel-collector-values.yaml')), encoding: 'utf8' }).stdout);
    const { receivers, processors, exporters, service } = values.config;
    expect(receivers.otlp.protocols.http.endpoint).toMatch(/:4318$/);
    expect(service.pipelines.traces).toMatchObject({ receivers: ['otlp'], exporters: ['otlp/tempo'] });
    expect(exporters['otlp/tempo'].endpoint).toMatch(/tempo/);
    expect(service.pipelines.metrics).toMatchObject({ receivers: expect.arrayContaining(['otlp', 'prometheus']), exporters: ['prometheusremotewrite'] });
    expect(exporters.prometheusremotewrite.endpoint).toMatch(/\/api\/v1\/write$/);
    for (const pipeline of Object.values(service.pipelines).filter(Boolean) as any[]) {
      for (const r of pipeline.receivers) expect(receivers).toHaveProperty([r]);
      for (const p of pipeline.processors ?? []) expect(processors).toHaveProperty([p]);
      for (const e of pipeline.exporters) expect(exporters).toHaveProperty([e]);
    }
    // It scrapes the exs pods' http port, labelled as the chart's dashboard and alerts expect.
    const scrape = receivers.prometheus.config.scrape_configs[0];
    expect(scrape.relabel_configs.map((r: any) => r.target_label).filter(Boolean)).toEqual(['namespace', 'job', 'pod']);
  });

  test('the metric-name check catches a name the services do not export', () => {
    expect(metricNames('sum by (job) (rate(exs_pages_extracted_totl{namespace=~"$namespace",path="sync"}[$__rate_interval])) / 1e6 > 0.5')).toEqual(['exs_pages_extracted_totl']);
    expect(documented.has('exs_pages_extracted_totl')).toBe(false);
    expect(documented.has('exs_pages_extracted_total')).toBe(true);
    expect(documented.has('http_server_request_duration_seconds_bucket')).toBe(true);
  });
});

// The Helm chart (helm/exs): lint, render, schema validation of values, and kubeconform validation of the
// rendered manifests against Kubernetes schemas generated offline (scripts/install-helm.sh).
// The tools are built by scripts/install-helm.sh from the Go module proxy when missing (minutes, once);
// the file is skipped, saying why, only when they cannot be installed (no `go`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHART = join(ROOT, 'helm/exs');
const BIN = join(ROOT, '.tools/bin');
const HELM = join(BIN, 'helm');
const KUBECONFORM = join(BIN, 'kubeconform');
const YAML2JSON = join(BIN, 'yaml2json');

function ensureTools(): { ok: true; schemas: string } | { ok: false; reason: string } {
  const res = spawnSync('bash', [join(ROOT, 'scripts/install-helm.sh')], { encoding: 'utf8', timeout: 30 * 60_000 });
  if (res.status !== 0) return { ok: false, reason: `scripts/install-helm.sh failed (${res.status ?? res.signal}): ${(res.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}` };
  const version = /^K8S_VERSION=(\S+)/m.exec(readFileSync(join(ROOT, 'scripts/install-helm.sh'), 'utf8'))?.[1];
  const schemas = join(ROOT, '.tools/kube-schemas', version ?? 'missing');
  for (const f of [HELM, KUBECONFORM, YAML2JSON, schemas]) if (!existsSync(f)) return { ok: false, reason: `${f} missing after scripts/install-helm.sh` };
  return { ok: true, schemas };
}

const tools = ensureTools();
if (!tools.ok) {
  // eslint-disable-next-line no-console
  console.warn(`[helm.test] SKIPPED: helm could not be installed: ${tools.reason}`);
}
const describeHelm = tools.ok ? describe : describe.skip;

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  [key: string]: unknown;
}

function run(cmd: string, args: string[], input?: string) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', input, cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  return { status: res.status, stdout: res.stdout ?? '', stderr: res.stderr ?? '' };
}

/** `helm template` with --set pairs; returns the YAML or throws with helm's message. */
function templateYaml(sets: string[] = [], extraArgs: string[] = []): string {
  const args = ['template', 'exs', CHART, '--namespace', 'exs', ...sets.flatMap((s) => ['--set', s]), ...extraArgs];
  const res = run(HELM, args);
  if (res.status !== 0) throw new Error(res.stderr || `helm template exited ${res.status}`);
  return res.stdout;
}

function render(sets: string[] = [], extraArgs: string[] = []): Manifest[] {
  const yaml = templateYaml(sets, extraArgs);
  const res = run(YAML2JSON, [], yaml);
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout) as Manifest[];
}

function renderError(sets: string[]): string {
  const res = run(HELM, ['template', 'exs', CHART, ...sets.flatMap((s) => ['--set', s])]);
  expect(res.status).not.toBe(0);
  return res.stderr;
}

const byKind = (ms: Manifest[], kind: string) => ms.filter((m) => m.kind === kind);
const named = (ms: Manifest[], kind: string, name: string) => {
  const m = ms.find((x) => x.kind === kind && x.metadata.name === name);
  if (!m) throw new Error(`no ${kind} ${name} in [${ms.map((x) => `${x.kind}/${x.metadata.name}`).join(', ')}]`);
  return m;
};
const container = (d: Manifest) => d.spec.template.spec.containers[0];
const envOf = (d: Manifest): Record<string, any> => Object.fromEntries(container(d).env.map((e: any) => [e.name, e.value ?? e.valueFrom]));

// name suffix -> [workspace service, HTTP port, gRPC port | undefined, owns a database]
const EXPECTED: Record<string, [string, number, number | undefined, boolean]> = {
  gateway: ['gateway', 8080, undefined, true],
  uploads: ['uploads', 9101, 50051, true],
  'extraction-api': ['extraction', 9102, 50052, true],
  'extraction-worker': ['extraction', 9102, undefined, true],
  billing: ['billing', 9103, 50053, true],
  ratelimit: ['ratelimit', 9104, 50054, false],
  webhooks: ['webhooks', 9105, 50055, true],
};

describeHelm('helm chart helm/exs', () => {
  let defaults: Manifest[];
  beforeAll(() => {
    defaults = render(['image.tag=1a2b3c4']);
  });

  test('helm lint --strict passes, with default values and with KEDA and an ingress', () => {
    for (const sets of [[], ['keda.enabled=true', 'gateway.ingress.enabled=true', 'uploads.store.type=s3', 'uploads.store.s3.bucket=b', 'uploads.replicas=2']]) {
      const res = run(HELM, ['lint', '--strict', CHART, ...sets.flatMap((s) => ['--set', s])]);
      expect({ status: res.status, out: res.stdout + res.stderr }).toEqual({ status: 0, out: expect.stringContaining('0 chart(s) failed') });
    }
  });

  test('default values render a Deployment per service, extraction split into API and workers', () => {
    const deployments = byKind(defaults, 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(Object.keys(EXPECTED).map((n) => `exs-${n}`).sort());
    for (const [suffix, [service, httpPort, grpcPort, db]] of Object.entries(EXPECTED)) {
      const d = named(defaults, 'Deployment', `exs-${suffix}`);
      const c = container(d);
      const env = envOf(d);
      expect(c.image).toBe('ghcr.io/example/exs:1a2b3c4');
      expect(c.args).toEqual(['start']);
      expect(env.SERVICE).toBe(service);
      expect(env.BUILD_ID).toBe('1a2b3c4');
      expect(env.HTTP_HOST).toBe('0.0.0.0');
      expect(env.HTTP_PORT).toBe(String(httpPort));
      expect(env.GRPC_PORT).toBe(grpcPort === undefined ? undefined : String(grpcPort));
      if (db) expect(env.DATABASE_URL).toEqual({ secretKeyRef: { name: 'exs-databases', key: service } });
      else expect(env.DATABASE_URL).toBeUndefined();
    }
    expect(envOf(named(defaults, 'Deployment', 'exs-extraction-api')).EXTRACTION_TARGETS).toBe('api');
    expect(envOf(named(defaults, 'Deployment', 'exs-extraction-worker')).EXTRACTION_TARGETS).toBe('worker');
    expect(envOf(named(defaults, 'Deployment', 'exs-ratelimit')).REDIS_URL).toBe('redis://redis-master:6379');
    // The gateway takes request buckets from ratelimit's Redis itself (docs/rate-limits.md).
    expect(envOf(named(defaults, 'Deployment', 'exs-gateway')).REDIS_URL).toBe('redis://redis-master:6379');
    expect(envOf(named(defaults, 'Deployment', 'exs-webhooks')).NATS_URL).toBe('nats://nats:4222');
  });

  test('probes hit /healthz/live and /healthz/ready on each service\'s HTTP port', () => {
    for (const [suffix, [, httpPort, grpcPort]] of Object.entries(EXPECTED)) {
      const c = container(named(defaults, 'Deployment', `exs-${suffix}`));
      const ports = Object.fromEntries(c.ports.map((p: any) => [p.name, p.containerPort]));
      expect(ports).toEqual(grpcPort === undefined ? { http: httpPort } : { http: httpPort, grpc: grpcPort });
      expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz/live', port: 'http' });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/healthz/ready', port: 'http' });
      expect(c.startupProbe.httpGet).toEqual({ path: '/healthz/live', port: 'http' });
    }
  });

  test('every gRPC client address names a rendered Service and its gRPC port', () => {
    const services = new Map(byKind(defaults, 'Service').map((s) => [s.metadata.name, s.spec.ports as Array<{ name: string; port: number }>]));
    let checked = 0;
    for (const d of byKind(defaults, 'Deployment')) {
      for (const [name, value] of Object.entries(envOf(d))) {
        if (!name.endsWith('_GRPC_URL')) continue;
        const [host, port] = String(value).split(':');
        expect(services.get(host)?.find((p) => p.name === 'grpc')?.port).toBe(Number(port));
        checked++;
      }
    }
    expect(checked).toBe(5 + 3 + 3); // gateway -> 5 services, extraction API and workers -> uploads, billing, ratelimit (daily quota)
    expect(services.get('exs-gateway')).toEqual([expect.objectContaining({ name: 'http', port: 80, targetPort: 'http' })]);
  });

  test('pods run non-root on a read-only root filesystem with /tmp on an emptyDir, and drain before they are killed', () => {
    for (const d of byKind(defaults, 'Deployment')) {
      const pod = d.spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      expect(container(d).securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
      expect(container(d).volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod.volumes).toContainEqual(expect.objectContaining({ name: 'tmp', emptyDir: expect.any(Object) }));
      const preStop = Number(container(d).lifecycle.preStop.exec.command[1]);
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStop + 10);
      expect(container(d).resources.requests).toEqual(expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }));
    }
    expect(byKind(defaults, 'PodDisruptionBudget')).toHaveLength(7);
  });

  test('the migrations run as a pre-install,pre-upgrade hook Job, a container per database-owning service', () => {
    // One Job so that they run in parallel (test/deploy/helm-hooks.test.ts).
    const jobs = byKind(defaults, 'Job');
    expect(jobs.map((j) => j.metadata.name)).toEqual(['exs-migrate']);
    expect(jobs[0].metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const containers = jobs[0].spec.template.spec.containers;
    expect(containers.map((c: any) => c.name).sort()).toEqual(['billing', 'extraction', 'gateway', 'uploads', 'webhooks']);
    for (const c of containers) {
      expect(c.args).toEqual(['migrate']);
      const env = Object.fromEntries(c.env.map((e: any) => [e.name, e.value ?? e.valueFrom]));
      expect(env.SERVICE).toBe(c.name);
      expect(env.DATABASE_URL).toEqual({ secretKeyRef: { name: 'exs-databases', key: c.name } });
    }
    expect(jobs[0].spec.template.spec.restartPolicy).toBe('Never');
  });

  test('workers scale on CPU by default, and on JetStream consumer lag with KEDA', () => {
    const hpa = byKind(defaults, 'HorizontalPodAutoscaler');
    expect(hpa.map((h) => h.spec.scaleTargetRef.name)).toEqual(['exs-extraction-worker']);
    expect(named(defaults, 'Deployment', 'exs-extraction-worker').spec.replicas).toBeUndefined();
    expect(byKind(defaults, 'ScaledObject')).toHaveLength(0);

    const keda = render(['keda.enabled=true', 'keda.lagThreshold=3', 'nats.monitoringEndpoint=nats.nats:8222']);
    expect(byKind(keda, 'HorizontalPodAutoscaler')).toHaveLength(0);
    const so = named(keda, 'ScaledObject', 'exs-extraction-worker');
    expect(so.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'exs-extraction-worker' });
    expect(so.spec.triggers).toEqual([{
      type: 'nats-jetstream',
      metadata: expect.objectContaining({ stream: 'EXS_JOB_REQUESTS', consumer: 'extraction-workers', lagThreshold: '3', natsServerMonitoringEndpoint: 'nats.nats:8222' }),
    }]);
    expect(named(keda, 'Deployment', 'exs-extraction-worker').spec.replicas).toBeUndefined();
  });

  test('NetworkPolicies are on by default, one per deployment and one for the migration Job', () => {
    // Who may reach whom: test/deploy/helm-network.test.ts.
    expect(byKind(defaults, 'NetworkPolicy').map((p) => p.metadata.name).sort()).toEqual([...Object.keys(EXPECTED), 'migrations'].map((n) => `exs-${n}`).sort());
    expect(byKind(render(['networkPolicy.enabled=false']), 'NetworkPolicy')).toHaveLength(0);
  });

  test('the rendered manifests are valid Kubernetes objects (kubeconform, strict, offline schemas)', () => {
    if (!tools.ok) return;
    const variants = [
      [],
      ['keda.enabled=true', 'gateway.ingress.enabled=true', 'otel.endpoint=http://tempo:4318', 'networkPolicy.healthFrom[0].namespaceSelector.matchLabels.name=monitoring', 'networkPolicy.egress.postgresql.to[0].ipBlock.cidr=10.20.0.0/24', 'uploads.store.type=s3', 'uploads.store.s3.bucket=docs', 'uploads.store.s3.credentialsSecret=s3', 'databases.create=true',
        'documentAi.processor=projects/p/locations/eu/processors/x', 'nats.stream.replicas=3', 'nats.stream.storage=memory',
        ...['gateway', 'uploads', 'extraction', 'billing', 'webhooks'].map((s) => `databases.${s}.url=postgresql://u:p@pg:5432/exs_${s}`)],
      // The Prometheus Operator's objects, against schemas made from its CRDs (scripts/install-helm.sh).
      ['metrics.serviceMonitor.enabled=true', 'metrics.prometheusRule.enabled=true', 'metrics.dashboard.enabled=true', 'metrics.networkPolicy.enabled=true'],
    ];
    const checkedKinds = new Set<string>();
    const dir = mkdtempSync(join(tmpdir(), 'exs-helm-'));
    try {
      for (const [i, sets] of variants.entries()) {
        const file = join(dir, `variant-${i}.yaml`);
        writeFileSync(file, templateYaml(sets));
        const res = run(KUBECONFORM, ['-strict', '-summary', '-verbose', '-output', 'json', '-schema-location', `${tools.schemas}/{{ .ResourceKind }}{{ .KindSuffix }}.json`, file]);
        const report = JSON.parse(res.stdout);
        expect({ status: res.status, errors: report.resources?.filter((r: any) => r.status !== 'statusValid') ?? [] }).toEqual({ status: 0, errors: [] });
        expect(report.summary.valid).toBeGreaterThan(20);
        expect(report.summary.skipped).toBe(0);
        for (const r of report.resources ?? []) if (r.status === 'statusValid') checkedKinds.add(r.kind);
      }
      expect([...checkedKinds].filter((k) => ['PodMonitor', 'PrometheusRule', 'ScaledObject'].includes(k)).sort()).toEqual(['PodMonitor', 'PrometheusRule', 'ScaledObject']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('bad values fail schema validation before anything is rendered', () => {
    expect(renderError(['gateway.replicas=-1'])).toMatch(/values don't meet the specifications of the schema[\s\S]*gateway[\s\S]*replicas/);
    expect(renderError(['extractionWorker.autoscaling.maxReplicas=0'])).toMatch(/schema[\s\S]*maxReplicas/);
    expect(renderError(['redis.url=http://redis:6379'])).toMatch(/schema[\s\S]*redis/);
    expect(renderError(['logLevel=verbose'])).toMatch(/schema[\s\S]*logLevel/);
    expect(renderError(['gatewy.replicas=2'])).toMatch(/schema[\s\S]*(additional properties|gatewy)/i);
    expect(renderError(['databases.create=true'])).toMatch(/schema[\s\S]*url/);
    expect(renderError(['podSecurityContext.runAsNonRoot=false'])).toMatch(/schema[\s\S]*runAsNonRoot/);
    // Rules across values, checked by the templates.
    expect(renderError(['shutdown.terminationGracePeriodSeconds=12'])).toMatch(/must exceed shutdown.preStopSleepSeconds/);
    expect(renderError(['uploads.replicas=2'])).toMatch(/store.type=disk on an emptyDir serves one replica only/);
  });

  test('values.schema.json is the output of helm/tools/gen-values-schema.mjs', () => {
    const res = run(process.execPath, [join(ROOT, 'helm/tools/gen-values-schema.mjs')]);
    expect(res.status).toBe(0);
    expect(res.stdout).toBe(readFileSync(join(CHART, 'values.schema.json'), 'utf8'));
  });
});

// The dashboard in the chart (dashboard.enabled, off by default): its Deployment, Service and NetworkPolicy
// follow the other services' patterns; it owns a database (migrated by the migration Job), calls the
// gateway's internal gRPC through a ClusterIP Service of its own and billing's gRPC; only dashboard pods may
// reach the gateway's gRPC port; the gateway's /status probes it.
import { byKind, describeHelm, envOf, named, render, type Manifest } from './support/chart.js';

const COMPONENT = 'app.kubernetes.io/component';
const container = (ms: Manifest[], name: string) => named(ms, 'Deployment', name).spec.template.spec.containers[0];
const selects = (peer: any, component: string) => peer.podSelector?.matchLabels?.[COMPONENT] === component;
const migrationContainers = (ms: Manifest[]) => named(ms, 'Job', 'exs-migrate').spec.template.spec.containers.map((c: any) => c.name);

describeHelm('helm chart: dashboard', () => {
  let defaults: Manifest[];
  let enabled: Manifest[];

  beforeAll(() => {
    defaults = render();
    enabled = render(['dashboard.enabled=true']);
  });

  test('by default nothing of the dashboard is rendered and the gateway serves no gRPC', () => {
    expect(defaults.filter((m) => m.metadata.name.startsWith('exs-dashboard') || m.metadata.name === 'exs-gateway-internal')).toEqual([]);
    const gateway = container(defaults, 'exs-gateway');
    expect(gateway.ports.map((p: any) => p.name)).toEqual(['http']);
    expect(envOf(gateway)).not.toHaveProperty('GRPC_PORT');
    expect(envOf(gateway)).not.toHaveProperty('DASHBOARD_HEALTH_URL');
    expect(migrationContainers(defaults)).not.toContain('dashboard');
  });

  test('dashboard.enabled renders a Deployment running SERVICE=dashboard with its database, Redis, the gateway and billing', () => {
    const c = container(enabled, 'exs-dashboard');
    expect(envOf(c)).toMatchObject({
      SERVICE: 'dashboard', HTTP_PORT: '8090', HTTP_HOST: '0.0.0.0', NODE_ENV: 'production',
      GATEWAY_GRPC_URL: 'exs-gateway-internal:50056', BILLING_GRPC_URL: 'exs-billing:50053',
      DATABASE_URL: { secretKeyRef: { name: 'exs-databases', key: 'dashboard' } },
      PUBLIC_URL: 'https://dashboard.exs.example.com',
    });
    expect(envOf(c)).toHaveProperty('REDIS_URL');
    expect(c.envFrom).toEqual([{ secretRef: { name: 'exs-dashboard' } }]);
    expect(c.ports).toEqual([{ name: 'http', containerPort: 8090, protocol: 'TCP' }]);
    expect(c.readinessProbe.httpGet).toEqual({ path: '/healthz/ready', port: 'http' });
    expect(named(enabled, 'PodDisruptionBudget', 'exs-dashboard').spec.maxUnavailable).toBe(1);
    expect(named(enabled, 'Service', 'exs-dashboard').spec).toMatchObject({ type: 'ClusterIP', ports: [{ name: 'http', port: 80, targetPort: 'http' }] });
  });

  test('the migration Job migrates the dashboard\'s database too', () => {
    expect(migrationContainers(enabled)).toContain('dashboard');
  });

  test('the gateway serves its internal gRPC on a ClusterIP Service of its own, never on the public one, and probes the dashboard', () => {
    const gateway = container(enabled, 'exs-gateway');
    expect(envOf(gateway)).toMatchObject({ GRPC_HOST: '0.0.0.0', GRPC_PORT: '50056', DASHBOARD_HEALTH_URL: 'http://exs-dashboard:80/healthz/ready' });
    expect(gateway.ports).toContainEqual({ name: 'grpc', containerPort: 50056, protocol: 'TCP' });
    expect(named(enabled, 'Service', 'exs-gateway').spec.ports.map((p: any) => p.name)).toEqual(['http']);
    const internal = named(enabled, 'Service', 'exs-gateway-internal').spec;
    expect(internal).toMatchObject({ type: 'ClusterIP', ports: [{ name: 'grpc', port: 50056, targetPort: 'grpc' }] });
    expect(internal.selector[COMPONENT]).toBe('gateway');
  });

  test('only dashboard pods may reach the gateway\'s gRPC port; billing admits the dashboard', () => {
    const gateway = named(enabled, 'NetworkPolicy', 'exs-gateway').spec;
    const grpc = gateway.ingress.filter((r: any) => r.ports.some((p: any) => p.port === 'grpc'));
    expect(grpc).toHaveLength(1);
    expect(grpc[0].from).toHaveLength(1);
    expect(selects(grpc[0].from[0], 'dashboard')).toBe(true);
    expect(gateway.egress).toContainEqual({ to: [expect.objectContaining({ podSelector: expect.objectContaining({ matchLabels: expect.objectContaining({ [COMPONENT]: 'dashboard' }) }) })], ports: [{ port: 8090, protocol: 'TCP' }] });
    const billing = named(enabled, 'NetworkPolicy', 'exs-billing').spec;
    expect(billing.ingress.find((r: any) => r.ports.some((p: any) => p.port === 'grpc')).from.some((p: any) => selects(p, 'dashboard'))).toBe(true);
  });

  test('the dashboard NetworkPolicy admits dashboard.from and the gateway, and lets out DNS, its gRPC targets, PostgreSQL, Redis and SMTP', () => {
    const policy = named(enabled, 'NetworkPolicy', 'exs-dashboard').spec;
    const web = policy.ingress[0];
    expect(web.ports).toEqual([{ port: 'http', protocol: 'TCP' }]);
    expect(web.from.some((p: any) => p.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx')).toBe(true);
    expect(web.from.some((p: any) => selects(p, 'gateway'))).toBe(true);
    const ports = policy.egress.map((r: any) => r.ports.map((p: any) => p.port));
    expect(ports).toEqual([[53, 53], [50056], [50053], [50052], [50055], [50054], [5432], [6379], [587, 465]]);
  });

  test('a Deployment, Service, NetworkPolicy and PDB exist for the dashboard only when enabled', () => {
    for (const kind of ['Deployment', 'Service', 'NetworkPolicy', 'PodDisruptionBudget']) {
      expect(byKind(defaults, kind).map((m) => m.metadata.name)).not.toContain('exs-dashboard');
      expect(byKind(enabled, kind).map((m) => m.metadata.name)).toContain('exs-dashboard');
    }
  });

  test('the dashboard reaches extraction (jobs), webhooks and ratelimit (usage), whose gRPC ports admit it', () => {
    expect(envOf(container(enabled, 'exs-dashboard'))).toMatchObject({
      EXTRACTION_GRPC_URL: 'exs-extraction-api:50052', WEBHOOKS_GRPC_URL: 'exs-webhooks:50055', RATELIMIT_GRPC_URL: 'exs-ratelimit:50054',
    });
    for (const target of ['exs-extraction-api', 'exs-webhooks', 'exs-ratelimit']) {
      const grpc = named(enabled, 'NetworkPolicy', target).spec.ingress.find((r: any) => r.ports.some((p: any) => p.port === 'grpc'));
      expect([target, grpc.from.some((p: any) => selects(p, 'dashboard'))]).toEqual([target, true]);
    }
  });

  test('the gateway\'s 402 top_up_url is the dashboard\'s /top-up page, unless gateway.env sets one', () => {
    expect(envOf(container(enabled, 'exs-gateway')).TOP_UP_URL).toBe('https://dashboard.exs.example.com/top-up');
    const elsewhere = render(['dashboard.enabled=true', 'dashboard.env.PUBLIC_URL=https://app.example.org/', 'gateway.env.TOP_UP_URL=https://pay.example.org/add']);
    const env = container(elsewhere, 'exs-gateway').env.filter((e: any) => e.name === 'TOP_UP_URL');
    expect(env).toEqual([{ name: 'TOP_UP_URL', value: 'https://pay.example.org/add' }]);
    const trailing = render(['dashboard.enabled=true', 'dashboard.env.PUBLIC_URL=https://app.example.org/']);
    expect(envOf(container(trailing, 'exs-gateway')).TOP_UP_URL).toBe('https://app.example.org/top-up');
    expect(envOf(container(defaults, 'exs-gateway'))).not.toHaveProperty('TOP_UP_URL');
  });

  test('the dashboard believes X-Forwarded-For from one hop (the ingress the NetworkPolicy admits) by default', () => {
    expect(envOf(container(enabled, 'exs-dashboard')).TRUST_PROXY).toBe('1');
  });
});

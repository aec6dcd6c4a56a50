// The chart's NetworkPolicies (helm/exs templates/networkpolicy.yaml), on by default. The rendered policies are
// evaluated the way Kubernetes does (a pod selected by a policy of a type accepts only what one of its rules
// allows; selectors, named and numbered ports, ipBlocks with exceptions), so the tests state who can reach
// whom: each service only from the services that call it (their gRPC clients, ARCHITECTURE.md), the
// gateway from the ingress controller, egress to DNS, PostgreSQL, Redis and NATS where used, and for
// webhooks the public internet only.
import { BlockList, isIPv6 } from 'node:net';
import { byKind, describeHelm, envOf, named, render, type Manifest } from './support/chart.js';

const NS = 'exs';

interface Pod {
  name: string;
  namespace: string;
  nsLabels: Record<string, string>;
  labels: Record<string, string>;
  ports: Array<{ name?: string; containerPort: number; protocol?: string }>;
  ip?: string;
}

const matches = (selector: { matchLabels?: Record<string, string> } | undefined, labels: Record<string, string>) =>
  Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);

function peerMatches(peer: any, pod: Pod, policyNs: string): boolean {
  if (peer.ipBlock) {
    if (!pod.ip) return false;
    const family = isIPv6(pod.ip) ? 'ipv6' : 'ipv4';
    const [net, prefix] = peer.ipBlock.cidr.split('/');
    if (isIPv6(net) !== (family === 'ipv6')) return false;
    const inside = new BlockList();
    inside.addSubnet(net, Number(prefix), family);
    if (!inside.check(pod.ip, family)) return false;
    return !(peer.ipBlock.except ?? []).some((cidr: string) => {
      const [n, p] = cidr.split('/');
      if (isIPv6(n) !== (family === 'ipv6')) return false;
      const ex = new BlockList();
      ex.addSubnet(n, Number(p), family);
      return ex.check(pod.ip!, family);
    });
  }
  if (pod.ip) return false;
  const nsOk = peer.namespaceSelector ? matches(peer.namespaceSelector, pod.nsLabels) : pod.namespace === policyNs;
  return nsOk && (peer.podSelector ? matches(peer.podSelector, pod.labels) : true);
}

function portMatches(rulePorts: any[] | undefined, port: number, protocol: string, dst: Pod): boolean {
  if (!rulePorts || rulePorts.length === 0) return true;
  return rulePorts.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    const number = typeof p.port === 'number' ? p.port : dst.ports.find((cp) => cp.name === p.port)?.containerPort;
    return p.endPort ? port >= number! && port <= p.endPort : number === port;
  });
}

/** Whether `src` may open `port` on `dst` under these policies (both the egress and the ingress side). */
function allowed(policies: Manifest[], src: Pod, dst: Pod, port: number, protocol = 'TCP'): boolean {
  const applying = (pod: Pod, type: string) => policies.filter((p) => pod.namespace === NS && pod.ip === undefined && matches(p.spec.podSelector, pod.labels) && p.spec.policyTypes.includes(type));
  const egress = applying(src, 'Egress');
  const egressOk = egress.length === 0 || egress.some((p) => (p.spec.egress ?? []).some((r: any) => (!r.to || r.to.length === 0 || r.to.some((peer: any) => peerMatches(peer, dst, NS))) && portMatches(r.ports, port, protocol, dst)));
  if (dst.ip !== undefined) return egressOk;
  const ingress = applying(dst, 'Ingress');
  const ingressOk = ingress.length === 0 || ingress.some((p) => (p.spec.ingress ?? []).some((r: any) => (!r.from || r.from.length === 0 || r.from.some((peer: any) => peerMatches(peer, src, NS))) && portMatches(r.ports, port, protocol, dst)));
  return egressOk && ingressOk;
}

const podOf = (m: Manifest, template: any = m.spec.template): Pod => ({
  name: m.metadata.name,
  namespace: NS,
  nsLabels: { 'kubernetes.io/metadata.name': NS },
  labels: template.metadata.labels,
  ports: template.spec.containers.flatMap((c: any) => c.ports ?? []),
});
const outsider = (namespace: string, labels: Record<string, string>, ports: Pod['ports'] = []): Pod => ({ name: `${namespace}/${JSON.stringify(labels)}`, namespace, nsLabels: { 'kubernetes.io/metadata.name': namespace }, labels, ports });
const address = (ip: string): Pod => ({ name: ip, namespace: '', nsLabels: {}, labels: {}, ports: [], ip });

const POSTGRES = outsider(NS, { 'app.kubernetes.io/name': 'postgresql' }, [{ containerPort: 5432 }]);
const REDIS = outsider(NS, { 'app.kubernetes.io/name': 'redis' }, [{ containerPort: 6379 }]);
const NATS = outsider(NS, { 'app.kubernetes.io/name': 'nats' }, [{ containerPort: 4222 }]);
const DNS = outsider('kube-system', { 'k8s-app': 'kube-dns' }, [{ containerPort: 53 }]);
const INGRESS = outsider('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx' });

// Who calls whom over gRPC, from the services' clients: the gateway's grpcClientsModule and status checks
// (all five), extraction's (uploads, billing, and ratelimit for the daily page quota, in API and worker pods).
const CALLS: Record<string, string[]> = {
  'exs-gateway': ['exs-extraction-api', 'exs-billing', 'exs-ratelimit', 'exs-uploads', 'exs-webhooks'],
  'exs-extraction-api': ['exs-uploads', 'exs-billing', 'exs-ratelimit'],
  'exs-extraction-worker': ['exs-uploads', 'exs-billing', 'exs-ratelimit'],
  'exs-uploads': [],
  'exs-billing': [],
  'exs-ratelimit': [],
  'exs-webhooks': [],
};
const USES: Record<string, Array<'postgresql' | 'redis' | 'nats'>> = {
  'exs-gateway': ['postgresql', 'redis'],
  'exs-uploads': ['postgresql'],
  'exs-extraction-api': ['postgresql', 'nats'],
  'exs-extraction-worker': ['postgresql', 'nats'],
  'exs-billing': ['postgresql'],
  'exs-ratelimit': ['redis'],
  'exs-webhooks': ['postgresql', 'nats'],
};
const STORE = { postgresql: [POSTGRES, 5432], redis: [REDIS, 6379], nats: [NATS, 4222] } as const;

const PRIVATE = ['10.0.0.1', '10.96.0.10', '172.16.0.1', '172.31.255.254', '192.168.1.1', '169.254.169.254', '100.64.0.1', '127.0.0.1', 'fd00::1', 'fc00::1', 'fe80::1', '::1', '::ffff:10.0.0.1'];
const PUBLIC = ['93.184.216.34', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:2800:220:1:248:1893:25c8:1946'];

describeHelm('chart NetworkPolicies', () => {
  let ms: Manifest[];
  let policies: Manifest[];
  let pods: Map<string, Pod>;
  beforeAll(() => {
    ms = render();
    policies = byKind(ms, 'NetworkPolicy');
    pods = new Map(byKind(ms, 'Deployment').map((d) => [d.metadata.name, podOf(d)]));
  });
  const grpcPort = (name: string) => pods.get(name)!.ports.find((p) => p.name === 'grpc')?.containerPort;
  const httpPort = (name: string) => pods.get(name)!.ports.find((p) => p.name === 'http')!.containerPort;

  test('are on by default: every deployment\'s pods and the migration pod are selected by one policy for ingress and egress', () => {
    const selectable = [...pods.values(), podOf(named(ms, 'Job', 'exs-migrate'))];
    for (const pod of selectable) {
      const selecting = policies.filter((p) => matches(p.spec.podSelector, pod.labels));
      expect({ pod: pod.name, policies: selecting.map((p) => p.spec.policyTypes) }).toEqual({ pod: pod.name, policies: [['Ingress', 'Egress']] });
    }
    expect(policies).toHaveLength(selectable.length);
  });

  test('each gRPC port is reachable only from the deployments that call that service', () => {
    for (const src of pods.keys()) {
      for (const dst of pods.keys()) {
        const port = grpcPort(dst);
        if (port === undefined) continue;
        expect({ src, dst, allowed: allowed(policies, pods.get(src)!, pods.get(dst)!, port) }).toEqual({ src, dst, allowed: CALLS[src].includes(dst) });
      }
    }
  });

  test('every gRPC address a deployment is configured with (<SERVICE>_GRPC_URL) is open to it', () => {
    const byService = new Map(byKind(ms, 'Service').map((s) => [s.metadata.name, s]));
    let checked = 0;
    for (const d of byKind(ms, 'Deployment')) {
      for (const [name, value] of Object.entries(envOf(d.spec.template.spec.containers[0]))) {
        if (!name.endsWith('_GRPC_URL')) continue;
        const [host, port] = String(value).split(':');
        const target = byService.get(host)!;
        const targetPort = target.spec.ports.find((p: any) => p.port === Number(port)).targetPort;
        const dst = pods.get(host)!;
        const containerPort = dst.ports.find((p) => p.name === targetPort)!.containerPort;
        expect({ from: d.metadata.name, to: host, allowed: allowed(policies, pods.get(d.metadata.name)!, dst, containerPort) }).toEqual({ from: d.metadata.name, to: host, allowed: true });
        checked++;
      }
    }
    expect(checked).toBe(5 + 3 + 3);
  });

  test('the gateway is reachable from the ingress controller\'s namespace and the helm test pod, nothing else', () => {
    const gateway = pods.get('exs-gateway')!;
    const port = httpPort('exs-gateway');
    expect(allowed(policies, INGRESS, gateway, port)).toBe(true);
    const testPod = named(ms, 'Pod', 'exs-test-gateway');
    expect(allowed(policies, podOf(testPod, { metadata: testPod.metadata, spec: testPod.spec }), gateway, port)).toBe(true);
    expect(allowed(policies, outsider('default', { app: 'curl' }), gateway, port)).toBe(false);
    expect(allowed(policies, outsider(NS, { app: 'curl' }), gateway, port)).toBe(false);
    // Internal services' HTTP ports (health) are closed to other pods unless healthFrom opens them.
    expect(allowed(policies, INGRESS, pods.get('exs-billing')!, httpPort('exs-billing'))).toBe(false);
  });

  test('gatewayFrom empty opens the gateway to everyone; healthFrom opens every HTTP port to monitoring', () => {
    const open = byKind(render(['networkPolicy.healthFrom[0].namespaceSelector.matchLabels.name=monitoring'], ['--set-json', 'networkPolicy.gatewayFrom=[]']), 'NetworkPolicy');
    expect(allowed(open, outsider('default', { app: 'curl' }), pods.get('exs-gateway')!, httpPort('exs-gateway'))).toBe(true);
    const prometheus: Pod = { ...outsider('monitoring', { app: 'prometheus' }), nsLabels: { name: 'monitoring' } };
    for (const name of pods.keys()) expect({ name, allowed: allowed(open, prometheus, pods.get(name)!, httpPort(name)) }).toEqual({ name, allowed: true });
    expect(allowed(open, prometheus, pods.get('exs-billing')!, grpcPort('exs-billing')!)).toBe(false);
  });

  test('each deployment reaches the datastores it uses, and only those, on their ports; every pod reaches DNS', () => {
    for (const [name, pod] of pods) {
      for (const [store, [server, port]] of Object.entries(STORE)) {
        expect({ name, store, allowed: allowed(policies, pod, server, port) }).toEqual({ name, store, allowed: USES[name].includes(store as 'nats') });
      }
      expect(allowed(policies, pod, POSTGRES, 6379)).toBe(false);
      expect(allowed(policies, pod, DNS, 53, 'UDP')).toBe(true);
      expect(allowed(policies, pod, DNS, 53, 'TCP')).toBe(true);
      expect(allowed(policies, pod, outsider('kube-system', { app: 'other' }, [{ containerPort: 53 }]), 53, 'UDP')).toBe(false);
    }
    const migrate = podOf(named(ms, 'Job', 'exs-migrate'));
    expect(allowed(policies, migrate, POSTGRES, 5432)).toBe(true);
    expect(allowed(policies, migrate, REDIS, 6379)).toBe(false);
    expect(allowed(policies, migrate, address('93.184.216.34'), 443)).toBe(false);
  });

  test('external datastores are reached through the CIDRs or selectors given in values', () => {
    const ext = byKind(render([
      'networkPolicy.egress.postgresql.to[0].ipBlock.cidr=10.20.0.0/24',
      'networkPolicy.egress.nats.to[0].namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name=nats',
      'networkPolicy.egress.nats.ports[0].port=4222',
    ]), 'NetworkPolicy');
    const billing = pods.get('exs-billing')!;
    expect(allowed(ext, billing, address('10.20.0.7'), 5432)).toBe(true);
    expect(allowed(ext, billing, address('10.20.1.7'), 5432)).toBe(false);
    expect(allowed(ext, billing, POSTGRES, 5432)).toBe(false);
    expect(allowed(ext, pods.get('exs-webhooks')!, outsider('nats', { 'app.kubernetes.io/name': 'nats' }), 4222)).toBe(true);
    expect(allowed(ext, pods.get('exs-webhooks')!, NATS, 4222)).toBe(false);
  });

  test('webhooks reaches public addresses on any port, never private, loopback, link-local or CGNAT ones', () => {
    const webhooks = pods.get('exs-webhooks')!;
    for (const ip of PUBLIC) for (const port of [443, 8443]) expect({ ip, port, allowed: allowed(policies, webhooks, address(ip), port) }).toEqual({ ip, port, allowed: true });
    for (const ip of PRIVATE) for (const port of [443, 5432]) expect({ ip, port, allowed: allowed(policies, webhooks, address(ip), port) }).toEqual({ ip, port, allowed: false });
    // No other deployment reaches the internet.
    for (const [name, pod] of pods) if (name !== 'exs-webhooks') expect({ name, allowed: allowed(policies, pod, address('93.184.216.34'), 443) }).toEqual({ name, allowed: false });
  });

  test('S3, Document AI and the OTLP endpoint are opened, on their URLs\' ports, only when configured', () => {
    const on = byKind(render([
      'uploads.store.type=s3', 'uploads.store.s3.bucket=docs', 'uploads.store.s3.endpoint=http://minio.storage:9000',
      'documentAi.processor=projects/p/locations/eu/processors/x',
      'otel.endpoint=http://otel-collector.observability:4318',
      'networkPolicy.egress.otel.to[0].namespaceSelector.matchLabels.name=observability',
    ]), 'NetworkPolicy');
    const internet = address('93.184.216.34');
    const collector: Pod = { ...outsider('observability', { app: 'collector' }), nsLabels: { name: 'observability' } };
    expect(allowed(on, pods.get('exs-uploads')!, internet, 9000)).toBe(true);
    expect(allowed(on, pods.get('exs-uploads')!, internet, 443)).toBe(false);
    expect(allowed(on, pods.get('exs-extraction-api')!, internet, 443)).toBe(true);
    expect(allowed(on, pods.get('exs-extraction-worker')!, internet, 443)).toBe(true);
    expect(allowed(on, pods.get('exs-billing')!, internet, 443)).toBe(false);
    for (const [name, pod] of pods) expect({ name, allowed: allowed(on, pod, collector, 4318) }).toEqual({ name, allowed: true });
    for (const [name, pod] of pods) expect({ name, allowed: allowed(policies, pod, collector, 4318) }).toEqual({ name, allowed: false });
    expect(allowed(policies, pods.get('exs-extraction-api')!, internet, 443)).toBe(false);
  });

  test('networkPolicy.enabled=false renders none', () => {
    expect(byKind(render(['networkPolicy.enabled=false']), 'NetworkPolicy')).toEqual([]);
  });
});

// The MCP server in the chart (mcp.enabled, off by default): its Deployment, Service, NetworkPolicy and
// Ingress follow the other services' patterns; it calls the gateway's public API (EXS_API_URL) and the
// gateway's /status probes it (MCP_HEALTH_URL); its pods reach the gateway and public HTTPS only.
import { byKind, describeHelm, envOf, named, render, type Manifest } from './support/chart.js';

const COMPONENT = 'app.kubernetes.io/component';
const container = (ms: Manifest[], name: string) => named(ms, 'Deployment', name).spec.template.spec.containers[0];
const selects = (peer: any, component: string) => peer.podSelector?.matchLabels?.[COMPONENT] === component;

describeHelm('helm chart: MCP server', () => {
  let defaults: Manifest[];
  let enabled: Manifest[];

  beforeAll(() => {
    defaults = render();
    enabled = render(['mcp.enabled=true', 'mcp.ingress.enabled=true']);
  });

  test('by default nothing of the MCP server is rendered and the gateway does not probe it', () => {
    expect(defaults.filter((m) => m.metadata.name === 'exs-mcp')).toEqual([]);
    expect(envOf(container(defaults, 'exs-gateway'))).not.toHaveProperty('MCP_HEALTH_URL');
  });

  test('mcp.enabled renders a Deployment running SERVICE=mcp against the gateway Service, probed on its HTTP port', () => {
    const c = container(enabled, 'exs-mcp');
    expect(envOf(c)).toMatchObject({ SERVICE: 'mcp', HTTP_PORT: '8091', HTTP_HOST: '0.0.0.0', NODE_ENV: 'production', EXS_API_URL: 'http://exs-gateway:80' });
    expect(c.ports).toEqual([{ name: 'http', containerPort: 8091, protocol: 'TCP' }]);
    expect(c.readinessProbe.httpGet).toEqual({ path: '/healthz/ready', port: 'http' });
    expect(named(enabled, 'Deployment', 'exs-mcp').spec.replicas).toBe(2);
    expect(named(enabled, 'PodDisruptionBudget', 'exs-mcp').spec.maxUnavailable).toBe(1);
  });

  test('the gateway probes the MCP server through its Service for /status', () => {
    expect(envOf(container(enabled, 'exs-gateway')).MCP_HEALTH_URL).toBe('http://exs-mcp:80/healthz/ready');
    const service = named(enabled, 'Service', 'exs-mcp');
    expect(service.spec).toMatchObject({ type: 'ClusterIP', ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP', appProtocol: 'http' }] });
    expect(service.spec.selector[COMPONENT]).toBe('mcp');
  });

  test('the MCP NetworkPolicy admits mcp.from and the gateway, and lets out DNS, the gateway and public HTTPS only', () => {
    const policy = named(enabled, 'NetworkPolicy', 'exs-mcp').spec;
    expect(policy.ingress).toHaveLength(1);
    expect(policy.ingress[0].ports).toEqual([{ port: 'http', protocol: 'TCP' }]);
    expect(policy.ingress[0].from.some((p: any) => p.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx')).toBe(true);
    expect(policy.ingress[0].from.some((p: any) => selects(p, 'gateway'))).toBe(true);

    const [dns, gateway, documents, ...rest] = policy.egress;
    expect(rest).toEqual([]);
    expect(dns.ports.map((p: any) => p.port)).toEqual([53, 53]);
    expect(gateway).toEqual({ to: [expect.objectContaining({ podSelector: expect.objectContaining({ matchLabels: expect.objectContaining({ [COMPONENT]: 'gateway' }) }) })], ports: [{ port: 8080, protocol: 'TCP' }] });
    expect(documents.ports).toEqual([{ port: 443, protocol: 'TCP' }]);
    expect(documents.to[0].ipBlock).toEqual({ cidr: '0.0.0.0/0', except: expect.arrayContaining(['169.254.0.0/16', '10.0.0.0/8', '127.0.0.0/8']) });
    expect(documents.to[1].ipBlock).toEqual({ cidr: '::/0', except: expect.arrayContaining(['fe80::/10', 'fc00::/7', '::ffff:0:0/96']) });
  });

  test('the gateway NetworkPolicy lets the MCP server in and the gateway out to the MCP server\'s HTTP port', () => {
    const policy = named(enabled, 'NetworkPolicy', 'exs-gateway').spec;
    const http = policy.ingress.find((r: any) => r.ports.some((p: any) => p.port === 'http') && r.from?.some((p: any) => p.namespaceSelector));
    expect(http.from.some((p: any) => selects(p, 'mcp'))).toBe(true);
    expect(policy.egress).toContainEqual({ to: [expect.objectContaining({ podSelector: expect.objectContaining({ matchLabels: expect.objectContaining({ [COMPONENT]: 'mcp' }) }) })], ports: [{ port: 8091, protocol: 'TCP' }] });
    const without = named(defaults, 'NetworkPolicy', 'exs-gateway').spec;
    expect(JSON.stringify(without)).not.toContain('"mcp"');
  });

  test('mcp.ingress routes /mcp only (not /metrics) to the MCP Service', () => {
    const ingress = named(enabled, 'Ingress', 'exs-mcp');
    expect(ingress.spec.rules).toEqual([{ host: 'mcp.exs.example.com', http: { paths: [{ path: '/mcp', pathType: 'Exact', backend: { service: { name: 'exs-mcp', port: { name: 'http' } } } }] } }]);
    expect(byKind(defaults, 'Ingress')).toEqual([]);
  });
});

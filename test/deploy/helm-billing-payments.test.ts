// Billing's payments in the chart (docs/billing.md, "The webhook endpoint"): with PAYMENT_PROCESSOR stripe,
// billing may open the processor's API port on public addresses only (private, loopback, link-local and
// CGNAT ranges closed, like webhooks'); billing.webhookIngress routes only /webhooks/<processor> to billing's
// HTTP port and admits the ingress controller to that port. The policies are read as Kubernetes reads them
// (ipBlocks with their exceptions, named ports).
import { BlockList, isIPv6 } from 'node:net';
import { describeHelm, named, render, renderError, type Manifest } from './support/chart.js';

const PRIVATE = ['10.0.0.1', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '127.0.0.1', 'fd00::1', 'fe80::1', '::1', '::ffff:10.0.0.1'];
const PUBLIC = ['93.184.216.34', '3.18.12.63', '2600:1f16::1'];

function inCidr(ip: string, cidr: string): boolean {
  const [net, prefix] = cidr.split('/');
  if (isIPv6(ip) !== isIPv6(net!)) return false;
  const family = isIPv6(ip) ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  list.addSubnet(net!, Number(prefix), family);
  return list.check(ip, family);
}

/** Whether billing's egress rules let it open `port` on `ip` (an address outside the cluster). */
function billingMayOpen(ms: Manifest[], ip: string, port: number): boolean {
  const rules = named(ms, 'NetworkPolicy', 'exs-billing').spec.egress as any[];
  return rules.some((r) => {
    const portOk = !r.ports?.length || r.ports.some((p: any) => (p.protocol ?? 'TCP') === 'TCP' && (p.port === undefined || p.port === port));
    const toOk = !r.to?.length || r.to.some((peer: any) => peer.ipBlock && inCidr(ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c: string) => inCidr(ip, c)));
    return portOk && toOk;
  });
}

const ingressController = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } };
const billingIngressRules = (ms: Manifest[]) => named(ms, 'NetworkPolicy', 'exs-billing').spec.ingress as any[];

describeHelm('helm chart: billing payments', () => {
  let defaults: Manifest[];
  let stripe: Manifest[];
  let published: Manifest[];
  beforeAll(() => {
    defaults = render();
    stripe = render(['billing.env.PAYMENT_PROCESSOR=stripe']);
    published = render(['billing.env.PAYMENT_PROCESSOR=stripe', 'billing.webhookIngress.enabled=true']);
  });

  test('by default (no processor) billing opens nothing outside the cluster and nothing routes to it from outside', () => {
    for (const ip of PUBLIC) expect(billingMayOpen(defaults, ip, 443)).toBe(false);
    expect(defaults.filter((m) => m.kind === 'Ingress' && m.metadata.name === 'exs-billing-webhooks')).toEqual([]);
    expect(billingIngressRules(defaults).some((r) => r.ports.some((p: any) => p.port === 'http'))).toBe(false);
  });

  test('with PAYMENT_PROCESSOR stripe billing may open 443 on public addresses, never on private, loopback, link-local or CGNAT ones, and no other port', () => {
    for (const ip of PUBLIC) expect({ ip, allowed: billingMayOpen(stripe, ip, 443) }).toEqual({ ip, allowed: true });
    for (const ip of PRIVATE) expect({ ip, allowed: billingMayOpen(stripe, ip, 443) }).toEqual({ ip, allowed: false });
    for (const port of [80, 5432, 8443]) expect({ port, allowed: billingMayOpen(stripe, PUBLIC[0]!, port) }).toEqual({ port, allowed: false });
  });

  test('the port follows STRIPE_API_BASE, and paymentProcessor.to (an egress proxy) replaces the public addresses', () => {
    const proxied = render(['billing.env.PAYMENT_PROCESSOR=stripe', 'billing.env.STRIPE_API_BASE=https://stripe-proxy.internal:8443', 'networkPolicy.egress.paymentProcessor.to[0].ipBlock.cidr=10.30.0.0/24']);
    expect(billingMayOpen(proxied, '10.30.0.7', 8443)).toBe(true);
    expect(billingMayOpen(proxied, '10.30.0.7', 443)).toBe(false);
    expect(billingMayOpen(proxied, PUBLIC[0]!, 8443)).toBe(false);
  });

  test('webhookIngress routes only /webhooks/stripe (Exact) to billing\'s http port, and admits the ingress controller to that port only', () => {
    const ingress = named(published, 'Ingress', 'exs-billing-webhooks');
    expect(ingress.spec.rules).toEqual([{ host: 'exs.example.com', http: { paths: [{ path: '/webhooks/stripe', pathType: 'Exact', backend: { service: { name: 'exs-billing', port: { name: 'http' } } } }] } }]);
    const service = named(published, 'Service', 'exs-billing');
    expect(service.spec.ports.find((p: any) => p.name === 'http')).toMatchObject({ port: 9103, targetPort: 'http' });
    const fromController = billingIngressRules(published).filter((r) => r.from?.some((peer: any) => JSON.stringify(peer) === JSON.stringify(ingressController)));
    expect(fromController).toEqual([{ from: [ingressController], ports: [{ port: 'http', protocol: 'TCP' }] }]);
  });

  test('the schema refuses a webhook route other than /webhooks/<processor>, so /metrics and health are never published', () => {
    // --set on a list element replaces the element: give it whole, so only the path (or pathType) is wrong.
    const route = (path: string, pathType = 'Exact') => ['billing.webhookIngress.enabled=true', 'billing.webhookIngress.hosts[0].host=exs.example.com', `billing.webhookIngress.hosts[0].paths[0].path=${path}`, `billing.webhookIngress.hosts[0].paths[0].pathType=${pathType}`];
    expect(render(route('/webhooks/stripe')).some((m) => m.kind === 'Ingress' && m.metadata.name === 'exs-billing-webhooks')).toBe(true);
    for (const path of ['/', '/metrics', '/healthz/ready', '/webhooks']) {
      expect(renderError(route(path))).toContain(`paths/0/path': '${path}' does not match pattern`);
    }
    expect(renderError(route('/webhooks/stripe', 'Prefix'))).toContain("paths/0/pathType': value must be 'Exact'");
  });
});

// The chart's hooks and NATS values: the migrations run as one pre-install/pre-upgrade Job whose containers
// (one per database-owning service) run in parallel; `helm test` runs files/gateway-test.mjs in the app image
// against the gateway Service (the script itself is run here, as the pod runs it, against a stand-in gateway on
// 127.0.0.1); nats.stream.* reach the services that create the JetStream streams.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { byKind, describeHelm, envOf, named, render, renderError, type Manifest } from './support/chart.js';

const DATABASE_SERVICES = ['gateway', 'uploads', 'extraction', 'billing', 'webhooks'];

describeHelm('chart hooks and NATS values', () => {
  let ms: Manifest[];
  beforeAll(() => {
    ms = render(['image.tag=1a2b3c4']);
  });

  test('migrations are one pre-install,pre-upgrade Job with a container per database-owning service, so they run in parallel', () => {
    // Helm runs hook Jobs one at a time, each to completion: a single Job is what lets them run together.
    const hooks = ms.filter((m) => m.metadata.annotations?.['helm.sh/hook']?.includes('pre-upgrade') && m.kind === 'Job');
    expect(hooks.map((j) => j.metadata.name)).toEqual(['exs-migrate']);
    const job = hooks[0];
    expect(job.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-output-log-policy': 'hook-failed' });
    const pod = job.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    expect(pod.containers.map((c: any) => c.name)).toEqual(DATABASE_SERVICES);
    for (const c of pod.containers) {
      expect(c.image).toBe('ghcr.io/example/exs:1a2b3c4');
      expect(c.args).toEqual(['migrate']);
      expect(envOf(c)).toMatchObject({ SERVICE: c.name, DATABASE_URL: { secretKeyRef: { name: 'exs-databases', key: c.name } } });
      // Each container its own HOME under /tmp (Prisma writes there).
      expect(c.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp', subPath: c.name }]);
      expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true });
    }
  });

  test('a service\'s own Secret reaches its migration container', () => {
    const job = named(render(['databases.billing.existingSecret=billing-db', 'databases.billing.secretKey=url']), 'Job', 'exs-migrate');
    const billing = job.spec.template.spec.containers.find((c: any) => c.name === 'billing');
    expect(envOf(billing).DATABASE_URL).toEqual({ secretKeyRef: { name: 'billing-db', key: 'url' } });
  });

  test('helm test runs a pod of the app image (node, no other image) against the gateway Service', () => {
    const pod = named(ms, 'Pod', 'exs-test-gateway');
    expect(pod.metadata.annotations?.['helm.sh/hook']).toBe('test');
    const c = pod.spec.containers[0];
    expect(c.image).toBe(named(ms, 'Deployment', 'exs-gateway').spec.template.spec.containers[0].image);
    expect(c.args.slice(0, 3)).toEqual(['node', '--input-type=module', '--eval']);
    const service = named(ms, 'Service', 'exs-gateway');
    expect(envOf(c).GATEWAY_URL).toBe(`http://exs-gateway:${service.spec.ports[0].port}`);
    expect(pod.spec.restartPolicy).toBe('Never');
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(byKind(render(['tests.enabled=false']), 'Pod')).toEqual([]);
  });

  describe('the helm test script, run as the pod runs it', () => {
    let server: Server;
    let url: string;
    let answer: (path: string) => [number, unknown];
    beforeAll(async () => {
      server = createServer((req, res) => {
        const [status, body] = answer(req.url ?? '');
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const status = (checks: Array<[string, string]>) => ({
      object: 'status',
      status: checks.every(([, s]) => s === 'up') ? 'operational' : 'degraded',
      components: [{ id: 'api', status: 'operational', checks: checks.map(([name, s]) => ({ name, status: s, ...(s === 'up' ? {} : { reason: 'unreachable' }) })) }, { id: 'mcp', status: 'not_deployed', checks: [] }],
    });
    const healthy = (path: string): [number, unknown] => (path === '/v1/health' ? [200, { ok: true, version: '1a2b3c4' }] : [200, status([['gateway', 'up'], ['billing', 'up']])]);

    function runTest(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
      const args = named(ms, 'Pod', 'exs-test-gateway').spec.containers[0].args as string[];
      return new Promise((resolve) => {
        const child = spawn(process.execPath, args.slice(1), { env: { PATH: process.env.PATH, GATEWAY_URL: url, TEST_TIMEOUT_SECONDS: '1', TEST_RETRY_MS: '50', ...env } });
        let out = '';
        child.stdout.on('data', (d) => { out += d; });
        child.stderr.on('data', (d) => { out += d; });
        child.on('close', (code) => resolve({ code, out }));
      });
    }

    test('passes when /v1/health is ok and every /status check is up', async () => {
      answer = healthy;
      expect(await runTest({})).toEqual({ code: 0, out: expect.stringContaining('ok: version 1a2b3c4, status operational') });
    });

    test('fails naming the check that is down', async () => {
      answer = (path) => (path === '/status' ? [200, status([['gateway', 'up'], ['billing', 'down']])] : healthy(path));
      expect(await runTest({})).toEqual({ code: 1, out: expect.stringContaining('failed: /status: degraded; down: billing (unreachable)') });
    });

    test('fails when /v1/health does not answer 200', async () => {
      answer = (path) => (path === '/v1/health' ? [503, { error: { code: 'unavailable' } }] : healthy(path));
      expect(await runTest({})).toEqual({ code: 1, out: expect.stringContaining('failed: /v1/health: 503') });
    });

    test('retries while the release settles', async () => {
      let calls = 0;
      answer = (path) => (path === '/v1/health' && ++calls <= 2 ? [503, {}] : healthy(path));
      const res = await runTest({ TEST_TIMEOUT_SECONDS: '30' });
      expect(res).toEqual({ code: 0, out: expect.stringContaining('ok:') });
      expect(res.out.match(/retrying/g)).toHaveLength(2);
    });
  });

  test('nats.stream.replicas and .storage reach the services that create the streams, and only them', () => {
    const rendered = render(['nats.stream.replicas=3', 'nats.stream.storage=memory']);
    for (const d of byKind(rendered, 'Deployment')) {
      const env = envOf(d.spec.template.spec.containers[0]);
      const uses = ['exs-extraction-api', 'exs-extraction-worker', 'exs-webhooks'].includes(d.metadata.name);
      expect({ name: d.metadata.name, replicas: env.NATS_STREAM_REPLICAS, storage: env.NATS_STREAM_STORAGE })
        .toEqual({ name: d.metadata.name, replicas: uses ? '3' : undefined, storage: uses ? 'memory' : undefined });
    }
  });

  test('nats.stream.replicas is 1 to 5, storage file or memory', () => {
    expect(() => render(['nats.stream.replicas=1'])).not.toThrow();
    expect(() => render(['nats.stream.replicas=5'])).not.toThrow();
    expect(renderError(['nats.stream.replicas=0'])).toMatch(/schema[\s\S]*replicas/);
    expect(renderError(['nats.stream.replicas=6'])).toMatch(/schema[\s\S]*replicas/);
    expect(renderError(['nats.stream.storage=disk'])).toMatch(/schema[\s\S]*storage/);
  });
});

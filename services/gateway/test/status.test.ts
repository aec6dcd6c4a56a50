import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { createServer } from 'node:net';
import { GrpcHealthProbe } from '../src/status/grpc-health.js';
import { buildReport, runChecks, statusHtml, statusJson, wantsJson, type StatusCheck } from '../src/status/status-report.js';
import { STATUS_CACHE_MS, StatusService, apiChecks } from '../src/status/status.service.js';
import type { GatewayConfig } from '../src/config.js';
import type { PrismaClient } from '../src/generated/prisma/client.js';

/** A loopback port nothing listens on (bound once by the OS, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const check = (name: string, critical: boolean, fails?: string): StatusCheck => ({
  name,
  critical,
  run: async () => { if (fails) throw new Error(fails); },
});
const API_CHECKS = [check('gateway', true), check('extraction', true), check('billing', true), check('uploads', false), check('ratelimit', false), check('webhooks', false)];
const at = new Date('2026-08-10T12:00:00Z');

async function report(checks: StatusCheck[]) {
  return buildReport(checks, await runChecks(checks, 1000), at);
}

describe('content negotiation', () => {
  test.each([
    [undefined, false],
    ['*/*', false],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['application/json, text/html', false],
    ['application/json', true],
    ['application/json, */*;q=0.5', true],
    ['text/html;q=0.1, application/json', true],
    ['application/*', true],
    ['application/json;q=0, */*', false],
  ])('Accept %p -> JSON: %p', (accept, json) => {
    expect(wantsJson(accept)).toBe(json);
  });
});

describe('roll-up', () => {
  test('every check up: the API and the page are operational', async () => {
    const r = await report(API_CHECKS);
    expect(r.state).toBe('operational');
    expect(r.components.find((c) => c.id === 'api')!.checks.every((c) => c.state === 'up')).toBe(true);
  });

  test('a non-critical service down degrades the API, with the reason', async () => {
    const r = await report([...API_CHECKS.filter((c) => c.name !== 'webhooks'), check('webhooks', false, 'unreachable')]);
    expect(r.state).toBe('degraded');
    expect(r.components[0]!.checks.find((c) => c.name === 'webhooks')).toEqual({ name: 'webhooks', state: 'down', reason: 'unreachable' });
  });

  test('a critical service down is an outage', async () => {
    const r = await report([...API_CHECKS.filter((c) => c.name !== 'extraction'), check('extraction', true, 'not serving')]);
    expect(r.state).toBe('outage');
  });

  test('a hung check is down (timed out) and does not hold the page', async () => {
    const hung: StatusCheck = { name: 'uploads', critical: false, run: () => new Promise(() => {}) };
    // Without its own timeout the hung check would hold this call until Jest's.
    const [result] = await runChecks([hung], 100);
    expect(result).toEqual({ name: 'uploads', state: 'down', reason: 'timed out' });
  });

  test('the MCP server and the dashboard are listed as not deployed and do not change the page state', async () => {
    const r = await report(API_CHECKS);
    expect(r.components.map((c) => [c.id, c.state])).toEqual([['api', 'operational'], ['mcp', 'not_deployed'], ['dashboard', 'not_deployed']]);
  });
});

describe('representations', () => {
  test('JSON lists each component with its state and checks', async () => {
    const body = statusJson(await report([check('gateway', true), check('webhooks', false, 'unreachable')]));
    expect(body).toEqual({
      object: 'status',
      status: 'degraded',
      checked_at: '2026-08-10T12:00:00.000Z',
      components: [
        {
          id: 'api', name: 'API', status: 'degraded', description: expect.any(String),
          checks: [{ name: 'gateway', status: 'up' }, { name: 'webhooks', status: 'down', reason: 'unreachable' }],
        },
        { id: 'mcp', name: 'MCP server', status: 'not_deployed', description: expect.stringContaining('Not part of this deployment'), checks: [] },
        { id: 'dashboard', name: 'Dashboard', status: 'not_deployed', description: expect.stringContaining('Not part of this deployment'), checks: [] },
      ],
    });
  });

  test('HTML names every component and state, and escapes reasons', async () => {
    const html = statusHtml(await report([check('gateway', true), check('webhooks', false, '<script>x</script>')]));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Status: Degraded</title>');
    for (const text of ['API', 'MCP server', 'Dashboard', 'Not deployed', 'webhooks']) expect(html).toContain(text);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
  });
});

describe('caching', () => {
  test(`the checks run at most once per ${STATUS_CACHE_MS} ms, and concurrent callers share one run`, async () => {
    let runs = 0;
    const counted: StatusCheck = { name: 'gateway', critical: true, run: async () => { runs += 1; await new Promise((r) => setTimeout(r, 20)); } };
    const service = new StatusService({ checks: [counted], close: () => {} });
    const t0 = Date.now();
    await Promise.all([service.report(t0), service.report(t0), service.report(t0)]);
    expect(runs).toBe(1);
    await service.report(t0 + STATUS_CACHE_MS - 1);
    expect(runs).toBe(1);
    await service.report(Date.now() + STATUS_CACHE_MS);
    expect(runs).toBe(2);
  });
});

describe('grpc.health.v1 probe', () => {
  let server: grpc.Server;
  let health: HealthImplementation;
  let url: string;
  const probes: GrpcHealthProbe[] = [];
  const probe = (target: string) => { const p = new GrpcHealthProbe(target); probes.push(p); return p; };

  beforeAll(async () => {
    server = new grpc.Server();
    health = new HealthImplementation({ '': 'SERVING' });
    health.addToServer(server);
    const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
    url = `127.0.0.1:${port}`;
  });

  afterAll(() => {
    for (const p of probes) p.close();
    server?.forceShutdown();
  });

  test('a serving service passes', async () => {
    health.setStatus('', 'SERVING');
    await expect(probe(url).check(1000)).resolves.toBeUndefined();
  });

  test('a service that answers NOT_SERVING (shutting down) is down: not serving', async () => {
    health.setStatus('', 'NOT_SERVING');
    try {
      await expect(probe(url).check(1000)).rejects.toThrow('not serving');
    } finally {
      health.setStatus('', 'SERVING');
    }
  });

  test('nothing listening is down: unreachable', async () => {
    await expect(probe(`127.0.0.1:${await closedPort()}`).check(1000)).rejects.toThrow('unreachable');
  });
});

describe('the extraction engine', () => {
  test("extraction answering NOT_SERVING for its API (no engine thread can take work) downs extraction_engine, which degrades the API", async () => {
    const server = new grpc.Server();
    const health = new HealthImplementation({ '': 'SERVING', 'exs.extraction.v1.ExtractionService': 'NOT_SERVING' });
    health.addToServer(server);
    const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
    const url = `127.0.0.1:${port}`;
    const api = apiChecks({ EXTRACTION_GRPC_URL: url, BILLING_GRPC_URL: url, UPLOADS_GRPC_URL: url, RATELIMIT_GRPC_URL: url, WEBHOOKS_GRPC_URL: url } as GatewayConfig, {} as PrismaClient);
    try {
      // Every internal service is this one server; the gateway's own database check is left out.
      const checks = api.checks.filter((c) => c.name !== 'gateway');
      const r = buildReport(checks, await runChecks(checks, 1500), at);
      expect(r.state).toBe('degraded');
      expect(r.components[0]!.checks.filter((c) => c.state === 'down')).toEqual([{ name: 'extraction_engine', state: 'down', reason: 'not serving' }]);
    } finally {
      api.close();
      server.forceShutdown();
    }
  });
});

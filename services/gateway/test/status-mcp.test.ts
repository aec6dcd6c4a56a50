// The MCP server on the status page: "not deployed" unless the gateway is told where to probe it
// (MCP_HEALTH_URL); then operational while its readiness answers 2xx, an outage otherwise.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildReport, runChecks, type StatusCheck } from '../src/status/status-report.js';
import { StatusService, componentProbes } from '../src/status/status.service.js';
import type { GatewayConfig } from '../src/config.js';

const up: StatusCheck = { name: 'gateway', critical: true, run: async () => {} };
const at = new Date('2026-08-10T12:00:00Z');
const mcpOf = (report: ReturnType<typeof buildReport>) => report.components.find((c) => c.id === 'mcp')!;

let server: Server;
let base: string;
let readiness = 200;

beforeAll(async () => {
  server = createServer((_, res) => res.writeHead(readiness).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('without MCP_HEALTH_URL the MCP server is not deployed and nothing probes it', async () => {
  expect(componentProbes({} as GatewayConfig)).toEqual([]);
  const report = await new StatusService({ checks: [up], close: () => {} }).report();
  expect(mcpOf(report)).toMatchObject({ state: 'not_deployed', checks: [] });
});

test('a deployed MCP server whose probe passes is operational, with its check listed', () => {
  const report = buildReport([up], [{ name: 'gateway', state: 'up' }], at, [{ id: 'mcp', result: { name: 'mcp', state: 'up' } }]);
  expect(mcpOf(report)).toMatchObject({ state: 'operational', checks: [{ name: 'mcp', state: 'up' }] });
  expect(mcpOf(report).description).not.toMatch(/Not part of this deployment/);
  expect(report.components.find((c) => c.id === 'dashboard')!.state).toBe('not_deployed');
  expect(report.state).toBe('operational');
});

test('a deployed MCP server whose probe fails is an outage, and so is the page', () => {
  const report = buildReport([up], [{ name: 'gateway', state: 'up' }], at, [{ id: 'mcp', result: { name: 'mcp', state: 'down', reason: 'unreachable' } }]);
  expect(mcpOf(report)).toMatchObject({ state: 'outage', checks: [{ name: 'mcp', state: 'down', reason: 'unreachable' }] });
  expect(report.state).toBe('outage');
});

test('the probe is the MCP server\'s readiness URL: 2xx is up, 503 not ready, nothing listening unreachable', async () => {
  const [probe] = componentProbes({ MCP_HEALTH_URL: `${base}/healthz/ready` } as GatewayConfig);
  expect(probe!.id).toBe('mcp');
  readiness = 200;
  expect(await runChecks([{ name: 'mcp', critical: false, run: probe!.run }], 2000)).toEqual([{ name: 'mcp', state: 'up' }]);
  readiness = 503;
  expect(await runChecks([{ name: 'mcp', critical: false, run: probe!.run }], 2000)).toEqual([{ name: 'mcp', state: 'down', reason: 'not ready' }]);
  const [closed] = componentProbes({ MCP_HEALTH_URL: 'http://127.0.0.1:1/healthz/ready' } as GatewayConfig);
  expect(await runChecks([{ name: 'mcp', critical: false, run: closed!.run }], 2000)).toEqual([{ name: 'mcp', state: 'down', reason: 'unreachable' }]);
});

test('the status service probes the deployed components beside the API checks', async () => {
  readiness = 200;
  const service = new StatusService({ checks: [up], components: componentProbes({ MCP_HEALTH_URL: `${base}/healthz/ready` } as GatewayConfig), close: () => {} });
  const report = await service.report();
  expect(mcpOf(report)).toMatchObject({ state: 'operational', checks: [{ name: 'mcp', state: 'up' }] });
});

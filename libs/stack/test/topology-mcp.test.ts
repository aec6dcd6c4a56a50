import { DEFAULT_PORTS, serviceEnv, topology } from '../src/topology.js';

const specs = topology(DEFAULT_PORTS);
const envOf = (name: string) => serviceEnv(specs.find((s) => s.name === name)!, specs, { redis: 'redis://127.0.0.1:6379', nats: 'nats://127.0.0.1:4222' }, (server, db) => `${server}/${db}`);

// The MCP server is a client of the public API; the gateway's /status learns of it from MCP_HEALTH_URL.
test('the local stack runs the MCP server against the gateway, and the gateway probes it for /status', () => {
  expect(specs.find((s) => s.name === 'mcp')).toEqual({ name: 'mcp', httpPort: DEFAULT_PORTS.mcp, needs: [] });
  expect(envOf('mcp')).toMatchObject({ HTTP_PORT: String(DEFAULT_PORTS.mcp), EXS_API_URL: `http://127.0.0.1:${DEFAULT_PORTS.gateway}` });
  expect(envOf('mcp')).not.toHaveProperty('DATABASE_URL');
  expect(envOf('gateway').MCP_HEALTH_URL).toBe(`http://127.0.0.1:${DEFAULT_PORTS.mcp}/healthz/ready`);
});

test('every service of the local stack has its own HTTP port', () => {
  const ports = specs.map((s) => s.httpPort);
  expect(new Set(ports).size).toBe(ports.length);
});

import { DEFAULT_PORTS, serviceEnv, topology } from '../src/topology.js';

const specs = topology(DEFAULT_PORTS);
const envOf = (name: string) => serviceEnv(specs.find((s) => s.name === name)!, specs, { databaseServer: 'postgres://u:p@127.0.0.1:5432', redis: 'redis://127.0.0.1:6379', nats: 'nats://127.0.0.1:4222' }, (server, db) => `${server}/${db}`);

// The webhooks service honours its dev-only flags only under NODE_ENV development or test (services/webhooks/src/config.ts).
test('the local stack runs webhooks in development mode with its dev-only flags on', () => {
  expect(envOf('webhooks')).toMatchObject({ NODE_ENV: 'development', WEBHOOKS_ALLOW_INSECURE_URLS: 'true', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
});

test('the gateway\'s 402 top_up_url is the local dashboard\'s top-up page', () => {
  expect(envOf('gateway').TOP_UP_URL).toBe(`http://127.0.0.1:${DEFAULT_PORTS.dashboard}/top-up`);
});

test('the dashboard reaches every service it shows: gateway, billing, extraction, webhooks and ratelimit', () => {
  const grpcs = Object.fromEntries(specs.filter((s) => s.grpcPort).map((s) => [s.name, `127.0.0.1:${s.grpcPort}`]));
  expect(envOf('dashboard')).toMatchObject({
    GATEWAY_GRPC_URL: grpcs.gateway, BILLING_GRPC_URL: grpcs.billing, EXTRACTION_GRPC_URL: grpcs.extraction,
    WEBHOOKS_GRPC_URL: grpcs.webhooks, RATELIMIT_GRPC_URL: grpcs.ratelimit,
  });
});

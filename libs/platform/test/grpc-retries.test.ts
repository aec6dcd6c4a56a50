import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { GRPC_SERVICES, PROTO_ROOT } from '@exs/contracts';
import { grpcServiceConfig, PROTO_LOADER_OPTIONS } from '@exs/platform';

// A real grpc-js server on loopback whose Take always answers UNAVAILABLE, and a client configured the way
// every service's clients are (grpcServiceConfig), counting the attempts that reach the server.
const def = GRPC_SERVICES.ratelimit;
const pkg = grpc.loadPackageDefinition(loadSync(def.protoPath, { ...PROTO_LOADER_OPTIONS, includeDirs: [PROTO_ROOT] })) as any;
const Service = pkg.exs.ratelimit.v1.RateLimitService;

let server: grpc.Server;
let port: number;
let attempts = 0;

beforeAll(async () => {
  server = new grpc.Server();
  server.addService(Service.service, {
    take: (_call: unknown, cb: grpc.sendUnaryData<unknown>) => {
      attempts++;
      cb({ code: grpc.status.UNAVAILABLE, details: 'store unavailable' });
    },
  });
  port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
});

afterAll(() => server.forceShutdown());
beforeEach(() => { attempts = 0; });

function client() {
  return new Service(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
    'grpc.service_config': grpcServiceConfig('ratelimit', 5),
    'grpc.enable_retries': 1,
  });
}

const take = (c: any) => new Promise<number>((resolve) => c.take({ accountId: 'acct', plan: 'default', cost: 1 }, (err: grpc.ServiceError | null) => resolve(err?.code ?? grpc.status.OK)));

test('a call answered UNAVAILABLE is retried up to four attempts', async () => {
  const c = client();
  expect(await take(c)).toBe(grpc.status.UNAVAILABLE);
  expect(attempts).toBe(4);
  c.close();
});

test('once most calls fail, retries are throttled: a down dependency sees each call about once, not four times', async () => {
  const c = client();
  for (let i = 0; i < 10; i++) expect(await take(c)).toBe(grpc.status.UNAVAILABLE);
  // Unthrottled this is 40 attempts; the token bucket stops retrying after about five failures.
  expect(attempts).toBeLessThanOrEqual(15);
  expect(attempts).toBeGreaterThanOrEqual(10);
  c.close();
});

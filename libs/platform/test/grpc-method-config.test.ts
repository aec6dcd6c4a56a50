import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { GRPC_SERVICES, PROTO_ROOT } from '@exs/contracts';
import { grpcServiceConfig, PROTO_LOADER_OPTIONS, type GrpcMethodOverride } from '@exs/platform';

// Per-method settings of a client (grpcServiceConfig's `methods`) against a real grpc-js server on loopback:
// Take and GetQuota both answer after 1.5 s, the service's deadline is 1 s, and Take's own is longer;
// ReservePages always answers UNAVAILABLE.
const def = GRPC_SERVICES.ratelimit;
const pkg = grpc.loadPackageDefinition(loadSync(def.protoPath, { ...PROTO_LOADER_OPTIONS, includeDirs: [PROTO_ROOT] })) as any;
const Service = pkg.exs.ratelimit.v1.RateLimitService;

let server: grpc.Server;
let port: number;
let unavailableAttempts = 0;
const slow = (_call: unknown, cb: grpc.sendUnaryData<unknown>) => { setTimeout(() => cb(null, {}), 1_500); };
const unavailable = (_call: unknown, cb: grpc.sendUnaryData<unknown>) => { unavailableAttempts++; cb({ code: grpc.status.UNAVAILABLE, details: 'processor unavailable' }); };

beforeAll(async () => {
  server = new grpc.Server();
  server.addService(Service.service, { take: slow, getQuota: slow, reservePages: unavailable });
  port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
});

afterAll(() => server.forceShutdown());

function client(methods: Record<string, GrpcMethodOverride>) {
  return new Service(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
    'grpc.service_config': grpcServiceConfig('ratelimit', 1, methods),
    'grpc.enable_retries': 1,
  });
}

const code = (c: any, method: 'take' | 'getQuota' | 'reservePages') => new Promise<number>((resolve) => c[method]({ accountId: 'acct', plan: 'default', cost: 1 }, (err: grpc.ServiceError | null) => resolve(err?.code ?? grpc.status.OK)));

test('a method with its own deadline gets it, while the service\'s other methods keep the service\'s', async () => {
  const c = client({ Take: { timeoutSeconds: 5 } });
  expect(await code(c, 'take')).toBe(grpc.status.OK);
  expect(await code(c, 'getQuota')).toBe(grpc.status.DEADLINE_EXCEEDED);
  c.close();
});

test('a method marked retry: false is sent once on UNAVAILABLE, while the service\'s default still retries', async () => {
  const once = client({ ReservePages: { retry: false } });
  unavailableAttempts = 0;
  expect(await code(once, 'reservePages')).toBe(grpc.status.UNAVAILABLE);
  expect(unavailableAttempts).toBe(1);
  once.close();
  const retried = client({});
  unavailableAttempts = 0;
  expect(await code(retried, 'reservePages')).toBe(grpc.status.UNAVAILABLE);
  expect(unavailableAttempts).toBe(4);
  retried.close();
});

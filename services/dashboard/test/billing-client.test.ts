import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { GRPC_SERVICES, PROTO_ROOT } from '@exs/contracts';
import { grpcServiceConfig, PROTO_LOADER_OPTIONS } from '@exs/platform';
import { BILLING_PROCESSOR_METHODS } from '../src/payments/payments.controller.js';

// The dashboard's billing client settings against a real grpc-js server on loopback whose every method
// answers UNAVAILABLE (as billing does when Stripe does not answer), counting the attempts per method.
const def = GRPC_SERVICES.billing;
const pkg = grpc.loadPackageDefinition(loadSync(def.protoPath, { ...PROTO_LOADER_OPTIONS, includeDirs: [PROTO_ROOT] })) as any;
const Service = pkg.exs.billing.v1.BillingService;

let server: grpc.Server;
let port: number;
const attempts: Record<string, number> = {};
const unavailable = (name: string) => (_call: unknown, cb: grpc.sendUnaryData<unknown>) => {
  attempts[name] = (attempts[name] ?? 0) + 1;
  cb({ code: grpc.status.UNAVAILABLE, details: 'payment processor unavailable' });
};

beforeAll(async () => {
  server = new grpc.Server();
  server.addService(Service.service, { createTopUpCheckout: unavailable('checkout'), createCardSetup: unavailable('setup'), getWallet: unavailable('wallet') });
  port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
});

afterAll(() => server.forceShutdown());

const send = (c: any, method: string, req: object) => new Promise<number>((resolve) => c[method](req, (err: grpc.ServiceError | null) => resolve(err?.code ?? grpc.status.OK)));

// A fresh client (channel) per call: retry throttling's tokens are per channel, and a shared one would stop
// retrying after a few failures whatever the method's policy.
function client() {
  return new Service(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
    'grpc.service_config': grpcServiceConfig('billing', 10, BILLING_PROCESSOR_METHODS),
    'grpc.enable_retries': 1,
  });
}

async function attemptsOf(method: string, name: string, req: object): Promise<number> {
  const c = client();
  attempts[name] = 0;
  expect(await send(c, method, req)).toBe(grpc.status.UNAVAILABLE);
  c.close();
  return attempts[name]!;
}

test('a checkout or card setup billing answers UNAVAILABLE is sent once (each call mints a new payment), while reads are still retried', async () => {
  expect(await attemptsOf('createTopUpCheckout', 'checkout', { accountId: 'acct', amountMicros: '5000000' })).toBe(1);
  expect(await attemptsOf('createCardSetup', 'setup', { accountId: 'acct' })).toBe(1);
  expect(await attemptsOf('getWallet', 'wallet', { accountId: 'acct' })).toBe(4);
});

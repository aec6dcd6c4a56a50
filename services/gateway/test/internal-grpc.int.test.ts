// The gateway's internal gRPC API for the dashboard (GatewayService), on a real database; billing is a
// recording stand-in. The transport itself is exercised end to end by test/e2e/dashboard.test.ts.
import { of } from 'rxjs';
import { status } from '@grpc/grpc-js';
import { RpcException, type ClientGrpc } from '@nestjs/microservices';
import { prismaPgAdapter } from '@exs/platform';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { ApiKeysService } from '../src/accounts/api-keys.service.js';
import { AccountsService } from '../src/accounts/accounts.service.js';
import { GatewayGrpcController } from '../src/internal/gateway.grpc.js';
import type { GatewayConfig } from '../src/config.js';
import { migratedDatabase } from '../../../test/support/databases.js';

let db: PrismaClient;
let grpc: GatewayGrpcController;
const walletRequests: Array<{ accountId: string; plan: string; initialCreditMicros: string }> = [];
let n = 0;
const email = () => `internal-${process.pid}-${++n}@example.com`;

const billing = {
  getService: () => ({
    createWallet: (req: { accountId: string; plan: string; initialCreditMicros: string }) => {
      walletRequests.push(req);
      return of({ wallet: { accountId: req.accountId } });
    },
  }),
} as unknown as ClientGrpc;

const grpcCode = async (p: Promise<unknown>): Promise<number | undefined> => {
  try {
    await p;
    return undefined;
  } catch (err) {
    return ((err as RpcException).getError() as { code: number }).code;
  }
};

beforeAll(async () => {
  db = new PrismaClient({ adapter: prismaPgAdapter(await migratedDatabase('gateway')) });
  const keys = new ApiKeysService(db, { KEY_CACHE_TTL_SECONDS: 60 } as GatewayConfig);
  grpc = new GatewayGrpcController(new AccountsService(db, keys, billing), keys);
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
});

test('EnsureAccount returns the same account for the same e-mail, whatever its case', async () => {
  const address = email();
  const first = await grpc.ensureAccount({ email: address });
  const again = await grpc.ensureAccount({ email: address.toUpperCase() });
  expect(again.accountId).toBe(first.accountId);
  expect(await db.account.count({ where: { email: address } })).toBe(1);
});

test('EnsureAccount makes a free-plan wallet with no credit (the free grant is claimed separately) and no key', async () => {
  const { accountId } = await grpc.ensureAccount({ email: email() });
  expect(walletRequests.filter((r) => r.accountId === accountId).at(-1)).toEqual({ accountId, plan: 'free', initialCreditMicros: '0' });
  expect((await grpc.listApiKeys({ accountId })).keys).toEqual([]);
});

test('EnsureAccount refuses a malformed e-mail', async () => {
  expect(await grpcCode(grpc.ensureAccount({ email: 'not an address' }))).toBe(status.INVALID_ARGUMENT);
});

test('CreateApiKey returns the secret once; ListApiKeys shows the key without it', async () => {
  const { accountId } = await grpc.ensureAccount({ email: email() });
  const created = await grpc.createApiKey({ accountId, name: 'ci', dailyPageLimit: 40 });
  expect(created.secret).toMatch(/^exs_/);
  const { keys } = await grpc.listApiKeys({ accountId });
  expect(keys).toEqual([expect.objectContaining({ id: created.key!.id, name: 'ci', dailyPageLimit: 40, revokedAtMs: '0' })]);
  expect(JSON.stringify(keys)).not.toContain(created.secret);
});

test('CreateApiKey takes a name of 100 characters and refuses 101', async () => {
  const { accountId } = await grpc.ensureAccount({ email: email() });
  expect((await grpc.createApiKey({ accountId, name: 'n'.repeat(100), dailyPageLimit: 0 })).key!.name).toHaveLength(100);
  expect(await grpcCode(grpc.createApiKey({ accountId, name: 'n'.repeat(101), dailyPageLimit: 0 }))).toBe(status.INVALID_ARGUMENT);
});

test('CreateApiKey refuses an account the gateway does not have', async () => {
  expect(await grpcCode(grpc.createApiKey({ accountId: 'acct_unknown', name: '', dailyPageLimit: 0 }))).toBe(status.NOT_FOUND);
});

test('RevokeApiKey revokes the account\'s key and refuses another account\'s', async () => {
  const owner = (await grpc.ensureAccount({ email: email() })).accountId;
  const other = (await grpc.ensureAccount({ email: email() })).accountId;
  const { key } = await grpc.createApiKey({ accountId: owner, name: '', dailyPageLimit: 0 });
  expect(await grpcCode(grpc.revokeApiKey({ accountId: other, keyId: key!.id }))).toBe(status.NOT_FOUND);
  expect((await grpc.listApiKeys({ accountId: owner })).keys[0]!.revokedAtMs).toBe('0');
  expect((await grpc.revokeApiKey({ accountId: owner, keyId: key!.id })).key!.revokedAtMs).not.toBe('0');
});

test('UpdateApiKey renames a key and sets its daily page limit; 0 removes the limit', async () => {
  const { accountId } = await grpc.ensureAccount({ email: email() });
  const { key, secret } = await grpc.createApiKey({ accountId, name: 'old', dailyPageLimit: 0 });
  const updated = await grpc.updateApiKey({ accountId, keyId: key!.id, name: 'new', dailyPageLimit: 250 });
  expect(updated.key).toEqual(expect.objectContaining({ id: key!.id, name: 'new', dailyPageLimit: 250 }));
  expect((await grpc.listApiKeys({ accountId })).keys[0]).toEqual(expect.objectContaining({ name: 'new', dailyPageLimit: 250 }));
  // The principal the key authenticates carries the new limit at once on this instance.
  const keys = (grpc as unknown as { keys: ApiKeysService }).keys;
  expect((await keys.verify(secret))?.dailyPageLimit).toBe(250);
  await grpc.updateApiKey({ accountId, keyId: key!.id, name: 'new', dailyPageLimit: 0 });
  expect((await keys.verify(secret))?.dailyPageLimit).toBeNull();
});

test('UpdateApiKey refuses another account\'s key and leaves it unchanged', async () => {
  const owner = (await grpc.ensureAccount({ email: email() })).accountId;
  const other = (await grpc.ensureAccount({ email: email() })).accountId;
  const { key } = await grpc.createApiKey({ accountId: owner, name: 'mine', dailyPageLimit: 10 });
  expect(await grpcCode(grpc.updateApiKey({ accountId: other, keyId: key!.id, name: 'stolen', dailyPageLimit: 0 }))).toBe(status.NOT_FOUND);
  expect((await grpc.listApiKeys({ accountId: owner })).keys[0]).toEqual(expect.objectContaining({ name: 'mine', dailyPageLimit: 10 }));
});

test('UpdateApiKey refuses a name over 100 characters and a limit outside 0..10,000,000', async () => {
  const { accountId } = await grpc.ensureAccount({ email: email() });
  const { key } = await grpc.createApiKey({ accountId, name: '', dailyPageLimit: 0 });
  expect(await grpcCode(grpc.updateApiKey({ accountId, keyId: key!.id, name: 'n'.repeat(101), dailyPageLimit: 0 }))).toBe(status.INVALID_ARGUMENT);
  expect(await grpcCode(grpc.updateApiKey({ accountId, keyId: key!.id, name: '', dailyPageLimit: -1 }))).toBe(status.INVALID_ARGUMENT);
  expect(await grpcCode(grpc.updateApiKey({ accountId, keyId: key!.id, name: '', dailyPageLimit: 10_000_001 }))).toBe(status.INVALID_ARGUMENT);
  expect((await grpc.updateApiKey({ accountId, keyId: key!.id, name: 'n'.repeat(100), dailyPageLimit: 10_000_000 })).key!.dailyPageLimit).toBe(10_000_000);
});

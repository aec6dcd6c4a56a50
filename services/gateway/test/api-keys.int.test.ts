import { prismaPgAdapter } from '@exs/platform';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { ApiKeysService } from '../src/accounts/api-keys.service.js';
import type { GatewayConfig } from '../src/config.js';
import { migratedDatabase } from '../../../test/support/databases.js';

let db: PrismaClient;
let n = 0;

const keysWithCache = (seconds: number) => new ApiKeysService(db, { KEY_CACHE_TTL_SECONDS: seconds } as GatewayConfig);
async function account(): Promise<string> {
  const id = `acct_${++n}`;
  await db.account.create({ data: { id, email: `${id}@example.com` } });
  return id;
}

beforeAll(async () => {
  db = new PrismaClient({ adapter: prismaPgAdapter(await migratedDatabase('gateway')) });
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
});

test('a new key authenticates as its account', async () => {
  const keys = keysWithCache(60);
  const id = await account();
  const { key, secret } = await keys.create(id, 'ci');
  expect(await keys.verify(secret)).toEqual({ accountId: id, keyId: key.id, dailyPageLimit: null });
});

test('the secret is not stored', async () => {
  const keys = keysWithCache(60);
  const { key, secret } = await keys.create(await account(), 'ci');
  const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
  expect(JSON.stringify(row)).not.toContain(secret);
});

test('an unknown well-formed key does not authenticate', async () => {
  expect(await keysWithCache(60).verify(`exs_live_${'A'.repeat(40)}`)).toBeNull();
});

test('a revoked key stops authenticating once the cache entry expires', async () => {
  const keys = keysWithCache(0);
  const id = await account();
  const { key, secret } = await keys.create(id, 'ci');
  expect(await keys.verify(secret)).not.toBeNull();
  await keys.revoke(id, key.id);
  expect(await keys.verify(secret)).toBeNull();
});

test('a revoked key stops authenticating at once on the instance that revoked it, cached or not', async () => {
  const keys = keysWithCache(60);
  const id = await account();
  const { key, secret } = await keys.create(id, 'ci');
  await keys.verify(secret);
  await keys.revoke(id, key.id);
  expect(await keys.verify(secret)).toBeNull();
});

test('within the cache window another instance still authenticates a revoked key (the documented ~60 s delay)', async () => {
  const id = await account();
  const revoker = keysWithCache(60);
  const otherInstance = keysWithCache(60);
  const { key, secret } = await revoker.create(id, 'ci');
  await otherInstance.verify(secret);
  await revoker.revoke(id, key.id);
  expect(await otherInstance.verify(secret)).not.toBeNull();
});

test("an account cannot revoke another account's key", async () => {
  const keys = keysWithCache(60);
  const owner = await account();
  const other = await account();
  const { key } = await keys.create(owner, 'ci');
  expect(await keys.revoke(other, key.id)).toBeNull();
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).toBeNull();
});

// Daily page limits on keys (the quota itself is enforced by ratelimit; see extraction's DailyQuota tests).
describe('daily page limits', () => {
  test('a key created with a daily page limit stores it and its principal carries it', async () => {
    const keys = keysWithCache(60);
    const { key, secret } = await keys.create(await account(), 'capped', 25);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).dailyPageLimit).toBe(25);
    expect((await keys.verify(secret))?.dailyPageLimit).toBe(25);
  });

  test('a key created without a limit has none (null)', async () => {
    const keys = keysWithCache(60);
    const { key, secret } = await keys.create(await account(), 'open');
    expect(key.dailyPageLimit).toBeNull();
    expect((await keys.verify(secret))?.dailyPageLimit).toBeNull();
  });

  test('an update sets, changes and removes the limit, leaving fields not sent as they were', async () => {
    const keys = keysWithCache(60);
    const id = await account();
    const { key } = await keys.create(id, 'ci');
    expect(await keys.update(id, key.id, { dailyPageLimit: 10 })).toMatchObject({ name: 'ci', dailyPageLimit: 10 });
    expect(await keys.update(id, key.id, { name: 'renamed' })).toMatchObject({ name: 'renamed', dailyPageLimit: 10 });
    expect(await keys.update(id, key.id, { dailyPageLimit: null })).toMatchObject({ name: 'renamed', dailyPageLimit: null });
  });

  test('an update applies at once on the gateway instance that made it (its cache entry is dropped)', async () => {
    const keys = keysWithCache(60);
    const id = await account();
    const { key, secret } = await keys.create(id, 'ci');
    expect((await keys.verify(secret))?.dailyPageLimit).toBeNull();
    await keys.update(id, key.id, { dailyPageLimit: 7 });
    expect((await keys.verify(secret))?.dailyPageLimit).toBe(7);
  });

  test('another gateway instance sees the change once its cache entry expires (the documented ~60 s delay)', async () => {
    const id = await account();
    const writer = keysWithCache(60);
    const { key, secret } = await writer.create(id, 'ci');
    const cachedReader = keysWithCache(60);
    const uncachedReader = keysWithCache(0);
    await cachedReader.verify(secret);
    await writer.update(id, key.id, { dailyPageLimit: 3 });
    expect((await cachedReader.verify(secret))?.dailyPageLimit).toBeNull();
    expect((await uncachedReader.verify(secret))?.dailyPageLimit).toBe(3);
  });

  test("an account cannot read or change another account's key", async () => {
    const keys = keysWithCache(60);
    const owner = await account();
    const other = await account();
    const { key } = await keys.create(owner, 'ci', 50);
    expect(await keys.get(other, key.id)).toBeNull();
    expect(await keys.update(other, key.id, { dailyPageLimit: 1 })).toBeNull();
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).dailyPageLimit).toBe(50);
  });
});

// Endpoint registration over gRPC, scoped to the account, plus readiness.
import { status } from '@grpc/grpc-js';
import { call, startHarness, uid, type Harness } from './support/harness.js';
import { jest } from '@jest/globals';

// Starting the service (database, migrations, NATS consumers) can take several seconds on a busy 2-core machine.
jest.setTimeout(60_000);

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ overrides: { runWorker: false }, env: { WEBHOOKS_MAX_ENDPOINTS_PER_ACCOUNT: '3' } });
});

afterAll(async () => {
  await h?.close();
});

const create = (accountId: string, url = 'http://127.0.0.1:9/hook', eventTypes: string[] = [], description = '') =>
  call(h.api.createEndpoint({ accountId, url, eventTypes, description })).then((r) => r.endpoint!);

async function grpcError(promise: Promise<unknown>): Promise<{ code: number; details: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { code: number; details: string };
  }
  throw new Error('call succeeded');
}

describe('endpoint registration', () => {
  it('returns a whsec_ signing secret at creation', async () => {
    const accountId = uid('acct');
    const endpoint = await create(accountId, 'http://127.0.0.1:9/hook', ['job.succeeded'], 'primary');
    expect(endpoint).toMatchObject({ accountId, url: 'http://127.0.0.1:9/hook', eventTypes: ['job.succeeded'], description: 'primary' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Number(endpoint.createdAtMs)).toBeGreaterThan(0);
  });

  it('never returns the secret when listing', async () => {
    const accountId = uid('acct');
    const created = await create(accountId);
    const { endpoints } = await call(h.api.listEndpoints({ accountId }));
    expect(endpoints).toEqual([{ ...created, secret: '' }]);
  });

  it('lists only the calling account\'s endpoints', async () => {
    const [a, b] = [uid('acct'), uid('acct')];
    const mine = await create(a);
    await create(b);
    const { endpoints } = await call(h.api.listEndpoints({ accountId: a }));
    expect(endpoints.map((e) => e.id)).toEqual([mine.id]);
  });

  it('deletes an endpoint of the calling account', async () => {
    const accountId = uid('acct');
    const endpoint = await create(accountId);
    expect(await call(h.api.deleteEndpoint({ accountId, endpointId: endpoint.id }))).toEqual({ deleted: true });
    expect((await call(h.api.listEndpoints({ accountId }))).endpoints).toEqual([]);
  });

  it('answers NOT_FOUND when deleting another account\'s endpoint and keeps it', async () => {
    const [owner, other] = [uid('acct'), uid('acct')];
    const endpoint = await create(owner);
    expect((await grpcError(call(h.api.deleteEndpoint({ accountId: other, endpointId: endpoint.id })))).code).toBe(status.NOT_FOUND);
    expect((await call(h.api.listEndpoints({ accountId: owner }))).endpoints).toHaveLength(1);
  });

  it('answers NOT_FOUND for an endpoint id that is not a UUID', async () => {
    expect((await grpcError(call(h.api.deleteEndpoint({ accountId: uid('acct'), endpointId: 'nope' })))).code).toBe(status.NOT_FOUND);
  });

  it('answers NOT_FOUND when listing deliveries of another account\'s endpoint', async () => {
    const endpoint = await create(uid('acct'));
    expect((await grpcError(call(h.api.listDeliveries({ accountId: uid('acct'), endpointId: endpoint.id, limit: 0 })))).code).toBe(status.NOT_FOUND);
  });

  it('refuses unknown event types', async () => {
    const err = await grpcError(create(uid('acct'), 'http://127.0.0.1:9/hook', ['job.exploded']));
    expect(err).toMatchObject({ code: status.INVALID_ARGUMENT, details: 'unknown event types: job.exploded' });
  });

  it('refuses a request without an account', async () => {
    expect((await grpcError(create(''))).code).toBe(status.INVALID_ARGUMENT);
  });

  it('refuses more endpoints than the per-account limit', async () => {
    const accountId = uid('acct');
    for (let i = 0; i < 3; i++) await create(accountId);
    expect((await grpcError(create(accountId))).code).toBe(status.RESOURCE_EXHAUSTED);
  });

  it('accepts http URLs to loopback when insecure URLs and private targets are allowed (dev/test)', async () => {
    await expect(create(uid('acct'), 'http://localhost:8080/hook')).resolves.toMatchObject({ url: 'http://localhost:8080/hook' });
  });
});

describe('NUL (U+0000) in text, which PostgreSQL cannot store', () => {
  const NUL = '\u0000';
  const someUuid = '00000000-0000-4000-8000-000000000000';

  it.each([
    ['description', () => ({ accountId: uid('acct'), url: 'http://127.0.0.1:9/hook', eventTypes: [], description: `a${NUL}b` })],
    ['url', () => ({ accountId: uid('acct'), url: `http://127.0.0.1:9/ho${NUL}ok`, eventTypes: [], description: '' })],
    ['account_id', () => ({ accountId: `${uid('acct')}${NUL}`, url: 'http://127.0.0.1:9/hook', eventTypes: [], description: '' })],
    ['event_types', () => ({ accountId: uid('acct'), url: 'http://127.0.0.1:9/hook', eventTypes: [`job.succeeded${NUL}`], description: '' })],
  ])('refuses an endpoint whose %s has a NUL with INVALID_ARGUMENT and stores nothing', async (field, request) => {
    const req = request();
    const err = await grpcError(call(h.api.createEndpoint(req)));
    expect(err).toMatchObject({ code: status.INVALID_ARGUMENT, details: `${field} must not contain the NUL character (U+0000)` });
    expect(await h.db.endpoint.count({ where: { accountId: req.accountId.replace(NUL, '') } })).toBe(0);
  });

  it.each([
    ['listing endpoints', () => call(h.api.listEndpoints({ accountId: `acct${NUL}` }))],
    ['deleting an endpoint', () => call(h.api.deleteEndpoint({ accountId: `acct${NUL}`, endpointId: someUuid }))],
    ['listing deliveries', () => call(h.api.listDeliveries({ accountId: `acct${NUL}`, endpointId: someUuid, limit: 10 }))],
  ])('refuses an account id with a NUL when %s with INVALID_ARGUMENT, not a database error', async (_what, request) => {
    expect((await grpcError(request())).code).toBe(status.INVALID_ARGUMENT);
  });
});

describe('readiness', () => {
  it('reports ready with the database and NATS up', async () => {
    const res = await fetch(`http://127.0.0.1:${h.httpPort}/healthz/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, nats: { status: 'up' } } });
  });
});

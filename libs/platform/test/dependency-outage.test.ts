import { Client, Server, ServerCredentials, credentials, status, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js';
import { isDependencyOutage } from '@exs/platform';

test('a refused connection is an outage', () => {
  expect(isDependencyOutage(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
});

test("Prisma's database-not-reachable errors are outages", () => {
  expect(isDependencyOutage(Object.assign(new Error("Can't reach database server at 127.0.0.1:1"), { code: 'P1001' }))).toBe(true);
  expect(isDependencyOutage(Object.assign(new Error("Raw query failed. Message: `Can't reach database server at 127.0.0.1:5432`"), { code: 'P2010' }))).toBe(true);
});

test('a PostgreSQL shutdown in the cause chain is an outage', () => {
  const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  expect(isDependencyOutage(new Error('query failed', { cause }))).toBe(true);
});

test('a unique violation or a plain bug is not an outage', () => {
  expect(isDependencyOutage(Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }))).toBe(false);
  expect(isDependencyOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  expect(isDependencyOutage(undefined)).toBe(false);
});

// Saturation under load: Prisma's interactive transactions report these as P2028 (the messages are
// Prisma 7.10's, as its transaction manager throws them).
test('a transaction that found no pooled connection within maxWait is an outage', () => {
  const err = Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028', meta: {} });
  expect(isDependencyOutage(err)).toBe(true);
});

test('a transaction that outlived its timeout while waiting is an outage', () => {
  const err = Object.assign(new Error('Transaction API error: A commit cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms, however 5021 ms passed since the start of the transaction.'), { code: 'P2028' });
  expect(isDependencyOutage(err)).toBe(true);
});

test('a transaction used after its commit is a bug, not an outage', () => {
  const err = Object.assign(new Error('Transaction API error: Transaction already closed: A query cannot be executed on a committed transaction.'), { code: 'P2028' });
  expect(isDependencyOutage(err)).toBe(false);
});

test("pg-pool's wait for a connection running out is an outage", () => {
  // pg-pool 3.x raises a plain Error with this message when connectionTimeoutMillis passes in its queue.
  expect(isDependencyOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
});

describe('gRPC failures of another service', () => {
  const method = { path: '/exs.test.v1.Probe/Call', requestStream: false, responseStream: false, requestSerialize: (b: Buffer) => b, requestDeserialize: (b: Buffer) => b, responseSerialize: (b: Buffer) => b, responseDeserialize: (b: Buffer) => b };
  let server: Server;
  let port: number;
  let reply: (cb: sendUnaryData<Buffer>) => void;

  beforeAll(async () => {
    server = new Server();
    server.addService({ call: method }, { call: (_call: ServerUnaryCall<Buffer, Buffer>, cb: sendUnaryData<Buffer>) => reply(cb) });
    port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  });
  afterAll(() => server.forceShutdown());

  /** The error a real grpc-js client gets for one call to `target`. */
  const failedCall = (target: string, deadlineMs: number) => {
    const client = new Client(target, credentials.createInsecure());
    return new Promise<unknown>((resolve) => {
      client.makeUnaryRequest(method.path, method.requestSerialize, method.responseDeserialize, Buffer.alloc(0), { deadline: Date.now() + deadlineMs }, (err) => {
        client.close();
        resolve(err);
      });
    });
  };

  test('a call past its deadline is an outage', async () => {
    reply = () => {}; // never answers
    const err = await failedCall(`127.0.0.1:${port}`, 200);
    expect((err as { code: number }).code).toBe(status.DEADLINE_EXCEEDED);
    expect(isDependencyOutage(err)).toBe(true);
  });

  test('a service that cannot be reached is an outage', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = new Server();
      probe.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (_e, p) => probe.tryShutdown(() => resolve(p)));
    });
    const err = await failedCall(`127.0.0.1:${closed}`, 2000);
    expect((err as { code: number }).code).toBe(status.UNAVAILABLE);
    expect(isDependencyOutage(err)).toBe(true);
  });

  test("a service's own failure (UNKNOWN) is not an outage", async () => {
    reply = (cb) => cb({ code: status.UNKNOWN, details: 'Internal server error' });
    const err = await failedCall(`127.0.0.1:${port}`, 2000);
    expect((err as { code: number }).code).toBe(status.UNKNOWN);
    expect(isDependencyOutage(err)).toBe(false);
  });
});

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

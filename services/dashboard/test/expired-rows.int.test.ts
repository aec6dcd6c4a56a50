// The sweeper of expired rows on a real PostgreSQL: what has expired (at its expires_at or before) or was
// used goes, what is still live stays, and a backlog larger than a batch goes over several batches.
import { PrismaClient } from '../src/generated/prisma/client.js';
import { ExpiredRowsSweeper } from '../src/housekeeping/expired-rows-sweeper.js';
import { FakeClock, startDashboard, type DashboardHarness } from './support.js';

const BATCH = 5;

let harness: DashboardHarness;
let db: PrismaClient;
let sweeper: ExpiredRowsSweeper;
const clock = new FakeClock();
let n = 0;
const id = (kind: string) => `${kind}-${++n}`;
const at = (offsetMs: number) => new Date(clock.t + offsetMs);

beforeAll(async () => {
  // The interval never fires during the tests: they call the sweeper themselves.
  harness = await startDashboard({ EXPIRED_SWEEP_BATCH: String(BATCH), EXPIRED_SWEEP_INTERVAL_SECONDS: String(24 * 3600) }, clock);
  db = harness.app.get(PrismaClient);
  sweeper = harness.app.get(ExpiredRowsSweeper);
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

async function user(): Promise<string> {
  const userId = id('usr');
  await db.user.create({ data: { id: userId, email: `${userId}@example.com`, passwordHash: 'x' } });
  return userId;
}

async function session(expiresInMs: number): Promise<string> {
  const sessionId = id('ses');
  await db.session.create({ data: { id: sessionId, userId: await user(), expiresAt: at(expiresInMs) } });
  return sessionId;
}

async function pendingSignup(expiresInMs: number, used = false): Promise<string> {
  const tokenHash = id('pending');
  await db.pendingSignup.create({ data: { tokenHash, email: `${tokenHash}@example.com`, passwordHash: 'x', expiresAt: at(expiresInMs), usedAt: used ? at(-1000) : null } });
  return tokenHash;
}

async function resetToken(expiresInMs: number, used = false): Promise<string> {
  const tokenHash = id('reset');
  await db.passwordResetToken.create({ data: { tokenHash, userId: await user(), expiresAt: at(expiresInMs), usedAt: used ? at(-1000) : null } });
  return tokenHash;
}

const sessionExists = async (sessionId: string) => (await db.session.count({ where: { id: sessionId } })) === 1;
const pendingExists = async (tokenHash: string) => (await db.pendingSignup.count({ where: { tokenHash } })) === 1;
const resetExists = async (tokenHash: string) => (await db.passwordResetToken.count({ where: { tokenHash } })) === 1;

test('a session that expired earlier is deleted', async () => {
  const expired = await session(-60_000);
  await sweeper.sweep();
  expect(await sessionExists(expired)).toBe(false);
});

test('a session whose expiry is now is deleted (it stopped working at that instant)', async () => {
  const edge = await session(0);
  await sweeper.sweep();
  expect(await sessionExists(edge)).toBe(false);
});

test('a session expiring 1 ms from now stays', async () => {
  const live = await session(1);
  await sweeper.sweep();
  expect(await sessionExists(live)).toBe(true);
});

test('a pending sign-up whose expiry is now is deleted; one expiring 1 ms later stays', async () => {
  const edge = await pendingSignup(0);
  const live = await pendingSignup(1);
  await sweeper.sweep();
  expect(await pendingExists(edge)).toBe(false);
  expect(await pendingExists(live)).toBe(true);
});

test('a used pending sign-up is deleted before its expiry', async () => {
  const used = await pendingSignup(60_000, true);
  await sweeper.sweep();
  expect(await pendingExists(used)).toBe(false);
});

test('a reset token whose expiry is now is deleted; one expiring 1 ms later stays', async () => {
  const edge = await resetToken(0);
  const live = await resetToken(1);
  await sweeper.sweep();
  expect(await resetExists(edge)).toBe(false);
  expect(await resetExists(live)).toBe(true);
});

test('a used reset token is deleted before its expiry', async () => {
  const used = await resetToken(60_000, true);
  await sweeper.sweep();
  expect(await resetExists(used)).toBe(false);
});

test(`a backlog of ${2 * BATCH + 2} expired rows is deleted ${BATCH} at a time, live rows kept`, async () => {
  await sweeper.sweep();
  const expired = [];
  for (let i = 0; i < 2 * BATCH + 2; i++) expired.push(await session(-i - 1));
  const live = await session(60_000);
  expect((await sweeper.sweepBatch()).sessions).toBe(BATCH);
  expect((await sweeper.sweepBatch()).sessions).toBe(BATCH);
  expect((await sweeper.sweepBatch()).sessions).toBe(2);
  expect((await sweeper.sweepBatch()).sessions).toBe(0);
  expect(await db.session.count({ where: { id: { in: expired } } })).toBe(0);
  expect(await sessionExists(live)).toBe(true);
});

test(`one sweep clears a backlog larger than a batch`, async () => {
  const expired = [];
  for (let i = 0; i < 2 * BATCH + 2; i++) expired.push(await resetToken(-i - 1));
  await sweeper.sweep();
  expect(await db.passwordResetToken.count({ where: { tokenHash: { in: expired } } })).toBe(0);
});

// Usage by key (GetUsage): the billed pages ConfirmPages counts, by UTC day and the API key the pages were
// reserved with, kept for USAGE_RETENTION_DAYS; a bounded, account-scoped read. Real Redis, a fake clock.
import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { Redis } from 'ioredis';
import { FakeClock, startRateLimit, type RunningRateLimit } from './support.js';

const DAY = 86_400_000;
const clock = new FakeClock(Date.UTC(2026, 7, 10, 12, 0, 0));
let svc: RunningRateLimit;
const account = () => `acct_${randomUUID()}`;

beforeAll(async () => { svc = await startRateLimit({ REDIS_URL: process.env.EXS_TEST_REDIS_URL!, REDIS_COMMAND_TIMEOUT_MS: '3000', USAGE_RETENTION_DAYS: '30' }, clock); });
afterAll(async () => { await svc?.close(); });

/** Reserves with a key and confirms `billed` pages, as extraction does for one billed request. */
async function bill(accountId: string, apiKeyId: string, pages: number, billed = pages): Promise<void> {
  const r = await svc.call('ReservePages', { accountId, plan: 'default', reference: randomUUID(), pages, apiKeyId });
  await svc.call('ConfirmPages', { accountId, reservationId: r.reservationId, billedPages: billed });
}

const usage = (accountId: string, firstDay: string, lastDay: string) => svc.call('GetUsage', { accountId, firstDay, lastDay });

test('confirmed pages are summed per day and key; days without pages are left out', async () => {
  const a = account();
  await bill(a, 'key_a', 3);
  await bill(a, 'key_b', 2);
  await bill(a, 'key_a', 4, 1);
  clock.t += 2 * DAY;
  await bill(a, 'key_b', 5);
  clock.t -= 2 * DAY;
  expect((await usage(a, '2026-08-01', '2026-08-31')).days).toEqual([
    { day: '2026-08-10', keys: [{ apiKeyId: 'key_a', pages: 4 }, { apiKeyId: 'key_b', pages: 2 }] },
    { day: '2026-08-12', keys: [{ apiKeyId: 'key_b', pages: 5 }] },
  ]);
});

test('a repeated confirmation counts its pages once; released and refused reservations count none', async () => {
  const a = account();
  const r = await svc.call('ReservePages', { accountId: a, plan: 'default', reference: 'job_1', pages: 3, apiKeyId: 'key_a' });
  await svc.call('ConfirmPages', { accountId: a, reservationId: r.reservationId, billedPages: 3 });
  await svc.call('ConfirmPages', { accountId: a, reservationId: r.reservationId, billedPages: 3 });
  const released = await svc.call('ReservePages', { accountId: a, plan: 'default', reference: 'job_2', pages: 3, apiKeyId: 'key_a' });
  await svc.call('ReleasePages', { accountId: a, reservationId: released.reservationId });
  expect((await usage(a, '2026-08-10', '2026-08-10')).days).toEqual([{ day: '2026-08-10', keys: [{ apiKeyId: 'key_a', pages: 3 }] }]);
});

test('pages reserved without a key are listed under an empty key id', async () => {
  const a = account();
  await bill(a, '', 2);
  expect((await usage(a, '2026-08-10', '2026-08-10')).days).toEqual([{ day: '2026-08-10', keys: [{ apiKeyId: '', pages: 2 }] }]);
});

test('a reservation confirmed after midnight counts on the day it was made, like the quota', async () => {
  const a = account();
  clock.t = Date.UTC(2026, 7, 10, 23, 59, 0);
  const r = await svc.call('ReservePages', { accountId: a, plan: 'default', reference: 'late', pages: 2, apiKeyId: 'key_a' });
  clock.t += 2 * 60_000;
  await svc.call('ConfirmPages', { accountId: a, reservationId: r.reservationId, billedPages: 2 });
  clock.t = Date.UTC(2026, 7, 10, 12, 0, 0);
  expect((await usage(a, '2026-08-10', '2026-08-11')).days).toEqual([{ day: '2026-08-10', keys: [{ apiKeyId: 'key_a', pages: 2 }] }]);
});

test('one account never reads another\'s usage', async () => {
  const a = account();
  await bill(a, 'key_a', 7);
  expect((await usage(account(), '2026-08-10', '2026-08-10')).days).toEqual([]);
});

test('a day\'s usage expires after USAGE_RETENTION_DAYS', async () => {
  const a = account();
  await bill(a, 'key_a', 1);
  const redis = new Redis(process.env.EXS_TEST_REDIS_URL!);
  try {
    const ttl = await redis.ttl(`rl:{${a}}:usage:20260810`);
    expect(ttl).toBeGreaterThan(30 * 86_400 - 60);
    expect(ttl).toBeLessThanOrEqual(30 * 86_400);
  } finally {
    redis.disconnect();
  }
});

test('a range of 92 days is read and 93 days or a reversed or malformed range is INVALID_ARGUMENT', async () => {
  const a = account();
  await bill(a, 'key_a', 1);
  expect((await usage(a, '2026-05-11', '2026-08-10')).days).toHaveLength(1);
  for (const [first, last] of [['2026-05-10', '2026-08-10'], ['2026-08-11', '2026-08-10'], ['2026-02-30', '2026-03-01'], ['20260810', '2026-08-10'], ['', '']]) {
    await expect(usage(a, first!, last!)).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
  }
});

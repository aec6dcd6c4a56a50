import { prismaPgAdapter } from '@exs/platform';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { JobListing } from '../src/jobs/job-listing.js';
import { PublicFailure } from '../src/public-failure.js';
import { migratedDatabase } from '../../../test/support/databases.js';

let db: PrismaClient;
let listing: JobListing;
const now = new Date('2026-03-01T12:00:00Z');
let n = 0;

/** A job of `accountId` created at `createdAt` (ids grow with n, so ties on created_at order by id). */
async function job(accountId: string, createdAt: Date, extra: { state?: string; expiresAt?: Date } = {}) {
  return db.job.create({
    data: {
      id: `job_${(++n).toString(16).padStart(24, '0')}`, accountId, requestId: `req_${n}`, pages: 1, schemaJson: '{}',
      uploadKey: 'upl_a', reservationId: 'r', createdAt, state: extra.state ?? 'queued', expiresAt: extra.expiresAt ?? null,
      resultJson: extra.state === 'succeeded' ? '{"data":{}}' : null,
    },
  });
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 11, minute));
const ids = (page: { jobs: { id: string }[] }) => page.jobs.map((j) => j.id);
const failure = (p: Promise<unknown>) => p.then(() => undefined, (err: unknown) => {
  if (!(err instanceof PublicFailure)) throw err;
  return err.code;
});

beforeAll(async () => {
  db = new PrismaClient({ adapter: prismaPgAdapter(await migratedDatabase('extraction')) });
  listing = new JobListing(db, { now: () => now });
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
});

test('jobs are listed newest first; jobs created in the same millisecond are ordered by id, none skipped or repeated across pages', async () => {
  const a = await job('acct_order', at(1));
  const b = await job('acct_order', at(2));
  const c = await job('acct_order', at(2));
  const d = await job('acct_order', at(3));
  const first = await listing.list({ accountId: 'acct_order', limit: 2 });
  expect(ids(first)).toEqual([d.id, c.id]);
  expect(first.hasMore).toBe(true);
  const second = await listing.list({ accountId: 'acct_order', limit: 2, startingAfter: c.id });
  expect(ids(second)).toEqual([b.id, a.id]);
  expect(second.hasMore).toBe(false);
});

test('ending_before pages towards newer jobs and keeps the page newest first', async () => {
  const [a, b, c] = [await job('acct_back', at(1)), await job('acct_back', at(2)), await job('acct_back', at(3))];
  const page = await listing.list({ accountId: 'acct_back', limit: 1, endingBefore: a.id });
  expect(ids(page)).toEqual([b.id]);
  expect(page.hasMore).toBe(true);
  expect(ids(await listing.list({ accountId: 'acct_back', limit: 5, endingBefore: a.id }))).toEqual([c.id, b.id]);
});

test('a state filter lists only jobs in that state', async () => {
  await job('acct_state', at(1), { state: 'failed' });
  const ok = await job('acct_state', at(2), { state: 'succeeded', expiresAt: new Date(now.getTime() + 3600_000) });
  await job('acct_state', at(3), { state: 'running' });
  expect(ids(await listing.list({ accountId: 'acct_state', limit: 10, state: 'succeeded' }))).toEqual([ok.id]);
});

test('listed jobs carry no result text', async () => {
  await job('acct_result', at(1), { state: 'succeeded', expiresAt: new Date(now.getTime() + 3600_000) });
  const [listed] = (await listing.list({ accountId: 'acct_result', limit: 1 })).jobs;
  expect(listed.state).toBe('succeeded');
  expect(listed.resultJson).toBeUndefined();
});

test('a job past its retention is not listed and is not a cursor', async () => {
  const live = await job('acct_expired', at(1));
  const expired = await job('acct_expired', at(2), { state: 'succeeded', expiresAt: now });
  expect(ids(await listing.list({ accountId: 'acct_expired', limit: 10 }))).toEqual([live.id]);
  expect(await failure(listing.list({ accountId: 'acct_expired', limit: 10, startingAfter: expired.id }))).toBe('not_found');
});

test('a cursor that is another account\'s job is not_found, as an unknown one is', async () => {
  await job('acct_mine', at(1));
  const theirs = await job('acct_theirs', at(1));
  expect(await failure(listing.list({ accountId: 'acct_mine', limit: 10, startingAfter: theirs.id }))).toBe('not_found');
  expect(await failure(listing.list({ accountId: 'acct_mine', limit: 10, endingBefore: theirs.id }))).toBe('not_found');
  expect(await failure(listing.list({ accountId: 'acct_mine', limit: 10, startingAfter: 'job_ffffffffffffffffffffffff' }))).toBe('not_found');
});

test('limit 100 is a page of up to 100 jobs; 101 and 0 are invalid_schema', async () => {
  await db.job.createMany({
    data: Array.from({ length: 101 }, (_, i) => ({
      id: `job_${(++n).toString(16).padStart(24, '0')}`, accountId: 'acct_many', requestId: `req_m${i}`, pages: 1, schemaJson: '{}',
      uploadKey: 'upl_a', reservationId: 'r', createdAt: at(i % 50),
    })),
  });
  const page = await listing.list({ accountId: 'acct_many', limit: 100 });
  expect(page.jobs).toHaveLength(100);
  expect(page.hasMore).toBe(true);
  expect(await failure(listing.list({ accountId: 'acct_many', limit: 101 }))).toBe('invalid_schema');
  expect(await failure(listing.list({ accountId: 'acct_many', limit: 0 }))).toBe('invalid_schema');
});

test('an unknown state and both cursors at once are invalid_schema', async () => {
  expect(await failure(listing.list({ accountId: 'acct_x', limit: 1, state: 'done' }))).toBe('invalid_schema');
  expect(await failure(listing.list({ accountId: 'acct_x', limit: 1, startingAfter: 'job_1', endingBefore: 'job_2' }))).toBe('invalid_schema');
});

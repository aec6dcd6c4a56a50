import { createLogger, prismaPgAdapter } from '@exs/platform';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { RetentionSweeper } from '../src/jobs/retention-sweeper.js';
import { migratedDatabase } from '../../../test/support/databases.js';

let db: PrismaClient;
let now = new Date('2026-03-01T12:00:00Z');
const clock = { now: () => now };
let n = 0;

async function finishedJob(finishedAt: Date, retentionHours = 24) {
  return db.job.create({
    data: {
      id: `job_${String(++n).padStart(24, '0')}`, accountId: 'acct_a', requestId: 'req_a', pages: 1, schemaJson: '{}',
      uploadKey: 'upl_a', reservationId: 'r', state: 'succeeded', resultJson: '{"data":{}}', finishedAt,
      expiresAt: new Date(finishedAt.getTime() + retentionHours * 3600_000),
    },
  });
}

beforeAll(async () => {
  db = new PrismaClient({ adapter: prismaPgAdapter(await migratedDatabase('extraction')) });
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
});

test('a result is kept until 24 hours after success and deleted at 24 hours', async () => {
  const sweeper = new RetentionSweeper(db, clock, createLogger('test', 'silent'));
  const t0 = new Date('2026-03-01T00:00:00Z');
  const job = await finishedJob(t0);
  now = new Date(t0.getTime() + 24 * 3600_000 - 1);
  await sweeper.sweep();
  expect(await db.job.findUnique({ where: { id: job.id } })).not.toBeNull();
  now = new Date(t0.getTime() + 24 * 3600_000);
  await sweeper.sweep();
  expect(await db.job.findUnique({ where: { id: job.id } })).toBeNull();
});

test('a job still running has no expiry and is never swept', async () => {
  const sweeper = new RetentionSweeper(db, clock, createLogger('test', 'silent'));
  const running = await db.job.create({
    data: { id: `job_${String(++n).padStart(24, '0')}`, accountId: 'acct_a', requestId: 'req_b', pages: 1, schemaJson: '{}', uploadKey: 'upl_b', reservationId: 'r2', state: 'running' },
  });
  now = new Date('2030-01-01T00:00:00Z');
  await sweeper.sweep();
  expect(await db.job.findUnique({ where: { id: running.id } })).not.toBeNull();
});

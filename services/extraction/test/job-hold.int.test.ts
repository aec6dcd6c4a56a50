// A job that runs after its billing hold expired (queued through a worker outage longer than
// RESERVATION_TTL_SECONDS, or redelivered that late) must not run unheld: the worker takes the hold
// again before the engine runs, or fails the job insufficient_balance, unbilled. Real billing and
// uploads services (gRPC, PostgreSQL), extraction's own PostgreSQL and NATS; billing's clock is
// injected so the hold expires without waiting. The worker's handler is called as JetStream would call
// it on a redelivery: consuming the shared durable here would take other test stacks' jobs.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { createLogger } from '@exs/platform';
import { ExtractionModule } from '../src/extraction.module.js';
import { extractionConfigSchema } from '../src/config.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { JobWorker } from '../src/jobs/job-worker.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { startBilling, type RunningBilling } from '../../billing/test/support.js';
import { WalletService } from '../../billing/src/wallet/wallet.service.js';
import { ReservationService } from '../../billing/src/reservations/reservation.service.js';
import { PrismaClient as BillingDb } from '../../billing/src/generated/prisma/client.js';
import { PRICE_PER_PAGE_MICROS } from '../../billing/src/pricing.js';
import { startUploads, type RunningUploads } from '../../uploads/test/support.js';
import { migratedDatabase } from '../../../test/support/databases.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../../../test/support/sample-documents.js';

const TTL_SECONDS = 60;
const clock = { t: Date.now(), now: () => clock.t };
let billing: RunningBilling;
let uploads: RunningUploads;
let uploadsDir: string;
let ctx: INestApplicationContext;
let n = 0;
const account = () => `acct_job_hold_${++n}`;
const pages = (k: number) => BigInt(k) * PRICE_PER_PAGE_MICROS;
/** A second delivery of the job's message, as JetStream hands it to the handler. */
const redelivery = { info: { deliveryCount: 2 } } as Parameters<JobWorker['run']>[1];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const wallet = async (id: string) => {
  const w = await billing.app.get(WalletService).get(id);
  return { available: w.creditedMicros - w.capturedMicros - w.heldMicros, held: w.heldMicros };
};
const ledger = async (id: string) =>
  (await billing.app.get(BillingDb).ledgerEntry.findMany({ where: { accountId: id, kind: { not: 'credit' } }, orderBy: { kind: 'asc' } })).map((e) => [e.kind, e.amountMicros, e.reference]);

/** A 2-page job admitted for a new account with `credit` pages, its hold taken at admission. */
async function admittedJob(credit: number) {
  const id = account();
  await billing.app.get(WalletService).create(id, 'default', pages(credit));
  const job = await ctx.get(JobsService).submit(id, `req_${n}`, JSON.stringify(sampleInvoiceSchema), { inlineBytes: await sampleInvoicePdf(2) });
  return { id, job };
}

/** Moves billing's clock past the hold's lifetime and runs the expiry sweep. */
async function expireHolds() {
  clock.t += TTL_SECONDS * 1000 + 1;
  await billing.app.get(ReservationService).sweepExpired();
}

beforeAll(async () => {
  billing = await startBilling({ DATABASE_URL: await migratedDatabase('billing'), RESERVATION_TTL_SECONDS: String(TTL_SECONDS), RESERVATION_SWEEP_INTERVAL_SECONDS: '3600' }, clock);
  uploadsDir = mkdtempSync(join(tmpdir(), 'exs-job-hold-'));
  const uploadsPort = await freePort();
  uploads = await startUploads({ DATABASE_URL: await migratedDatabase('uploads'), UPLOADS_DIR: uploadsDir, GRPC_PORT: String(uploadsPort) });
  const config = extractionConfigSchema.parse({
    DATABASE_URL: await migratedDatabase('extraction'),
    NATS_URL: process.env.EXS_TEST_NATS_URL,
    UPLOADS_GRPC_URL: `127.0.0.1:${uploadsPort}`,
    BILLING_GRPC_URL: billing.grpcUrl,
    // No limiter: the daily quota fails open (logged), which leaves the wallet as the only hold here.
    RATELIMIT_GRPC_URL: `127.0.0.1:${await freePort()}`,
    // The API role only: the worker's handler is called directly (see the top of this file).
    EXTRACTION_TARGETS: 'api',
    ENGINE_THREADS: '1',
  });
  ctx = await NestFactory.createApplicationContext(ExtractionModule.forRoot(config, createLogger('extraction', 'silent')), { logger: false });
  await ctx.init();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await uploads?.close();
  await billing?.close();
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
}, 60_000);

test('a job run after its hold expired is held again and billed in full, without a shortfall', async () => {
  const { id, job } = await admittedJob(10);
  await expireHolds();
  expect(await wallet(id)).toEqual({ available: pages(10), held: 0n });

  await ctx.get(JobWorker).run(job.id, redelivery);

  const done = await ctx.get(PrismaClient).job.findUniqueOrThrow({ where: { id: job.id } });
  expect(done).toMatchObject({ state: 'succeeded', billedPages: 2 });
  expect(done.reservationId).not.toBe(job.reservationId);
  expect(await wallet(id)).toEqual({ available: pages(8), held: 0n });
  expect(await ledger(id)).toEqual([['capture', pages(2), done.reservationId], ['expiry', pages(2), job.reservationId]]);
}, 60_000);

test('a job whose expired hold the balance no longer covers fails insufficient_balance, unbilled', async () => {
  const { id, job } = await admittedJob(10);
  await expireHolds();
  // Other work holds the freed funds meanwhile: 1 page is left, the job needs 2.
  await billing.app.get(ReservationService).reserve(id, 'other_work', 9);

  await ctx.get(JobWorker).run(job.id, redelivery);

  const done = await ctx.get(PrismaClient).job.findUniqueOrThrow({ where: { id: job.id } });
  expect(done).toMatchObject({ state: 'failed', errorCode: 'insufficient_balance', billedPages: 0, resultJson: null });
  expect(await wallet(id)).toEqual({ available: pages(1), held: pages(9) });
  expect(await ledger(id)).toEqual([['expiry', pages(2), job.reservationId]]);
}, 60_000);

test('a job whose hold is still held runs on the reservation it was admitted with', async () => {
  const { id, job } = await admittedJob(10);

  await ctx.get(JobWorker).run(job.id, redelivery);

  const done = await ctx.get(PrismaClient).job.findUniqueOrThrow({ where: { id: job.id } });
  expect(done).toMatchObject({ state: 'succeeded', billedPages: 2, reservationId: job.reservationId });
  expect(await wallet(id)).toEqual({ available: pages(8), held: 0n });
  expect(await ledger(id)).toEqual([['capture', pages(2), job.reservationId]]);
}, 60_000);

// Every job ends: the delivery after its last attempt fails it without running it, a job stuck far past
// any possible run is failed by the sweeper, and either way its hold is given back and job.failed is
// published for the webhooks service; a job ends once, whoever ends it. And a job refused at admission
// leaves no copy of its document. Real billing and uploads services (gRPC, PostgreSQL), extraction's own
// PostgreSQL and NATS. The worker's handler is called as JetStream would call it (consuming the shared
// durable here would take other test files' job requests).
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { SUBJECTS, createLogger } from '@exs/platform';
import { eventsV1 } from '@exs/contracts';
import { ExtractionModule } from '../src/extraction.module.js';
import { extractionConfigSchema } from '../src/config.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { ATTEMPTS_EXHAUSTED, JOB_ATTEMPTS, JobWorker } from '../src/jobs/job-worker.js';
import { JobEndings } from '../src/jobs/job-endings.js';
import { STUCK_DETAIL, StuckJobSweeper } from '../src/jobs/stuck-job-sweeper.js';
import { PublicFailure } from '../src/public-failure.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { startBilling, type RunningBilling } from '../../billing/test/support.js';
import { WalletService } from '../../billing/src/wallet/wallet.service.js';
import { PrismaClient as BillingDb } from '../../billing/src/generated/prisma/client.js';
import { PRICE_PER_PAGE_MICROS } from '../../billing/src/pricing.js';
import { startUploads, type RunningUploads } from '../../uploads/test/support.js';
import { PrismaClient as UploadsDb } from '../../uploads/src/generated/prisma/client.js';
import { migratedDatabase } from '../../../test/support/databases.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../../../test/support/sample-documents.js';

let billing: RunningBilling;
let uploads: RunningUploads;
let uploadsDir: string;
let ctx: INestApplicationContext;
let nc: NatsConnection;
let n = 0;
const account = () => `acct_job_endings_${++n}`;
const pages = (k: number) => BigInt(k) * PRICE_PER_PAGE_MICROS;
const delivery = (deliveryCount: number) => ({ info: { deliveryCount } }) as Parameters<JobWorker['run']>[1];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const db = () => ctx.get(PrismaClient);
const wallet = async (id: string) => {
  const w = await billing.app.get(WalletService).get(id);
  return { available: w.creditedMicros - w.capturedMicros - w.heldMicros, held: w.heldMicros };
};
const ledger = async (id: string) =>
  (await billing.app.get(BillingDb).ledgerEntry.findMany({ where: { accountId: id, kind: { not: 'credit' } }, orderBy: { kind: 'asc' } })).map((e) => [e.kind, e.amountMicros, e.reference]);
const stagedObjects = (id: string) => uploads.app.get(UploadsDb).upload.count({ where: { accountId: id } });

/** The job.failed events published for a job (the stream drops a repeat within its duplicate window). */
async function failedEvents(jobId: string): Promise<eventsV1.JobFailed[]> {
  const js = jetstream(nc);
  if ((await js.streams.get('EXS_JOB_EVENTS').then((s) => s.info())).state.messages === 0) return [];
  const consumer = await js.consumers.get('EXS_JOB_EVENTS');
  const found: eventsV1.JobFailed[] = [];
  const messages = await consumer.consume();
  for await (const m of messages) {
    if (m.subject === SUBJECTS.jobFailed) {
      const event = eventsV1.JobFailed.decode(m.data);
      if (event.jobId === jobId) found.push(event);
    }
    if (m.info.pending === 0) break;
  }
  return found;
}

/** A 2-page job admitted for a new account with `credit` pages, its hold taken at admission. */
async function admittedJob(credit: number) {
  const id = account();
  await billing.app.get(WalletService).create(id, 'default', pages(credit));
  const job = await ctx.get(JobsService).submit(id, `req_${n}`, JSON.stringify(sampleInvoiceSchema), { inlineBytes: await sampleInvoicePdf(2) });
  return { id, job };
}

beforeAll(async () => {
  billing = await startBilling({ DATABASE_URL: await migratedDatabase('billing'), RESERVATION_SWEEP_INTERVAL_SECONDS: '3600' });
  uploadsDir = mkdtempSync(join(tmpdir(), 'exs-job-endings-'));
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
  nc = await connect({ servers: process.env.EXS_TEST_NATS_URL });
}, 120_000);

afterAll(async () => {
  await nc?.drain();
  await ctx?.close();
  await uploads?.close();
  await billing?.close();
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
}, 60_000);

describe('the delivery after the last attempt', () => {
  test('fails the job extraction_failed without running it, gives back its hold and publishes job.failed', async () => {
    const { id, job } = await admittedJob(10);

    await ctx.get(JobWorker).run(job.id, delivery(JOB_ATTEMPTS + 1));

    const done = await db().job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ state: 'failed', errorCode: 'extraction_failed', errorDetail: ATTEMPTS_EXHAUSTED, billedPages: 0, attempts: 0, resultJson: null });
    expect(await wallet(id)).toEqual({ available: pages(10), held: 0n });
    expect(await ledger(id)).toEqual([['release', pages(2), job.reservationId]]);
    expect(await failedEvents(job.id)).toEqual([expect.objectContaining({ jobId: job.id, accountId: id, requestId: job.requestId, errorCode: 'extraction_failed' })]);
  }, 60_000);

  test('the last attempt itself still runs the job', async () => {
    const { id, job } = await admittedJob(10);

    await ctx.get(JobWorker).run(job.id, delivery(JOB_ATTEMPTS));

    expect(await db().job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: 'succeeded', billedPages: 2, attempts: 1 });
    expect(await wallet(id)).toEqual({ available: pages(8), held: 0n });
  }, 60_000);
});

describe('the stuck-job sweeper', () => {
  test('fails a job left unended past the bound internal_error, gives back its hold and publishes job.failed; a younger one stays', async () => {
    const sweeper = ctx.get(StuckJobSweeper);
    const old = await admittedJob(10);
    const young = await admittedJob(10);
    const ago = (ms: number) => new Date(Date.now() - ms);
    await db().job.update({ where: { id: old.job.id }, data: { createdAt: ago(sweeper.stuckAfterMs + 60_000) } });
    await db().job.update({ where: { id: young.job.id }, data: { state: 'running', createdAt: ago(sweeper.stuckAfterMs - 60_000) } });

    expect(await sweeper.sweep()).toBe(1);

    expect(await db().job.findUniqueOrThrow({ where: { id: old.job.id } })).toMatchObject({ state: 'failed', errorCode: 'internal_error', errorDetail: STUCK_DETAIL, billedPages: 0 });
    expect(await wallet(old.id)).toEqual({ available: pages(10), held: 0n });
    expect(await failedEvents(old.job.id)).toEqual([expect.objectContaining({ jobId: old.job.id, errorCode: 'internal_error' })]);
    expect(await db().job.findUniqueOrThrow({ where: { id: young.job.id } })).toMatchObject({ state: 'running' });
    expect(await wallet(young.id)).toEqual({ available: pages(8), held: pages(2) });
  }, 60_000);

  test('a job ends once: a worker finishing a job the sweeper failed bills nothing, and a later delivery only announces it', async () => {
    const { id, job } = await admittedJob(10);
    await ctx.get(JobEndings).fail(job.id, new PublicFailure('internal_error', STUCK_DETAIL));

    expect(await ctx.get(JobEndings).succeed(job.id, '{"data":{}}')).toBe(false);
    await ctx.get(JobWorker).run(job.id, delivery(2));

    expect(await db().job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: 'failed', errorCode: 'internal_error', resultJson: null, billedPages: 0 });
    expect(await wallet(id)).toEqual({ available: pages(10), held: 0n });
    expect(await ledger(id)).toEqual([['release', pages(2), job.reservationId]]);
    expect(await failedEvents(job.id)).toHaveLength(1);
  }, 60_000);
});

describe('admission', () => {
  const submit = async (credit: number) => {
    const id = account();
    await billing.app.get(WalletService).create(id, 'default', pages(credit));
    const outcome = await ctx.get(JobsService).submit(id, `req_${n}`, JSON.stringify(sampleInvoiceSchema), { inlineBytes: await sampleInvoicePdf(2) }).catch((err: unknown) => err);
    return { id, outcome };
  };

  test('a job refused for its balance (402) leaves no stored document', async () => {
    const { id, outcome } = await submit(1);
    expect(outcome).toBeInstanceOf(PublicFailure);
    expect((outcome as PublicFailure).code).toBe('insufficient_balance');
    expect(await stagedObjects(id)).toBe(0);
    expect(await wallet(id)).toEqual({ available: pages(1), held: 0n });
  }, 60_000);

  test('a job the balance just covers is admitted with its document stored', async () => {
    const { id, outcome } = await submit(2);
    expect(outcome).toMatchObject({ state: 'queued', pages: 2 });
    expect(await stagedObjects(id)).toBe(1);
  }, 60_000);
});

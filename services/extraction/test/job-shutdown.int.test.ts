// A stopping worker (the Nest shutdown SIGTERM runs) takes no new job, lets the job in hand finish within
// SHUTDOWN_GRACE_SECONDS before its engine pool, database and NATS connections close, and hands back a job
// still running when the grace is over, so another worker starts it at once rather than after the ack
// wait. Real billing, uploads, PostgreSQL and the real engine; a NATS server of its own, since two workers
// here consume the job requests' durable, which must not take other test files' requests.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createLogger, prismaPgAdapter } from '@exs/platform';
import { ExtractionModule } from '../src/extraction.module.js';
import { extractionConfigSchema } from '../src/config.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { startBilling, type RunningBilling } from '../../billing/test/support.js';
import { WalletService } from '../../billing/src/wallet/wallet.service.js';
import { PrismaClient as BillingDb } from '../../billing/src/generated/prisma/client.js';
import { PRICE_PER_PAGE_MICROS } from '../../billing/src/pricing.js';
import { startUploads, type RunningUploads } from '../../uploads/test/support.js';
import { migratedDatabase } from '../../../test/support/databases.js';
import { sampleInvoiceSchema } from '../../../test/support/sample-documents.js';
import { ocrOnlyPdf } from '../../../test/support/ocr-pdf.js';
// Not a dependency of this package: the test infrastructure's own helpers, as the global setup uses them.
import { getFreePort, startNats, type RunningNats } from '../../../libs/devinfra/src/index.js';

// Far longer than any test here: a job that comes back in time was handed back, not timed out.
const ACK_WAIT_SECONDS = '300';
let dir: string;
let nats: RunningNats;
let billing: RunningBilling;
let uploads: RunningUploads;
let uploadsPort: number;
let extractionDb: string;
let db: PrismaClient;
let ratelimitPort: number;
const contexts: INestApplicationContext[] = [];
let n = 0;
const pages = (k: number) => BigInt(k) * PRICE_PER_PAGE_MICROS;

/** An extraction process with both roles: the API (to admit jobs) and one job worker. */
async function extractionProcess(env: Record<string, string>): Promise<INestApplicationContext> {
  const config = extractionConfigSchema.parse({
    DATABASE_URL: extractionDb,
    NATS_URL: nats.url,
    UPLOADS_GRPC_URL: `127.0.0.1:${uploadsPort}`,
    BILLING_GRPC_URL: billing.grpcUrl,
    // No limiter: the daily quota fails open (logged), which leaves the wallet as the only hold here.
    RATELIMIT_GRPC_URL: `127.0.0.1:${ratelimitPort}`,
    EXTRACTION_TARGETS: 'api,worker',
    ENGINE_THREADS: '1',
    JOB_ACK_WAIT_SECONDS: ACK_WAIT_SECONDS,
    ...env,
  });
  const ctx = await NestFactory.createApplicationContext(ExtractionModule.forRoot(config, createLogger('extraction', 'silent')), { logger: false });
  await ctx.init();
  contexts.push(ctx);
  return ctx;
}

async function admit(ctx: INestApplicationContext, documentPages: number) {
  const accountId = `acct_job_shutdown_${++n}`;
  await billing.app.get(WalletService).create(accountId, 'default', pages(10));
  const job = await ctx.get(JobsService).submit(accountId, `req_${n}`, JSON.stringify(sampleInvoiceSchema), { inlineBytes: await ocrOnlyPdf(documentPages) });
  return { accountId, job };
}

async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const jobIn = (id: string, state: string) => until(`the job to be ${state}`, async () => {
  const job = await db.job.findUnique({ where: { id } });
  return job?.state === state ? job : undefined;
}, 120_000);
const captures = async (accountId: string) =>
  (await billing.app.get(BillingDb).ledgerEntry.findMany({ where: { accountId, kind: { not: 'credit' } } })).map((e) => [e.kind, e.amountMicros]);
const wallet = async (id: string) => {
  const w = await billing.app.get(WalletService).get(id);
  return { available: w.creditedMicros - w.capturedMicros - w.heldMicros, held: w.heldMicros };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'exs-job-shutdown-'));
  nats = await startNats({ storeDir: join(dir, 'nats'), port: await getFreePort(), monitorPort: await getFreePort() });
  billing = await startBilling({ DATABASE_URL: await migratedDatabase('billing'), RESERVATION_SWEEP_INTERVAL_SECONDS: '3600' });
  uploadsPort = await getFreePort();
  uploads = await startUploads({ DATABASE_URL: await migratedDatabase('uploads'), UPLOADS_DIR: join(dir, 'uploads'), GRPC_PORT: String(uploadsPort) });
  extractionDb = await migratedDatabase('extraction');
  db = new PrismaClient({ adapter: prismaPgAdapter(extractionDb) });
  ratelimitPort = await getFreePort();
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close().catch(() => undefined)));
  await db?.$disconnect();
  await uploads?.close();
  await billing?.close();
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

test('a job that finishes within the grace is finished by the stopping worker, billed once, and acked before its connections close', async () => {
  const stopping = await extractionProcess({ SHUTDOWN_GRACE_SECONDS: '120' });
  const { accountId, job } = await admit(stopping, 2);
  await jobIn(job.id, 'running');

  await stopping.close();

  expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: 'succeeded', attempts: 1, billedPages: 2 });
  expect(await captures(accountId)).toEqual([['capture', pages(2)]]);
  const nc = await connect({ servers: nats.url });
  try {
    const info = await (await jetstreamManager(nc)).consumers.info('EXS_JOB_REQUESTS', 'extraction-workers');
    expect({ waitingForAck: info.num_ack_pending, undelivered: info.num_pending }).toEqual({ waitingForAck: 0, undelivered: 0 });
  } finally {
    await nc.drain();
  }
}, 180_000);

test('a job still running when the grace is over is handed back unbilled; another worker starts it at once and bills it once', async () => {
  const stopping = await extractionProcess({ SHUTDOWN_GRACE_SECONDS: '1' });
  const { accountId, job } = await admit(stopping, 4);
  await jobIn(job.id, 'running');

  const closed = stopping.close();
  const other = await extractionProcess({});
  const done = await jobIn(job.id, 'succeeded');
  await closed;

  expect(done).toMatchObject({ attempts: 2, billedPages: 4 });
  expect(await captures(accountId)).toEqual([['capture', pages(4)]]);
  expect(await wallet(accountId)).toEqual({ available: pages(6), held: 0n });
  await other.close();
}, 180_000);

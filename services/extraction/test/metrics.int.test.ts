// The extraction service's /metrics on its HTTP port: the Prometheus scrape, gRPC RED, pages extracted by
// path and source, the engine pool's saturation, and jobs ended. The service as main.ts starts it (API
// role, one engine thread) with real billing and uploads services, PostgreSQL and NATS. The worker's
// handler is called as JetStream would call it (consuming the shared durable would take other files' jobs).
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { extractionV1 } from '@exs/contracts';
import { PROMETHEUS_CONTENT_TYPE, call, createLogger, grpcClientToken, grpcClientsModule, grpcService, startServiceApp } from '@exs/platform';
import { ExtractionModule } from '../src/extraction.module.js';
import { extractionConfigSchema } from '../src/config.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { JobWorker } from '../src/jobs/job-worker.js';
import { startBilling, type RunningBilling } from '../../billing/test/support.js';
import { WalletService } from '../../billing/src/wallet/wallet.service.js';
import { PRICE_PER_PAGE_MICROS } from '../../billing/src/pricing.js';
import { startUploads, type RunningUploads } from '../../uploads/test/support.js';
import { migratedDatabase } from '../../../test/support/databases.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../../../test/support/sample-documents.js';
import { samplesOf, scrape, valueOf } from '../../../test/support/prometheus-text.js';

let billing: RunningBilling;
let uploads: RunningUploads;
let uploadsDir: string;
let app: INestApplication;
let clients: INestApplicationContext;
let api: extractionV1.ExtractionServiceClient;
let httpUrl: string;
let n = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A new account whose wallet holds 20 pages. */
async function fundedAccount(): Promise<string> {
  const id = `acct_extraction_metrics_${++n}`;
  await billing.app.get(WalletService).create(id, 'default', 20n * PRICE_PER_PAGE_MICROS);
  return id;
}

beforeAll(async () => {
  billing = await startBilling({ DATABASE_URL: await migratedDatabase('billing'), RESERVATION_SWEEP_INTERVAL_SECONDS: '3600' });
  uploadsDir = mkdtempSync(join(tmpdir(), 'exs-extraction-metrics-'));
  const uploadsPort = await freePort();
  uploads = await startUploads({ DATABASE_URL: await migratedDatabase('uploads'), UPLOADS_DIR: uploadsDir, GRPC_PORT: String(uploadsPort) });
  const [httpPort, grpcPort] = [await freePort(), await freePort()];
  const config = extractionConfigSchema.parse({
    DATABASE_URL: await migratedDatabase('extraction'),
    NATS_URL: process.env.EXS_TEST_NATS_URL,
    UPLOADS_GRPC_URL: `127.0.0.1:${uploadsPort}`,
    BILLING_GRPC_URL: billing.grpcUrl,
    // No limiter: the daily quota fails open (logged), which leaves the wallet as the only hold here.
    RATELIMIT_GRPC_URL: `127.0.0.1:${await freePort()}`,
    EXTRACTION_TARGETS: 'api',
    ENGINE_THREADS: '1',
  });
  const logger = createLogger('extraction', 'silent');
  app = await startServiceApp({
    module: ExtractionModule.forRoot(config, logger),
    logger,
    http: { host: '127.0.0.1', port: httpPort },
    grpc: { name: 'extraction', host: '127.0.0.1', port: grpcPort },
  });
  httpUrl = `http://127.0.0.1:${httpPort}`;
  clients = await NestFactory.createApplicationContext(grpcClientsModule([{ name: 'extraction', url: `127.0.0.1:${grpcPort}`, timeoutSeconds: 120 }]), { logger: false });
  api = grpcService<extractionV1.ExtractionServiceClient>(clients.get<ClientGrpc>(grpcClientToken('extraction')), 'extraction');
}, 120_000);

afterAll(async () => {
  await clients?.close();
  await app?.close();
  await uploads?.close();
  await billing?.close();
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
}, 60_000);

test('GET /metrics answers 200 in the Prometheus text format, with the engine pool idle', async () => {
  const res = await fetch(`${httpUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(PROMETHEUS_CONTENT_TYPE);
  const samples = await scrape(httpUrl);
  expect([
    valueOf(samples, 'exs_engine_threads'), valueOf(samples, 'exs_engine_busy_threads'),
    valueOf(samples, 'exs_engine_queued_calls'), valueOf(samples, 'exs_engine_deadline_kills_total'),
  ]).toEqual([1, 0, 0, 0]);
});

test('a sync extraction is counted under Extract and its digital pages under the sync path', async () => {
  const accountId = await fundedAccount();
  const before = await scrape(httpUrl);
  const out = await call(api.extract({ accountId, requestId: 'req_metrics_1', schemaJson: JSON.stringify(sampleInvoiceSchema), document: { inlineBytes: Buffer.from(await sampleInvoicePdf(2)) }, dailyPageLimit: 0, apiKeyId: '' }));
  expect(out.error).toBeUndefined();
  expect(out.billedPages).toBe(2);
  const after = await scrape(httpUrl);
  const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
  expect(delta('rpc_server_requests_total', { rpc_service: 'exs.extraction.v1.ExtractionService', rpc_method: 'Extract', rpc_grpc_status_code: 'OK', error_code: 'none' })).toBe(1);
  expect(delta('exs_pages_extracted_total', { path: 'sync', source: 'digital' })).toBe(2);
  expect(delta('exs_pages_extracted_total', { path: 'sync', source: 'ocr' })).toBe(0);
});

test('a refused extraction is counted under Extract with its contract error code', async () => {
  const out = await call(api.extract({ accountId: await fundedAccount(), requestId: 'req_metrics_2', schemaJson: '{"type":', document: { inlineBytes: Buffer.from(await sampleInvoicePdf(1)) }, dailyPageLimit: 0, apiKeyId: '' }));
  expect(out.error?.code).toBe('invalid_schema');
  const samples = await scrape(httpUrl);
  expect(valueOf(samples, 'rpc_server_requests_total', { rpc_method: 'Extract', rpc_grpc_status_code: 'OK', error_code: 'invalid_schema' })).toBe(1);
});

test('a job that succeeds counts its pages under the job path and one succeeded job with its duration', async () => {
  const accountId = await fundedAccount();
  const before = await scrape(httpUrl);
  const job = await app.get(JobsService).submit(accountId, 'req_metrics_3', JSON.stringify(sampleInvoiceSchema), { inlineBytes: await sampleInvoicePdf(3) });
  await app.get(JobWorker).run(job.id, { info: { deliveryCount: 1 } } as Parameters<JobWorker['run']>[1]);
  const after = await scrape(httpUrl);
  const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
  expect(delta('exs_pages_extracted_total', { path: 'job', source: 'digital' })).toBe(3);
  expect(delta('exs_jobs_finished_total', { outcome: 'succeeded', error_code: 'none' })).toBe(1);
  expect(delta('exs_job_duration_seconds_count', { outcome: 'succeeded' })).toBe(1);
});

test('a job that fails is counted with its error code', async () => {
  const accountId = await fundedAccount();
  const job = await app.get(JobsService).submit(accountId, 'req_metrics_4', JSON.stringify(sampleInvoiceSchema), { inlineBytes: await sampleInvoicePdf(1) });
  // The delivery after the last attempt ends the job without running it.
  await app.get(JobWorker).run(job.id, { info: { deliveryCount: 6 } } as Parameters<JobWorker['run']>[1]);
  const samples = await scrape(httpUrl);
  // The failed series other than this code stay at the 0 they are declared with.
  expect(samplesOf(samples, 'exs_jobs_finished_total', { outcome: 'failed' }).map((s) => [s.labels.error_code, s.value]).sort()).toEqual([
    ['extraction_failed', 1], ['internal_error', 0],
  ]);
});

// The billing service's /metrics on its HTTP port: the Prometheus scrape, gRPC RED per method with the
// contract's error code of an outcome error, and the holds in force and expired. Real PostgreSQL; the
// service as it runs (HTTP + gRPC), its hold lifetimes on a controlled clock.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { billingV1 } from '@exs/contracts';
import { PROMETHEUS_CONTENT_TYPE, call, createLogger, grpcClientToken, grpcClientsModule, grpcService, startServiceApp } from '@exs/platform';
import { billingConfigSchema } from '../src/config.js';
import { BillingModule } from '../src/billing.module.js';
import { WalletService } from '../src/wallet/wallet.service.js';
import { ReservationExpirySweeper } from '../src/reservations/expiry-sweeper.js';
import { PRICE_PER_PAGE_MICROS } from '../src/pricing.js';
import { migratedDatabase } from '../../../test/support/databases.js';
import { samplesOf, scrape, valueOf } from '../../../test/support/prometheus-text.js';

const TTL_SECONDS = 60;
const clock = { t: Date.parse('2030-01-01T00:00:00.000Z'), now: () => clock.t };
let app: INestApplication;
let clients: INestApplicationContext;
let api: billingV1.BillingServiceClient;
let httpUrl: string;
const account = () => `acct_${randomUUID()}`;

/** A port nothing listens on right now (billing's package does not depend on @exs/devinfra). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const [httpPort, grpcPort] = [await freePort(), await freePort()];
  const config = billingConfigSchema.parse({
    DATABASE_URL: await migratedDatabase('billing'), HTTP_PORT: String(httpPort), GRPC_PORT: String(grpcPort),
    RESERVATION_TTL_SECONDS: String(TTL_SECONDS), RESERVATION_SWEEP_INTERVAL_SECONDS: '3600',
  });
  const logger = createLogger('billing', 'silent');
  // As main.ts starts it: HTTP (health, metrics) and gRPC on one app.
  app = await startServiceApp({
    module: BillingModule.forRoot(config, logger, { clock }),
    logger,
    http: { host: '127.0.0.1', port: httpPort },
    grpc: { name: 'billing', host: '127.0.0.1', port: grpcPort },
  });
  httpUrl = `http://127.0.0.1:${httpPort}`;
  clients = await NestFactory.createApplicationContext(grpcClientsModule([{ name: 'billing', url: `127.0.0.1:${grpcPort}` }]), { logger: false });
  api = grpcService<billingV1.BillingServiceClient>(clients.get<ClientGrpc>(grpcClientToken('billing')), 'billing');
}, 60_000);
afterAll(async () => {
  await clients?.close();
  await app?.close();
});

test('GET /metrics answers 200 in the Prometheus text format', async () => {
  const res = await fetch(`${httpUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(PROMETHEUS_CONTENT_TYPE);
});

test('a Reserve the balance cannot cover is counted under its method with the contract code insufficient_balance', async () => {
  const id = account();
  await app.get(WalletService).create(id, 'default', 0n);
  const out = await call(api.reserve({ accountId: id, reference: 'req_1', pages: 1 }));
  expect(out.error).toMatchObject({ code: 'insufficient_balance' });
  const samples = await scrape(httpUrl);
  expect(valueOf(samples, 'rpc_server_requests_total', { rpc_service: 'exs.billing.v1.BillingService', rpc_method: 'Reserve', rpc_grpc_status_code: 'OK', error_code: 'insufficient_balance' })).toBe(1);
});

test('holds in force are reported at scrape, and a hold the sweep expires moves from held to expired', async () => {
  const id = account();
  await app.get(WalletService).create(id, 'default', 10n * PRICE_PER_PAGE_MICROS);
  const before = await scrape(httpUrl);
  await call(api.reserve({ accountId: id, reference: 'job_1', pages: 3 }));
  const held = await scrape(httpUrl);
  expect(valueOf(held, 'exs_billing_reservations_held') - valueOf(before, 'exs_billing_reservations_held')).toBe(1);
  expect(valueOf(held, 'exs_billing_reservations_held_micros') - valueOf(before, 'exs_billing_reservations_held_micros')).toBe(Number(3n * PRICE_PER_PAGE_MICROS));
  expect(samplesOf(held, 'exs_billing_oldest_reservation_age_seconds')).toHaveLength(1);

  clock.t += TTL_SECONDS * 1000 + 1;
  await app.get(ReservationExpirySweeper).sweep();
  const swept = await scrape(httpUrl);
  expect(valueOf(swept, 'exs_billing_reservations_expired_total') - valueOf(before, 'exs_billing_reservations_expired_total')).toBe(1);
  expect(valueOf(swept, 'exs_billing_reservations_held')).toBe(valueOf(before, 'exs_billing_reservations_held'));
});

test('calls for 50 accounts make one series per method and outcome, holding no account id', async () => {
  const ids = Array.from({ length: 50 }, account);
  for (const accountId of ids) await call(api.getWallet({ accountId })).catch(() => undefined);
  const samples = await scrape(httpUrl);
  const series = samplesOf(samples, 'rpc_server_requests_total', { rpc_method: 'GetWallet' });
  expect(series).toHaveLength(1);
  expect(series[0]!.value).toBe(50);
  const text = JSON.stringify(samples);
  expect(ids.some((a) => text.includes(a))).toBe(false);
});

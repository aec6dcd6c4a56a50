import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { createLogger, fastifyTrustProxy } from '@exs/platform';
import { databaseUrl, dropDatabase, ensureDatabase, getFreePort, startMailpit, type RunningMailpit } from '@exs/devinfra';
import { deployMigrations } from '@exs/prisma-migrate';
import { dashboardConfigSchema, type DashboardConfig } from '../src/config.js';
import { DashboardModule } from '../src/dashboard.module.js';
import type { Clock } from '../src/clock.js';
import { FORM_BODY_LIMIT_BYTES, configureWebEdge } from '../src/web-edge.js';

export const SCHEMA_PATH = fileURLToPath(new URL('../prisma/schema.prisma', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export class FakeClock implements Clock {
  constructor(public t = Date.UTC(2026, 7, 10, 12, 0, 0)) {}
  now() { return this.t; }
}

export interface DashboardHarness {
  app: INestApplicationContext;
  config: DashboardConfig;
  mailpit: RunningMailpit;
  /** Where the pages are served, when started with `web` (127.0.0.1, a free port). */
  baseUrl?: string;
  close(): Promise<void>;
}

/**
 * The dashboard's providers on a fresh migrated database, the test Redis and a Mailpit of its own, with
 * time on `clock`. The gateway and billing addresses point nowhere: these tests do not reach them.
 */
export async function startDashboard(env: Record<string, string>, clock: Clock, opts: { web?: boolean } = {}): Promise<DashboardHarness> {
  const server = process.env.EXS_TEST_DATABASE_URL!;
  const name = `dashboard_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(server, name);
  const url = databaseUrl(server, name);
  await deployMigrations({ schemaPath: SCHEMA_PATH, url });
  const dir = mkdtempSync(join(tmpdir(), 'exs-dashboard-test-'));
  const mailpit = await startMailpit({ smtpPort: await getFreePort(), httpPort: await getFreePort(), rootDir: ROOT, dataDir: dir });
  const config = dashboardConfigSchema.parse({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    REDIS_URL: process.env.EXS_TEST_REDIS_URL,
    SMTP_URL: mailpit.smtpUrl,
    PUBLIC_URL: 'http://127.0.0.1:1',
    COOKIE_SECRET: randomBytes(32).toString('hex'),
    COOKIE_SECURE: 'false',
    GATEWAY_GRPC_URL: '127.0.0.1:1',
    BILLING_GRPC_URL: '127.0.0.1:1',
    ...env,
  });
  let app: INestApplicationContext;
  let baseUrl: string | undefined;
  try {
    const module = DashboardModule.forRoot(config, createLogger('dashboard', 'silent'), { clock });
    if (opts.web) {
      // As startServiceApp serves it (TRUST_PROXY, form bodies, CSRF), without its signal handlers.
      const adapter = new FastifyAdapter({ bodyLimit: FORM_BODY_LIMIT_BYTES, trustProxy: fastifyTrustProxy(config.TRUST_PROXY) });
      configureWebEdge(adapter.getInstance() as unknown as FastifyInstance, config);
      const web = await NestFactory.create<NestFastifyApplication>(module, adapter, { logger: false, abortOnError: false, bodyParser: false });
      app = web;
      const port = await getFreePort();
      await web.listen(port, '127.0.0.1');
      baseUrl = `http://127.0.0.1:${port}`;
    } else {
      app = await NestFactory.createApplicationContext(module, { logger: false, abortOnError: false });
    }
  } catch (err) {
    // A harness that cannot start leaves no Mailpit or database behind.
    await mailpit.stop();
    await dropDatabase(server, name);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    config,
    mailpit,
    baseUrl,
    async close() {
      await app.close();
      await mailpit.stop();
      await dropDatabase(server, name);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

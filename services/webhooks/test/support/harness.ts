// Test harness: the webhooks app on a fresh database of the test PostgreSQL, the test NATS, a gRPC client,
// and a local HTTP receiver on 127.0.0.1. Everything binds to loopback.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { ClientGrpc } from '@nestjs/microservices';
import { jetstreamManager } from '@nats-io/jetstream';
import { databaseUrl, dropDatabase, ensureDatabase, getFreePort } from '@exs/devinfra';
import { deployMigrations } from '@exs/prisma-migrate';
import {
  SUBJECTS, call, connectNats, createLogger, grpcClientToken, grpcClientsModule, grpcServerOptions, grpcService, jetstream, publishEvent,
  type JetStreamClient, type NatsConnection,
} from '@exs/platform';
import { eventsV1, type webhooksV1 } from '@exs/contracts';
import { loadWebhooksConfig } from '../../src/config.js';
import { WebhooksModule, type WebhooksOverrides } from '../../src/webhooks.module.js';
import { DeliveryWorker } from '../../src/delivery/delivery.worker.js';
import { JobEventsConsumer, JOB_EVENTS_STREAM } from '../../src/events/job-events.consumer.js';
import { PrismaClient } from '../../src/generated/prisma/client.js';
import type { Clock } from '../../src/clock.js';

export class ManualClock implements Clock {
  private t: number;
  constructor(start = Date.now()) { this.t = start; }
  now(): Date { return new Date(this.t); }
  advance(ms: number): void { this.t += ms; }
}

export const uid = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

const SCHEMA = join(import.meta.dirname, '../../prisma/schema.prisma');

/** A fresh database with the service's committed migrations applied (as `prisma migrate deploy` would). */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.EXS_TEST_DATABASE_URL;
  if (!server) throw new Error('EXS_TEST_DATABASE_URL is not set (run through the integration project)');
  const name = uid('exs_webhooks_t').toLowerCase();
  await ensureDatabase(server, name);
  const url = databaseUrl(server, name);
  await deployMigrations({ schemaPath: SCHEMA, url });
  return { url, drop: () => dropDatabase(server, name).then(() => undefined) };
}

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP server on 127.0.0.1 that records every request and answers through `respond`. */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  respond: (req: ReceivedRequest, res: ServerResponse) => void = (_req, res) => { res.writeHead(204).end(); };
  private server!: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.requests.push(received);
        this.respond(received, res);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  on(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface HarnessOptions {
  overrides?: WebhooksOverrides;
  env?: Record<string, string>;
  /** Share another harness's database (a second instance of the service). */
  databaseUrl?: string;
}

export interface Harness {
  app: NestFastifyApplication;
  api: webhooksV1.WebhooksServiceClient;
  db: PrismaClient;
  worker: DeliveryWorker;
  consumer: JobEventsConsumer;
  nc: NatsConnection;
  js: JetStreamClient;
  databaseUrl: string;
  httpPort: number;
  /** Publishes a job event the way the extraction service does. */
  publishSucceeded(event: Partial<eventsV1.JobSucceeded> & { accountId: string }, msgId?: string): Promise<eventsV1.JobSucceeded>;
  publishFailed(event: Partial<eventsV1.JobFailed> & { accountId: string }, msgId?: string): Promise<eventsV1.JobFailed>;
  /** Resolves once this instance's consumers have acked everything in the stream. */
  eventsSettled(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const natsUrl = process.env.EXS_TEST_NATS_URL;
  if (!natsUrl) throw new Error('EXS_TEST_NATS_URL is not set (run through the integration project)');
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase();
  const [httpPort, grpcPort] = [await getFreePort(), await getFreePort()];
  const config = loadWebhooksConfig({
    DATABASE_URL: database.url,
    NATS_URL: natsUrl,
    HTTP_PORT: String(httpPort),
    GRPC_PORT: String(grpcPort),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEBHOOKS_ALLOW_INSECURE_URLS: 'true',
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOKS_POLL_INTERVAL_MS: '100',
    ...options.env,
  });
  const logger = createLogger('webhooks-test', 'silent');
  const consumerName = options.overrides?.consumerName ?? uid('webhooks-test');
  const app = await NestFactory.create<NestFastifyApplication>(
    WebhooksModule.forRoot(config, logger, { ...options.overrides, consumerName }),
    new FastifyAdapter(),
    { logger: false },
  );
  app.connectMicroservice(grpcServerOptions('webhooks', `127.0.0.1:${grpcPort}`).options, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.listen(httpPort, '127.0.0.1');

  const clientModule = await Test.createTestingModule({ imports: [grpcClientsModule([{ name: 'webhooks', url: `127.0.0.1:${grpcPort}` }])] }).compile();
  const api = grpcService<webhooksV1.WebhooksServiceClient>(clientModule.get<ClientGrpc>(grpcClientToken('webhooks')), 'webhooks');
  const nc = await connectNats(natsUrl, 'webhooks-test');
  const js = jetstream(nc);
  const consumer = app.get(JobEventsConsumer);

  return {
    app,
    api,
    db: app.get(PrismaClient),
    worker: app.get(DeliveryWorker),
    consumer,
    nc,
    js,
    databaseUrl: database.url,
    httpPort,
    async publishSucceeded(partial, msgId) {
      const event: eventsV1.JobSucceeded = { jobId: uid('job'), requestId: uid('req'), billedPages: 3, finishedAtMs: String(Date.now()), ...partial };
      await publishEvent(js, SUBJECTS.jobSucceeded, eventsV1.JobSucceeded, event, msgId ?? `${event.jobId}.succeeded`);
      return event;
    },
    async publishFailed(partial, msgId) {
      const event: eventsV1.JobFailed = { jobId: uid('job'), requestId: uid('req'), errorCode: 'extraction_failed', finishedAtMs: String(Date.now()), ...partial };
      await publishEvent(js, SUBJECTS.jobFailed, eventsV1.JobFailed, event, msgId ?? `${event.jobId}.failed`);
      return event;
    },
    async eventsSettled() {
      const jsm = await jetstreamManager(nc);
      await eventually(async () => {
        for (const name of consumer.durableNames()) {
          const info = await jsm.consumers.info(JOB_EVENTS_STREAM, name);
          if (info.num_pending || info.num_ack_pending) throw new Error(`${name}: ${info.num_pending} pending, ${info.num_ack_pending} unacked`);
        }
      });
    },
    async close() {
      await clientModule.close();
      await app.close();
      const jsm = await jetstreamManager(nc);
      for (const name of consumer.durableNames()) await jsm.consumers.delete(JOB_EVENTS_STREAM, name).catch(() => undefined);
      await nc.drain();
      await database.drop().catch(() => undefined);
    },
  };
}

/** Retries `check` until it stops throwing (or the deadline passes): for effects of asynchronous work. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}

export { call };

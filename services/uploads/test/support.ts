import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { GRPC_SERVICES } from '@exs/contracts';
import { createLogger, grpcServerOptions, PROTO_LOADER_OPTIONS } from '@exs/platform';
import { databaseUrl, dropDatabase, ensureDatabase, getFreePort } from '@exs/devinfra';
import { deployMigrations } from '@exs/prisma-migrate';
import { uploadsConfigSchema } from '../src/config.js';
import { UploadsModule } from '../src/uploads.module.js';
import type { Clock } from '../src/clock.js';

export const SCHEMA_PATH = fileURLToPath(new URL('../prisma/schema.prisma', import.meta.url));
export const MiB = 1024 * 1024;

export class FakeClock implements Clock {
  constructor(public t = Date.UTC(2026, 7, 10, 12, 0, 0)) {}
  now() { return this.t; }
  advance(ms: number) { this.t += ms; }
}

/** A fresh, migrated database for one test file, on the server the global setup started. */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.EXS_TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(server, name);
  const url = databaseUrl(server, name);
  await deployMigrations({ schemaPath: SCHEMA_PATH, url });
  return { url, drop: () => dropDatabase(server, name) };
}

export interface StageOutcome { uploadKey: string; sizeBytes: string; sha256: string; expiresAtMs: string }

export class UploadsClient {
  readonly raw: grpc.Client & Record<string, Function>;

  constructor(url: string) {
    const def = GRPC_SERVICES.uploads;
    const pkg = grpc.loadPackageDefinition(loadSync(def.protoPath, PROTO_LOADER_OPTIONS)) as any;
    const Service = def.package.split('.').reduce((o: any, k) => o[k], pkg)[def.service];
    this.raw = new Service(url, grpc.credentials.createInsecure(), { 'grpc.max_send_message_length': 64 * MiB, 'grpc.max_receive_message_length': 64 * MiB });
  }

  private deadline() { return { deadline: Date.now() + 60_000 }; }

  /** Stage with raw messages (for malformed streams). */
  stageMessages(messages: object[]): Promise<StageOutcome> {
    return new Promise((resolve, reject) => {
      const stream = this.raw.Stage!.call(this.raw, this.deadline(), (err: unknown, res: StageOutcome) => (err ? reject(err) : resolve(res)));
      (async () => {
        for (const m of messages) if (!stream.write(m)) await new Promise((r) => stream.once('drain', r));
        stream.end();
      })().catch(() => undefined);
    });
  }

  /** Stage `bytes` in 256 KiB chunks. */
  stage(accountId: string, bytes: Buffer, opts: { maxBytes?: number; contentType?: string; chunkBytes?: number } = {}): Promise<StageOutcome> {
    const step = opts.chunkBytes ?? 256 * 1024;
    const messages: object[] = [{ header: { accountId, contentType: opts.contentType ?? 'application/pdf', maxBytes: String(opts.maxBytes ?? 0) } }];
    for (let i = 0; i < bytes.length; i += step) messages.push({ chunk: bytes.subarray(i, i + step) });
    return this.stageMessages(messages);
  }

  unary<T = any>(method: string, req: object): Promise<T> {
    return new Promise((resolve, reject) => {
      this.raw[method]!.call(this.raw, req, this.deadline(), (err: unknown, res: T) => (err ? reject(err) : resolve(res)));
    });
  }

  read(accountId: string, uploadKey: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      const stream = this.raw.Read!.call(this.raw, { accountId, uploadKey }, this.deadline());
      stream.on('data', (m: { chunk: Buffer }) => parts.push(m.chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(parts)));
    });
  }

  close() { this.raw.close(); }
}

export interface RunningUploads {
  app: NestFastifyApplication;
  client: UploadsClient;
  httpUrl: string;
  close(): Promise<void>;
}

/** The uploads app as it runs in production (HTTP health + gRPC), on free local ports. */
export async function startUploads(env: Record<string, string>, clock?: Clock): Promise<RunningUploads> {
  const config = uploadsConfigSchema.parse({ HTTP_PORT: await getFreePort(), GRPC_PORT: await getFreePort(), UPLOAD_SWEEP_INTERVAL_SECONDS: '3600', ...env });
  const app = await NestFactory.create<NestFastifyApplication>(UploadsModule.forRoot(config, createLogger('uploads', 'silent'), { clock }), new FastifyAdapter(), { logger: false });
  const url = `127.0.0.1:${config.GRPC_PORT}`;
  app.connectMicroservice(grpcServerOptions('uploads', url).options, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.listen(config.HTTP_PORT, '127.0.0.1');
  const client = new UploadsClient(url);
  return { app, client, httpUrl: `http://127.0.0.1:${config.HTTP_PORT}`, close: async () => { client.close(); await app.close(); } };
}

import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres, getFreePort, databaseUrl, type RunningServer } from '@exs/devinfra';
import { checkMigrationsInSync, createMigration, deployMigrations, diffMigrationsToSchema, migrationDirName } from '../src/index.js';

const T = 60_000;
const SCHEMA_V1 = `generator client {
  provider = "prisma-client"
  output   = "../src/generated/prisma"
}

datasource db {
  provider = "postgresql"
}

model Widget {
  id        String   @id @default(uuid())
  name      String
  createdAt DateTime @default(now())
}
`;
const SCHEMA_V2 = SCHEMA_V1.replace('  name      String\n', '  name      String\n  color     String?\n') +
  `
enum Size {
  S
  M
}

model Box {
  id   Int  @id @default(autoincrement())
  size Size
  @@index([size])
}
`;

let dir: string;
let schemaPath: string;
let migrationsDir: string;
let server: RunningServer;
let url: string;

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prisma-migrate-test-'));
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, 'svc', 'prisma'), { recursive: true });
  schemaPath = path.join(dir, 'svc', 'prisma', 'schema.prisma');
  migrationsDir = path.join(dir, 'svc', 'prisma', 'migrations');
  writeFileSync(schemaPath, SCHEMA_V1);
  server = await startPostgres({ dataDir: path.join(dir, 'pg'), port: await getFreePort() });
  url = databaseUrl(server.url, 'exs_migrate_test'); // created by deploy, like prisma migrate deploy
}, T);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const migrationDirs = () => readdirSync(migrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

test('create writes the first migration (PGlite shadow database) and a lockfile', async () => {
  const r = await createMigration({ schemaPath, name: 'Init widgets' });
  expect(r.created).toBe(true);
  expect(migrationDirs()).toEqual([expect.stringMatching(/^\d{14}_init_widgets$/)]);
  const sql = readFileSync(path.join(r.dir!, 'migration.sql'), 'utf8');
  expect(sql).toContain('CREATE TABLE "Widget"');
  expect(sql).not.toContain('CREATE SCHEMA');
  expect(readFileSync(path.join(migrationsDir, 'migration_lock.toml'), 'utf8')).toContain('provider = "postgresql"');
}, T);

test('create again reports no changes (server shadow database)', async () => {
  const r = await createMigration({ schemaPath, name: 'nothing', shadowDatabaseUrl: server.url });
  expect(r).toEqual({ created: false });
  expect(migrationDirs()).toHaveLength(1);
  // the migrations ran in a temporary shadow database, never in the server's own database
  url = server.url;
  expect(await query("SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow%'")).toEqual([]);
  expect(await query("SELECT to_regclass('public.\"Widget\"') AS t")).toEqual([{ t: null }]);
  url = databaseUrl(server.url, 'exs_migrate_test');
}, T);

test('deploy creates the database, applies, records _prisma_migrations and is idempotent', async () => {
  const first = await deployMigrations({ schemaPath, url });
  expect(first.applied).toEqual(migrationDirs());
  const again = await deployMigrations({ schemaPath, url });
  expect(again).toEqual({ applied: [], edited: [] });

  const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null; applied_steps_count: number }>(
    'SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM _prisma_migrations',
  );
  const name = migrationDirs()[0]!;
  const file = readFileSync(path.join(migrationsDir, name, 'migration.sql'));
  expect(rows).toEqual([
    { migration_name: name, checksum: createHash('sha256').update(file).digest('hex'), finished_at: expect.any(Date), rolled_back_at: null, applied_steps_count: 1 },
  ]);
  await query(`INSERT INTO "Widget" (id, name) VALUES ('w1', 'first')`);

  // concurrent deploys of one database serialise (the engine's advisory lock): exactly one applies
  const other = databaseUrl(server.url, 'exs_migrate_concurrent');
  const both = await Promise.all([deployMigrations({ schemaPath, url: other }), deployMigrations({ schemaPath, url: other })]);
  expect(both.map((r) => r.applied.length).sort()).toEqual([0, 1]);
}, T);

test('a schema change is drift until a second migration is created; deploy applies only it', async () => {
  writeFileSync(schemaPath, SCHEMA_V2);
  const shadowDatabaseUrl = server.url;
  expect(await checkMigrationsInSync({ schemaPath, shadowDatabaseUrl })).toBe(false);
  expect(await diffMigrationsToSchema({ schemaPath, shadowDatabaseUrl })).toContain('ALTER TABLE "Widget" ADD COLUMN     "color" TEXT');

  const r = await createMigration({ schemaPath, name: 'boxes', shadowDatabaseUrl });
  expect(r.created).toBe(true);
  expect(migrationDirs()).toHaveLength(2);
  expect(r.sql).toContain('CREATE TYPE "Size" AS ENUM');
  expect(await checkMigrationsInSync({ schemaPath, shadowDatabaseUrl })).toBe(true);

  const d = await deployMigrations({ schemaPath, url });
  expect(d.applied).toEqual([migrationDirs()[1]]);
  expect(await query('SELECT id, name, color FROM "Widget"')).toEqual([{ id: 'w1', name: 'first', color: null }]);
  await query(`INSERT INTO "Box" (size) VALUES ('M')`);
}, T);

test('drift check detects an uncommitted change', async () => {
  writeFileSync(schemaPath, SCHEMA_V2.replace('  color     String?\n', '  color     String?\n  weight    Int     @default(0)\n'));
  expect(await checkMigrationsInSync({ schemaPath, shadowDatabaseUrl: server.url })).toBe(false);
  writeFileSync(schemaPath, SCHEMA_V2);
}, T);

test('migration directory names stay strictly increasing within one second', () => {
  const now = new Date('2026-01-02T03:04:05Z');
  expect(migrationDirName('AddUser', [], now)).toBe('20260102030405_add_user');
  expect(migrationDirName('x y', ['20260102030405_add_user'], now)).toBe('20260102030406_x_y');
  expect(() => migrationDirName('  ', [], now)).toThrow();
});

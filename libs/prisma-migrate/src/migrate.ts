import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { engineWork, newEngine, type SchemaEngine } from './engine.js';
import { defaultMigrationsDir, migrationDirName, readMigrations, readSchemaFiles, withLockfile, writeMigration } from './migrations.js';
import { pgMigrationAdapterFactory } from './pg-adapter.js';

const NO_FILTERS = { externalTables: [] as string[], externalEnums: [] as string[] };

export interface SchemaOptions {
  /** Path to schema.prisma (or a folder of .prisma files). */
  schemaPath: string;
  /** Defaults to `migrations/` next to the schema. */
  migrationsDir?: string;
  /** Log sink for the schema engine's messages (default: silent). */
  log?: (message: string) => void;
}

export interface DiffOptions extends SchemaOptions {
  /**
   * A PostgreSQL server URL the shadow database can be created on (`CREATE DATABASE prisma_migrate_shadow_db_<uuid>`,
   * dropped afterwards). Default: an in-memory PGlite, no server needed (~3-4 s slower).
   */
  shadowDatabaseUrl?: string;
}

/** Wraps a factory so every connection it hands out is disposed exactly once, at the latest by disposeAll(). */
function tracking(factory: SqlMigrationAwareDriverAdapterFactory) {
  const open = new Set<() => Promise<void>>();
  const track = (adapter: SqlDriverAdapter): SqlDriverAdapter => {
    const original = adapter.dispose.bind(adapter);
    let done: Promise<void> | undefined;
    const dispose = () => (done ??= (open.delete(dispose), original()));
    open.add(dispose);
    adapter.dispose = dispose;
    return adapter;
  };
  const wrapped: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => track(await factory.connect()),
    connectToShadowDb: async () => track(await factory.connectToShadowDb()),
  };
  return { factory: wrapped, disposeAll: () => Promise.all([...open].map((d) => d().catch(() => {}))) };
}

async function withEngine<T>(
  files: Array<{ path: string; content: string }>,
  factory: SqlMigrationAwareDriverAdapterFactory,
  log: ((m: string) => void) | undefined,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  return engineWork(async () => {
    const t = tracking(factory);
    try {
      const engine = await newEngine(files.map((f) => [f.path, f.content]), t.factory, log);
      try {
        return await fn(engine);
      } finally {
        engine.free();
      }
    } finally {
      await t.disposeAll();
    }
  });
}

async function shadowFactory(opts: DiffOptions): Promise<{ factory: SqlMigrationAwareDriverAdapterFactory; close(): Promise<void> }> {
  if (opts.shadowDatabaseUrl) return { factory: pgMigrationAdapterFactory(opts.shadowDatabaseUrl), close: async () => {} };
  // Loaded only here: `deploy` never diffs, so the container image ships without PGlite (deploy/prune-runtime.mjs).
  const { PGliteAdapterFactory } = await import('./pglite.js');
  const factory = new PGliteAdapterFactory();
  return { factory, close: () => factory.close() };
}

function cleanScript(stdout: string | null): string {
  return (stdout ?? '').trim() === '-- This is an empty migration.' ? '' : (stdout ?? '');
}

/**
 * SQL that takes a database built from the committed migrations to schema.prisma; '' when they already match.
 * (`prisma migrate diff --from-migrations <dir> --to-schema <schema> --script`.)
 */
export async function diffMigrationsToSchema(opts: DiffOptions): Promise<string> {
  const files = readSchemaFiles(opts.schemaPath);
  const list = readMigrations(opts.migrationsDir ?? defaultMigrationsDir(opts.schemaPath));
  const bad = list.migrationDirectories.find((d) => d.migrationFile.content.tag === 'error');
  if (bad) throw new Error(`cannot read ${bad.path}/migration.sql: ${bad.migrationFile.content.value}`);
  const shadow = await shadowFactory(opts);
  try {
    return await withEngine(files, shadow.factory, opts.log, async (engine) => {
      // Always from the migrations (even none): a shadow database that starts like a fresh database, so the first
      // migration matches `prisma migrate dev` (diffing from `empty` adds a CREATE SCHEMA "public").
      const from = { tag: 'migrations' as const, ...withLockfile(list) };
      const result = await engine.diff({ from, to: { tag: 'schemaDatamodel', files }, script: true, exitCode: true, filters: NO_FILTERS });
      return result.exitCode === 0 ? '' : cleanScript(result.stdout);
    });
  } finally {
    await shadow.close();
  }
}

export interface CreateMigrationOptions extends DiffOptions {
  /** Migration name; the directory becomes `<YYYYMMDDHHMMSS>_<snake_name>`. */
  name: string;
  now?: Date;
}

export interface CreateMigrationResult {
  created: boolean;
  /** Absolute path of the new migration directory. */
  dir?: string;
  sql?: string;
}

/** Writes `migrations/<stamp>_<name>/migration.sql` (+ migration_lock.toml) when schema.prisma differs from the migrations. */
export async function createMigration(opts: CreateMigrationOptions): Promise<CreateMigrationResult> {
  const migrationsDir = opts.migrationsDir ?? defaultMigrationsDir(opts.schemaPath);
  const sql = await diffMigrationsToSchema({ ...opts, migrationsDir });
  if (!sql.trim()) return { created: false };
  const existing = readMigrations(migrationsDir).migrationDirectories.map((d) => d.path);
  const dir = writeMigration(migrationsDir, migrationDirName(opts.name, existing, opts.now), sql);
  return { created: true, dir, sql };
}

/** True when the committed migrations produce exactly schema.prisma (CI fails on drift otherwise). */
export async function checkMigrationsInSync(opts: DiffOptions): Promise<boolean> {
  return (await diffMigrationsToSchema(opts)) === '';
}

export interface DeployOptions extends SchemaOptions {
  /** postgres://user:pw@host:port/database — the database is created when missing (like `prisma migrate deploy`). */
  url: string;
}

export interface DeployResult {
  /** Migrations applied by this run (empty when the database was up to date). */
  applied: string[];
  /** Applied migrations whose migration.sql changed since (Prisma warns about these too). */
  edited: string[];
}

async function ensureDatabaseExists(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return;
  } catch (e) {
    if ((e as { code?: string }).code !== '3D000') throw e;
  } finally {
    await probe.end().catch(() => {});
  }
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`).catch((e: { code?: string }) => {
      if (e.code !== '42P04' && e.code !== '23505') throw e; // created concurrently
    });
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * Applies the pending committed migrations and records them in `_prisma_migrations`, like `prisma migrate deploy`
 * (same table, checksums and lock; a failed migration blocks further deploys until resolved). Idempotent.
 */
export async function deployMigrations(opts: DeployOptions): Promise<DeployResult> {
  await ensureDatabaseExists(opts.url);
  const files = readSchemaFiles(opts.schemaPath);
  const list = readMigrations(opts.migrationsDir ?? defaultMigrationsDir(opts.schemaPath));
  const bad = list.migrationDirectories.find((d) => d.migrationFile.content.tag === 'error');
  if (bad) throw new Error(`cannot read ${bad.path}/migration.sql: ${bad.migrationFile.content.value}`);
  const factory = pgMigrationAdapterFactory(opts.url);
  // The engine serialises concurrent deploys itself (pg_advisory_lock, like the native engine).
  try {
    return await withEngine(files, factory, opts.log, async (engine) => {
      const diagnosis = await engine.diagnoseMigrationHistory({ migrationsList: list, optInToShadowDatabase: false, filters: NO_FILTERS });
      const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList: list, filters: NO_FILTERS });
      return { applied: appliedMigrationNames, edited: diagnosis.editedMigrationNames };
    });
  } catch (e) {
    throw new Error(`deploying ${list.baseDir} to ${redact(opts.url)} failed: ${(e as Error).message}`, { cause: e });
  }
}

export interface ResolveOptions extends DeployOptions {
  /** Mark a failed migration as rolled back (after fixing the database by hand), so deploy retries it. */
  rolledBack?: string;
  /** Mark a migration as applied without running it (after applying it by hand). */
  applied?: string;
}

/** `prisma migrate resolve --rolled-back <name>` / `--applied <name>`. */
export async function resolveMigration(opts: ResolveOptions): Promise<void> {
  if (!opts.rolledBack === !opts.applied) throw new Error('resolve needs exactly one of rolledBack / applied');
  const files = readSchemaFiles(opts.schemaPath);
  const list = readMigrations(opts.migrationsDir ?? defaultMigrationsDir(opts.schemaPath));
  await withEngine(files, pgMigrationAdapterFactory(opts.url), opts.log, async (engine) => {
    if (opts.rolledBack) await engine.markMigrationRolledBack({ migrationName: opts.rolledBack });
    else await engine.markMigrationApplied({ migrationName: opts.applied!, migrationsList: list });
  });
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<url>';
  }
}

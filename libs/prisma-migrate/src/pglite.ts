import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

type Adapter = SqlDriverAdapter & { onError(e: unknown): never };

let snapshot: Promise<Blob> | undefined;

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve('@electric-sql/pglite');
    let dir = path.dirname(main);
    for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (pkg.name === '@electric-sql/pglite') return pkg.version ?? 'unknown';
      } catch {
        /* up */
      }
    }
  } catch {
    /* ignore */
  }
  return 'unknown';
}

/**
 * A freshly initialised, empty PGlite data directory (gzip tarball). Creating one runs initdb inside WASM
 * (~3.5 s idle, 20 s+ on a loaded 2-core machine); loading a saved one takes ~1 s. So it is made once and cached
 * on disk (`$PRISMA_MIGRATE_CACHE_DIR` or `<tmpdir>/exs-prisma-migrate`), keyed by the PGlite version.
 */
export function emptyPgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const dir = process.env.PRISMA_MIGRATE_CACHE_DIR ?? path.join(os.tmpdir(), 'exs-prisma-migrate');
    const file = path.join(dir, `pglite-${pgliteVersion()}-empty.tar.gz`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      /* build it */
    }
    const db = new PGlite();
    try {
      await db.waitReady;
      const blob = await db.dumpDataDir('gzip');
      try {
        mkdirSync(dir, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
        renameSync(tmp, file);
      } catch {
        /* cache is best effort */
      }
      return blob;
    } finally {
      await db.close().catch(() => {});
    }
  })();
  snapshot.catch(() => (snapshot = undefined));
  return snapshot;
}

async function freshDb(): Promise<PGlite> {
  const db = new PGlite({ loadDataDir: await emptyPgliteSnapshot() });
  await db.waitReady;
  return db;
}

/**
 * Driver adapter factory over in-memory PGlite databases (PostgreSQL compiled to WASM): the shadow database
 * for `diff` without any server. Each database starts from the cached empty snapshot. The main connection and
 * the first shadow database share one instance (diffing from the migrations folder only probes the main
 * connection with `SELECT version()`), later shadow requests get fresh instances.
 * Wraps `pglite-prisma-adapter` and fixes its executeScript, which does not await the script.
 */
export class PGliteAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres' as const;
  readonly adapterName = '@exs/prisma-migrate:pglite';
  private shared?: Promise<PGlite>;
  private sharedAsShadow = false;
  private readonly open = new Set<Promise<PGlite>>();

  async connect(): Promise<SqlDriverAdapter> {
    return wrap(await this.sharedDb(), async () => {});
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    if (!this.sharedAsShadow) {
      this.sharedAsShadow = true;
      return wrap(await this.sharedDb(), async () => {});
    }
    const p = freshDb();
    this.open.add(p);
    const db = await p;
    return wrap(db, async () => {
      this.open.delete(p);
      await db.close().catch(() => {});
    });
  }

  /** Closes every database this factory opened. */
  async close(): Promise<void> {
    const all = [...this.open];
    if (this.shared) all.push(this.shared);
    this.open.clear();
    this.shared = undefined;
    await Promise.all(all.map(async (p) => (await p.catch(() => undefined))?.close().catch(() => {})));
  }

  private sharedDb(): Promise<PGlite> {
    if (!this.shared) {
      this.shared = freshDb();
      this.open.add(this.shared);
    }
    return this.shared;
  }
}

async function wrap(db: PGlite, dispose: () => Promise<void>): Promise<Adapter> {
  const adapter = (await new PrismaPGlite(db).connect()) as Adapter;
  adapter.executeScript = async (script: string) => {
    try {
      await db.exec(script);
    } catch (e) {
      adapter.onError(e);
    }
  };
  adapter.dispose = dispose;
  return adapter;
}

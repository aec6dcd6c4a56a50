import { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, ConnectionInfo } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

type Adapter = SqlDriverAdapter & { onError(e: unknown): never };

/**
 * Driver adapter factory over in-memory PGlite databases (PostgreSQL compiled to WASM): the shadow database
 * for `diff` without any server. A PGlite start (initdb in WASM) costs ~3 s here, a clone of an already started
 * empty instance ~0.6 s, so one empty template is started lazily and every connection is a fresh clone of it.
 * Wraps `pglite-prisma-adapter` and fixes its executeScript, which does not await the script.
 */
export class PGliteAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres' as const;
  readonly adapterName = '@exs/prisma-migrate:pglite';
  private template?: Promise<PGlite>;
  private readonly open = new Set<PGlite>();

  /**
   * The main connection is the (empty) template itself, opened on first use: the schema engine only probes
   * it (`SELECT version()`...) when diffing against the migrations folder. Its dispose() leaves it open.
   */
  async connect(): Promise<SqlDriverAdapter> {
    return lazyAdapter(async () => {
      const adapter = await wrap(await this.templateDb());
      adapter.dispose = async () => {};
      return adapter;
    });
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.fresh();
  }

  /** Closes the template and every database this factory opened that was not disposed. */
  async close(): Promise<void> {
    const dbs = [...this.open];
    this.open.clear();
    if (this.template) dbs.push(await this.template.catch(() => undefined as unknown as PGlite));
    this.template = undefined;
    await Promise.all(dbs.filter(Boolean).map((db) => db.close().catch(() => {})));
  }

  private templateDb(): Promise<PGlite> {
    this.template ??= (async () => {
      const db = new PGlite();
      await db.waitReady;
      return db;
    })();
    return this.template;
  }

  private async fresh(): Promise<Adapter> {
    const db = (await (await this.templateDb()).clone()) as PGlite;
    await db.waitReady;
    this.open.add(db);
    const adapter = await wrap(db);
    adapter.dispose = async () => {
      this.open.delete(db);
      await db.close().catch(() => {});
    };
    return adapter;
  }
}

async function wrap(db: PGlite): Promise<Adapter> {
  const adapter = (await new PrismaPGlite(db).connect()) as Adapter;
  adapter.executeScript = async (script: string) => {
    try {
      await db.exec(script);
    } catch (e) {
      adapter.onError(e);
    }
  };
  return adapter;
}

/** An adapter that opens its database on first use. */
function lazyAdapter(open: () => Promise<Adapter>): SqlDriverAdapter {
  let real: Promise<Adapter> | undefined;
  const get = () => (real ??= open());
  return {
    provider: 'postgres',
    adapterName: '@exs/prisma-migrate:pglite',
    queryRaw: async (q) => (await get()).queryRaw(q),
    executeRaw: async (q) => (await get()).executeRaw(q),
    executeScript: async (s) => (await get()).executeScript(s),
    startTransaction: async (i) => (await get()).startTransaction(i),
    getConnectionInfo: (): ConnectionInfo => ({ supportsRelationJoins: true }),
    dispose: async () => {
      if (real) await (await real).dispose();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { ColumnTypeEnum, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory, type SqlQuery, type SqlResultSet, type Transaction } from '@prisma/driver-adapter-utils';

const PG_CHAR_OID = 18; // the one-byte internal "char" type (pg_class.relkind, pg_constraint.contype, ...)
const PG_BPCHAR_OID = 1042;

interface Queryable {
  queryRaw(q: SqlQuery): Promise<SqlResultSet>;
  performIO?(q: SqlQuery): Promise<{ fields: Array<{ dataTypeID: number }> }>;
}

/**
 * `@prisma/adapter-pg` 7.10 has no column type for PostgreSQL's internal `"char"` (OID 18), which the schema
 * engine's introspection selects from the catalogs, so describing a real server fails with "Column type 'char'
 * could not be deserialized". Report such columns as `Character` (what the PGlite adapter does).
 */
function patchCharColumns<T extends object>(target: T): T {
  const q = target as unknown as Queryable;
  const perform = q.performIO?.bind(q);
  const queryRaw = q.queryRaw.bind(q);
  if (!perform) return target;
  let charColumns: number[] = [];
  q.performIO = async (query) => {
    const result = await perform(query);
    charColumns = [];
    result.fields.forEach((f, i) => {
      if (f.dataTypeID === PG_CHAR_OID) {
        f.dataTypeID = PG_BPCHAR_OID;
        charColumns.push(i);
      }
    });
    return result;
  };
  q.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns) result.columnTypes[i] = ColumnTypeEnum.Character;
    charColumns = [];
    return result;
  };
  const tx = (target as unknown as { startTransaction?: (...a: unknown[]) => Promise<Transaction> }).startTransaction;
  if (tx) {
    (target as unknown as { startTransaction: (...a: unknown[]) => Promise<Transaction> }).startTransaction = async (...a) =>
      patchCharColumns(await tx.apply(target, a));
  }
  return target;
}

/**
 * `PrismaPg` for the schema engine (migrations, diff with a server shadow database).
 * The URL is parsed into discrete settings on purpose: adapter-pg's connectToShadowDb() connects with
 * `{ ...config, database: <shadow> }`, and with a `connectionString` in the config node-postgres ignores that
 * `database` -- the "shadow" migrations would then run against the main database.
 */
export function pgMigrationAdapterFactory(connectionString: string): SqlMigrationAwareDriverAdapterFactory {
  const { connectionString: _ignored, ...config } = parseIntoClientConfig(connectionString) as ReturnType<typeof parseIntoClientConfig> & { connectionString?: string };
  const inner = new PrismaPg(config);
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async (): Promise<SqlDriverAdapter> => patchCharColumns(await inner.connect()),
    // Not inner.connectToShadowDb(): it drops the shadow database before closing the pool connected to it
    // ("is being accessed by other users") and never closes the connection it created the database with.
    connectToShadowDb: async (): Promise<SqlDriverAdapter> => {
      const database = `prisma_migrate_shadow_db_${randomUUID()}`;
      await adminQuery(config, `CREATE DATABASE "${database}"`);
      let adapter: SqlDriverAdapter;
      try {
        adapter = patchCharColumns(await new PrismaPg({ ...config, database }).connect());
      } catch (e) {
        await adminQuery(config, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
        throw e;
      }
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose().catch(() => {});
        await adminQuery(config, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      };
      return adapter;
    },
  };
}

async function adminQuery(config: pg.ClientConfig, sql: string): Promise<void> {
  const client = new pg.Client(config);
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

import { randomBytes } from 'node:crypto';
import { databaseUrl, ensureDatabase } from '@exs/devinfra';
import { deployMigrations } from '@exs/prisma-migrate';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/**
 * A new database on the test PostgreSQL (started by the integration global setup) with a service's
 * committed migrations applied: every test file gets its own, so files run in parallel without sharing rows.
 */
export async function migratedDatabase(service: string): Promise<string> {
  const server = process.env.EXS_TEST_DATABASE_URL;
  if (!server) throw new Error('EXS_TEST_DATABASE_URL is not set: run through the integration project (test/setup/global-setup.mjs)');
  const name = `t_${service}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(server, name);
  const url = databaseUrl(server, name);
  await deployMigrations({ schemaPath: join(ROOT, 'services', service, 'prisma', 'schema.prisma'), url });
  return url;
}

#!/usr/bin/env node
// Offline Prisma migrations (Prisma's schema engine as WASM): create | deploy | check | diff.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createMigration, deployMigrations, diffMigrationsToSchema, resolveMigration } from './migrate.js';
import { schemaEngineVersion } from './engine.js';

const USAGE = `usage: prisma-migrate <command> --schema <path/to/schema.prisma> [options]
  create --name <name> [--shadow-url <postgres url>]   write migrations/<stamp>_<name>/migration.sql when the schema changed
  deploy [--url <postgres url>]                         apply pending migrations (default url: $DATABASE_URL)
  resolve --rolled-back <name> | --applied <name> [--url <postgres url>]   like prisma migrate resolve
  check  [--shadow-url <postgres url>]                  exit 1 when the migrations do not produce schema.prisma
  diff   [--shadow-url <postgres url>]                  print the SQL from the migrations to schema.prisma
common: --migrations <dir> (default: migrations/ next to the schema), --verbose
shadow database: --shadow-url or $SHADOW_DATABASE_URL (a server to create a temporary database on); default in-memory PGlite`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      schema: { type: 'string' },
      name: { type: 'string' },
      url: { type: 'string' },
      'shadow-url': { type: 'string' },
      'rolled-back': { type: 'string' },
      applied: { type: 'string' },
      migrations: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (command === 'version') {
    console.log(`@prisma/schema-engine-wasm ${await schemaEngineVersion()}`);
    return 0;
  }
  if (!values.schema) throw new Error(`--schema is required\n${USAGE}`);
  const base = {
    schemaPath: path.resolve(values.schema),
    migrationsDir: values.migrations ? path.resolve(values.migrations) : undefined,
    log: values.verbose ? (m: string) => console.error(m.trim()) : undefined,
  };
  const shadowDatabaseUrl = values['shadow-url'] ?? process.env.SHADOW_DATABASE_URL ?? undefined;
  switch (command) {
    case 'create': {
      if (!values.name) throw new Error('create needs --name <name>');
      const r = await createMigration({ ...base, name: values.name, shadowDatabaseUrl });
      if (!r.created) console.log('no changes: the migrations already match the schema');
      else console.log(`created ${path.relative(process.cwd(), r.dir!)}/migration.sql\n\n${r.sql}`);
      return 0;
    }
    case 'deploy': {
      const url = values.url ?? process.env.DATABASE_URL;
      if (!url) throw new Error('deploy needs --url <postgres url> or $DATABASE_URL');
      const r = await deployMigrations({ ...base, url });
      for (const name of r.edited) console.warn(`warning: migration ${name} was modified after it was applied`);
      if (!r.applied.length) console.log('no pending migrations');
      else console.log(`applied ${r.applied.length} migration(s):\n${r.applied.map((n) => `  ${n}`).join('\n')}`);
      return 0;
    }
    case 'resolve': {
      const url = values.url ?? process.env.DATABASE_URL;
      if (!url) throw new Error('resolve needs --url <postgres url> or $DATABASE_URL');
      await resolveMigration({ ...base, url, rolledBack: values['rolled-back'], applied: values.applied });
      console.log(values['rolled-back'] ? `marked ${values['rolled-back']} as rolled back` : `marked ${values.applied} as applied`);
      return 0;
    }
    case 'check': {
      const sql = await diffMigrationsToSchema({ ...base, shadowDatabaseUrl });
      if (!sql) {
        console.log('in sync: the migrations produce schema.prisma');
        return 0;
      }
      console.error(`drift: schema.prisma differs from the migrations; run \`create --name <name>\`. Missing SQL:\n\n${sql}`);
      return 1;
    }
    case 'diff': {
      process.stdout.write(await diffMigrationsToSchema({ ...base, shadowDatabaseUrl }));
      return 0;
    }
    default:
      throw new Error(`unknown command ${command}\n${USAGE}`);
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`prisma-migrate: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);

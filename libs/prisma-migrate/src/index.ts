export {
  createMigration, deployMigrations, resolveMigration, checkMigrationsInSync, diffMigrationsToSchema,
  type SchemaOptions, type DiffOptions, type CreateMigrationOptions, type CreateMigrationResult, type DeployOptions, type DeployResult, type ResolveOptions,
} from './migrate.js';
export { readMigrations, readSchemaFiles, defaultMigrationsDir, migrationDirName, LOCKFILE, LOCKFILE_CONTENT } from './migrations.js';
export { schemaEngineVersion, loadSchemaEngine } from './engine.js';
export { PGliteAdapterFactory } from './pglite.js';

// Fails when a service's schema.prisma has changes no committed migration carries.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { checkMigrationsInSync } = await import('../libs/prisma-migrate/dist/index.js');
let drift = false;
for (const svc of readdirSync(join(root, 'services'))) {
  const schemaPath = join(root, 'services', svc, 'prisma', 'schema.prisma');
  if (!existsSync(schemaPath)) continue;
  const inSync = await checkMigrationsInSync({ schemaPath });
  console.log(`${svc}: ${inSync ? 'in sync' : 'DRIFT: run the migration create command (see libs/prisma-migrate/README.md)'}`);
  if (!inSync) drift = true;
}
process.exit(drift ? 1 : 0);

// `npm run bench [-- --quick]`: every benchmark, one after another, results printed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildAll } from '../../scripts/build.mjs';

const root = join(import.meta.dirname, '../..');
const args = process.argv.slice(2);
buildAll(root);
let failed = false;
for (const bench of ['ingest.bench.mjs', 'extract.bench.mjs', 'api.bench.mjs', 'memory.bench.mjs']) {
  console.log(`\n== ${bench}`);
  const res = spawnSync(process.execPath, [join(import.meta.dirname, bench), ...(bench === 'extract.bench.mjs' ? [] : args)], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

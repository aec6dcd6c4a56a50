// Builds the workspace, then runs a built entry point with the remaining arguments:
//   node scripts/built.mjs libs/engine-tools/dist/cli/eval.js --sets sroie
// so `npm run eval` / `extract` / `admin` work on a fresh clone without a separate build step.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildAll } from './build.mjs';

const root = join(import.meta.dirname, '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/built.mjs <built entry.js> [args...]');
  process.exit(2);
}
buildAll(root);
const res = spawnSync(process.execPath, [join(root, entry), ...args], { stdio: 'inherit' });
process.exit(res.status ?? 1);

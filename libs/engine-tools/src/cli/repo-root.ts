import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root: the nearest ancestor holding pnpm-workspace.yaml (works from any build folder). */
function findRoot(from: string): string {
  let d = from;
  while (dirname(d) !== d) {
    if (existsSync(join(d, 'pnpm-workspace.yaml'))) return d;
    d = dirname(d);
  }
  return resolve(from, '../../../..');
}

export const repoRoot = findRoot(dirname(fileURLToPath(import.meta.url)));

// Builds every workspace package (Prisma clients, then SWC), quietly unless something fails.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function buildAll(root = join(import.meta.dirname, '..')) {
  const started = Date.now();
  const res = spawnSync('pnpm', ['-r', '--workspace-concurrency=2', '--reporter=append-only', 'run', 'build'], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) {
    process.stderr.write(res.stdout + res.stderr);
    throw new Error('build failed');
  }
  return Date.now() - started;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ms = buildAll();
  console.log(`built in ${(ms / 1000).toFixed(1)}s`);
}

/**
 * Scores the engine on the labelled development sets.
 *   node libs/engine/dist/cli/eval.js [--datasets <folder>] [--out <folder>] [--sets a,b] [--limit N]
 *     [--no-cache] [--fields] [--records <file.jsonl>] [--ingest-key <k>]
 * --ingest-key pins the ingest cache key (by default a hash of the built document/ code), so extraction can
 * be compared across runs while ingest changes underneath.
 * Prints per set: field accuracy strict and fuzzy, document all-correct rate, ECE, pages/s, line-item F1.
 * Ingested documents are cached under <repo>/.data/cache (keyed by document bytes and ingest build).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ingest from '../document/index.js';
import type { DocumentModel } from '../document/model.js';
import { formatReports, runEval } from '../eval/run.js';
import { repoRoot } from './repo-root.js';

const here = dirname(fileURLToPath(import.meta.url));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Hash of the ingest build, so cached documents are refreshed when ingest changes (`--ingest-key` pins it). */
function ingestKey(): string {
  if (arg('ingest-key')) return arg('ingest-key')!;
  const h = createHash('sha256');
  const dir = join(here, '../document');
  if (existsSync(dir)) for (const f of readdirSync(dir).sort()) if (f.endsWith('.js')) h.update(readFileSync(join(dir, f)));
  return h.digest('hex').slice(0, 16);
}

async function main() {
  const datasets = resolve(arg('datasets') ?? join(repoRoot, '../shared/datasets'));
  const out = arg('out') ? resolve(arg('out')!) : undefined;
  const sets = arg('sets')?.split(',').filter(Boolean);
  const limit = arg('limit') ? Number(arg('limit')) : undefined;
  const cacheDir = process.argv.includes('--no-cache') ? undefined : join(repoRoot, '.data/cache/ingest');
  const { reports, outcomes } = await runEval({
    datasets, sets, limit, out, cacheDir, cacheKey: ingestKey(),
    ingest: (bytes) => (ingest.openDocument as (b: Uint8Array) => Promise<DocumentModel>)(bytes),
  });
  await (ingest as { closeOcr?: () => Promise<void> }).closeOcr?.();
  console.log(formatReports(reports, outcomes));
  if (process.argv.includes('--fields')) {
    for (const r of reports) {
      console.log(`\n${r.set}`);
      for (const [f, s] of Object.entries(r.perField)) console.log(`  ${f.padEnd(40)} n=${String(s.n).padEnd(5)} strict=${(s.strict / s.n).toFixed(3)} fuzzy=${(s.fuzzy / s.n).toFixed(3)}`);
    }
  }
  const records = arg('records') ?? join(repoRoot, '.data/eval/records.jsonl');
  mkdirSync(dirname(records), { recursive: true });
  writeFileSync(records, outcomes.map((o) => JSON.stringify(o)).join('\n') + '\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

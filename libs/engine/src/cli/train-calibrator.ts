/**
 * Trains the confidence calibrator from eval records (raw ranker scores and strict correctness per field):
 * isotonic regression per (field group, outcome). Reports cross-validated ECE (5 folds grouped by case,
 * so no case is scored by a map fitted on it) and writes libs/engine/calibration/calibrator.json.
 *   node libs/engine/dist/cli/eval.js            # writes .data/eval/records.jsonl
 *   node libs/engine/dist/cli/make-scans.js --sets invoice2data,parsee-invoices --out .data/scans   (+ --style bw --dpi 300)
 *   node libs/engine/dist/cli/eval.js --datasets .data/scans --records .data/eval/scan-records.jsonl
 *   node libs/engine/dist/cli/train-calibrator.js [--records <file>[,<file>...]] [--out <file>]
 * Scanned copies give the `scan-*` groups (fields of OCR'd documents other than receipts) their training data.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyIsotonic, baseGroup, fitIsotonic, type CalibratorArtefact } from '../calibrate/calibrator.js';
import { ece, type FieldOutcome } from '../eval/run.js';

const here = dirname(fileURLToPath(import.meta.url));
let repoRoot = here;
while (dirname(repoRoot) !== repoRoot && !existsSync(join(repoRoot, 'pnpm-workspace.yaml'))) repoRoot = dirname(repoRoot);

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const FOLDS = 5;

function foldOf(r: FieldOutcome): number {
  return createHash('md5').update(`${r.set}/${r.case}`).digest()[0] % FOLDS;
}

function fit(records: FieldOutcome[]): CalibratorArtefact['groups'] {
  const groups: CalibratorArtefact['groups'] = {};
  const by = new Map<string, { s: number; y: number }[]>();
  for (const r of records) {
    const key = `${r.group}\u0000${r.state}`;
    if (!by.has(key)) by.set(key, []);
    by.get(key)!.push({ s: r.raw, y: r.strict });
  }
  for (const [key, pts] of by) {
    const [group, state] = key.split('\u0000');
    const g = (groups[group] ??= {});
    g[state as 'extracted' | 'missing'] = fitIsotonic(pts, 2);
  }
  return groups;
}

function predict(groups: CalibratorArtefact['groups'], r: FieldOutcome): number {
  // as calibrate() does: a variant without its own map uses its base group's; an unseen group the pooled map
  const m = groups[r.group]?.[r.state] ?? groups[baseGroup(r.group)]?.[r.state];
  const p = m ? applyIsotonic(m, r.raw) : applyIsotonic(groups.__all__?.[r.state], r.raw);
  return Math.min(0.99, Math.max(0.01, p));
}

function main() {
  // several record files (comma-separated): the dev split's and the scanned copies' (cli/make-scans)
  const files = (arg('records') ?? join(repoRoot, '.data/eval/records.jsonl')).split(',').map((f) => resolve(f));
  const out = resolve(arg('out') ?? join(repoRoot, 'libs/engine/calibration/calibrator.json'));
  const records = files.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as FieldOutcome));
  const pooled = (rs: FieldOutcome[]) => ({ ...fit(rs), __all__: fit(rs.map((r) => ({ ...r, group: '__all__' }))).__all__ });

  const cv: { p: number; y: number; set: string }[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const train = records.filter((r) => foldOf(r) !== k);
    const test = records.filter((r) => foldOf(r) === k);
    const groups = pooled(train);
    for (const r of test) cv.push({ p: predict(groups, r), y: r.strict, set: r.set });
  }
  const cvEce = ece(cv);
  const groups = pooled(records);
  const body = JSON.stringify(groups);
  const version = `iso-${createHash('sha256').update(body).digest('hex').slice(0, 10)}`;
  const sets = [...new Set(records.map((r) => r.set))].sort();
  const artefact: CalibratorArtefact = { version, trainedOn: `${records.length} fields from ${sets.join(', ')}`, cvEce: Math.round(cvEce * 10000) / 10000, groups };
  writeFileSync(out, JSON.stringify(artefact, null, 1) + '\n');
  console.log(`calibrator ${version}: ${records.length} fields; ${FOLDS}-fold cross-validated ECE ${cvEce.toFixed(4)}`);
  for (const s of sets) {
    const pts = cv.filter((c) => c.set === s);
    console.log(`  ${s.padEnd(18)} n=${String(pts.length).padEnd(6)} CV ECE ${ece(pts).toFixed(4)}`);
  }
  console.log(`wrote ${out}`);
}

main();

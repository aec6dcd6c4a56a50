/**
 * Trains the confidence calibrator from eval records (raw ranker scores, calibration features and strict
 * correctness per field; method in calibrate/train.ts). Reports 5-fold cross-validated ECE per set (folds
 * split by document, scanned copies with their original) and writes libs/engine/calibration/calibrator.json.
 *   npm run eval            # writes .data/eval/records.jsonl: the development sets and their scanned copies
 *   node libs/engine-tools/dist/cli/train-calibrator.js [--records <file>[,<file>...]] [--out <file>] [--isotonic-only] [--shrinkage N] [--cv-out <file.jsonl>]
 * `eval --lodo-only --records <the same files>` then prints the leave-one-dataset-out ECE of what was trained.
 * Scanned copies give the `scan-*` groups and the OCR domain of the second stage their training data.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CalibratorArtefact } from '@exs/engine/internals';
import { crossValidate, FOLDS, trainCalibrator } from '../calibrate/train.js';
import { autoApprove, ece, eceNoiseFloor, type FieldOutcome } from '../eval/run.js';

const here = dirname(fileURLToPath(import.meta.url));
let repoRoot = here;
while (dirname(repoRoot) !== repoRoot && !existsSync(join(repoRoot, 'pnpm-workspace.yaml'))) repoRoot = dirname(repoRoot);

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function main() {
  // several record files (comma-separated): the dev split's and the scanned copies' (cli/make-scans)
  const files = (arg('records') ?? join(repoRoot, '.data/eval/records.jsonl')).split(',').map((f) => resolve(f));
  const out = resolve(arg('out') ?? join(repoRoot, 'libs/engine/calibration/calibrator.json'));
  const records = files.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as FieldOutcome));

  const opts = { isotonicOnly: process.argv.includes('--isotonic-only'), shrinkage: arg('shrinkage') === undefined ? undefined : Number(arg('shrinkage')) };
  if (opts.shrinkage !== undefined && !(opts.shrinkage >= 0)) throw new Error('--shrinkage takes a pseudo-count >= 0');
  const folds = crossValidate(records, opts);
  const cv = folds.map(({ r, p }) => ({ p, y: r.strict, set: r.set, confidence: p, strict: r.strict }));
  // each record with its out-of-sample confidence, for looking at where calibration is off
  const cvOut = arg('cv-out');
  if (cvOut) writeFileSync(resolve(cvOut), folds.map(({ r, p }) => JSON.stringify({ ...r, cv: Math.round(p * 1000) / 1000 })).join('\n') + '\n');
  const cvEce = ece(cv);
  const model = trainCalibrator(records, opts);
  const body = JSON.stringify(model);
  const version = `${opts.isotonicOnly ? 'iso' : 'iso2'}-${createHash('sha256').update(body).digest('hex').slice(0, 10)}`;
  const sets = [...new Set(records.map((r) => r.set))].sort();
  const artefact: CalibratorArtefact = { version, trainedOn: `${records.length} fields from ${sets.join(', ')}`, cvEce: Math.round(cvEce * 10000) / 10000, ...model };
  writeFileSync(out, JSON.stringify(artefact, null, 1) + '\n');
  console.log(`calibrator ${version}: ${records.length} fields, shrinkage ${model.shrinkage}; ${FOLDS}-fold cross-validated ECE ${cvEce.toFixed(4)}`);
  // The floor is what a perfectly calibrated model would typically score on that many fields (10 bins).
  const line = (name: string, pts: typeof cv) => console.log(`  ${name.padEnd(26)} n=${String(pts.length).padEnd(6)} CV ECE ${ece(pts).toFixed(4)}  (noise floor ${eceNoiseFloor(pts.map((c) => c.p)).toFixed(3)})`);
  for (const s of sets) line(s, cv.filter((c) => c.set === s));
  const scans = cv.filter((c) => c.set.startsWith('scan-'));
  if (scans.length) line('all scanned copies', scans);
  console.log(`  CV auto-approve: ${autoApprove(cv).map((t) => `>= ${t.threshold}: ${(100 * t.coverage).toFixed(1)}% of fields, ${(100 * t.accuracy).toFixed(1)}% correct`).join('; ')}`);
  console.log(`wrote ${out}`);
}

main();

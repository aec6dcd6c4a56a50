/**
 * Scores the engine on the labelled development sets.
 *   node libs/engine-tools/dist/cli/eval.js [--datasets <folder>] [--out <folder>] [--sets a,b] [--limit N]
 *     [--no-cache] [--fields] [--records <file.jsonl>] [--ingest-key <k>] [--schema-variant all|none|<v>[,<v>...]]
 *     [--scan-records <file.jsonl>] [--scans <folder> | --no-scans] [--layouts <folder> | --no-layouts]
 * --ingest-key pins the ingest cache key (by default a hash of the engine's built document/ code), so extraction can
 * be compared across runs while ingest changes underneath.
 * Prints per set: field accuracy strict and fuzzy, document all-correct rate, ECE, pages/s, line-item F1.
 * --schema-variant (default all) rewrites each set's schema as another caller would (renamed, camel, pascal, kebab, opaque,
 * opaque-title, draft07; see eval/schema-variants.ts); several variants print a strict/fuzzy table per set and
 * variant next to the original schema's score (per-field under the original names with --fields); the
 * variants' field outcomes are written to <records>.variants.jsonl (tagged with the variant).
 * Ingested documents are cached under <repo>/.data/cache (keyed by document bytes and ingest build); OCR settings
 * come from EXS_TESSERACT_BIN and EXS_OCR_* (cli/env-options.ts; give runs with other settings their own --ingest-key).
 * On the development sets (the default --datasets), the scanned copies the calibrator is trained with (eval/calibration-scans.ts)
 * are made under --scans <folder> (default <repo>/.data/scans) when missing, scored too and written to the same records
 * file, so train-calibrator on that file reproduces the shipped calibrator; --no-scans skips them. The labelled invoices
 * in other people's layouts (--layouts <folder>, default libs/engine/test/fixtures/third-party-layouts, with their
 * committed scans) are scored too and pooled the same way: the development sets' layouts are few and easy, and a
 * calibrator that has seen only them is overconfident on layouts it has not seen; --no-layouts skips them.
 * After scoring, prints leave-one-dataset-out (LODO) calibration per set (eval/lodo.ts): the calibrator retrained
 * without the set (and its scanned copies), applied to it; --scan-records <file.jsonl> adds further records to the pool,
 * each held out with its original set.
 *   node libs/engine-tools/dist/cli/eval.js --lodo-only [--records a.jsonl,b.jsonl]
 * prints the same from existing record files without extracting anything (seconds).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ingest from '@exs/engine';
import type { DocumentModel } from '@exs/engine';
import { activeCalibrator } from '@exs/engine/internals';
import { originalSet } from '../calibrate/train.js';
import { formatLodo, lodoReport, type LodoRecord } from '../eval/lodo.js';
import { ensureCalibrationScans } from '../eval/calibration-scans.js';
import { type EvalOptions, type FieldOutcome, formatReports, runEval, type SetReport } from '../eval/run.js';
import { SCHEMA_VARIANTS, type SchemaVariant } from '../eval/schema-variants.js';
import { ocrRepairOptionsFromEnv, tesseractOptionsFromEnv } from './env-options.js';
import { repoRoot } from './repo-root.js';

/** The engine's build (libs/engine/dist), whose ingest code and language data key the ingest cache. */
const engineDist = dirname(fileURLToPath(import.meta.resolve('@exs/engine')));

const DEV_DATASETS = join(repoRoot, '../shared/datasets');
/** Invoices rendered by other people's templates (test/fixtures/third-party-layouts/README.md): pooled for calibration. */
const LAYOUT_SETS = join(repoRoot, 'libs/engine/test/fixtures/third-party-layouts');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * The OCR engine's installed models. Without Tesseract the eval stops: it would otherwise cache documents whose
 * images were left unread and score them as if read.
 */
function installedOcrModels(): string {
  const bin = tesseractOptionsFromEnv().bin ?? 'tesseract';
  const r = spawnSync(bin, ['--list-langs'], { encoding: 'utf8', timeout: 10_000 });
  if (r.error || r.status !== 0) {
    console.error(`OCR engine not usable (${bin}: ${r.error?.message ?? `exit ${r.status}`}); run scripts/install-os-deps.sh`);
    process.exit(2);
  }
  return r.stdout;
}

/**
 * Hash of the ingest build and the installed OCR models, so cached documents are refreshed when either changes
 * (`--ingest-key` pins it).
 */
function ingestKey(): string {
  const models = installedOcrModels();
  if (arg('ingest-key')) return arg('ingest-key')!;
  const h = createHash('sha256').update(models);
  // the language data decides which model reads a page
  for (const dir of [join(engineDist, 'document'), join(engineDist, 'knowledge/languages')]) {
    if (existsSync(dir)) for (const f of readdirSync(dir).sort()) if (f.endsWith('.js')) h.update(readFileSync(join(dir, f)));
  }
  return h.digest('hex').slice(0, 16);
}

function readRecords(files: string[]): LodoRecord[] {
  return files.flatMap((f) => readFileSync(resolve(f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LodoRecord));
}

/** LODO needs at least two sets: with one, its calibrator would be trained on nothing. */
function printLodo(records: LodoRecord[]) {
  const sets = new Set(records.map((r) => originalSet(r.set)));
  if (sets.size < 2) { console.log(`\nLODO skipped: the records hold ${sets.size} set(s); it needs two or more.`); return; }
  console.log(formatLodo(lodoReport(records, activeCalibrator())));
}

const USAGE = `usage: eval [--datasets <folder>] [--out <folder>] [--sets a,b] [--limit N] [--no-cache] [--fields]
  [--records <file.jsonl>] [--ingest-key <k>] [--schema-variant all|none|<v>[,<v>...]] [--scan-records <file.jsonl>]
  [--scans <folder> | --no-scans] [--layouts <folder> | --no-layouts]
       eval --lodo-only [--records a.jsonl,b.jsonl]
schema variants: ${SCHEMA_VARIANTS.join(', ')}`;

async function main() {
  // before anything runs: without it, --help would start a full eval over the default datasets
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  if (process.argv.includes('--lodo-only')) {
    printLodo(readRecords((arg('records') ?? join(repoRoot, '.data/eval/records.jsonl')).split(',').filter(Boolean)));
    return;
  }
  const datasets = resolve(arg('datasets') ?? DEV_DATASETS);
  const out = arg('out') ? resolve(arg('out')!) : undefined;
  const sets = arg('sets')?.split(',').filter(Boolean);
  const limit = arg('limit') ? Number(arg('limit')) : undefined;
  const cacheDir = process.argv.includes('--no-cache') ? undefined : join(repoRoot, '.data/cache/ingest');
  const opts = {
    datasets, sets, limit, out, cacheDir, cacheKey: ingestKey(),
    ingest: (bytes: Uint8Array) => ingest.openDocument(bytes, { tesseract: tesseractOptionsFromEnv() }) as Promise<DocumentModel>,
    ocrRepair: ocrRepairOptionsFromEnv(),
  };
  // every variant unless told otherwise (the table is part of the yardstick; ~30 s with the ingest cache warm)
  const variantArg = arg('schema-variant') ?? 'all';
  const variants = variantArg === 'all' ? SCHEMA_VARIANTS.filter((v) => v !== 'original') : variantArg === 'none' ? [] : variantArg.split(',').filter(Boolean) as SchemaVariant[];
  for (const v of variants) if (!SCHEMA_VARIANTS.includes(v)) throw new Error(`unknown --schema-variant ${v} (one of ${SCHEMA_VARIANTS.join(', ')}, all, none)`);
  const { reports, outcomes } = await runEval(opts);
  console.log(formatReports(reports, outcomes));
  const scanned = [...await scoreCalibrationScans(opts), ...await scoreLayoutSets(opts)];
  printLodo([...outcomes, ...scanned, ...(arg('scan-records') ? readRecords([arg('scan-records')!]) : [])]);
  if (process.argv.includes('--fields')) printFields('', reports);
  if (variants.length) {
    const byVariant: [string, SetReport[]][] = [['original', reports]];
    const tagged: string[] = [];
    for (const v of variants) {
      const r = await runEval({ ...opts, out: out ? join(out, `variant-${v}`) : undefined, schemaVariant: v });
      byVariant.push([v, r.reports]);
      for (const o of r.outcomes) tagged.push(JSON.stringify({ variant: v, ...o }));
      if (process.argv.includes('--fields')) printFields(` [${v}]`, r.reports, reports);
    }
    console.log(formatVariants(byVariant));
    // the variants' field outcomes go next to the records (never into them: those feed calibration)
    const vfile = (arg('records') ?? join(repoRoot, '.data/eval/records.jsonl')).replace(/(\.jsonl)?$/, '.variants.jsonl');
    mkdirSync(dirname(vfile), { recursive: true });
    writeFileSync(vfile, tagged.join('\n') + '\n');
  }
  await (ingest as { closeOcr?: () => Promise<void> }).closeOcr?.();
  const records = arg('records') ?? join(repoRoot, '.data/eval/records.jsonl');
  mkdirSync(dirname(records), { recursive: true });
  writeFileSync(records, [...outcomes, ...scanned].map((o) => JSON.stringify(o)).join('\n') + '\n');
}

/** Whether two paths name one existing folder (a machine without the development sets has no DEV_DATASETS). */
function sameFolder(a: string, b: string): boolean {
  return existsSync(a) && existsSync(b) && realpathSync(a) === realpathSync(b);
}

/** The development sets' scanned copies (made when missing), scored; none with --no-scans or other --datasets. */
async function scoreCalibrationScans(opts: EvalOptions): Promise<FieldOutcome[]> {
  // copies of the development sets only: another --datasets folder (synthetic, multilingual) has none
  if (process.argv.includes('--no-scans') || (!arg('scans') && !sameFolder(opts.datasets, DEV_DATASETS))) return [];
  const dir = resolve(arg('scans') ?? join(repoRoot, '.data/scans'));
  await ensureCalibrationScans(opts.datasets, dir, (line) => console.log(`making scanned copies: ${line}`), opts.sets);
  const sets = readdirSync(dir).filter((s) => existsSync(join(dir, s, 'cases')) && (!opts.sets?.length || opts.sets.includes(originalSet(s)))).sort();
  if (!sets.length) return [];
  const { reports, outcomes } = await runEval({ ...opts, datasets: dir, sets, out: opts.out ? join(opts.out, 'scans') : undefined });
  console.log(`\nScanned copies of the development sets (${dir}), pooled with them for calibration and LODO:`);
  console.log(formatReports(reports, outcomes));
  return outcomes;
}

/** The third-party layout sets and their scans, scored, with the development sets only (none with --no-layouts or other --datasets). */
async function scoreLayoutSets(opts: EvalOptions): Promise<FieldOutcome[]> {
  if (process.argv.includes('--no-layouts') || (!arg('layouts') && !sameFolder(opts.datasets, DEV_DATASETS))) return [];
  const dir = resolve(arg('layouts') ?? LAYOUT_SETS);
  if (!existsSync(dir)) return [];
  // (--sets names which to score, as it does the development sets)
  const sets = readdirSync(dir).filter((s) => existsSync(join(dir, s, 'cases')) && (!opts.sets?.length || opts.sets.includes(originalSet(s)))).sort();
  if (!sets.length) return [];
  const { reports, outcomes } = await runEval({ ...opts, datasets: dir, sets, out: opts.out ? join(opts.out, 'layouts') : undefined });
  console.log(`\nInvoices in third-party layouts (${dir}), pooled with the development sets for calibration and LODO:`);
  console.log(formatReports(reports, outcomes));
  return outcomes;
}

function printFields(label: string, reports: SetReport[], base?: SetReport[]) {
  for (const r of reports) {
    console.log(`\n${r.set}${label}`);
    const b = base?.find((x) => x.set === r.set)?.perField;
    for (const [f, s] of Object.entries(r.perField)) {
      const o = b?.[f];
      const vs = o ? `   original strict=${(o.strict / o.n).toFixed(3)} fuzzy=${(o.fuzzy / o.n).toFixed(3)}` : '';
      console.log(`  ${f.padEnd(40)} n=${String(s.n).padEnd(5)} strict=${(s.strict / s.n).toFixed(3)} fuzzy=${(s.fuzzy / s.n).toFixed(3)}${vs}`);
    }
  }
}

/** Per set and variant: strict/fuzzy and the change against the original schema's score. */
function formatVariants(byVariant: [string, SetReport[]][]): string {
  const pad = (s: string, n: number) => s.padEnd(n);
  const d = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
  const lines = ['', `${pad('set', 18)}${pad('variant', 14)}${pad('strict', 8)}${pad('fuzzy', 8)}${pad('d-strict', 10)}${pad('d-fuzzy', 10)}line-F1`];
  for (const base of byVariant[0]![1]) {
    for (const [v, reports] of byVariant) {
      const r = reports.find((x) => x.set === base.set);
      if (!r) continue;
      lines.push(`${pad(r.set, 18)}${pad(v, 14)}${pad(r.strict.toFixed(3), 8)}${pad(r.fuzzy.toFixed(3), 8)}${pad(d(r.strict - base.strict), 10)}${pad(d(r.fuzzy - base.fuzzy), 10)}${r.lineItemF1 === undefined ? '-' : r.lineItemF1.toFixed(3)}`);
    }
  }
  return lines.join('\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * Leave-one-dataset-out (LODO) evaluation of the confidence calibrator: for each development set, the
 * calibrator is trained (calibrate/train.ts, the code that trains the shipped artefact) on the records of
 * every other set and scores the held-out set's records. Scanned copies (`scan-<style>-<set>`) are held out
 * with <set>: a copy of a document is the same document. This measures confidence on a kind of document the
 * calibrator has not seen, which in-sample and 5-fold-by-document numbers do not.
 */
import { predict, originalSet, trainCalibrator, type TrainingRecord } from '../calibrate/train.js';
import type { CalibratorArtefact } from '@exs/engine/internals';
import { autoApprove, ece, eceNoiseFloor, type FieldOutcome } from './run.js';

/**
 * Scores every record with a model fitted without its set (and without that set's scanned copies).
 * `fit` gets the training records of one fold; `score` applies the fitted model to a held-out record.
 */
export function leaveOneSetOut<R extends { set: string }, M>(records: R[], fit: (train: R[]) => M, score: (model: M, r: R) => number): { r: R; p: number; fold: string }[] {
  const folds = [...new Set(records.map((r) => originalSet(r.set)))].sort();
  const out: { r: R; p: number; fold: string }[] = [];
  for (const fold of folds) {
    const model = fit(records.filter((r) => originalSet(r.set) !== fold));
    for (const r of records) if (originalSet(r.set) === fold) out.push({ r, p: score(model, r), fold });
  }
  return out;
}

/** The record fields LODO reads: training inputs plus fuzzy correctness for the accuracy columns. */
export type LodoRecord = TrainingRecord & Pick<FieldOutcome, 'fuzzy'>;

export interface LodoSetRow {
  set: string;
  /** The set held out when this set was scored (its original's, for a scanned copy). */
  fold: string;
  fields: number;
  /** Fields answered `missing`. */
  missing: number;
  strict: number;
  fuzzy: number;
  /** ECE of the given (shipped) calibrator, which was trained on these records too. */
  inEce: number;
  /** ECE when this set's fold was held out of the calibrator's training. */
  lodoEce: number;
  /** What a perfectly calibrated model would typically score on these LODO confidences (eceNoiseFloor). */
  floor: number;
  /** LODO accuracy: the same as in-sample while no extraction decision reads calibrated confidence. */
  lodoStrict: number;
  lodoFuzzy: number;
}

export interface OutcomeSummary {
  state: 'extracted' | 'missing';
  n: number;
  meanConfidence: number;
  accuracy: number;
  ece: number;
}

export interface LodoReport {
  rows: LodoSetRow[];
  overall: { fields: number; inEce: number; lodoEce: number; floor: number };
  /** The same over the development sets alone, when scanned copies are in the records. */
  originals?: { fields: number; inEce: number; lodoEce: number; floor: number };
  byOutcome: OutcomeSummary[];
  autoApprove: ReturnType<typeof autoApprove>;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * Per set: in-sample accuracy and ECE under `shipped`, and LODO ECE with calibrators retrained per fold by
 * `train` (default: trainCalibrator, as cli/train-calibrator ships it). ECE covers extracted fields (confidence
 * = P(value right)) and missing ones (confidence = P(field truly absent), right when strict = 1) alike.
 */
export function lodoReport(records: LodoRecord[], shipped: Pick<CalibratorArtefact, 'groups' | 'recalibration' | 'shrinkage'>, train: (rs: LodoRecord[]) => ReturnType<typeof trainCalibrator> = (rs) => trainCalibrator(rs)): LodoReport {
  const held = leaveOneSetOut(records, train, (m, r) => predict(m, r));
  const pts = held.map(({ r, p, fold }) => ({ r, fold, p, y: r.strict, pIn: predict(shipped, r) }));
  const sets = [...new Set(records.map((r) => r.set))].sort((a, b) => originalSet(a).localeCompare(originalSet(b)) || a.length - b.length || a.localeCompare(b));
  const summary = (ps: typeof pts) => ({
    fields: ps.length,
    inEce: ece(ps.map((x) => ({ p: x.pIn, y: x.y }))),
    lodoEce: ece(ps),
    floor: eceNoiseFloor(ps.map((x) => x.p)),
  });
  const rows = sets.map((set): LodoSetRow => {
    const ps = pts.filter((x) => x.r.set === set);
    const strict = mean(ps.map((x) => x.r.strict));
    const fuzzy = mean(ps.map((x) => x.r.fuzzy));
    const s = summary(ps);
    return { set, fold: ps[0]!.fold, fields: s.fields, missing: ps.filter((x) => x.r.state === 'missing').length, strict, fuzzy, inEce: s.inEce, lodoEce: s.lodoEce, floor: s.floor, lodoStrict: strict, lodoFuzzy: fuzzy };
  });
  const originals = pts.filter((x) => x.r.set === x.fold);
  const byOutcome = (['extracted', 'missing'] as const).map((state): OutcomeSummary => {
    const ps = pts.filter((x) => x.r.state === state);
    return { state, n: ps.length, meanConfidence: mean(ps.map((x) => x.p)), accuracy: mean(ps.map((x) => x.y)), ece: ece(ps) };
  });
  return {
    rows,
    overall: summary(pts),
    originals: originals.length && originals.length < pts.length ? summary(originals) : undefined,
    byOutcome,
    autoApprove: autoApprove(pts.map((x) => ({ confidence: x.p, strict: x.y }))),
  };
}

export function formatLodo(rep: LodoReport): string {
  const pad = (s: string, n: number) => s.padEnd(n);
  const f3 = (x: number) => x.toFixed(3);
  const w = Math.max(18, ...rep.rows.map((r) => r.set.length + 2));
  const fw = Math.max(10, ...rep.rows.map((r) => r.fold.length + 2));
  const lines = [
    '',
    'Leave-one-dataset-out (LODO): for each set, the calibrator is retrained (calibrate/train.ts, as shipped) on every other',
    "set's records and scores the held-out set; scanned copies scan-<style>-<set> are held out with <set>.",
    'ECE: 10 equal-width confidence bins over [0,1]; each bin adds its share of fields x |mean confidence - share strictly',
    'right|. It covers extracted fields (confidence = P(value right)) and missing ones (confidence = P(field truly absent)).',
    'LODO accuracy equals in-sample: no extraction decision reads calibrated confidence (values are kept or dropped on raw',
    'ranker scores) and the ranker is hand-weighted, so nothing else is refitted per fold.',
    `${pad('set', w)}${pad('held out', fw)}${pad('fields', 8)}${pad('missing', 9)}${pad('strict', 8)}${pad('fuzzy', 8)}${pad('LODO-str', 10)}${pad('LODO-fuz', 10)}${pad('in-ECE', 8)}${pad('LODO-ECE', 10)}floor`,
  ];
  for (const r of rep.rows) {
    lines.push(`${pad(r.set, w)}${pad(r.fold, fw)}${pad(String(r.fields), 8)}${pad(String(r.missing), 9)}${pad(f3(r.strict), 8)}${pad(f3(r.fuzzy), 8)}${pad(f3(r.lodoStrict), 10)}${pad(f3(r.lodoFuzzy), 10)}${pad(f3(r.inEce), 8)}${pad(f3(r.lodoEce), 10)}${f3(r.floor)}`);
  }
  const o = rep.overall;
  lines.push(`overall LODO ECE ${f3(o.lodoEce)} over ${o.fields} held-out fields (noise floor ${f3(o.floor)}; in-sample ${f3(o.inEce)})`);
  if (rep.originals) lines.push(`  development sets only (no scanned copies): LODO ECE ${f3(rep.originals.lodoEce)} over ${rep.originals.fields} fields (in-sample ${f3(rep.originals.inEce)})`);
  for (const s of rep.byOutcome) {
    lines.push(`  LODO ${pad(s.state, 10)} n=${pad(String(s.n), 6)} mean confidence ${f3(s.meanConfidence)}, right ${f3(s.accuracy)}, ECE ${f3(s.ece)}`);
  }
  lines.push(`LODO auto-approve: ${rep.autoApprove.map((t) => `confidence >= ${t.threshold}: ${(100 * t.coverage).toFixed(1)}% of fields, ${(100 * t.accuracy).toFixed(1)}% correct`).join('; ')}`);
  return lines.join('\n');
}

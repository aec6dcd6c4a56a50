/**
 * Training the learned scorer from eval records (eval/run FieldOutcome with their traced candidates), and its
 * leave-one-dataset-out (LODO) evaluation: for each development set, the scorer trained on every other set
 * (and on the training-only extras, e.g. synthetic documents) decides that set's fields.
 */
import { createHash } from 'node:crypto';
import { fitLogistic } from '../learn/logistic.js';
import { originalSet } from '../calibrate/train.js';
import { SCORER_INPUTS, scorerInputs, type ScorerCandidate } from './features.js';
import { decide, type ScorerModel } from './scorer.js';

/** The part of an eval record the scorer reads. */
export interface ScorerRecord {
  set: string;
  case: string;
  field: string;
  group: string;
  strict: number;
  fuzzy: number;
  expected: unknown;
  cands?: (ScorerCandidate & { strict: number; fuzzy: number })[];
}

export interface ScorerTrainOptions {
  /** L2 strength. */
  lambda?: number;
}

const THRESHOLDS = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6];

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Fields the scorer decides: single values with traced candidates (lists and tables keep their own readers). */
export function scorable(r: ScorerRecord): boolean {
  return Array.isArray(r.cands);
}

/** Strict/fuzzy outcome of a field when the scorer picks candidate `chosen` (undefined: missing). */
export function outcomeOf(r: ScorerRecord, chosen: number | undefined): { strict: number; fuzzy: number } {
  if (chosen === undefined) return isEmpty(r.expected) ? { strict: 1, fuzzy: 1 } : { strict: 0, fuzzy: 0 };
  const c = r.cands![chosen]!;
  return { strict: c.strict, fuzzy: c.fuzzy };
}

export function trainScorer(records: ScorerRecord[], opts: ScorerTrainOptions = {}): ScorerModel {
  const x: number[][] = [];
  const y: number[] = [];
  const fields = records.filter(scorable);
  for (const r of fields) {
    r.cands!.forEach((c, i) => {
      if (!c.valid) return;
      x.push(scorerInputs({ group: r.group, candidates: r.cands! }, i));
      y.push(c.strict);
    });
  }
  const weights = x.length ? fitLogistic(x, y, { lambda: opts.lambda ?? 1 }) : SCORER_INPUTS.map(() => 0);
  // the threshold that decides the training fields best (ties: the lower one, extracting more)
  let threshold = 0.5;
  let bestAcc = -1;
  for (const t of THRESHOLDS) {
    let acc = 0;
    for (const r of fields) acc += outcomeOf(r, decide({ weights, threshold: t }, { group: r.group, candidates: r.cands! }).chosen).strict;
    if (acc > bestAcc) { bestAcc = acc; threshold = t; }
  }
  const rounded = weights.map((w) => Math.round(w * 1e6) / 1e6);
  const version = `lr-${createHash('sha256').update(JSON.stringify({ rounded, threshold })).digest('hex').slice(0, 10)}`;
  return { version, inputs: [...SCORER_INPUTS], weights: rounded, threshold };
}

export interface ScorerFold {
  set: string;
  fields: number;
  /** The hand-weighted rankers' decisions (the records as extracted). */
  hand: { strict: number; fuzzy: number };
  /** The scorer trained without this set. */
  lodo: { strict: number; fuzzy: number };
  /** The scorer trained with every set (in-sample). */
  inSample: { strict: number; fuzzy: number };
}

/** Strict/fuzzy accuracy of a set's fields decided by a model (unscorable fields keep their records' outcome). */
export function accuracyWith(model: ScorerModel, records: ScorerRecord[]): { strict: number; fuzzy: number } {
  let s = 0;
  let f = 0;
  for (const r of records) {
    const o = scorable(r) ? outcomeOf(r, decide(model, { group: r.group, candidates: r.cands! }).chosen) : r;
    s += o.strict; f += o.fuzzy;
  }
  return { strict: records.length ? s / records.length : 0, fuzzy: records.length ? f / records.length : 0 };
}

/**
 * Leave-one-dataset-out: each development set (scanned copies go with their original) is decided by the scorer
 * trained on all other sets plus `extras` (training-only records, never held out or reported).
 */
export function scorerLodo(records: ScorerRecord[], extras: ScorerRecord[] = [], opts: ScorerTrainOptions = {}): ScorerFold[] {
  const sets = [...new Set(records.map((r) => originalSet(r.set)))].sort();
  const all = trainScorer([...records, ...extras], opts);
  return sets.map((set) => {
    const held = records.filter((r) => originalSet(r.set) === set);
    const model = trainScorer([...records.filter((r) => originalSet(r.set) !== set), ...extras], opts);
    const hand = { strict: held.reduce((a, r) => a + r.strict, 0) / held.length, fuzzy: held.reduce((a, r) => a + r.fuzzy, 0) / held.length };
    return { set, fields: held.length, hand, lodo: accuracyWith(model, held), inSample: accuracyWith(all, held) };
  });
}

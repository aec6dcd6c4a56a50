import { SCORER_INPUTS, scorerInputs, type ScorerCandidate } from '../../src/scoring/features.js';
import { decide, modelFits } from '../../src/scoring/scorer.js';
import { scorerLodo, trainScorer, type ScorerRecord } from '../../src/scoring/train.js';

const cand = (value: unknown, score: number, valid = true, strict = 0): ScorerCandidate & { strict: number; fuzzy: number } => ({
  value, valid, score, features: { lab: score > 0.5 ? 1 : 0 }, calibration: { ocr: 1, docOcr: 1, alt: 0, pages: 1, margin: 0 }, strict, fuzzy: strict,
});

/** A model that trusts the kind's raw score alone (weight on its logit). */
const byScore = { weights: SCORER_INPUTS.map((n) => (n === 'logit' ? 1 : 0)), threshold: 0.5 };

test('the scorer reads one input per named input', () => {
  expect(scorerInputs({ group: 'scan-date', candidates: [cand('2024-01-02', 0.7)] }, 0)).toHaveLength(SCORER_INPUTS.length);
});

test('the scorer takes the most probable valid candidate', () => {
  const d = decide(byScore, { group: 'date', candidates: [cand('x', 0.9, false), cand('2024-01-02', 0.8), cand('2024-01-03', 0.6)] });
  expect(d.chosen).toBe(1);
  expect(d.p[0]).toBe(0);
});

test('the scorer reports the field missing below its threshold', () => {
  expect(decide(byScore, { group: 'date', candidates: [cand('2024-01-02', 0.3)] }).chosen).toBeUndefined();
});

test('a model trained on other inputs is refused', () => {
  expect(modelFits({ version: 'x', inputs: ['bias'], weights: [0], threshold: 0.5 })).toBe(false);
});

test('training learns that labelled candidates are right and leave-one-dataset-out holds each set out', () => {
  const records: ScorerRecord[] = [];
  for (const set of ['a', 'b', 'c']) {
    for (let i = 0; i < 30; i++) {
      records.push({ set, case: `${set}${i}`, field: 'f', group: 'date', strict: 1, fuzzy: 1, expected: 'right',
        cands: [cand('right', 0.6, true, 1), cand('wrong', 0.4, true, 0)] });
    }
  }
  const model = trainScorer(records);
  expect(modelFits(model)).toBe(true);
  expect(decide(model, { group: 'date', candidates: records[0]!.cands! }).chosen).toBe(0);
  const folds = scorerLodo(records);
  expect(folds.map((f) => f.set)).toEqual(['a', 'b', 'c']);
  for (const f of folds) expect(f.lodo.strict).toBe(1);
});

/**
 * The learned scorer: a logistic model over every candidate's scorer inputs (features.ts) gives the probability
 * that the candidate is the field's right value; the field takes its most probable valid candidate when that
 * probability reaches the threshold, else it is missing. The model is data (model.json, written by
 * cli/train-scorer), trained and cross-validated leave-one-dataset-out by scoring/train.ts.
 */
import { logisticProbability } from '../learn/logistic.js';
import { SCORER_INPUTS, scorerInputs, type ScorerField } from './features.js';

export interface ScorerModel {
  version: string;
  /** Input names, in order (must equal SCORER_INPUTS: a model trained on other inputs is refused). */
  inputs: string[];
  weights: number[];
  /** Minimum probability to extract. */
  threshold: number;
}

export interface ScorerDecision {
  /** Index of the chosen candidate, undefined when the field is missing. */
  chosen?: number;
  /** Probability of each candidate (invalid ones 0). */
  p: number[];
  /** Probability of the best valid candidate (0 without any). */
  best: number;
}

export function modelFits(model: ScorerModel): boolean {
  return model.inputs.length === SCORER_INPUTS.length && model.inputs.every((n, i) => n === SCORER_INPUTS[i]) && model.weights.length === SCORER_INPUTS.length;
}

export function scoreCandidates(model: Pick<ScorerModel, 'weights'>, field: ScorerField): number[] {
  return field.candidates.map((c, i) => (c.valid ? logisticProbability(model.weights, scorerInputs(field, i)) : 0));
}

export function decide(model: Pick<ScorerModel, 'weights' | 'threshold'>, field: ScorerField): ScorerDecision {
  const p = scoreCandidates(model, field);
  let best = -1;
  p.forEach((x, i) => { if (field.candidates[i]!.valid && (best < 0 || x > p[best]!)) best = i; });
  const top = best >= 0 ? p[best]! : 0;
  return { chosen: best >= 0 && top >= model.threshold ? best : undefined, p, best: top };
}

/**
 * What the learned scorer sees of one candidate: the kind's own raw score (as a logit, with a slope and an
 * intercept per calibration group), where the candidate stands among the field's candidates, how it was found
 * (label, cue words, repetition), how surely OCR read it, and the shape of the value. Every input is generic:
 * none names a field, a document or a dataset.
 */
import type { CalibrationFeatures } from '@exs/engine/internals';

/** Base calibration groups (kinds' group()), each with its own intercept and slope. */
export const SCORER_GROUPS = ['date', 'amount', 'duration', 'jurisdiction', 'boolean', 'name', 'address', 'code', 'identifier', 'text'] as const;

/** One candidate as the scorer reads it (extract.ts CandidateTrace). */
export interface ScorerCandidate {
  value: unknown;
  valid: boolean;
  score: number;
  features: Record<string, number>;
  calibration: CalibrationFeatures;
}

/** The field around its candidates. */
export interface ScorerField {
  /** Calibration group as decided (`scan-date`, `receipt-amount`, `date`). */
  group: string;
  candidates: readonly ScorerCandidate[];
}

const logit = (p: number) => {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
};

/** The group without its profile or scan prefix. */
export function baseGroup(group: string): string {
  return group.replace(/^(?:scan|receipt)-/, '');
}

export const SCORER_INPUTS: readonly string[] = [
  'bias', 'logit',
  ...SCORER_GROUPS.map((g) => `group:${g}`), ...SCORER_GROUPS.map((g) => `logit:${g}`),
  'rank0', 'rank1', 'gapTop', 'margin', 'label', 'labelled', 'cue', 'support', 'ocr', 'docOcr', 'alt', 'logPages',
  'valueLength', 'digitShare', 'letters', 'valid', 'profile', 'scanned', 'candidates', 'otherRole', 'range', 'below',
];

/** The scorer's input vector for candidate i of a field (in SCORER_INPUTS order). */
export function scorerInputs(field: ScorerField, i: number): number[] {
  const c = field.candidates[i]!;
  const base = baseGroup(field.group);
  const l = logit(c.score);
  const top = logit(field.candidates[0]?.score ?? c.score);
  const text = typeof c.value === 'string' ? c.value : c.value === undefined || c.value === null ? '' : JSON.stringify(c.value);
  const digits = (text.match(/\p{N}/gu) ?? []).length;
  const f = c.features;
  const cal = c.calibration;
  return [
    1, l,
    ...SCORER_GROUPS.map((g) => +(g === base)), ...SCORER_GROUPS.map((g) => (g === base ? l : 0)),
    +(i === 0), +(i === 1), l - top, cal.margin, f.lab ?? 0, +((f.lab ?? 0) > 0), Math.min(1.4, f.cue ?? 0),
    Math.log(f.support ?? 1), cal.ocr - 1, cal.docOcr - 1, cal.alt, Math.log(cal.pages ?? 1),
    Math.log1p(text.length), text.length ? digits / text.length : 0, +/\p{L}/u.test(text), +c.valid,
    +field.group.startsWith('receipt-'), +field.group.startsWith('scan-'), Math.log(field.candidates.length),
    f.otherRole ?? 0, f.range ?? 0, f.below ?? 0,
  ];
}

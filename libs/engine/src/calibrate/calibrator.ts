/**
 * Confidence calibration: isotonic maps (raw ranker score -> probability) per field group, one for
 * extracted values (P(value correct)) and one for missing fields (P(field truly absent)), each shrunk toward
 * the more general maps of its chain (document domain, all fields) by how little data it was fitted on; for extracted
 * values a small logistic second stage then weighs in what the score cannot see (OCR certainty of the
 * value's words, the lead over the runner-up). The artefact is trained by libs/engine-tools' `cli/train-calibrator`
 * (calibrate/train.ts) on the development data and their scanned copies and committed under libs/engine/calibration.
 */
import { readFileSync } from 'node:fs';

export interface IsotonicMap {
  /** Ascending raw-score breakpoints and their calibrated probabilities (piecewise linear between). */
  x: number[];
  y: number[];
  n: number;
}

/**
 * Second stage for extracted values: a logistic model on the isotonic probability (as a logit) and what the
 * ranker score cannot see (CalibrationFeatures), one weight vector per domain, each weight's sign fixed by
 * what the input means (a less sure OCR read never raises confidence). Weights follow RECALIBRATION_INPUTS.
 */
export interface Recalibration {
  inputs: readonly string[];
  /** `ocr`: fields of OCR'd documents (scan-* and receipt-* groups); `digital`: the others. */
  weights: Partial<Record<Domain, number[]>>;
  /** The second stage of missing fields (P(field truly absent)), on MISSING_INPUTS; absent in older artefacts. */
  missing?: { inputs: readonly string[]; weights: Partial<Record<Domain, number[]>> };
}

export type Domain = 'ocr' | 'digital';

export interface CalibratorArtefact {
  version: string;
  trainedOn?: string;
  cvEce?: number;
  groups: Record<string, { extracted?: IsotonicMap; missing?: IsotonicMap }>;
  recalibration?: Recalibration;
  /**
   * Pseudo-count of the shrinkage of each map toward its parent's (isotonicProbability): a map fitted on n
   * fields weighs n / (n + shrinkage). Absent in older artefacts, which use the most specific map alone.
   */
  shrinkage?: number;
}

export type Outcome = 'extracted' | 'missing';

/** Per-field calibration inputs besides the raw ranker score (extracted values only). */
export interface CalibrationFeatures {
  /** Lowest OCR confidence (0..1) among the value's words; 1 when all come from a text layer. */
  ocr: number;
  /** Mean OCR confidence of the document's OCR'd words; 1 without OCR. */
  docOcr: number;
  /** 1 when a second OCR pass read one of the value's words differently, else 0. */
  alt: number;
  /** Pages of the document: a long one offers more look-alike candidates. */
  pages?: number;
  /** Raw score of the value minus that of the best candidate with a different value (0..1). */
  margin: number;
  /**
   * Product of the OCR confidences of the value's words (1 from a text layer): the chance that every word was
   * read right, which a value compared exactly needs; a long OCR'd value is rarely read whole.
   */
  ocrAll?: number;
  /**
   * Whether the object's subtotal, tax and total, this value among them, add up (kinds/amount/sums.ts
   * sumsAgreement): 1 they do, -1 they do not, absent when the value is no such sum or a member is missing.
   */
  sums?: 1 | -1;
}

/**
 * Per-field calibration inputs of a missing field: whether the document prints the field's label at all (a field
 * whose label is printed was more likely missed than absent) and how well its OCR read.
 */
export interface MissingFeatures {
  /** How much the field's strongest label printed anywhere in the document says (its specificity, 0.5 for a
   * language's most generic label up to 1 for the field's own words), 0 when none is printed. */
  label: number;
  /** Mean OCR confidence of the document's OCR'd words; 1 without OCR. */
  docOcr: number;
}

export function applyIsotonic(m: IsotonicMap | undefined, raw: number): number {
  if (!m || !m.x.length) return raw;
  const { x, y } = m;
  if (raw <= x[0]) return y[0];
  if (raw >= x[x.length - 1]) return y[y.length - 1];
  let lo = 0;
  let hi = x.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid] <= raw) lo = mid; else hi = mid;
  }
  const t = (raw - x[lo]) / Math.max(1e-9, x[hi] - x[lo]);
  return y[lo] + t * (y[hi] - y[lo]);
}

/** Pool-adjacent-violators isotonic regression on (score, label) pairs, with a light prior toward 0.5. */
export function fitIsotonic(points: { s: number; y: number }[], prior = 1): IsotonicMap {
  const pts = [...points].sort((a, b) => a.s - b.s);
  type Blk = { sum: number; w: number; lo: number; hi: number };
  const blocks: Blk[] = [];
  for (const p of pts) {
    blocks.push({ sum: p.y, w: 1, lo: p.s, hi: p.s });
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const a = blocks[blocks.length - 2];
      if (a.sum / a.w < b.sum / b.w) break;
      blocks.splice(blocks.length - 2, 2, { sum: a.sum + b.sum, w: a.w + b.w, lo: a.lo, hi: b.hi });
    }
  }
  const x: number[] = [];
  const y: number[] = [];
  for (const b of blocks) {
    const v = (b.sum + 0.5 * prior) / (b.w + prior);
    x.push((b.lo + b.hi) / 2);
    y.push(Math.min(0.99, Math.max(0.01, v)));
  }
  return { x, y, n: pts.length };
}

let loaded: CalibratorArtefact | undefined;

function load(): CalibratorArtefact {
  if (loaded) return loaded;
  try {
    const url = new URL('../../calibration/calibrator.json', import.meta.url);
    loaded = JSON.parse(readFileSync(url, 'utf8')) as CalibratorArtefact;
  } catch {
    loaded = { version: 'uncalibrated-0', groups: {} };
  }
  return loaded;
}

export function calibratorVersion(): string {
  return load().version;
}

/** Replace the active artefact (training and tests). */
export function setCalibrator(a: CalibratorArtefact | undefined): void {
  loaded = a;
}

/** The group a variant (`receipt-date`, `scan-date`) falls back to when it has no map of its own. */
export function baseGroup(group: string): string {
  return group.replace(/^(?:receipt|scan)-/, '');
}

/** Inputs of the second stage, in weight order, and the sign each weight is held to (0: free). */
export const RECALIBRATION_INPUTS = ['logit', 'bias', 'ocr_doubt', 'doc_ocr_doubt', 'margin', 'scanned', 'alt_read', 'short_doc', 'joint_ocr_doubt', 'sums_agree', 'sums_disagree'] as const;
export const RECALIBRATION_SIGNS: readonly number[] = [1, 0, -1, -1, 1, 0, -1, 0, -1, 1, -1];
/** A lead over the runner-up beyond this much says nothing more. */
const MARGIN_CAP = 0.3;

export function domainOf(group: string): Domain {
  return /^(?:scan|receipt)-/.test(group) ? 'ocr' : 'digital';
}

const clampP = (p: number) => Math.min(0.99, Math.max(0.01, p));

/** The second stage's input vector (RECALIBRATION_INPUTS order) for a value with isotonic probability p. */
export function recalibrationInputs(group: string, p: number, f: CalibrationFeatures): number[] {
  const q = clampP(p);
  return [
    Math.log(q / (1 - q)),
    1,
    1 - f.ocr,
    1 - f.docOcr,
    Math.min(Math.max(f.margin, 0), MARGIN_CAP) / MARGIN_CAP,
    group.startsWith('scan-') ? 1 : 0,
    f.alt ? 1 : 0,
    1 / Math.max(1, f.pages ?? 1),
    // surprise of a whole read, 0 (sure) .. 1 (a 1-in-100 chance): a log, since each doubtful word multiplies the risk
    Math.log(Math.max(0.01, f.ocrAll ?? f.ocr)) / Math.log(0.01),
    f.sums === 1 ? 1 : 0,
    f.sums === -1 ? 1 : 0,
  ];
}

/** Inputs of the missing fields' second stage, in weight order, and the sign each weight is held to (0: free). */
export const MISSING_INPUTS = ['logit', 'bias', 'label_printed', 'doc_ocr_doubt', 'scanned'] as const;
export const MISSING_SIGNS: readonly number[] = [1, 0, -1, -1, 0];

/** The missing stage's input vector (MISSING_INPUTS order) for a field with isotonic P(absent) p. */
export function missingInputs(group: string, p: number, f: MissingFeatures): number[] {
  const q = clampP(p);
  return [Math.log(q / (1 - q)), 1, f.label, 1 - f.docOcr, group.startsWith('scan-') ? 1 : 0];
}

const isMissingFeatures = (f: CalibrationFeatures | MissingFeatures | undefined): f is MissingFeatures => !!f && 'label' in f;

function logistic(w: number[], x: number[]): number {
  const z = w.reduce((a, wi, i) => a + wi * (x[i] ?? 0), 0);
  return 1 / (1 + Math.exp(-z));
}

export function applyRecalibration(r: Recalibration | undefined, group: string, p: number, f: CalibrationFeatures | undefined): number {
  const w = f && r?.weights[domainOf(group)];
  if (!w || !f) return p;
  return logistic(w, recalibrationInputs(group, p, f));
}

export function applyMissingRecalibration(r: Recalibration | undefined, group: string, p: number, f: MissingFeatures | undefined): number {
  const w = f && r?.missing?.weights[domainOf(group)];
  return w && f ? logistic(w, missingInputs(group, p, f)) : p;
}

export function isotonicFor(groups: CalibratorArtefact['groups'], group: string, outcome: Outcome): IsotonicMap | undefined {
  // A group the artefact has no map for (e.g. a receipt group before retraining) uses its base group's.
  return groups[group]?.[outcome] ?? groups[baseGroup(group)]?.[outcome];
}

/** The pooled map of a document domain's fields (trained alongside the field groups). */
export const domainGroup = (d: Domain) => `__${d}__`;

/**
 * The maps a group's probability is drawn from, most specific first: the group, the field's base group (a
 * scanned document's field), the pool of its document domain (OCR'd documents miss and misread far more than
 * digital ones), and the pool of all fields. A document profile's group (`receipt-date`) reads the same field's
 * maps of scanned documents, then of all documents (`scan-date`, `date`), before the domain's pool: its scores are on
 * the profile's own scale, yet what a field kind's value risks under OCR says more than the pool of every field
 * (held out, the receipt set was calibrated 0.064 this way against 0.090 through the OCR pool alone).
 */
export function groupChain(group: string): string[] {
  const base = baseGroup(group);
  const chain = [group];
  if (group.startsWith('receipt-')) chain.push(`scan-${base}`, base);
  else if (base !== group) chain.push(base);
  chain.push(domainGroup(domainOf(group)), '__all__');
  return chain;
}

/**
 * Isotonic probability of a raw score. With shrinkage k, each map on the group's chain is blended into the
 * probability of the maps after it by its training size, p = (n * map(raw) + k * p_parent) / (n + k), from
 * 0.5 at the root: a map fitted on a handful of fields (often all from one set) says little, and a group no
 * training set had draws on the general maps instead of passing the raw score through as a probability.
 */
export function isotonicProbability(a: Pick<CalibratorArtefact, 'groups' | 'shrinkage'>, group: string, outcome: Outcome, raw: number): number {
  const k = a.shrinkage;
  if (k === undefined) return applyIsotonic(isotonicFor(a.groups, group, outcome), raw);
  let p = 0.5;
  for (const g of groupChain(group).reverse()) {
    const m = a.groups[g]?.[outcome];
    if (m?.x.length) p = (m.n * applyIsotonic(m, raw) + k * p) / (m.n + k);
  }
  return p;
}

/** The confidence an artefact gives a field: what calibrate() returns at run time, for any artefact (training, evaluation). */
export function calibrateWith(a: Pick<CalibratorArtefact, 'groups' | 'recalibration' | 'shrinkage'>, group: string, outcome: Outcome, raw: number, features?: CalibrationFeatures | MissingFeatures): number {
  let p = isotonicProbability(a, group, outcome, raw);
  // The ranker score cannot tell a clean read from an OCR misread, or a clear winner from a near tie; nor an
  // absent field from one whose printed label the ranker failed to pair with a value.
  if (outcome === 'extracted') p = applyRecalibration(a.recalibration, group, p, isMissingFeatures(features) ? undefined : features);
  else p = applyMissingRecalibration(a.recalibration, group, p, isMissingFeatures(features) ? features : undefined);
  return Math.round(clampP(p) * 1000) / 1000;
}

export function calibrate(group: string, outcome: Outcome, raw: number, features?: CalibrationFeatures | MissingFeatures): number {
  return calibrateWith(load(), group, outcome, raw, features);
}

/** The committed artefact (or the one setCalibrator installed). */
export function activeCalibrator(): CalibratorArtefact {
  return load();
}

/**
 * Confidence calibration: isotonic maps (raw ranker score -> probability) per field group, one for
 * extracted values (P(value correct)) and one for missing fields (P(field truly absent)). The artefact is
 * trained by `cli/train-calibrator` on the development data and committed under libs/engine/calibration.
 */
import { readFileSync } from 'node:fs';
import type { Semantic } from '../schema/semantic.js';

export interface IsotonicMap {
  /** Ascending raw-score breakpoints and their calibrated probabilities (piecewise linear between). */
  x: number[];
  y: number[];
  n: number;
}

export interface CalibratorArtefact {
  version: string;
  trainedOn?: string;
  cvEce?: number;
  groups: Record<string, { extracted?: IsotonicMap; missing?: IsotonicMap }>;
}

export type Outcome = 'extracted' | 'missing';

export function calibrationGroup(semantic: Semantic | 'list'): string {
  switch (semantic) {
    case 'date': case 'datetime': return 'date';
    case 'amount': case 'number': case 'integer': case 'percent': return 'amount';
    case 'duration': return 'duration';
    case 'jurisdiction': return 'jurisdiction';
    case 'boolean': return 'boolean';
    case 'party': case 'list': return 'list';
    case 'organization': case 'person': case 'title': return 'name';
    case 'address': case 'street': case 'city': case 'postal_code': case 'state_code': case 'country_code': return 'address';
    case 'currency': case 'currency_symbol': case 'enum': return 'code';
    case 'identifier': case 'iban': case 'bic': case 'vat': case 'email': case 'url': case 'phone': return 'identifier';
    default: return 'text';
  }
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

export function calibrate(group: string, outcome: Outcome, raw: number): number {
  // A group the artefact has no map for (e.g. a receipt group before retraining) uses its base group's.
  const groups = load().groups;
  const own = groups[group]?.[outcome];
  const m = own ?? groups[baseGroup(group)]?.[outcome];
  const p = applyIsotonic(m, raw);
  return Math.round(Math.min(0.99, Math.max(0.01, p)) * 1000) / 1000;
}

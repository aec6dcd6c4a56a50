/**
 * Orchestration: walk the compiled schema; for each field its kind (kinds/registry.ts) or a document profile
 * (profiles/) ranks candidates; decide, normalise, ground, calibrate.
 */
import type { DocumentModel } from '../document/model.js';
import type { ArrayNode, CompiledSchema, LeafNode, ObjectNode, SchemaNode } from '../schema/compile.js';
import { calibrate, type CalibrationFeatures, type MissingFeatures } from '../calibrate/calibrator.js';
import { normText } from '../normalize/text.js';
import type { OcrRepairOptions } from '../ocr-repair/index.js';
import { consistentSums, sumsAgreement } from '../kinds/amount/sums.js';
import { FIELD_KINDS, kindOf, listKindOf } from '../kinds/registry.js';
import { extractTable } from '../kinds/table/index.js';
import { DOCUMENT_PROFILES, type DocumentProfile } from '../profiles/index.js';
import { DocContext, type Grounding } from './context.js';
import { labelPhrases, printedLabelStrength } from './labels.js';
import type { Scored } from './scored.js';

export type MissingReason = 'not_found' | 'low_confidence' | 'invalid_value';

/** One reader's candidates for a field (a document profile's or the generic path's) and their calibration group. */
interface Reading {
  group: string;
  list: Scored[];
}

export interface FieldResult {
  state: 'extracted' | 'missing';
  value?: unknown;
  reason?: MissingReason;
  /** Extracted: calibrated probability that the value is correct. Missing: probability the field is truly absent. */
  confidence: number;
  grounding: Grounding[];
  /** Uncalibrated ranker score (0..1) of the best candidate; used to train the calibrator. */
  raw_score?: number;
  /** Calibration group of the field. */
  group?: string;
  /** Debug: the best candidate's value when the field is reported missing. */
  candidate?: unknown;
  /**
   * Debug: calibration inputs besides the raw score: of an extracted value, OCR certainty of the value and the
   * document, lead over the runner-up, pages; of a missing field, how specific a label of it the document prints.
   */
  features?: CalibrationFeatures | MissingFeatures;
  /** Debug: the field kind that read the field, and the document profile that offered its candidates (if any). */
  kind?: string;
  profile?: string;
  /** Debug: the best candidates as the decision saw them, best first (training the scorer, libs/engine-tools scoring/). */
  candidates?: CandidateTrace[];
}

/** One candidate of a field as the decision saw it. */
export interface CandidateTrace {
  /** The value as it would be returned (coerced to the field's type). */
  value: unknown;
  /** The value passes the field's schema. */
  valid: boolean;
  /** The kind's (or profile's) raw score. */
  score: number;
  /** The kind's own scoring features (label relation, cues, support ...). */
  features: Record<string, number>;
  /** OCR certainty of the value's words, a second OCR reading, lead over the best different value, pages. */
  calibration: CalibrationFeatures;
}

/** How many candidates per field the debug trace keeps. */
const TRACED_CANDIDATES = 8;

export interface ExtractionResult {
  data: Record<string, unknown>;
  fields: Record<string, FieldResult>;
  document: { format: string; pages: number; words: number; ocr_pages: number };
}

export interface ExtractOptions {
  /** Include raw ranker scores and calibration groups in field results (training). Default false. */
  debug?: boolean;
  /** Tuning of the receipt ranker's use of alternative OCR readings (experiments); defaults in ocr-repair/options.ts. */
  ocrRepair?: OcrRepairOptions;
  /** The document profiles that add candidates of their own (default DOCUMENT_PROFILES: the receipt profile). */
  profiles?: readonly DocumentProfile[];
}

/** Minimum raw score to extract, per calibration group (below: missing/low_confidence). */
const THRESHOLDS: Record<string, number> = {
  date: 0.1, amount: 0.15, duration: 0.75, jurisdiction: 0.05, boolean: 0, list: 0.3, name: 0.15,
  address: 0.2, code: 0.1, identifier: 0.15, text: 0.3,
};

/**
 * An enum's string members by their normalised text, built once per enum array (leaves sharing one array
 * share the index): a caller's enum may list tens of thousands of members.
 */
const enumIndexes = new WeakMap<unknown[], Map<string, string>>();
function enumMember(members: unknown[], v: string): string | undefined {
  let index = enumIndexes.get(members);
  if (!index) {
    index = new Map();
    for (const e of members) if (typeof e === 'string' && !index.has(normText(e))) index.set(normText(e), e);
    enumIndexes.set(members, index);
  }
  return index.get(normText(v));
}

function coerce(leaf: LeafNode, v: unknown): unknown {
  const t = leaf.types;
  if (typeof v === 'number') {
    if (t.includes('number')) return v;
    if (t.includes('integer')) return Number.isInteger(v) ? v : Math.round(v);
    if (t.includes('string')) return String(v);
  }
  if (typeof v === 'boolean') return t.includes('boolean') ? v : t.includes('string') ? String(v) : undefined;
  if (typeof v === 'string') {
    if (t.includes('string')) {
      if (leaf.enum) {
        return enumMember(leaf.enum, v) ?? v;
      }
      return v.replace(/\s+/g, ' ').trim();
    }
    if (t.includes('number') || t.includes('integer')) {
      const n = Number(v.replace(',', '.'));
      return Number.isFinite(n) ? n : undefined;
    }
  }
  return v;
}

class Extractor {
  readonly fields: Record<string, FieldResult> = {};
  /** Most pages were read by OCR: misreads make its values wrong more often at the same ranker score. */
  private readonly scanned: boolean;
  /** A document model without pages (a library caller's, or an eval case whose ingest failed): every field missing. */
  private readonly blank: boolean;
  /** Mean OCR confidence of the document's OCR'd words (1 without OCR): how legible the scan is overall. */
  private readonly pageOcr: number;
  constructor(private readonly ctx: DocContext, private readonly opts: ExtractOptions) {
    this.blank = ctx.doc.pages.length === 0;
    const ocrPages = ctx.doc.pages.filter((p) => p.source === 'ocr').length;
    this.scanned = ocrPages > 0 && ocrPages * 2 >= ctx.doc.pages.length;
    let sum = 0;
    let n = 0;
    for (const p of ctx.doc.pages) if (p.source === 'ocr') for (const w of p.words) { sum += w.confidence ?? 1; n++; }
    this.pageOcr = n ? Math.round((sum / n) * 1000) / 1000 : 1;
  }

  /** What an extracted leaf was calibrated from, to calibrate it again once its siblings are known (sums). */
  private readonly calibrated = new Map<string, { group: string; raw: number; features: CalibrationFeatures }>();

  private record(pointer: string, r: FieldResult) {
    if (!this.opts.debug) { delete r.raw_score; delete r.group; delete r.candidate; delete r.features; delete r.kind; delete r.profile; delete r.candidates; }
    this.fields[pointer] = r;
  }

  /**
   * What the ranker score cannot see: how surely OCR read the value's words (a misread scores like a clean
   * read) and how far the value leads the best different candidate.
   */
  private features(s: Scored, list: Scored[]): CalibrationFeatures {
    let ocr = 1;
    let ocrAll = 1;
    let alt = 0;
    for (const sp of s.spans) {
      for (const w of this.ctx.wordsIn(sp.p, sp.start, sp.end)) {
        ocr = Math.min(ocr, w.confidence ?? 1);
        ocrAll *= w.confidence ?? 1;
        if (w.alt && w.alt.text !== w.text) alt = 1;
      }
    }
    const key = normText(String(s.value));
    const next = list.find((o) => o !== s && normText(String(o.value)) !== key);
    return { ocr: Math.round(ocr * 1000) / 1000, ocrAll: Math.round(ocrAll * 1000) / 1000, docOcr: this.pageOcr, alt, pages: this.ctx.doc.pageCount, margin: Math.round((s.score - (next?.score ?? 0)) * 1000) / 1000 };
  }

  /** What a missing field is calibrated from besides its best score: the strongest of its labels the document prints. */
  private missingFeatures(leaf: LeafNode): MissingFeatures {
    const label = this.blank ? 0 : printedLabelStrength(this.ctx, labelPhrases(leaf));
    return { label: Math.round(label * 1000) / 1000, docOcr: this.pageOcr };
  }

  /** The first document profile with candidates of its own for the field. */
  private profiled(leaf: LeafNode): { profile: DocumentProfile; list: Scored[] } | undefined {
    for (const profile of this.opts.profiles ?? DOCUMENT_PROFILES) {
      const list = profile.rank(this.ctx, leaf, this.opts);
      if (list) return { profile, list };
    }
    return undefined;
  }

  /** The candidates of a field for the debug trace. */
  private trace(leaf: LeafNode, list: Scored[]): CandidateTrace[] {
    return list.slice(0, TRACED_CANDIDATES).map((s) => {
      const value = coerce(leaf, s.value);
      return { value, valid: value !== undefined && leaf.validate(value), score: s.score, features: s.features, calibration: this.features(s, list) };
    });
  }

  leaf(leaf: LeafNode, pointer: string, ranked?: Scored[]): unknown {
    const kind = kindOf(leaf);
    const base = kind.group(leaf);
    // Scanned documents misread more, so they get calibration maps of their own (falling back to the base group's
    // where training had too few).
    const generic: Reading = { group: this.scanned ? `scan-${base}` : base, list: ranked ?? (this.blank ? [] : kind.rank(this.ctx, leaf)) };
    const offered = ranked || this.blank ? undefined : this.profiled(leaf);
    // A document profile adds its candidates ahead of the generic path's, never instead of them: when none of its
    // candidates is kept, the generic path decides. It scores on its own scale, so its values get their own
    // calibration group (`receipt-date`), and each value's runner-up is taken within its own reading.
    const readings = offered ? [{ group: `${offered.profile.name}-${base}`, list: offered.list }, generic] : [generic];
    const first = readings[0]!;
    const trace = this.opts.debug ? { kind: kind.name, profile: offered?.profile.name, candidates: this.trace(leaf, first.list) } : {};
    if (leaf.const !== undefined) {
      // A const leaf is extracted only when the document supports it.
      const hit = readings.some((r) => r.list.some((s) => normText(String(s.value)) === normText(String(leaf.const))));
      if (!hit) {
        const features = this.missingFeatures(leaf);
        this.record(pointer, { state: 'missing', reason: 'not_found', confidence: calibrate(first.group, 'missing', 0, features), grounding: [], raw_score: 0, group: first.group, features, ...trace });
        return null;
      }
    }
    const threshold = THRESHOLDS[base] ?? 0.4;
    let invalid = false;
    for (const { group, list } of readings) {
      for (const s of list.slice(0, 8)) {
        if (s.score < threshold) break;
        const v = coerce(leaf, s.value);
        if (v === undefined || !leaf.validate(v)) { invalid = true; continue; }
        const grounding = s.spans.map((sp) => this.ctx.grounding(sp));
        const features = this.features(s, list);
        this.calibrated.set(pointer, { group, raw: s.score, features });
        this.record(pointer, { state: 'extracted', value: v, confidence: calibrate(group, 'extracted', s.score, features), grounding, raw_score: s.score, group, features, ...(offered ? { ...trace, profile: group === first.group ? offered.profile.name : undefined } : trace) });
        return v;
      }
    }
    // missing: reported as the first reading saw it (the profile's, when it offered candidates)
    const best = first.list[0]?.score ?? 0;
    const reason: MissingReason = invalid ? 'invalid_value' : readings.some((r) => r.list.length) ? 'low_confidence' : 'not_found';
    const candidate = first.list[0] ? coerce(leaf, first.list[0].value) : undefined;
    const features = this.missingFeatures(leaf);
    this.record(pointer, { state: 'missing', reason, confidence: calibrate(first.group, 'missing', best, features), grounding: [], raw_score: best, group: first.group, candidate, features, ...trace });
    return null;
  }

  array(node: ArrayNode, pointer: string): unknown[] {
    if (node.items.kind === 'leaf') {
      const leaf = node.items;
      const group = 'list';
      const kind = listKindOf(leaf);
      const ranked = this.blank ? [] : kind.rankList ? kind.rankList(this.ctx, leaf, node) : kind.rank(this.ctx, leaf);
      const kept = ranked.filter((s) => s.score >= THRESHOLDS.list);
      const values: unknown[] = [];
      const grounding: Grounding[] = [];
      for (const s of kept) {
        const v = coerce(leaf, s.value);
        if (v === undefined || !leaf.validate(v)) continue;
        values.push(v);
        grounding.push(...s.spans.map((sp) => this.ctx.grounding(sp)));
      }
      const raw = kept.length ? kept.reduce((a, s) => a + s.score, 0) / kept.length : ranked[0]?.score ?? 0;
      if (values.length) this.record(pointer, { state: 'extracted', value: values, confidence: calibrate(group, 'extracted', raw), grounding, raw_score: raw, group });
      else this.record(pointer, { state: 'missing', reason: ranked.length ? 'low_confidence' : 'not_found', confidence: calibrate(group, 'missing', raw), grounding: [], raw_score: raw, group });
      return values;
    }
    if (node.items.kind === 'object') {
      const rows = this.blank ? [] : extractTable(this.ctx, node.items);
      const out: unknown[] = [];
      rows.forEach((row, i) => {
        const obj: Record<string, unknown> = {};
        for (const { name, node: sub } of (node.items as ObjectNode).properties) {
          const cell = row[name];
          const p = `${pointer}/${i}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
          if (sub.kind !== 'leaf') { obj[name] = sub.kind === 'array' ? [] : null; continue; }
          if (!cell) { obj[name] = null; continue; }
          const v = coerce(sub, cell.value);
          if (v === undefined || !sub.validate(v)) { obj[name] = null; continue; }
          obj[name] = v;
          this.record(p, { state: 'extracted', value: v, confidence: calibrate('table', 'extracted', cell.score), grounding: cell.spans.map((sp) => this.ctx.grounding(sp)), raw_score: cell.score, group: 'table' });
        }
        out.push(obj);
      });
      if (!out.length) this.record(pointer, { state: 'missing', reason: 'not_found', confidence: calibrate('table', 'missing', 0), grounding: [], raw_score: 0, group: 'table' });
      return out;
    }
    return [];
  }

  node(node: SchemaNode, pointer: string): unknown {
    if (node.kind === 'leaf') return this.leaf(node, pointer);
    if (node.kind === 'array') return this.array(node, pointer);
    const obj: Record<string, unknown> = {};
    const leaves = node.properties.map((p) => p.node).filter((n): n is LeafNode => n.kind === 'leaf');
    for (const kind of FIELD_KINDS) kind.siblings?.(leaves);
    const sums = this.blank ? new Map<string, Scored[]>() : consistentSums(node, { rank: (l) => kindOf(l).rank(this.ctx, l), profiled: (l) => !!this.profiled(l) });
    for (const { name, node: sub } of node.properties) {
      const p = `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const ranked = sums.get(name);
      obj[name] = ranked && sub.kind === 'leaf' ? this.leaf(sub, p, ranked) : this.node(sub, p);
    }
    this.calibrateSums(node, pointer, obj);
    return obj;
  }

  /** Subtotal, tax and total are calibrated again knowing whether they add up (a calibration input, not a decision). */
  private calibrateSums(node: ObjectNode, pointer: string, obj: Record<string, unknown>): void {
    for (const [name, sums] of sumsAgreement(node, obj)) {
      const p = `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const c = this.calibrated.get(p);
      const r = this.fields[p];
      if (!c || !r || r.state !== 'extracted') continue;
      const features = { ...c.features, sums };
      r.confidence = calibrate(c.group, 'extracted', c.raw, features);
      if (r.features) r.features = features;
    }
  }
}

export function extractFromDocument(doc: DocumentModel, compiled: CompiledSchema, options: ExtractOptions = {}): ExtractionResult {
  const ctx = new DocContext(doc);
  const ex = new Extractor(ctx, options);
  const data = ex.node(compiled.root, '') as Record<string, unknown>;
  return {
    data,
    fields: ex.fields,
    document: {
      format: doc.format,
      pages: doc.pageCount,
      words: doc.wordCount,
      ocr_pages: doc.pages.filter((p) => p.source === 'ocr').length,
    },
  };
}

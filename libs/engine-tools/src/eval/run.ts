/** Evaluation over the labelled development sets: per-field scoring, per-set aggregates, calibration records. */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentModel } from '@exs/engine';
import { compileSchema, type CompiledSchema, type LeafNode } from '@exs/engine';
import { extractFromDocument, type ExtractionResult } from '@exs/engine';
import type { OcrRepairOptions } from '@exs/engine';
import type { CalibrationFeatures, MissingFeatures } from '@exs/engine/internals';
import { compareList, compareScalar, lineItemF1 } from './compare.js';
import { invertKeys, makeVariant, renameValues, type SchemaVariant } from './schema-variants.js';

export interface CaseFile {
  schema: Record<string, unknown>;
  expected: Record<string, unknown>;
  skip_fields?: string[];
  input_kind?: string;
}

export interface FieldOutcome {
  set: string;
  case: string;
  field: string;
  group: string;
  state: 'extracted' | 'missing';
  raw: number;
  confidence: number;
  strict: number;
  fuzzy: number;
  expected: unknown;
  got: unknown;
  /** Strict score the best candidate would have had, had it been extracted (threshold tuning). */
  candStrict?: number;
  /** Extracted: the calibration features (lowest OCR word confidence, lead over the runner-up). */
  ocr?: number;
  alt?: number;
  docOcr?: number;
  pages?: number;
  margin?: number;
  ocrAll?: number;
  /** Whether the case's subtotal, tax and total add up (1) or not (-1), for those fields; absent otherwise. */
  sums?: 1 | -1;
  /** Missing: how specific the strongest of the field's labels printed in the document is (0: none printed). */
  label?: number;
  /** The field kind that read the field, and the profile that offered its candidates. */
  kind?: string;
  profile?: string;
  /** The field's best candidates with the comparison rules' verdict on each (training the scorer, scoring/). */
  cands?: CandidateOutcome[];
}

/** A traced candidate (extract.ts CandidateTrace) scored against the expected value. */
export interface CandidateOutcome {
  value: unknown;
  valid: boolean;
  score: number;
  features: Record<string, number>;
  calibration: CalibrationFeatures;
  strict: number;
  fuzzy: number;
}

export interface SetReport {
  set: string;
  cases: number;
  fields: number;
  strict: number;
  fuzzy: number;
  docAllCorrect: number;
  ece: number;
  pages: number;
  seconds: number;
  lineItemF1?: number;
  perField: Record<string, { n: number; strict: number; fuzzy: number }>;
}

export function ece(points: { p: number; y: number }[], bins = 10): number {
  if (!points.length) return 0;
  const acc = Array.from({ length: bins }, () => ({ n: 0, p: 0, y: 0 }));
  for (const { p, y } of points) {
    const b = Math.min(bins - 1, Math.floor(p * bins));
    acc[b].n++; acc[b].p += p; acc[b].y += y;
  }
  return acc.reduce((s, b) => s + (b.n ? (b.n / points.length) * Math.abs(b.p / b.n - b.y / b.n) : 0), 0);
}

/**
 * The ECE a perfectly calibrated model would typically (median) show on fields with these confidences:
 * outcomes drawn as Bernoulli(p) with a fixed-seed generator. A small set's ECE near this is noise, not miscalibration.
 */
export function eceNoiseFloor(ps: number[], draws = 201): number {
  if (!ps.length) return 0;
  let s = 20261122;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const eces: number[] = [];
  for (let d = 0; d < draws; d++) eces.push(ece(ps.map((p) => ({ p, y: rnd() < p ? 1 : 0 }))));
  eces.sort((a, b) => a - b);
  return eces[draws >> 1]!;
}

export type Ingest = (bytes: Uint8Array) => Promise<DocumentModel>;

export interface EvalOptions {
  datasets: string;
  sets?: string[];
  limit?: number;
  out?: string;
  cacheDir?: string;
  cacheKey?: string;
  ingest: Ingest;
  onCase?: (set: string, id: string, ms: number) => void;
  /** Rewrite each case's schema as another caller would (scores are reported under the original field names). */
  schemaVariant?: SchemaVariant;
  /** Receipt ranker tuning (the CLI takes it from EXS_OCR_* variables); default: the engine's. */
  ocrRepair?: OcrRepairOptions;
}

function findDocument(dir: string): string | undefined {
  return readdirSync(dir).find((f) => f.startsWith('document.'));
}

export async function loadDocument(path: string, opts: Pick<EvalOptions, 'cacheDir' | 'cacheKey' | 'ingest'>): Promise<{ doc: DocumentModel; ms: number; cached: boolean }> {
  const bytes = new Uint8Array(readFileSync(path));
  const key = createHash('sha256').update(bytes).update(opts.cacheKey ?? '').digest('hex').slice(0, 32);
  const file = opts.cacheDir ? join(opts.cacheDir, `${key}.json`) : undefined;
  if (file && existsSync(file)) {
    const c = JSON.parse(readFileSync(file, 'utf8'));
    return { doc: c.doc, ms: c.ms, cached: true };
  }
  const t0 = performance.now();
  const doc = await opts.ingest(bytes);
  const ms = performance.now() - t0;
  if (file) {
    mkdirSync(opts.cacheDir!, { recursive: true });
    writeFileSync(file, JSON.stringify({ ms, doc }));
  }
  return { doc, ms, cached: false };
}

function scoreCase(set: string, id: string, c: CaseFile, compiled: CompiledSchema, result: ExtractionResult, outcomes: FieldOutcome[], items: { tp: number; fp: number; fn: number }, original: (name: string) => string = (n) => n) {
  const skip = new Set(c.skip_fields ?? []);
  let all = true;
  for (const prop of compiled.root.properties) {
    const name = prop.name;
    if (skip.has(name) || !(name in c.expected)) continue;
    const node = prop.node;
    const expected = c.expected[name];
    const got = result.data[name];
    const fr = result.fields[`/${name}`];
    if (node.kind === 'array' && node.items.kind === 'object') {
      const r = lineItemF1((expected as Record<string, unknown>[]) ?? [], (got as Record<string, unknown>[]) ?? []);
      items.tp += r.tp; items.fp += r.fp; items.fn += r.fn;
      continue;
    }
    let s;
    if (node.kind === 'array') s = compareList((expected as unknown[]) ?? [], (got as unknown[]) ?? []);
    else if (node.kind === 'leaf') s = compareScalar(expected, got, node as LeafNode);
    else continue;
    if (s.strict < 1) all = false;
    let candStrict: number | undefined;
    if (fr?.state === 'missing' && fr.candidate !== undefined && node.kind === 'leaf') candStrict = compareScalar(expected, fr.candidate, node as LeafNode).strict;
    const cands = node.kind === 'leaf' ? fr?.candidates?.map((c) => ({ ...c, ...compareScalar(expected, c.value, node as LeafNode) })) : undefined;
    outcomes.push({
      kind: fr?.kind, profile: fr?.profile, cands,
      candStrict, set, case: id, field: original(name), group: fr?.group ?? 'text', state: fr?.state ?? 'missing', raw: fr?.raw_score ?? 0,
      confidence: fr?.confidence ?? 0.5, strict: s.strict, fuzzy: s.fuzzy, expected, got, ...calibrationInputs(fr?.features),
    });
  }
  return all;
}

/** A field result's calibration features as record fields: an extracted value's, or a missing field's. */
function calibrationInputs(f: CalibrationFeatures | MissingFeatures | undefined): Partial<FieldOutcome> {
  if (!f) return {};
  if ('label' in f) return { label: f.label, docOcr: f.docOcr };
  return { ocr: f.ocr, alt: f.alt, docOcr: f.docOcr, pages: f.pages, margin: f.margin, ocrAll: f.ocrAll, sums: f.sums };
}

export async function runEval(opts: EvalOptions): Promise<{ reports: SetReport[]; outcomes: FieldOutcome[] }> {
  const sets = (opts.sets?.length ? opts.sets : readdirSync(opts.datasets).filter((s) => existsSync(join(opts.datasets, s, 'cases')))).sort();
  const reports: SetReport[] = [];
  const outcomes: FieldOutcome[] = [];
  const schemaCache = new Map<string, CompiledSchema>();
  const variantCache = new Map<string, ReturnType<typeof makeVariant>>();
  for (const set of sets) {
    const dir = join(opts.datasets, set, 'cases');
    if (!existsSync(dir)) continue;
    let cases = readdirSync(dir).filter((d) => statSync(join(dir, d)).isDirectory()).sort();
    if (opts.limit) cases = cases.slice(0, opts.limit);
    const setOutcomes: FieldOutcome[] = [];
    const items = { tp: 0, fp: 0, fn: 0 };
    let docsCorrect = 0;
    let pages = 0;
    let ms = 0;
    let hasItems = false;
    for (const id of cases) {
      let c = JSON.parse(readFileSync(join(dir, id, 'case.json'), 'utf8')) as CaseFile;
      let original: ((name: string) => string) | undefined;
      if (opts.schemaVariant && opts.schemaVariant !== 'original') {
        const vkey = JSON.stringify(c.schema);
        let v = variantCache.get(vkey);
        if (!v) { v = makeVariant(c.schema, opts.schemaVariant); variantCache.set(vkey, v); }
        const back = invertKeys(v.keys);
        c = { ...c, schema: v.schema, expected: renameValues(c.expected, v.keys), skip_fields: c.skip_fields?.map((f) => v!.keys[f]?.to ?? f) };
        original = (name) => back[name]?.to ?? name;
      }
      const docFile = findDocument(join(dir, id));
      if (!docFile) continue;
      const key = JSON.stringify(c.schema);
      let compiled = schemaCache.get(key);
      if (!compiled) { compiled = compileSchema(c.schema); schemaCache.set(key, compiled); }
      let doc: DocumentModel;
      let ingestMs = 0;
      try {
        const loaded = await loadDocument(join(dir, id, docFile), opts);
        doc = loaded.doc; ingestMs = loaded.ms;
      } catch (e) {
        process.stderr.write(`ingest failed ${set}/${id}: ${(e as Error).message}\n`);
        doc = { format: 'pdf', pages: [], pageCount: 0, wordCount: 0 };
      }
      const t0 = performance.now();
      const result = extractFromDocument(doc, compiled, { debug: true, ocrRepair: opts.ocrRepair });
      const exMs = performance.now() - t0;
      ms += ingestMs + exMs;
      pages += doc.pageCount;
      opts.onCase?.(set, id, ingestMs + exMs);
      if (compiled.root.properties.some((p) => p.node.kind === 'array' && p.node.items.kind === 'object')) hasItems = true;
      if (scoreCase(set, id, c, compiled, result, setOutcomes, items, original)) docsCorrect++;
      if (opts.out) {
        const outDir = join(opts.out, set);
        mkdirSync(outDir, { recursive: true });
        writeFileSync(join(outDir, `${id}.json`), JSON.stringify(result.data, null, 2));
        const pub = structuredClone(result);
        for (const f of Object.values(pub.fields)) { delete f.raw_score; delete f.group; delete f.candidate; delete f.features; delete f.kind; delete f.profile; delete f.candidates; }
        writeFileSync(join(outDir, `${id}.result.json`), JSON.stringify(pub, null, 2));
      }
    }
    const perField: SetReport['perField'] = {};
    for (const o of setOutcomes) {
      const f = (perField[o.field] ??= { n: 0, strict: 0, fuzzy: 0 });
      f.n++; f.strict += o.strict; f.fuzzy += o.fuzzy;
    }
    const n = setOutcomes.length;
    const f1 = items.tp + items.fp + items.fn ? (2 * items.tp) / (2 * items.tp + items.fp + items.fn) : undefined;
    reports.push({
      set, cases: cases.length, fields: n,
      strict: n ? setOutcomes.reduce((a, o) => a + o.strict, 0) / n : 0,
      fuzzy: n ? setOutcomes.reduce((a, o) => a + o.fuzzy, 0) / n : 0,
      docAllCorrect: cases.length ? docsCorrect / cases.length : 0,
      ece: ece(setOutcomes.map((o) => ({ p: o.confidence, y: o.strict }))),
      pages, seconds: ms / 1000, lineItemF1: hasItems ? f1 : undefined, perField,
    });
    outcomes.push(...setOutcomes);
  }
  return { reports, outcomes };
}

export function formatReports(reports: SetReport[], outcomes: FieldOutcome[]): string {
  const pad = (s: string, n: number) => s.padEnd(n);
  // the set column fits the longest name (scanned copies are called e.g. scan-fax-parsee-invoices)
  const setWidth = Math.max(18, ...reports.map((r) => r.set.length + 2));
  const lines = [`${pad('set', setWidth)}${pad('cases', 7)}${pad('fields', 8)}${pad('strict', 8)}${pad('fuzzy', 8)}${pad('doc-all', 9)}${pad('ECE', 7)}${pad('pages/s', 9)}line-F1`];
  for (const r of reports) {
    lines.push(`${pad(r.set, setWidth)}${pad(String(r.cases), 7)}${pad(String(r.fields), 8)}${pad(r.strict.toFixed(3), 8)}${pad(r.fuzzy.toFixed(3), 8)}${pad(r.docAllCorrect.toFixed(3), 9)}${pad(r.ece.toFixed(3), 7)}${pad((r.pages / Math.max(1e-6, r.seconds)).toFixed(1), 9)}${r.lineItemF1 === undefined ? '-' : r.lineItemF1.toFixed(3)}`);
  }
  lines.push(`overall ECE ${ece(outcomes.map((o) => ({ p: o.confidence, y: o.strict }))).toFixed(3)} over ${outcomes.length} fields`);
  lines.push(`auto-approve: ${autoApprove(outcomes).map((t) => `confidence >= ${t.threshold}: ${(100 * t.coverage).toFixed(1)}% of fields, ${(100 * t.accuracy).toFixed(1)}% correct`).join('; ')}`);
  return lines.join('\n');
}

/**
 * What a caller auto-approving fields above a confidence threshold would get: the share of fields at or
 * above it (coverage) and how many of those are strictly correct. Calibration is only useful if this holds.
 */
export function autoApprove(outcomes: Pick<FieldOutcome, 'confidence' | 'strict'>[], thresholds = [0.8, 0.9, 0.95]): { threshold: number; coverage: number; accuracy: number }[] {
  return thresholds.map((threshold) => {
    const above = outcomes.filter((o) => o.confidence >= threshold);
    return { threshold, coverage: outcomes.length ? above.length / outcomes.length : 0, accuracy: above.length ? above.reduce((n, o) => n + o.strict, 0) / above.length : 0 };
  });
}

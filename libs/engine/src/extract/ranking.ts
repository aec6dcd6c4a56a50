/**
 * Ranking helpers shared by the field kinds: context cue words from the field's own name and description, the
 * generic hand-weighted candidate scorer, and merging candidates of equal value.
 */
import type { LeafNode } from '../schema/compile.js';
import { fieldWords, nameWords } from '../schema/semantic.js';
import { normText } from '../normalize/text.js';
import type { RawCandidate } from './candidates.js';
import type { DocContext, Span } from './context.js';
import { findLabels, labelPhrases, labelRelation, type LabelHit } from './labels.js';
import { sigmoid, type Scored } from './scored.js';
import { cuePhrases } from '../knowledge/document-words/index.js';
import { CUE_ROLES, FIELD_STOP_WORDS, fieldWordsTest } from '../knowledge/field-words/index.js';

/** Words of field names too common to cue anything (knowledge/field-words). */
export const GENERIC: ReadonlySet<string> = new Set(FIELD_STOP_WORDS);

/** Roles a field's name asks for, with the phrases that cue each in a contract's sentences (knowledge). */
const CUES = CUE_ROLES.map((r) => ({ fits: fieldWordsTest(r.fits), cues: cuePhrases(r.role) }));

/**
 * Context cue stems: specific words of the field's name and description (minus generic words), and the phrases
 * that cue the role its name asks for ("effective date": "commenc", "as of").
 */
export function cueWords(leaf: Pick<LeafNode, 'name' | 'title' | 'description' | 'reading'>): string[] {
  const words = [...fieldWords(leaf), ...nameWords(leaf.title ?? '')];
  const extra: string[] = [];
  const n = words.join(' ');
  for (const c of CUES) if (c.fits(n)) extra.push(...c.cues);
  return [...new Set([...words.filter((w) => !GENERIC.has(w) && w.length > 2), ...extra])];
}

export function cueScore(ctx: DocContext, c: Span, cues: string[], window = 160, after = 0, from?: (before: string) => number): number {
  if (!cues.length) return 0;
  const text = ctx.pages[c.p].text;
  let before = text.slice(Math.max(0, c.start - window), c.start).toLowerCase();
  if (from) before = before.slice(from(before));
  // after the value, only the rest of its clause: up to the line's end or the next figure (another value's)
  const aft = after ? text.slice(c.end, c.end + after).split(/[\n\d]/)[0]!.toLowerCase() : '';
  let s = 0;
  let n = 0;
  for (const cue of cues) {
    const i = before.lastIndexOf(cue);
    if (i >= 0) { s = Math.max(s, 0.4 + 0.6 * (i / Math.max(1, before.length))); n++; }
    if (after && aft.includes(cue)) s = Math.max(s, 0.5);
  }
  // several distinct cues around the value reinforce each other
  return n > 1 ? Math.min(1.4, s + 0.2 * (n - 1)) : s;
}

/** Merge candidates with equal values: keep the best-scoring span, count support. */
export function aggregate(list: Scored[]): Scored[] {
  const byVal = new Map<string, Scored>();
  for (const s of list) {
    const key = typeof s.value === 'string' ? normText(s.value) : JSON.stringify(s.value);
    const prev = byVal.get(key);
    if (!prev) byVal.set(key, { ...s, features: { ...s.features, support: 1 } });
    else {
      prev.features.support++;
      if (s.score > prev.score) { prev.value = s.value; prev.spans = s.spans; prev.features = { ...s.features, support: prev.features.support }; prev.score = s.score; }
    }
  }
  const out = [...byVal.values()];
  for (const s of out) s.score = Math.min(1, s.score + 0.03 * Math.min(4, s.features.support - 1));
  return out.sort((a, b) => b.score - a.score || (a.spans[0]?.p ?? 0) - (b.spans[0]?.p ?? 0) || (a.spans[0]?.start ?? 0) - (b.spans[0]?.start ?? 0));
}

/** How much more a borrowed header labels a column's total than the row it was borrowed from. */
export const BORROWED_LABEL_LEAD = 0.1;

/** The relation of `c` to a label printed above it (a column header), plus the lead of a borrowed one; else 0. */
function headerRelation(ctx: DocContext, hits: LabelHit[], c: RawCandidate, nPhrases: number): number {
  const r = labelRelation(ctx, hits, c, nPhrases);
  if (!r.hit || r.score <= 0) return 0;
  return labelAbove(ctx, r.hit, c) ? Math.min(1, r.score + BORROWED_LABEL_LEAD) : 0;
}

/** What the generic ranker weighs: the field's labels, its context cue words, earliness (weight), a cue window. */
export interface RankOptions {
  label: boolean; cue: boolean; early: number; window?: number; hits?: (h: LabelHit[]) => LabelHit[];
  /**
   * Another candidate whose label above this one also labels this one (a column's total, its first row's header),
   * a little more strongly (BORROWED_LABEL_LEAD): the header names the column, and its total answers it.
   */
  labelFrom?: (c: RawCandidate) => RawCandidate | undefined;
  /** A cell of a list (a table column): a label above it heads the whole column and labels it only LIST_HEADER as much. */
  listCell?: (c: RawCandidate) => boolean;
  /** A label score the candidate's place implies where no printed label names it (an amount's role in a row that adds up). */
  impliedLabel?: (c: RawCandidate) => number;
  /** Where in the text before a candidate its cue words may stand (from this index of it on): see cueScore. */
  cueFrom?: (before: string) => number;
  /**
   * How far after a candidate its cue words may stand, within its clause: languages that put the verb last
   * ("vóór 16/06/2024 over te maken", "bis 30.06. zu überweisen"). A cue after counts less than one before.
   */
  cueAfter?: number;
}

/** How much a column header labels one cell of the list under it. */
export const LIST_HEADER = 0.3;

/** Whether the label hit lies in a row above the candidate (a header over it, not a label before it). */
function labelAbove(ctx: DocContext, hit: LabelHit | undefined, c: RawCandidate): boolean {
  if (!hit) return false;
  const hb = ctx.spanBox(hit);
  const cb = ctx.spanBox(c);
  return !!hb && !!cb && hb.row1 < cb.row0;
}

/**
 * The shared candidate scorer: label relation, context cues, position, OCR certainty and a kind-specific prior,
 * hand-weighted into one logistic score, merged by value.
 */
export function rankGeneric(ctx: DocContext, leaf: LeafNode, cands: RawCandidate[], o: RankOptions, prior: (c: RawCandidate) => number = () => 0): Scored[] {
  const phrases = labelPhrases(leaf);
  const found = o.label ? findLabels(ctx, phrases) : [];
  const hits = o.hits ? o.hits(found) : found;
  const cues = o.cue ? cueWords(leaf) : [];
  const out: Scored[] = [];
  for (const c of cands) {
    const rel = o.label ? labelRelation(ctx, hits, c, phrases.length) : undefined;
    let lab = rel?.score ?? 0;
    if (lab > 0 && o.listCell?.(c) && labelAbove(ctx, rel!.hit, c)) lab *= LIST_HEADER;
    const from = o.label ? o.labelFrom?.(c) : undefined;
    if (from) lab = Math.max(lab, headerRelation(ctx, hits, from, phrases.length));
    if (o.impliedLabel) lab = Math.max(lab, o.impliedLabel(c));
    const cue = o.cue ? cueScore(ctx, c, cues, o.window ?? 160, o.cueAfter ?? 0, o.cueFrom) : 0;
    const pos = ctx.position(c);
    const early = 1 - Math.min(1, pos);
    const pr = prior(c);
    const conf = ctx.wordConfidence(c);
    const z = -2.2 + 3.2 * lab + 2.2 * cue + o.early * early + pr + 0.8 * (conf - 1);
    out.push({ value: c.value, spans: [c], score: sigmoid(z), features: { lab, cue, early, prior: pr, conf } });
  }
  return aggregate(out);
}

/** Candidates of a fixed shape (e-mail, IBAN, ...): labels and earliness decide among them. */
export function rankPattern(ctx: DocContext, leaf: LeafNode, cands: RawCandidate[], base: number): Scored[] {
  return rankGeneric(ctx, leaf, cands, { label: true, cue: false, early: 0.3 }, () => base);
}

/**
 * Type-aware readers that see through OCR confusions: dates ("2o/O5/2017", "05/61/2018", "14/dun/2017")
 * and amounts ("RM &.40", "37 50", "3392", "5,90", "$9.00"). Every reading carries a repair cost
 * (0 = read as printed) and keeps the offsets of the text it came from, for grounding.
 */
import { findDates, isoDate, expandYear, type DateOrder } from '../normalize/dates.js';
import { DIGIT_FOR, DIGIT_SWAPS, DIGIT_SWAP_COST, digitize, spanCost, subCost } from './confusion.js';
import { wordsPattern } from '../knowledge/document-words/index.js';
import { languageOf } from '../knowledge/languages/index.js';
import { receiptWords } from '../knowledge/receipts/index.js';

export interface RepairedDate {
  iso: string;
  start: number;
  end: number;
  text: string;
  cost: number;
  ambiguous: boolean;
}

/** The English months' first three letters, January first (knowledge/languages): what a misread month is read as. */
export const MONTHS3 = languageOf('en').months.map((names) => names[0]!.slice(0, 3));

/** Month number for a possibly misread 3+ letter month name, with a cost (undefined when too far). */
export function fuzzyMonth(word: string): { month: number; cost: number } | undefined {
  const w = word.slice(0, 3).toLowerCase();
  if (w.length < 3) return undefined;
  let best: { month: number; cost: number } | undefined;
  MONTHS3.forEach((m, i) => {
    let c = 0;
    for (let k = 0; k < 3; k++) c += subCost(w[k]!, m[k]!);
    if (c <= 1 && (!best || c < best.cost)) best = { month: i + 1, cost: c };
  });
  return best;
}

const RE_WORD_MONTH = /(?<![\d])(\d{1,2})\s?[-/. ]?[^\w\s]?\s?([A-Za-z]{3,9})\.?\s?[-/., ]\s?(\d{4}|\d{2})(?![\d])/g;
const RE_NUMERIC = /(?<![\d])(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d])/g;

/** A run of digits after a date label (knowledge/receipts `dateLabels`): a date with its separators misread or lost. */
export const RE_LABELLED_RUN = new RegExp(`(\\b(?:${wordsPattern(receiptWords('dateLabels'))})\\s*[:.]?\\s*)(\\d{10}|\\d{8})(?!\\d)`, 'gi');
/** Cost of a date separator read as a digit or lost. */
const SEPARATOR_COST = 0.5;
/** Cost of reading a numeric date in the order against the document's convention. */
export const AGAINST_ORDER_COST = 0.6;

/** Dates in `text`, read as printed and through confusions, best (cheapest) reading per span. */
export function repairedDates(text: string, order: DateOrder = 'dmy'): RepairedDate[] {
  const out: RepairedDate[] = [];
  const add = (d: RepairedDate) => {
    const clash = out.findIndex((o) => o.start < d.end && d.start < o.end);
    if (clash >= 0) {
      if (out[clash]!.cost <= d.cost) return;
      out.splice(clash, 1);
    }
    out.push(d);
  };
  // a date valid only against the document's convention is as likely a digit misread as the other order
  const against = (d: { againstOrder?: boolean }) => (d.againstOrder ? AGAINST_ORDER_COST : 0);
  for (const d of findDates(text, order)) add({ iso: d.iso, start: d.start, end: d.end, text: d.text, cost: against(d), ambiguous: !!d.ambiguous });
  const dig = digitize(text);
  if (dig.text !== text) {
    for (const d of findDates(dig.text, order)) {
      add({ iso: d.iso, start: d.start, end: d.end, text: text.slice(d.start, d.end), cost: spanCost(dig, d.start, d.end) + against(d), ambiguous: !!d.ambiguous });
    }
  }
  // after a date label, digits with the separators misread as digits or lost: "DATE: 2540422017", "DATE: 25042017"
  for (const m of dig.text.matchAll(RE_LABELLED_RUN)) {
    const run = m[2]!;
    const start = m.index! + m[1]!.length;
    const end = start + run.length;
    if (out.some((o) => o.start < end && start < o.end)) continue;
    const ymd = run.length === 8 && /^(19|20)/.test(run) && !/^(19|20)\d{2}(19|20)\d{2}$/.test(run);
    if (ymd) {
      const iso = isoDate(Number(run.slice(0, 4)), Number(run.slice(4, 6)), Number(run.slice(6)));
      if (iso) add({ iso, start, end, text: text.slice(start, end), cost: spanCost(dig, start, end) + SEPARATOR_COST, ambiguous: false });
      continue;
    }
    const [d, mo, y] = run.length === 10 ? [run.slice(0, 2), run.slice(3, 5), run.slice(6)] : [run.slice(0, 2), run.slice(2, 4), run.slice(4)];
    const yy = Number(y);
    const iso = yy >= 1990 && yy <= 2089 ? (order === 'dmy' ? isoDate(yy, Number(mo), Number(d)) : isoDate(yy, Number(d), Number(mo))) : undefined;
    if (iso) add({ iso, start, end, text: text.slice(start, end), cost: spanCost(dig, start, end) + (run.length === 10 ? 2 * SEPARATOR_COST : SEPARATOR_COST), ambiguous: false });
  }
  // misread month names: "14/dun/2017", "14fMay/2017"
  for (const m of dig.text.matchAll(RE_WORD_MONTH)) {
    // a stray mark glued to the month ("14fMay/2017") costs one more repair
    const fm0 = fuzzyMonth(m[2]!);
    const fm = fm0 ?? (m[2]!.length >= 4 ? (() => { const f = fuzzyMonth(m[2]!.slice(1)); return f && { month: f.month, cost: f.cost + 0.5 }; })() : undefined);
    if (!fm || fm.cost === 0) continue;
    const iso = isoDate(expandYear(m[3]!), fm.month, Number(m[1]));
    if (iso) add({ iso, start: m.index!, end: m.index! + m[0].length, text: text.slice(m.index!, m.index! + m[0].length), cost: 0.5 + fm.cost + spanCost(dig, m.index!, m.index! + m[0].length), ambiguous: false });
  }
  // impossible numeric dates: one misread digit ("05/61/2018" -> 05/01/2018)
  for (const m of dig.text.matchAll(RE_NUMERIC)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (out.some((o) => o.start < end && start < o.end)) continue;
    const y = expandYear(m[4]!);
    const base = spanCost(dig, start, end) + DIGIT_SWAP_COST;
    const tries: [string, string][] = [];
    const a = m[1]!.padStart(2, '0');
    const b = m[3]!.padStart(2, '0');
    for (let k = 0; k < 2; k++) {
      for (const s of DIGIT_SWAPS[a[k]!] ?? []) tries.push([a.slice(0, k) + s + a.slice(k + 1), b]);
      for (const s of DIGIT_SWAPS[b[k]!] ?? []) tries.push([a, b.slice(0, k) + s + b.slice(k + 1)]);
    }
    const valid = [...new Set(tries.map(([d, mo]) => (order === 'dmy' ? isoDate(y, Number(mo), Number(d)) : isoDate(y, Number(d), Number(mo)))).filter(Boolean))] as string[];
    // several repairs fit: too uncertain
    if (valid.length === 1) add({ iso: valid[0]!, start, end, text: text.slice(start, end), cost: base, ambiguous: false });
  }
  return out.sort((x, y) => x.start - y.start);
}

export interface RepairedAmount {
  value: number;
  start: number;
  end: number;
  cost: number;
  /** Written with two decimals (after repair). */
  dec: boolean;
}

/**
 * Amounts in `text` (one line) read through confusions: "12.50", "1,234.50", "5,90", "RM&.40", "37 50" (space
 * for the point), "3392" (point lost), "465.340" (a stray third decimal). Overlapping readings are all kept.
 */
export function repairedAmounts(text: string): RepairedAmount[] {
  const dig = digitize(text, 1);
  const t = dig.text;
  const out: RepairedAmount[] = [];
  const push = (value: number, start: number, end: number, extra: number, dec: boolean) => {
    if (!Number.isFinite(value)) return;
    // "GST @ 6%", "6.00 %": a rate, not an amount
    if (/^\s?%/.test(t.slice(end))) return;
    out.push({ value: Math.round(value * 100) / 100, start, end, cost: extra + spanCost(dig, start, end), dec });
  };
  for (const m of t.matchAll(/(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)(\s?)([.,])(\s?)(\d{2})(\d?)(?![\d])/g)) {
    const int = m[1]!.replace(/,/g, '');
    const spaced = (m[2] ? 0.3 : 0) + (m[4] ? 0.3 : 0);
    const comma = m[3] === ',' ? 0.15 : 0;
    const third = m[6] ? 0.6 : 0;
    if (m[6] && m[6] !== '0') continue;
    push(Number(`${int}.${m[5]}`), m.index!, m.index! + m[0].length, spaced + comma + third, true);
  }
  for (const m of t.matchAll(/(?<![\d.,])(\d{1,4}) (\d{2})(?![\d.,])/g)) {
    push(Number(`${m[1]}.${m[2]}`), m.index!, m.index! + m[0].length, 0.6, true);
  }
  for (const m of t.matchAll(/(?<![\d.,])(\d{1,6})(?![\d.,])/g)) {
    const s = m[1]!;
    const start = m.index!;
    const end = start + s.length;
    if (out.some((o) => o.start < end && start < o.end)) continue;
    if (s.length >= 3) push(Number(s) / 100, start, end, 0.8, true);
    push(Number(s), start, end, 0.9, false);
  }
  return out;
}

const LOST_DIGIT_COST = 0.5;

/** Alternative values of an amount reading with one more digit confusion (or a lost first digit) each (for consistency checks). */
export function digitSwapVariants(a: RepairedAmount, text: string): RepairedAmount[] {
  const s = text.slice(a.start, a.end);
  const out: RepairedAmount[] = [];
  const dig = digitize(s, 1).text;
  for (let k = 0; k < dig.length; k++) {
    const ch = dig[k]!;
    const alts = [...(DIGIT_SWAPS[ch] ?? [])];
    const orig = s[k]!;
    // a symbol read as a digit may have been another digit ("$" for 5, 8 or 9)
    for (const [d] of DIGIT_FOR[orig] ?? []) if (d !== ch) alts.push(d);
    for (const alt of alts) {
      const v = repairedAmounts(dig.slice(0, k) + alt + dig.slice(k + 1)).find((x) => x.dec === a.dec && x.start === 0);
      if (v) out.push({ ...v, start: a.start, end: a.end, cost: a.cost + DIGIT_SWAP_COST });
    }
  }
  // a faint first digit lost altogether ("TOTAL 1.00" printed as 71.00): cheaper than a swap, a whole
  // digit missing at the edge of a faded print is a common misread; the callers still demand agreeing sums
  const first = dig.search(/\d/);
  if (first >= 0) {
    for (let d = 1; d <= 9; d++) {
      const v = repairedAmounts(dig.slice(0, first) + String(d) + dig.slice(first)).find((x) => x.dec === a.dec && x.start === 0);
      if (v) out.push({ ...v, start: a.start, end: a.end, cost: a.cost + LOST_DIGIT_COST });
    }
  }
  return out;
}

/**
 * Reading through OCR character confusions (Tesseract on receipt/invoice photos): digits inside numeric
 * tokens ("2o/O5/2017", "RM &.40", "$9.00") without touching ordinary words, and a confusion-aware edit
 * distance between words. What is confused with what is data: knowledge/ocr-confusions.
 */
import { DIGIT_FOR, DIGIT_SWAPS, LETTER_CONFUSIONS } from '../knowledge/ocr-confusions/index.js';

// (re-exported for the readers)
export { DIGIT_FOR, DIGIT_SWAPS, LETTER_CONFUSIONS };

export const DIGIT_SWAP_COST = 0.8;

const LETTER_PAIRS = new Set<string>();
for (const p of LETTER_CONFUSIONS) {
  LETTER_PAIRS.add(p);
  LETTER_PAIRS.add(p[1] + p[0]);
}

/** Substitution cost between two characters of two readings (case-insensitive): 0 same, ~0.4 confusable, 1 other. */
export function subCost(a: string, b: string): number {
  if (a === b) return 0;
  const A = a.toUpperCase();
  const B = b.toUpperCase();
  if (A === B) return 0.1;
  return LETTER_PAIRS.has(A + B) ? 0.4 : 1;
}

/** Weighted edit distance with confusion-aware substitutions (indels cost 1). */
export function confusionDistance(a: string, b: string): number {
  const la = a.length;
  const lb = b.length;
  let prev = new Float64Array(lb + 1);
  let cur = new Float64Array(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    for (let j = 1; j <= lb; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + subCost(a[i - 1]!, b[j - 1]!));
    }
    [prev, cur] = [cur, prev];
  }
  return prev[lb]!;
}

export interface Digitized {
  /** Same length as the input: confusable characters inside numeric tokens replaced by digits. */
  text: string;
  /** Cost of the replacements made at each position (0 where unchanged). */
  cost: Float32Array;
}

const TOKEN_RE = /[^\s]+/g;

/**
 * Reads numeric-looking tokens through confusions: inside a whitespace-delimited token holding at least
 * `minDigits` real digits (and mostly digits/separators), confusable characters become digits. Letters in
 * word-like tokens are left alone. Offsets are preserved (one character for one character).
 */
export function digitize(text: string, minDigits = 2): Digitized {
  const out = text.split('');
  const cost = new Float32Array(text.length);
  const conf = (ch: string | undefined) => ch !== undefined && DIGIT_FOR[ch] !== undefined;
  const sep = (ch: string | undefined) => ch !== undefined && /[.,/\-:]/.test(ch);
  for (const m of text.matchAll(TOKEN_RE)) {
    const tok = m[0];
    const digits = (tok.match(/\d/g) ?? []).length;
    if (digits < minDigits) continue;
    const first = tok.search(/\d/);
    let last = tok.length - 1;
    while (!/\d/.test(tok[last]!)) last--;
    // extend left over confusables (at most 2, possibly across one separator): "&.40", "2o/05", "©3/03"
    let a = first;
    let taken = 0;
    while (a > 0 && taken < 2 && (conf(tok[a - 1]) || (sep(tok[a - 1]) && conf(tok[a - 2])))) {
      if (sep(tok[a - 1])) a -= 2; else a--;
      taken++;
    }
    // a word before the number stays a word ("Date", "RM"): only take confusables not preceded by letters
    while (a < first && /[A-Za-z]/.test(tok[a]!) && /[A-Za-z]/.test(tok[a - 1] ?? '')) a++;
    // a leading "$" before digits is a currency sign more often than a misread digit
    while (a < first && /[$§]/.test(tok[a]!)) a++;
    let b = last + 1;
    // complete two decimals: "28.1%" -> one confusable right after "d.d"
    if (conf(tok[b]) && /[.,]\d$/.test(tok.slice(0, b)) && !/[A-Za-z]/.test(tok[b + 1] ?? '')) b++;
    const body = tok.slice(a, b);
    const bodyDigits = (body.match(/\d/g) ?? []).length;
    let confusables = 0;
    for (const ch of body) if (!/[\d.,/\-:]/.test(ch)) confusables++;
    if (bodyDigits < minDigits || confusables > Math.max(1, bodyDigits / 2)) continue;
    let ok = true;
    for (const ch of body) if (!/[\d.,/\-:]/.test(ch) && !conf(ch)) ok = false;
    if (!ok) continue;
    const base = m.index! + a;
    for (let k = 0; k < body.length; k++) {
      const alt = DIGIT_FOR[body[k]!];
      if (!alt) continue;
      out[base + k] = alt[0]![0];
      cost[base + k] = alt[0]![1];
    }
  }
  return { text: out.join(''), cost };
}

export function spanCost(d: Digitized, start: number, end: number): number {
  let c = 0;
  for (let i = start; i < end; i++) c += d.cost[i]!;
  return c;
}

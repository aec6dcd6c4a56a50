/**
 * Receipt fields on OCR'd receipts: merchant name (the first clean line of the header), its address (the
 * block of lines below it, up to the phone/tax-id lines), the transaction date and the total paid (a
 * 'total'-labelled amount that agrees with the payment, change, subtotal, tax and rounding lines).
 * Values are read through OCR confusions (see readers.ts); label words are matched with confusion costs,
 * so "Tota!", "TOIAL" and "SubTatal" still count. Never keyed on particular merchants.
 */
import type { Page, Word } from '../document/model.js';
import type { DocContext, Span } from '../extract/context.js';
import type { Scored } from '../extract/scored.js';
import type { LeafNode } from '../schema/compile.js';
import { localeDateOrder } from '../normalize/dates.js';
import { fieldWords } from '../schema/semantic.js';
import { addressWordFits, repairAddress, trimAddressLine } from './address.js';
import { confusionDistance } from './confusion.js';
import { digitSwapVariants, repairedAmounts, repairedDates, type RepairedAmount } from './readers.js';
import { ocrRepairSettings, type OcrRepairOptions, type OcrRepairSettings } from './options.js';
import { CONFIDENT_MARGIN, lineReadings, pageSpan, type LineReading, type ReadingKind } from './readings.js';
import { wordsPattern } from '../knowledge/document-words/index.js';
import { fieldWordsTest, RECEIPT_FIELD_WORDS } from '../knowledge/field-words/index.js';
import { ocrSpellingsPattern } from '../knowledge/ocr-confusions/index.js';
import { RECEIPT_LEGAL_FORMS, receiptCueSpellings, receiptWords, sumWords } from '../knowledge/receipts/index.js';

/**
 * The readings of a line that extraction may use: the vote with the line re-reading only on lines of one
 * printed line (see OcrRepairOptions.tallLine). (The re-reading on its own is not a reading here: on the receipts
 * it found no value that the page passes missed, and read some dates of neighbouring lines.)
 */
function readingsOf(page: Page, line: number, kinds: readonly ReadingKind[], tuning: OcrRepairSettings): LineReading[] {
  const tall = tallLines(page, tuning.tallLine);
  return lineReadings(page, line, tall.has(line) ? kinds.filter((k) => k !== 'vote') : kinds);
}

const tallMemo = new WeakMap<Page, { factor: number; lines: Set<number> }>();
function tallLines(page: Page, factor: number): Set<number> {
  let out = tallMemo.get(page);
  if (out?.factor !== factor) {
    const heights = page.lines.map((l) => l.bbox[3] - l.bbox[1]);
    const sorted = [...heights].sort((a, b) => a - b);
    const usual = sorted[sorted.length >> 1] ?? 0;
    out = { factor, lines: new Set(heights.flatMap((h, i) => (usual > 0 && h > factor * usual ? [i] : []))) };
    tallMemo.set(page, out);
  }
  return out.lines;
}
/** Extra cost of a value found in a reading other than the primary one. */
function readingCost(r: LineReading, tuning: OcrRepairSettings): number {
  switch (r.kind) {
    case 'primary': return 0;
    case 'vote': return tuning.voteCost;
    default: return tuning.altCost + r.doubt;
  }
}

/**
 * Text of page span [start, end) with each whole word in the reading the field's type prefers: the second
 * pass's reading of a word replaces the first when `prefer` says so (for addresses: "TAHAN" / "TAMAN", see
 * `preferAddressAlt`).
 */
function typedSpanText(page: Page, start: number, end: number, prefer: (w: Word) => boolean): string {
  let out = '';
  let pos = start;
  for (const w of page.words) {
    if (w.end <= start || w.start >= end || w.start < start || w.end > end || !w.alt) continue;
    if (!prefer(w)) continue;
    out += page.text.slice(pos, w.start) + w.alt.text;
    pos = w.end;
  }
  return out + page.text.slice(pos, end);
}

/**
 * Whether the second reading of an address word is the better one: only it is an address word or a postcode; or, for a lot,
 * unit or street code (a word with digits), it was read with clearly more confidence ("UP," / "U9,",
 * "1851-4" / "1851-A"): codes follow no vocabulary, so the recogniser's confidence is the evidence left.
 */
function preferAddressAlt(w: Word): boolean {
  const alt = w.alt!;
  const fits = addressWordFits(w.text);
  const altFits = addressWordFits(alt.text);
  if (altFits && !fits) return true;
  if (fits && !altFits) return false;
  // a code: digits in the first reading, or a second reading shaped like a code ("U9,", "PT17920")
  const coded = /\d/.test(w.text) || /^\(?[A-Z]{0,4}\d[\dA-Z]*(?:[-/][\dA-Z]+)*[,.]?$/.test(alt.text);
  const alnum = (t: string) => t.replace(/[^A-Za-z0-9]/g, '').length;
  // a reading that drops characters ("31G&33G," / "33G,", "3," / "2") lost part of the print
  const whole = alnum(alt.text) >= Math.max(2, alnum(w.text)) && alt.text.length >= w.text.length - 1 && (!/[,.]$/.test(w.text) || /[,.]$/.test(alt.text));
  return coded && whole && /\d/.test(alt.text) && alt.confidence > w.confidence + CONFIDENT_MARGIN && !/\s/.test(alt.text);
}

/** Text of page span [start, end) with each whole word in the chosen reading. */
function spanText(page: Page, start: number, end: number, reading: OcrRepairSettings['nameReading']): string {
  if (reading === 'primary') return page.text.slice(start, end);
  let out = '';
  let pos = start;
  for (const w of page.words) {
    if (w.end <= start || w.start >= end) continue;
    if (w.start < start || w.end > end || !w.alt || !(w.alt.confidence > w.confidence + CONFIDENT_MARGIN)) continue;
    out += page.text.slice(pos, w.start) + w.alt.text;
    pos = w.end;
  }
  return out + page.text.slice(pos, end);
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

interface LineInfo {
  i: number;
  start: number;
  end: number;
  text: string;
  /** Lower-cased text with digits inside words read as letters ("TOTA1" -> "total"). */
  words: string[];
  conf: number;
  height: number;
  y: number;
}

function wordsOf(text: string): string[] {
  // words printed without a space keep their capitals: "TotalGST", "GrossAmt", "SubTotal"
  return text
    .replace(/([a-z]{3})([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9!|$@]+/)
    .filter(Boolean)
    .map((w) => (/[a-z]{2}/.test(w) ? w.replace(/0/g, 'o').replace(/[1!|]/g, 'l').replace(/[5$]/g, 's').replace(/@/g, 'a') : w));
}

function lineInfos(page: Page): LineInfo[] {
  return page.lines.map((l, i) => {
    const text = page.text.slice(l.start, l.end);
    let conf = 0;
    for (let w = l.wordStart; w < l.wordEnd; w++) conf += page.words[w]!.confidence;
    conf /= Math.max(1, l.wordEnd - l.wordStart);
    return { i, start: l.start, end: l.end, text, words: wordsOf(text), conf, height: l.bbox[3] - l.bbox[1], y: l.bbox[1] };
  });
}

/** Whether a word reads as one of `keys` (allowing OCR confusions; short keys must match closely). */
function isWord(w: string, keys: readonly string[]): boolean {
  for (const k of keys) {
    if (w === k) return true;
    if (k.length < 4 || Math.abs(w.length - k.length) > 1) continue;
    if (confusionDistance(w, k) <= (k.length <= 5 ? 1 : 1.5)) return true;
  }
  return false;
}
const has = (l: LineInfo, keys: readonly string[]) => l.words.some((w) => isWord(w, keys));

/**
 * The receipt cues (knowledge/receipts): each cue's spellings as whole words, the cues found as word beginnings,
 * and the ringgit sign before an amount ("RM 12.50", a shape: in capitals only).
 */
const RECEIPT_CUES: readonly RegExp[] = [
  ...receiptCueSpellings().map((spellings) => new RegExp(`\\b(?:${wordsPattern(spellings, { space: '\\s*', hyphen: '-?\\s?' })})\\b`, 'i')),
  ...receiptWords('cuePrefixes').map((w) => new RegExp(`\\b(?:${wordsPattern([w])})`, 'i')),
  /\bRM\s?\d/,
];

/** Count of distinct receipt cues in the text (cash/change/rounding/cashier/...). */
export function receiptCues(text: string): number {
  return RECEIPT_CUES.filter((re) => re.test(text)).length;
}

/** A receipt photo or scan: OCR'd, one or two pages, with receipt vocabulary (two distinct cues). */
export function looksLikeReceipt(ctx: DocContext): boolean {
  return ctx.memo('ocr-repair:receipt', () => {
    const pages = ctx.pages;
    if (!pages.length || pages.length > 2 || pages.some((p) => p.source !== 'ocr')) return false;
    // two cues: tax-invoice style receipts ("Total Payable", GST, SDN BHD) print no cash/change lines
    return receiptCues(pages.map((p) => p.text).join('\n')) >= 2;
  });
}

// ---------------------------------------------------------------------------------------------------
// Header: merchant name and address.

/** Header and address words as a pattern (knowledge/receipts): a space matches any run of spaces, or none. */
const receiptPattern = (words: readonly string[]) => wordsPattern(words, { space: '\\s*' });
/** A merchant's legal form or trade word. */
export const LEGAL = new RegExp(`\\b(${receiptPattern(receiptWords('merchantWords'))})\\b`, 'i');
/** A header line's label ("Tel", "GST Reg", "No: 12"), or an e-mail's "@". */
export const LABEL_LINE = new RegExp(`\\b(${receiptPattern(receiptWords('headerLabels'))}|no\\s*:\\s*\\d)\\b|@`, 'i');
const REG_ONLY = /^\W*(?:\(?\s*(?:co\.?\s*)?(?:reg(?:istration)?\.?\s*(?:no\.?)?|company\s*(?:reg|no)\.?|roc|brn)?\s*[:.#]?\s*[\dA-Z]{0,3}\d{3,}[\d\s]*[-\s]?[A-Z]?\s*[)\]}]?)\W*$/i;
/** An address word, a place of the receipts' locale, or a section code ("SS2"). */
export const ADDRESS_WORD = new RegExp(`\\b(${receiptPattern(receiptWords('addressWords'))}|ss\\d+)\\b`, 'i');

/** A header label word misread by one or two confusable letters ("LHVOICE", "RECE1PT"). */
const MISREAD_LABELS = receiptWords('misreadLabels');
const misreadLabel = (w: string) => MISREAD_LABELS.some((k) => w.length === k.length && confusionDistance(w, k) <= 0.8);

/** Letters-and-words quality of a header line: garbage from logos and stamps scores low. */
function lineQuality(l: LineInfo): number {
  const t = l.text.trim();
  const chars = t.replace(/\s/g, '');
  if (chars.length < 3) return 0;
  const letters = (t.match(/[A-Za-z]/g) ?? []).length;
  const digits = (t.match(/\d/g) ?? []).length;
  const tokens = t.split(/\s+/);
  // abbreviations of names count as words: "MR.", "CO.", "D.I.Y." (a letter may read as a digit), "(M)"
  const abbrev = (w: string) => /^[A-Z]{2,3}\.,?$|^\(?(?:[A-Za-z0-9]\.){2,}\)?,?$|^\([A-Z]{1,3}\)$/.test(w) && /[A-Za-z]/.test(w);
  const wordy = tokens.filter((w) => (/^[("'“‘]?[A-Za-z][A-Za-z'’.&\-/]*[A-Za-z.)]?[,.:)]?$/.test(w) && w.replace(/[^A-Za-z]/g, '').length >= 3) || abbrev(w)).length;
  const alnum = (letters + digits) / chars.length;
  return Math.max(0, Math.min(1, 0.3 * alnum + 0.3 * (wordy / tokens.length) + 0.4 * l.conf + (letters >= 4 ? 0.05 : -0.3)));
}

/**
 * Quality of a header line in its better reading: a line whose words the second pass reads with clearly more
 * confidence ("KING’S CONFECTIONERY $/B 273500-U (KJ1)" for "KING?’S ... 273500-U! (KI1)") is printed text,
 * however noisy the first reading. (Words the second pass reads with less confidence keep the first reading.)
 */
function readQuality(page: Page, l: LineInfo): number {
  let q = lineQuality(l);
  const line = page.lines[l.i]!;
  for (const r of lineReadings(page, l.i, ['confident'])) {
    let conf = 0;
    for (let w = line.wordStart; w < line.wordEnd; w++) conf += Math.max(page.words[w]!.confidence, page.words[w]!.alt?.confidence ?? 0);
    conf /= Math.max(1, line.wordEnd - line.wordStart);
    q = Math.max(q, lineQuality({ ...l, text: r.text, words: wordsOf(r.text), conf }));
  }
  return q;
}

/** A phrase naming a kind of shop ("Cash & Carry"): its words are no labels. */
export const SHOP_KIND = new RegExp(`\\b(?:${receiptPattern(receiptWords('shopKinds'))})\\b`, 'gi');

/** Legal forms and business words that end merchant names, as printed (for confusion repair). */
const LEGAL_FORMS = RECEIPT_LEGAL_FORMS;

/** Words that name a kind of business (generic English and Malay shop words, not names). */
const BUSINESS_WORDS = receiptWords('businessWords');

/** Legal-form suffixes that end a company name, read through OCR confusions ("SON BHO"; knowledge/receipts `nameEnds`). */
const NAME_ENDS = ocrSpellingsPattern(receiptWords('nameEnds'), { space: '\\s*' });
export const SUFFIX_ONE = new RegExp(`\\b(${NAME_ENDS})\\b`, 'i');
export const SUFFIX = new RegExp(`\\b(${NAME_ENDS})\\b\\.?`, 'gi');
/** The legal forms that end a name printed again further down (knowledge/receipts `nameEndsAgain`). */
export const NAME_ENDS_AGAIN = wordsPattern(receiptWords('nameEndsAgain'), { space: '\\s*' });

/**
 * Type-aware repair of a merchant name: brackets and legal forms misread by OCR ("{M)", "(Mj", "SON BHO",
 * "D.1.¥."), digits inside otherwise alphabetic tokens. Dictionary-free apart from the legal forms.
 */
export function repairName(name: string): string {
  // receipt printers print straight quotes; OCR reads them curly ("BERRY’S")
  let s = name.replace(/[‘’`]/g, "'").replace(/[“”]/g, '"').replace(/¥/g, 'Y').replace(/\{/g, '(').replace(/\}/g, ')').replace(/[{\[]\s*([A-Za-z]{1,6})\s*[)}\]j]/g, '($1)').replace(/\(\s*([A-Za-z]{1,6})\s*[}\]j]/g, '($1)');
  s = s.replace(/\(i([A-Z]{1,5})\)/g, '($1)');
  // a question or exclamation mark inside a word is a speck read as a mark ("KING?’S")
  s = s.replace(/(?<=[A-Za-z])[?!](?=['A-Za-z])/g, '');
  s = s.replace(/\bS[O0D]N(\.?\s*)BH[O0D]\b/g, 'SDN$1BHD').replace(/\bBH[O0]\b/g, 'BHD');
  // the two-word form with a letter of each word misread ("SUN BHD", "SEN BHE", "SDN BHI", "SDN BILD")
  s = s.replace(/\b(?:S[A-Z0-9]N(\.?\s*)BH[A-Z0-9]|SDN(\.?\s*)B[A-Z0-9]{2,3})\b\.?$/, (m, a?: string, b?: string) => `SDN${a ?? b ?? ' '}BHD${m.endsWith('.') ? '.' : ''}`);
  // "SDN" ends no name: the "BHD" after it faded or read as a stray mark ("SDN 0", "SDN")
  s = s.replace(/\bSDN(\.?)(?:\s+[^\sA-Za-z]{1,2}|\s+[A-Z0-9]{1})?$/, 'SDN$1 BHD');
  // an unclosed bracket whose ')' was read as a letter: "(MALURID" -> "(MALURI)"
  s = s.replace(/\(([A-Z]{2,})[DJIl1|]$/, (m, inner: string) => (s.indexOf(')', s.lastIndexOf('(')) < 0 ? `(${inner})` : m));
  // legal forms at the end of the name, read through confusions ("5/8" -> "S/B", "CC." -> "CO.", "ENJERPRISE")
  const toks = s.split(' ');
  for (let i = Math.max(0, toks.length - 4); i < toks.length; i++) {
    const t = toks[i]!;
    if (!t || t !== t.toUpperCase() || LEGAL_FORMS.includes(t)) continue;
    for (const f of LEGAL_FORMS) {
      if (Math.abs(f.length - t.length) > 1) continue;
      const d = confusionDistance(t, f);
      if (d <= (f.length >= 8 ? 1 : f.length >= 5 ? 0.5 : 0.8) && (/[A-Z]/.test(t) || t.includes('/'))) { toks[i] = f; break; }
    }
  }
  // business words anywhere in the name, one confusable letter away (one letter in long words): "BAKERLES",
  // "CONFECTIUNERY"; a tie between two words, or a shorter word, is left alone
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.length < 6 || t !== t.toUpperCase() || !/^[A-Z0-9]+$/.test(t) || BUSINESS_WORDS.includes(t)) continue;
    let best: string | undefined;
    let bestD = Infinity;
    let tie = false;
    for (const f of BUSINESS_WORDS) {
      if (f.length !== t.length) continue;
      const d = confusionDistance(t, f);
      if (d < bestD) { best = f; bestD = d; tie = false; } else if (d === bestD) tie = true;
    }
    if (best && !tie && bestD <= (t.length >= 8 ? 1 : 0.4)) toks[i] = best;
  }
  s = toks.join(' ');
  // a digit among letters of one token: "D.1.Y." -> "D.I.Y.", "C0" -> "CO"
  s = s.replace(/\S+/g, (tok) => {
    const letters = (tok.match(/[A-Za-z]/g) ?? []).length;
    const digits = (tok.match(/\d/g) ?? []).length;
    if (letters < 2 || digits !== 1 || tok !== tok.toUpperCase()) return tok;
    return tok.replace(/1/g, 'I').replace(/0/g, 'O').replace(/5/g, 'S').replace(/8/g, 'B');
  });
  return s;
}

/**
 * Document consensus for the words of a name: a word (4+ letters) that the page prints, in a spelling one
 * confusable letter away, more often elsewhere ("SANYO STATIONERY" over "SANYU SUPPLY", "Sanyu.Stationery")
 * takes that spelling; OCR misreads one copy of a word more often than two. Given the pages' words, two
 * spellings printed equally often are decided by the recogniser's confidence in them ("TAMAN MALURI" read
 * at 0.91, "TAMAN MALURT" at 0.87).
 */
/** How much more confident (summed over copies) one of two equally frequent spellings must be to win. */
const TIE_MARGIN = 0.02;

export function consensusName(value: string, pageTexts: readonly string[], pages?: readonly Page[]): string {
  const counts = new Map<string, number>();
  for (const t of pageTexts) for (const m of t.matchAll(/[A-Za-z]{4,}/g)) counts.set(m[0].toUpperCase(), (counts.get(m[0].toUpperCase()) ?? 0) + 1);
  const conf = new Map<string, number>();
  for (const p of pages ?? []) for (const w of p.words) for (const m of w.text.matchAll(/[A-Za-z]{4,}/g)) conf.set(m[0].toUpperCase(), (conf.get(m[0].toUpperCase()) ?? 0) + w.confidence);
  return value.replace(/[A-Za-z]{4,}/g, (w) => {
    const W = w.toUpperCase();
    const own = counts.get(W) ?? 0;
    let best: string | undefined;
    let bestN = Math.max(1, own);
    for (const [other, n] of counts) {
      if (n < 2 || n <= bestN || other.length !== W.length || other === W) continue;
      if (confusionDistance(W, other) <= 0.4) { best = other; bestN = n; }
    }
    // a tie: the spelling read with more confidence (by a clear margin: both copies are on the page)
    if (!best && pages && own >= 1) {
      let bestC = (conf.get(W) ?? 0) + TIE_MARGIN;
      for (const [other, n] of counts) {
        if (n !== own || other.length !== W.length || other === W || confusionDistance(W, other) > 0.4) continue;
        const c = conf.get(other) ?? 0;
        if (c > bestC) { best = other; bestC = c; }
      }
    }
    if (!best) return w;
    return w === W ? best : w === w.toLowerCase() ? best.toLowerCase() : best[0] + best.slice(1).toLowerCase();
  });
}

/** Strips registration numbers and stray marks around a header line; returns the kept [start, end). */
export function trimHeader(text: string, start: number): { start: number; end: number; text: string } {
  let s = 0;
  let e = text.length;
  // stray marks at the ends: quotes, bars, dashes, lone punctuation or single letters from noise
  const lead = /^(?:[^A-Za-z0-9(&]+|[a-z]{1,2}\s+(?=[A-Z]{2}))+/.exec(text.slice(s, e));
  if (lead) s += lead[0].length;
  let tail = text.slice(s, e);
  // (in brackets the number may end with two check letters as read, "(139386 XN)"; unbracketed, two
  // letters after a number are a place: "52000 KL")
  // (a short bracketed branch code may follow the number: "273500-U (KJ1)")
  const m = /\s*[(\[{]?\s*(?:co\.?\s*reg\.?\s*(?:no)?\s*[:.]?\s*)?\d[\dA-Z]{3,}[-\s]?[A-Z]?\s*[)\]}]?[^\w]*(?:\s*[(\[{][A-Z0-9]{1,4}[)\]}][^\w]*)?$/i.exec(tail)
    ?? /\s*[(\[{]\s*\d[\dA-Z]{3,}[-\s]?[A-Z]{2}\s*[)\]}]?[^\w]*$/i.exec(tail);
  if (m && m.index > 0) e = s + m.index;
  tail = text.slice(s, e);
  const suffixes = [...tail.matchAll(SUFFIX)];
  const lastSuffix = suffixes[suffixes.length - 1];
  if (lastSuffix) {
    const after = tail.slice(lastSuffix.index! + lastSuffix[0].length);
    // what follows the legal form: a number, or a few stray marks and one- or two-letter noise ("PU ae")
    const noise = after.trim().split(/\s+/);
    const strays = noise.length <= 3 && noise.every((w) => w.replace(/[^A-Za-z0-9]/g, '').length <= 2 && !/^\(.*\)$/.test(w));
    if (after.trim() && (after.replace(/[^A-Za-z0-9]/g, '').length <= 3 || strays || /^\s*[(\[{]?\s*[\dA-Z]{0,3}\d{3,}/.test(after))) e = s + lastSuffix.index! + lastSuffix[0].length;
  }
  tail = text.slice(s, e);
  const junk = /(?:\s+[^\w\s(&]{1,3}|\s+[a-z]|[\s|~_—–‘’“”"°*]+)$/.exec(tail);
  if (junk && junk.index > 0) e = s + junk.index;
  return { start: start + s, end: start + e, text: text.slice(s, e) };
}

interface Header {
  company?: { lines: number[]; spans: Span[]; value: string; score: number }[];
  companyLine?: number;
}

function companyCandidates(ctx: DocContext, tuning: OcrRepairSettings): NonNullable<Header['company']> {
  return ctx.memo(`ocr-repair:company:${tuning.nameReading}`, () => {
    const page = ctx.pages[0]!;
    const lines = lineInfos(page).slice(0, 14);
    const heights = lines.map((l) => l.height).sort((a, b) => a - b);
    const medH = heights[heights.length >> 1] ?? 0.01;
    const out: NonNullable<Header['company']> = [];
    let good = 0;
    for (let k = 0; k < lines.length; k++) {
      const l = lines[k]!;
      const q = readQuality(page, l);
      if (q < 0.6) continue;
      const t = l.text.trim();
      // the legal form may be readable only after repair ("SDN BELD (139386 XN)" -> "SDN BHD")
      const legal = LEGAL.test(t) || LEGAL.test(repairName(trimHeader(l.text, l.start).text));
      if (REG_ONLY.test(t)) continue;
      const addr = isAddressLine(t);
      // "cash & carry" names a kind of shop, not a payment line
      // (label words read through confusions too: "TAX LHVOICE")
      const label = (LABEL_LINE.test(t.replace(SHOP_KIND, '')) || l.words.some(misreadLabel)) && !legal;
      good++;
      if (good > 6) break;
      if (addr && !legal) continue;
      // a line of address words only ("SELANGOR HE.") is no name
      const named = (t.match(/[A-Za-z]{3,}/g) ?? []);
      if (named.length && named.every((w) => ADDRESS_WORD.test(w))) continue;
      if (label) continue;
      const cut = trimHeader(l.text, l.start);
      if (cut.text.replace(/[^A-Za-z]/g, '').length < 3) continue;
      const letters = cut.text.replace(/[^A-Za-z]/g, '');
      const upper = letters.replace(/[^A-Z]/g, '').length / Math.max(1, letters.length);
      let z = 0.6 - 0.35 * (good - 1) + 1.2 * (legal ? 1 : 0) + 0.4 * upper + 1.2 * (q - 0.75) + 0.6 * Math.min(1, l.height / medH - 1);
      if (/\d{3,}/.test(cut.text)) z -= 0.8;
      if ((cut.text.match(/\d/g) ?? []).length >= 6) z -= 1.5;
      // a name does not end with a comma (an address line does)
      if (/,\s*$/.test(cut.text)) z -= 1.0;
      const spans: Span[] = [{ p: 0, start: cut.start, end: cut.end }];
      let value = spanText(page, cut.start, cut.end, tuning.nameReading).trim();
      const used = [l.i];
      // a name broken over lines: "SYARIKAT PERNIAGAAN" / "GIN KEE SDN BHD", "HARDWARE &" / "ELECTRICAL",
      // "ENTERPRISE (SETIA" / "ALAM) SDN BHD"
      const lettersOf = (x: string) => x.replace(/[^A-Za-z]/g, '');
      const allCaps = (x: string) => lettersOf(x).length > 0 && lettersOf(x) === lettersOf(x).toUpperCase();
      const unclosed = (x: string) => /[&]\s*$/.test(x) || x.lastIndexOf('(') > x.lastIndexOf(')') || x.lastIndexOf('{') > x.lastIndexOf('}');
      for (let j = k + 1, added = 0; j < lines.length && added < 2; j++) {
        const nx = lines[j]!;
        const open = unclosed(value);
        const continues = /^\W*[&(]/.test(nx.text.trim());
        const suffixNext = SUFFIX_ONE.test(nx.text) && !SUFFIX_ONE.test(value);
        if (!(open || continues || suffixNext)) break;
        if (lineQuality(nx) < (open || continues ? 0.45 : 0.6)) break;
        if (!open && !continues && !(allCaps(t) && allCaps(nx.text) && q >= 0.8 && !/\s[-–—]\s/.test(t))) break;
        if (isAddressLine(nx.text) || LABEL_LINE.test(nx.text.replace(LEGAL, '')) || REG_ONLY.test(nx.text.trim())) break;
        const c2 = trimHeader(nx.text, nx.start);
        if (!c2.text.trim() || c2.text.trim().split(/\s+/).length > 5) break;
        value = `${value} ${spanText(page, c2.start, c2.end, tuning.nameReading).trim()}`;
        spans.push({ p: 0, start: c2.start, end: c2.end });
        used.push(nx.i);
        if (added === 0) z += 0.9;
        added++;
        if (SUFFIX_ONE.test(c2.text) && !unclosed(value)) break;
      }
      // the name printed again further down in full ("EIGHT OUNCE" ... "EIGHT OUNCE COFFEE CO. THE GARDENS MALL")
      if (!SUFFIX_ONE.test(value) && value.length >= 4) {
        const esc = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const again = new RegExp(`${esc}((?:\\s+[A-Z][A-Z.&'/-]*){0,3}?\\s+(?:${NAME_ENDS_AGAIN})\\b)\\.?`, 'i');
        for (const other of lines) {
          if (used.includes(other.i)) continue;
          const m = again.exec(other.text);
          if (m) {
            value = `${value}${m[1]}${m[0].endsWith('.') && !m[1]!.endsWith('.') ? '.' : ''}`;
            spans.push({ p: 0, start: other.start + m.index, end: other.start + m.index + m[0].length });
            z += 0.5;
            break;
          }
        }
      }
      out.push({ lines: used, spans, value: consensusName(repairName(value), ctx.pages.map((pg) => pg.text)), score: sigmoid(z) });
    }
    return out.sort((a, b) => b.score - a.score);
  });
}

function isAddressLine(t: string): boolean {
  const words = t.match(/[A-Za-z]+/g) ?? [];
  const hits = words.filter((w) => ADDRESS_WORD.test(w)).length;
  return hits >= 1 && (/\d/.test(t) || hits >= 2) || /\b\d{5}\b/.test(t) && /[A-Za-z]{3}/.test(t);
}

/** Phone numbers and dates: they end an address block. */
const PHONE_OR_DATE = /\d{2,4}[-\s]?\d{3,4}[-\s]?\d{4}|(?<![\w/])[O0]\d{1,2}\s?-\s?\d{3,4}\s?-?\s?\d{3,4}\b|\d{9,}|\b\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b/;
/** What ends the address block: a header label (knowledge/receipts), a phone number or a date. */
export const ADDRESS_STOP = new RegExp(`\\b(${receiptPattern(receiptWords('addressStop'))})\\b|${PHONE_OR_DATE.source}`, 'i');

/** Confidence under which a one-character word at the edge of an address line is noise ("2 BANDAR BARU" with the 2 at 0.25). */
const FAINT_CHAR = 0.35;

/** Gap (in character widths of the line) beyond which a short fragment at a line's edge stands apart from the address. */
const FAR_GAP = 4;
/** Longest fragment (letters and digits) that a wide gap separates from an address line as a stray mark. */
const FAR_CHARS = 3;

/**
 * Narrows a line span past stray words at either edge: one-character words read with little confidence,
 * and short fragments set apart by a gap much wider than a space ("UNIVERSITI        4": a mark in the
 * margin or a column of its own, not part of the printed line).
 */
function dropFaintEdges(page: Page, cut: { start: number; end: number; text: string }): { start: number; end: number; text: string } {
  const words = page.words.filter((w) => w.start >= cut.start && w.end <= cut.end);
  const faint = (w: (typeof words)[number]) => w.text.replace(/[^A-Za-z0-9]/g, '').length <= 1 && w.confidence < FAINT_CHAR;
  // the line's character width, from its longer words
  const widths = words.filter((w) => w.text.length >= 3).map((w) => (w.bbox[2] - w.bbox[0]) / w.text.length).sort((x, y) => x - y);
  const cw = widths[widths.length >> 1];
  const short = (w: (typeof words)[number]) => w.text.replace(/[^A-Za-z0-9]/g, '').length <= FAR_CHARS;
  const gap = (l: (typeof words)[number], r: (typeof words)[number]) => (cw ? (r.bbox[0] - l.bbox[2]) / cw : 0);
  let a = 0;
  let b = words.length - 1;
  while (a < b && (faint(words[a]!) || (short(words[a]!) && gap(words[a]!, words[a + 1]!) > FAR_GAP))) a++;
  while (b > a && (faint(words[b]!) || (short(words[b]!) && gap(words[b - 1]!, words[b]!) > FAR_GAP))) b--;
  // a line of faint marks only is left to the other checks
  if (!words.length || (a === b && faint(words[a]!)) || (a === 0 && b === words.length - 1)) return cut;
  const start = Math.max(cut.start, words[a]!.start);
  const end = Math.min(cut.end, words[b]!.end);
  return { start, end, text: page.text.slice(start, end) };
}

/** Whole words of a receipt list, case folded. */
const wholeWords = (words: readonly string[]) => new RegExp(`\\b(?:${wordsPattern(words)})\\b`, 'i');
/** An address word on a line with a legal form: the line is the address, not the merchant's name. */
export const ADDRESS_MARK = wholeWords(receiptWords('addressMarks'));
/** A header line that ends the search for the address block. */
export const ADDRESS_SEARCH_STOP = wholeWords(receiptWords('addressSearchStop'));

function addressCandidates(ctx: DocContext, tuning: OcrRepairSettings): Scored[] {
  const page = ctx.pages[0]!;
  const lines = lineInfos(page).slice(0, 22);
  const company = companyCandidates(ctx, tuning)[0];
  const after = company ? Math.max(...company.lines) + 1 : 0;
  const out: Scored[] = [];
  const tryFrom = (from: number, base: number) => {
    let s = -1;
    for (let k = from, skipped = 0; k < lines.length && skipped <= 5; k++) {
      const t = lines[k]!.text.trim();
      const company = LEGAL.test(t) && !ADDRESS_MARK.test(t);
      // a labelled number or code on its own ("Site: 2395", "gona No: SA0127959-0") is no address line
      const labelled = /^\W*(?:[A-Za-z]+\s+){0,2}[A-Za-z]+\s*[:#]\s*[A-Z]{0,3}\d[\d-]{3,}\W*$/.test(t) || /^\W*[A-Za-z]+\s*:\s*\d+\W*$/.test(t);
      if (isAddressLine(t) && !company && !labelled && !ADDRESS_STOP.test(t.replace(/^\W*\(?[\dA-Z]{0,3}\d{3,}-?[A-Z]?\)/, ''))) { s = k; break; }
      if (ADDRESS_SEARCH_STOP.test(t)) break;
      skipped++;
    }
    if (s < 0) return;
    // the block may begin above: lines continued with a comma ("Wangsa Link, Wangsa Maju,")
    const taken = new Set(company?.lines ?? []);
    while (s > from && !taken.has(s - 1) && /,\s*$/.test(lines[s - 1]!.text) && lineQuality(lines[s - 1]!) >= 0.6 && !ADDRESS_STOP.test(lines[s - 1]!.text)) s--;
    const spans: Span[] = [];
    const parts: string[] = [];
    let minQ = 1;
    for (let k = s; k < lines.length && k < s + 6; k++) {
      const l = lines[k]!;
      let t = l.text;
      let off = l.start;
      // a registration number before the address on the same line: "(867388-U) 12, Jalan ..."
      const reg = /^\W*(?:\(\s*[\dA-Z]{0,3}\d{4,}\s*-?\s*[A-Z]\s*[)}\]]|[\dA-Z]{0,3}\d{4,}-[A-Z](?![A-Za-z]))\s*/.exec(t);
      if (reg && k === s) { off += reg[0].length; t = t.slice(reg[0].length); }
      if (k > s && (ADDRESS_STOP.test(t) || REG_ONLY.test(t.trim()))) break;
      // the merchant's name below its address ends the block
      if (k > s && (taken.has(k) || (LEGAL.test(t) && !isAddressLine(t)))) break;
      if (k > s && lineQuality(l) < 0.45 && !(isAddressLine(t) || /^\W*\d{2,}\s+[A-Za-z]/.test(t))) break;
      if (k > s && l.y - (lines[k - 1]!.y + lines[k - 1]!.height) > 2.5 * Math.max(l.height, 0.008)) break;
      const stop = ADDRESS_STOP.exec(t);
      if (stop && k === s) t = t.slice(0, stop.index);
      const cut = dropFaintEdges(page, trimAddressLine(t, off));
      if (!cut.text.trim()) break;
      spans.push({ p: 0, start: cut.start, end: cut.end });
      parts.push(typedSpanText(page, cut.start, cut.end, preferAddressAlt).trim());
      minQ = Math.min(minQ, lineQuality(l));
    }
    if (!parts.length) return;
    // page consensus first, so that the address vocabulary has the last word ("SHAH ALAN" printed twice is still ALAM)
    const value = repairAddress(consensusName(parts.join(' ').replace(/\s+/g, ' ').trim(), ctx.pages.map((pg) => pg.text), ctx.pages));
    const z = base + 0.8 * (minQ - 0.7) + (parts.length >= 2 ? 0.4 : 0) + (/\b\d{5}\b/.test(value) ? 0.5 : 0);
    out.push({ value, spans, score: sigmoid(z), features: { lines: parts.length, minQ } });
  };
  tryFrom(after, 0.6);
  if (after > 0) tryFrom(0, -0.4);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Date.

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const GARBLED_DATE_LABELS = receiptWords('garbledDateLabels');
/**
 * A date label before a date (on the lower-cased text): a label or abbreviation as a whole word, or a garbled
 * label letter-spaced ("d a t e") or without its first letter before a colon ("ate:").
 */
export const DATE_LABEL_BEFORE = new RegExp([
  `\\b(?:${wordsPattern([...receiptWords('dateLabels'), ...receiptWords('dateAbbreviations')])})\\b`,
  ...GARBLED_DATE_LABELS.map((w) => [...w].map(escapeRe).join('\\s?')),
  ...GARBLED_DATE_LABELS.map((w) => `${escapeRe(w.slice(1))}\\s*[:.]`),
].join('|'));
/** The garbled labels anywhere on the date's line, in any case. */
export const DATE_LABEL_ON_LINE = wholeWords(GARBLED_DATE_LABELS);
/** A label of another date (expiry, validity, birth) before a date. */
export const OTHER_DATE_LABEL = wholeWords(receiptWords('otherDateLabels'));

function dateCandidatesReceipt(ctx: DocContext, tuning: OcrRepairSettings): Scored[] {
  const out: Scored[] = [];
  // the convention from the language, then locale cues: on a receipt one misread date must not set it
  const order = ctx.languageDateOrder ?? localeDateOrder(ctx.pages.map((p) => p.text).join('\n')) ?? ctx.dateOrder;
  ctx.pages.forEach((page, p) => {
    const infos = lineInfos(page);
    for (const l of infos) {
     for (const r of readingsOf(page, l.i, ['primary', 'alt', 'vote'], tuning)) {
      for (const d0 of repairedDates(r.text, order)) {
        const d = { ...d0, cost: d0.cost + readingCost(r, tuning) };
        const y = Number(d.iso.slice(0, 4));
        const before = r.text.slice(0, d.start).toLowerCase();
        const label = DATE_LABEL_BEFORE.test(before) || DATE_LABEL_ON_LINE.test(r.text) ? 1 : 0;
        const time = /\b\d{1,2}\s?[:.]\s?\d{2}(\s?[:.]\s?\d{2})?\b/.test(r.text.slice(d.end)) || /\b\d{1,2}:\d{2}\b/.test(before) ? 1 : 0;
        const expiry = OTHER_DATE_LABEL.test(before) ? 1 : 0;
        const odd = y < 1995 || y > 2035 ? 1 : 0;
        const z = -0.2 + 1.2 * label + 0.8 * time - 1.6 * d.cost - 1.5 * expiry - 2.5 * odd - 0.6 * p - (d.ambiguous ? 0.1 : 0);
        const sp = pageSpan(page, r, d.start, d.end);
        out.push({ value: d.iso, spans: [{ p, start: sp.start, end: sp.end }], score: sigmoid(z), features: { label, time, cost: d.cost } });
      }
     }
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Total.

// Words of sums lines by role (knowledge/receipts).
const K_TOTAL = sumWords('total');
const K_SUB = sumWords('subtotal');
const K_EXCL = sumWords('excluding');
const K_INCL = sumWords('including');
const K_QTY = sumWords('quantity');
/** Words of the final sum ("Grand Total", "Total Payable", "Nett Total", "Total After Adj") and of a sum incl. tax. */
const K_FINAL = sumWords('final');
const K_FINAL_ALONE = sumWords('finalAlone');
const K_AMOUNT = sumWords('amount');
const K_STRONG = sumWords('strong');
const K_TAX = sumWords('tax');
const K_ROUND = sumWords('rounding');
const K_PAY = sumWords('payment');
const K_CHANGE = sumWords('change');
const K_OFF = sumWords('discount');
const K_SUMMARY = sumWords('summary');

interface AmountLine {
  l: LineInfo;
  /** Readings of the rightmost amount of the line (relative offsets), cheapest first. */
  last: RepairedAmount[];
  count: number;
}

function amountLines(page: Page, tuning: OcrRepairSettings): AmountLine[] {
  const out: AmountLine[] = [];
  for (const l of lineInfos(page)) {
    const all = repairedAmounts(l.text).filter((a) => a.cost < 1.6);
    for (const r of readingsOf(page, l.i, ['alt', 'vote'], tuning)) {
      for (const a of repairedAmounts(r.text)) {
        const cost = a.cost + readingCost(r, tuning);
        if (cost >= 1.6) continue;
        const sp = pageSpan(page, r, a.start, a.end);
        all.push({ ...a, start: sp.start - l.start, end: sp.end - l.start, cost });
      }
    }
    if (!all.length) continue;
    const maxEnd = Math.max(...all.map((a) => a.end));
    const last = all.filter((a) => a.end >= maxEnd - 1).sort((a, b) => a.cost - b.cost);
    out.push({ l, last, count: amountCount(all.filter((a) => a.cost < 0.5 && a.dec)) });
  }
  return out;
}

/** How many amounts a line prints: readings of the same place (two passes, two parses) count once. */
function amountCount(list: RepairedAmount[]): number {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  let n = 0;
  let end = -1;
  for (const a of sorted) {
    if (a.start >= end) n++;
    end = Math.max(end, a.end);
  }
  return n;
}

/** Readings of a line's last amount close enough to its best one to be what was printed (for the sum checks). */
function plausibleReadings(al: AmountLine): RepairedAmount[] {
  const best = al.last[0]!;
  return al.last.filter((a) => a.dec && a.cost < 0.8 && a.cost <= best.cost + 0.5);
}

/** The last two amounts of a tax summary row when the second is a tax on the first (a whole rate up to 25 %). */
function summaryPair(text: string): [number, number] | undefined {
  const list = repairedAmounts(text).filter((a) => a.dec && a.cost < 0.5).sort((a, b) => a.start - b.start || a.cost - b.cost);
  const kept: RepairedAmount[] = [];
  for (const a of list) if (!kept.length || a.start >= kept[kept.length - 1]!.end) kept.push(a);
  if (kept.length < 2) return undefined;
  const [net, tax] = [kept[kept.length - 2]!.value, kept[kept.length - 1]!.value];
  // the tax must be a whole-percent rate of the amount, to the cent: a misread in either fails this
  const rated = tax < 0.005 || Array.from({ length: 25 }, (_, r) => r + 1).some((r) => Math.abs((net * r) / 100 - tax) <= 0.011);
  return net > 0 && rated ? [net, tax] : undefined;
}

const near = (a: number, b: number, eps = 0.006) => Math.abs(a - b) < eps;
/** Cash rounding to 5 cents: a total that is a multiple of 0.05 may differ from the exact sum by up to 2 cents. */
const nearSum = (sum: number, v: number) => near(sum, v, 0.016) || (Math.round(v * 100) % 5 === 0 && near(sum, v, 0.026));

function totalCandidates(ctx: DocContext, tuning: OcrRepairSettings): Scored[] {
  const page = ctx.pages[0]!;
  const lines = amountLines(page, tuning);
  const infos = lineInfos(page);
  const summaryAt = infos.find((l) => l.y > 0.3 && has(l, K_SUMMARY) && (has(l, K_TAX) || /summary/i.test(l.text)))?.i ?? Infinity;
  const pays: { v: number; l: AmountLine }[] = [];
  const changes: number[] = [];
  const subs: number[] = [];
  const taxes: number[] = [];
  const rounds: number[] = [];
  let hasRounding = false;
  let discounted = false;
  type Cand = { v: number; cost: number; strength: number; spans: Span[]; kind: string };
  const cands: Cand[] = [];
  const span = (al: AmountLine, a: RepairedAmount): Span => ({ p: 0, start: al.l.start + a.start, end: al.l.start + a.end });
  for (const al of lines) {
    const l = al.l;
    const best = al.last[0]!;
    // "Net Amt", "Amount Payable", "Grand Amount": the final sum named without the word total
    const total = has(l, K_TOTAL) || l.words.some((w) => /total$/.test(w) && w.length <= 9) || (has(l, K_FINAL_ALONE) && has(l, K_AMOUNT));
    const sub = has(l, K_SUB) || l.words.some((w) => /^sub/.test(w));
    const excl = has(l, K_EXCL);
    const qty = has(l, K_QTY);
    const incl = has(l, K_INCL) || l.words.some((w) => /clusi|inclu/.test(w) && !/^ex/.test(w));
    // a tax line names the tax first ("GST", "Total GST", "Total Tax 6%"), not in passing ("Total (incl. of GST)")
    const lead = l.words.filter((w) => /[a-z]/.test(w) && !isWord(w, K_TOTAL));
    const tax = lead.length > 0 && isWord(lead[0]!, K_TAX) && (!incl || isWord(l.words.find((w) => /[a-z]/.test(w)) ?? '', K_TAX));
    const round = has(l, K_ROUND);
    const pay = has(l, K_PAY);
    const change = has(l, K_CHANGE);
    const off = has(l, K_OFF);
    if (round) hasRounding = true;
    // the sum checks take every close reading of a line (either pass): one misread must not hide the agreement
    const vals = plausibleReadings(al).map((a) => a.value);
    if (change) changes.push(...vals);
    if (pay && !change) for (const v of vals) pays.push({ v, l: al });
    if (sub || (total && excl)) subs.push(...vals);
    if (tax && (!total || !excl)) taxes.push(...vals);
    if (round && !total) rounds.push(...vals.filter((v) => v < 1));
    if (off && !total && vals.some((v) => v > 0.005)) discounted = true;
    // a tax summary row "SR @ 6% 112.92 6.78": the taxed amount and its tax, which add up to the total
    if (l.i >= summaryAt && al.count >= 2) {
      const pair = summaryPair(l.text);
      if (pair) { subs.push(pair[0]); taxes.push(pair[1]); }
    }
    // "Rounding RM 182.00": a rounding line carrying a whole sum is the rounded total
    if (round && !total && !change && !pay && best.dec && best.value >= 1 && al.count === 1) {
      for (const a of al.last) cands.push({ v: a.value, cost: a.cost, strength: 1.1, spans: [span(al, a)], kind: 'total' });
      continue;
    }
    if (!total || sub || excl || qty || off || change) {
      if (pay && !change) for (const a of al.last) cands.push({ v: a.value, cost: a.cost, strength: -0.9, spans: [span(al, a)], kind: 'pay' });
      continue;
    }
    if (tax) continue;
    let strength = 0.6;
    if (has(l, K_FINAL)) strength += 0.9;
    else if (has(l, K_STRONG) || incl) strength += 0.6;
    if (round) strength += 0.3;
    if (l.i > summaryAt) strength -= 1.4;
    if (al.count >= 2) strength -= 0.6;
    for (const a of al.last) cands.push({ v: a.value, cost: a.cost, strength, spans: [span(al, a)], kind: 'total' });
    for (const a of digitSwapVariants(best, l.text)) cands.push({ v: a.value, cost: a.cost, strength, spans: [span(al, a)], kind: 'swap' });
  }
  // what was paid minus the change given
  for (const p of pays) for (const c of changes) if (p.v - c > 0) cands.push({ v: Math.round((p.v - c) * 100) / 100, cost: 0.3, strength: -0.4, spans: p.l.last.slice(0, 1).map((a) => span(p.l, a)), kind: 'computed' });
  if (!cands.length) return [];
  const totals = cands.filter((c) => c.kind === 'total' && c.cost < 0.5 && c.strength > 0).map((c) => c.v);
  for (const c of cands) if (c.kind === 'swap') c.cost += 0.4;
  const maxTotal = totals.length ? Math.max(...totals) : undefined;
  const out: Scored[] = [];
  const maxSub = subs.length ? Math.max(...subs) : undefined;
  const maxPay = pays.length ? Math.max(...pays.map((p) => p.v)) : undefined;
  const paidMinusChange = (v: number) => pays.some((p) => changes.some((ch) => ch > 0 && near(p.v - ch, v)));
  const sumAgrees = (v: number) => subs.some((s) => taxes.some((t) => nearSum(s + t, v) || rounds.some((r) => near(s + t + r, v, 0.016) || near(s + t - r, v, 0.016))));
  const agreement = (c: (typeof cands)[number]) => {
    let bonus = 0;
    if (paidMinusChange(c.v)) bonus += 0.9;
    else if (pays.some((p) => near(p.v, c.v))) bonus += 0.5;
    if (sumAgrees(c.v)) bonus += 0.6;
    else if (subs.some((s) => near(s, c.v)) && !taxes.some((t) => t > 0.005)) bonus += 0.2;
    const round5 = Math.round(c.v * 100) % 5 === 0;
    if (hasRounding && round5) bonus += 0.25;
    // a total and its rounded twin ("181.98" / "182.00"): the rounded one was paid
    if (round5 && c.kind !== 'pay' && totals.some((t) => !near(t, c.v) && Math.abs(t - c.v) < 0.05)) bonus += 0.6;
    // a total below the subtotal (nothing discounted) or above every payment is a misread
    if (maxSub !== undefined && !discounted && c.v < maxSub - 0.05) bonus -= 0.6;
    if (maxPay !== undefined && c.v > maxPay + 0.005) bonus -= 0.4;
    return bonus;
  };
  // the best-supported reading of each total line, to weigh digit re-reads against
  const lineBonus = new Map<number, number>();
  for (const c of cands) if (c.kind === 'total') lineBonus.set(c.spans[0]!.start, Math.max(lineBonus.get(c.spans[0]!.start) ?? 0, agreement(c)));
  for (const c of cands) {
    if (!(c.v > 0)) continue;
    let bonus = agreement(c);
    if (c.kind === 'swap') {
      // a digit re-read only counts when it makes the sums agree, and more so when the printed reading agrees with nothing
      if (bonus < 0.5) continue;
      if ((paidMinusChange(c.v) || sumAgrees(c.v)) && (lineBonus.get(c.spans[0]!.start) ?? 0) < 0.3) bonus += 0.8;
    }
    if (maxTotal !== undefined && near(c.v, maxTotal) && c.kind === 'total') bonus += 0.3;
    const z = -1.2 + 1.6 * c.strength - 1.3 * c.cost + bonus;
    out.push({ value: c.v, spans: c.spans, score: sigmoid(z), features: { strength: c.strength, cost: c.cost, bonus } });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------

function aggregate(list: Scored[]): Scored[] {
  const by = new Map<string, Scored>();
  for (const s of list) {
    const key = typeof s.value === 'string' ? s.value.toLowerCase().replace(/\s+/g, ' ') : JSON.stringify(s.value);
    const prev = by.get(key);
    if (!prev) by.set(key, { ...s, features: { ...s.features, support: 1 } });
    else {
      prev.features.support = (prev.features.support ?? 1) + 1;
      if (s.score > prev.score) { prev.spans = s.spans; prev.score = s.score; }
    }
  }
  const out = [...by.values()];
  for (const s of out) s.score = Math.min(0.99, s.score + 0.03 * Math.min(3, (s.features.support ?? 1) - 1));
  return out.sort((a, b) => b.score - a.score);
}

type ReceiptField = 'company' | 'address' | 'date' | 'total';

/** What a field's name asks for among a receipt's fields (knowledge/field-words RECEIPT_FIELD_WORDS). */
const ASKS = {
  buyer: fieldWordsTest(RECEIPT_FIELD_WORDS.buyer),
  merchant: fieldWordsTest(RECEIPT_FIELD_WORDS.merchant),
  otherDate: fieldWordsTest(RECEIPT_FIELD_WORDS.otherDate),
  total: fieldWordsTest(RECEIPT_FIELD_WORDS.total),
};

/** Which receipt field a schema leaf asks for, if any. */
export function receiptField(leaf: Pick<LeafNode, 'name' | 'semantic' | 'reading'>): ReceiptField | undefined {
  const n = fieldWords(leaf).join(' ');
  if (ASKS.buyer(n)) return undefined;
  if (leaf.semantic === 'organization' || ASKS.merchant(n)) return 'company';
  if (leaf.semantic === 'address') return 'address';
  if (leaf.semantic === 'date' && !ASKS.otherDate(n)) return 'date';
  if (leaf.semantic === 'amount' && ASKS.total(n)) return 'total';
  return undefined;
}

/**
 * Ranked candidates for a receipt field on an OCR'd receipt; undefined when the document is not a receipt
 * or the field is not one of merchant name, merchant address, date and total.
 */
export function rankReceiptField(ctx: DocContext, leaf: LeafNode, options?: OcrRepairOptions): Scored[] | undefined {
  if (!looksLikeReceipt(ctx)) return undefined;
  const field = receiptField(leaf);
  if (!field) return undefined;
  const tuning = ocrRepairSettings(options);
  switch (field) {
    case 'company':
      return aggregate(companyCandidates(ctx, tuning).map((c) => ({ value: c.value, spans: c.spans, score: c.score, features: { lines: c.lines.length } })));
    case 'address':
      return aggregate(addressCandidates(ctx, tuning));
    case 'date':
      return aggregate(dateCandidatesReceipt(ctx, tuning));
    case 'total':
      return aggregate(totalCandidates(ctx, tuning));
  }
}

/**
 * Date mentions in text -> ISO YYYY-MM-DD. Handles numeric forms (day-first or month-first, decided per
 * document), month names of every language in knowledge/languages (full and abbreviated, "10 de diciembre de
 * 2023"; year first, "2026. március 5."), ordinals and legal phrasing
 * ("the 8th day of June, 2010", "June 8th, 2010", "8-Jun-18").
 */
import { LANGUAGES } from '../knowledge/languages/index.js';
import { ordinalToNumber } from './numbers.js';

/** Month names of every language the engine reads (knowledge/languages), lower case, to month number. */
const MONTHS: Record<string, number> = {};
for (const l of LANGUAGES) l.months.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));
/** Words between day, month and year ("10 de diciembre de 2023"), any language. */
const CONNECTORS = [...new Set(LANGUAGES.flatMap((l) => l.dateConnectors))].join('|');
const CONNECTOR = CONNECTORS ? `(?:[\\s.,/-]*(?:${CONNECTORS})(?=\\s))?` : '';

const MONTH_RE = Object.keys(MONTHS).sort((a, b) => b.length - a.length).map((m) => m.replace('.', '\\.')).join('|');
const ORD_WORDS = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty[- ]?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|thirtieth|thirty[- ]?first';
const DAY = `(\\d{1,2}|${ORD_WORDS})(?:\\s*(?:st|nd|rd|th|er|e|\\.))?`;
const YEAR = `('?\\d{2}|\\d{4})`;

export interface DateMatch {
  iso: string;
  start: number;
  end: number;
  text: string;
  /** How the date was written: 'numeric' forms depend on the day/month order. */
  form: 'iso' | 'numeric' | 'words';
  /** For numeric dates: whether the reading is unambiguous (a part > 12 or equal parts). */
  ambiguous?: boolean;
  /**
   * For numeric dates: read in the other order than asked, because only that order gives a valid date
   * ("01/16/2017" in a day-first document). In a document of known convention this is as often a misread.
   */
  againstOrder?: boolean;
}

export type DateOrder = 'dmy' | 'mdy';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function expandYear(y: string): number {
  const t = y.replace("'", '');
  const n = Number(t);
  if (t.length === 4) return n;
  return n < 50 ? 2000 + n : 1900 + n;
}

export function isoDate(y: number, m: number, d: number): string | undefined {
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= 31 && y >= 1900 && y <= 2100)) return undefined;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

const RE_ISO = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g;
const RE_NUM = /(?<![\d.\/-])(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d\/]|[.-]\d)/g;
const RE_DMY_WORD = new RegExp(`\\b(?:the\\s+)?${DAY}(?:\\s+day)?(?:\\s+of)?${CONNECTOR}[\\s.,/-]*(${MONTH_RE})\\.?${CONNECTOR}[\\s.,/-]*(?:in\\s+the\\s+year\\s+)?${YEAR}\\b`, 'giu');
const RE_MDY_WORD = new RegExp(`\\b(${MONTH_RE})\\.?[\\s.,/-]*${DAY}(?:\\s+day)?[\\s.,/-]+${YEAR}\\b`, 'giu');
/**
 * A year-first date in words, the year closed by a dot as Hungarian writes it ("2026. március 5.", "2026. márc.
 * 5-én"): the dot keeps an amount before a date in another order ("2000 June 3, 2024") from reading as its year.
 */
const RE_YMD_WORD = new RegExp(`\\b(\\d{4})\\.\\s*(${MONTH_RE})\\.?\\s*(\\d{1,2})(?!\\d)\\.?`, 'giu');
/** A year-first numeric date with a space after each dot, as Hungarian also writes it ("2026. 03. 05."). */
const RE_YMD_SPACED = /\b(\d{4})\.\s(\d{1,2})\.\s(\d{1,2})\.(?!\d)/g;
/** A month-first date with a four-digit year at the start of the text ("March 21, 2011"). */
const RE_MDY_FULL = new RegExp(`^(?:${MONTH_RE})\\.?[\\s.,/-]*${DAY}(?:\\s+day)?[\\s.,/-]+\\d{4}\\b`, 'iu');

function monthNum(s: string): number | undefined {
  return MONTHS[s.toLowerCase().replace(/\.$/, '')];
}

function dayNum(s: string): number | undefined {
  return ordinalToNumber(s.replace(/\s+/g, ' ').trim());
}

/** All date mentions in `text` with offsets. Numeric dates are read with `order` (default day-first). */
export function findDates(text: string, order: DateOrder = 'dmy'): DateMatch[] {
  const out: DateMatch[] = [];
  const taken: [number, number][] = [];
  const push = (m: DateMatch) => {
    if (taken.some(([s, e]) => m.start < e && m.end > s)) return;
    taken.push([m.start, m.end]);
    out.push(m);
  };
  for (const m of text.matchAll(RE_DMY_WORD)) {
    // "Exhibit 7.1\n\nMarch 21, 2011": a number ending the line before is not the day of "March 21" read with a
    // two-digit year; the month-first date with its full year is the one written
    if (m[3].length <= 2 && RE_MDY_FULL.test(text.slice(m.index! + m[0].lastIndexOf(m[2])))) continue;
    const d = dayNum(m[1]); const mo = monthNum(m[2]); const y = expandYear(m[3]);
    const iso = d && mo ? isoDate(y, mo, d) : undefined;
    if (iso) push({ iso, start: m.index!, end: m.index! + m[0].length, text: m[0], form: 'words' });
  }
  // before month-first: in "2026. március 5. 12 db" the day and the next number are no "március 5. 12"
  for (const m of text.matchAll(RE_YMD_WORD)) {
    const y = Number(m[1]); const mo = monthNum(m[2]); const d = Number(m[3]);
    const iso = mo ? isoDate(y, mo, d) : undefined;
    if (iso) push({ iso, start: m.index!, end: m.index! + m[0].length, text: m[0], form: 'words' });
  }
  for (const m of text.matchAll(RE_MDY_WORD)) {
    const mo = monthNum(m[1]); const d = dayNum(m[2]); const y = expandYear(m[3]);
    const iso = d && mo ? isoDate(y, mo, d) : undefined;
    if (iso) push({ iso, start: m.index!, end: m.index! + m[0].length, text: m[0], form: 'words' });
  }
  for (const m of [...text.matchAll(RE_ISO), ...text.matchAll(RE_YMD_SPACED)]) {
    const iso = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (iso) push({ iso, start: m.index!, end: m.index! + m[0].length, text: m[0], form: 'iso' });
  }
  for (const m of text.matchAll(RE_NUM)) {
    const a = Number(m[1]); const b = Number(m[3]); const y = expandYear(m[4]);
    if (m[2] === '.' && m[4].length === 2 && !/\d{2}/.test(m[1])) {
      // "1.5.24" is more often a version or section number than a date; keep only zero-padded forms
      continue;
    }
    let iso: string | undefined;
    let ambiguous = false;
    let againstOrder = false;
    if (a > 12 && b <= 12) { iso = isoDate(y, b, a); againstOrder = order === 'mdy'; }
    else if (b > 12 && a <= 12) { iso = isoDate(y, a, b); againstOrder = order === 'dmy'; }
    else {
      ambiguous = a !== b;
      iso = order === 'dmy' ? isoDate(y, b, a) : isoDate(y, a, b);
    }
    if (iso) push({ iso, start: m.index!, end: m.index! + m[0].length, text: m[0], form: 'numeric', ambiguous, ...(againstOrder ? { againstOrder } : {}) });
  }
  return out.sort((x, y) => x.start - y.start);
}

/**
 * Decide the numeric date order of a document: unambiguous numeric dates first, then the order its language writes
 * (`languageOrder`, knowledge/languages: a Spanish receipt priced in "$" is still day-first), then locale cues (a US
 * dollar sign or US-style words point to month-first), else day-first.
 */
export function detectDateOrder(text: string, languageOrder?: DateOrder): DateOrder {
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(RE_NUM)) {
    const a = Number(m[1]); const b = Number(m[3]);
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
  }
  if (dmy !== mdy) return dmy > mdy ? 'dmy' : 'mdy';
  if (languageOrder) return languageOrder;
  const { dollars, dayFirst } = localeCues(text);
  if (dollars > dayFirst) return 'mdy';
  if (dayFirst > 0) return 'dmy';
  // English legal documents in words with no numeric evidence: US convention.
  if (US_LEGAL.test(text)) return 'mdy';
  return 'dmy';
}

const US_LEGAL = /\b(?:Inc\.|LLC|Corporation|Delaware|California|New York)\b/;

/** US postal state codes: "<code> <ZIP>" in an address places a document in the US (month-first). */
const US_STATE_CODES = 'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
const US_CUES = new RegExp(`\\$|\\bUSD\\b|\\bU\\.?S\\.?A\\b|\\bUnited States\\b|\\b(?:${US_STATE_CODES}),?\\s+\\d{5}(?:-\\d{4})?\\b`, 'g');

function localeCues(text: string): { dollars: number; dayFirst: number } {
  return {
    // Dollar amounts and US addresses (country, state code + ZIP) point to the US convention.
    dollars: (text.match(US_CUES) ?? []).length,
    dayFirst: (text.match(/€|\bEUR\b|\bRM\s?\d|\bGBP\b|£|\bMwSt\b|\bBTW\b|\bTVA\b|\bGST\b|\bSDN\.? BHD\b/gi) ?? []).length,
  };
}

/**
 * The numeric date order the locale cues alone point to (currency, tax words, legal forms), ignoring the
 * dates themselves; undefined without cues. For OCR'd text, where one misread date ("01/16/2017" for
 * 01/10/2017) must not set the convention. A day-first cue wins over dollar signs: many day-first
 * countries write "$" (and OCR reads "S" and "5" as "$").
 */
export function localeDateOrder(text: string): DateOrder | undefined {
  const { dollars, dayFirst } = localeCues(text);
  if (dayFirst > 0) return 'dmy';
  if (dollars > 0 || US_LEGAL.test(text)) return 'mdy';
  return undefined;
}

/** Normalise one date string (a label or a value) to ISO, or undefined. */
export function normalizeDate(s: string, order: DateOrder = 'dmy'): string | undefined {
  const found = findDates(s, order);
  return found[0]?.iso;
}

/** Add a duration to an ISO date (used to compute expiration = start + term). */
export function addDuration(iso: string, amount: number, unit: 'day' | 'week' | 'month' | 'year'): string | undefined {
  const [y, m, d] = iso.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (unit === 'day') dt.setUTCDate(dt.getUTCDate() + amount);
  else if (unit === 'week') dt.setUTCDate(dt.getUTCDate() + 7 * amount);
  else if (unit === 'month') dt.setUTCMonth(dt.getUTCMonth() + amount);
  else dt.setUTCFullYear(dt.getUTCFullYear() + amount);
  return dt.toISOString().slice(0, 10);
}

/**
 * Durations as written in contracts -> "<number> <unit>" ("thirty (30) days" -> "30 days",
 * "two-year" -> "2 years", "eighteen months" -> "18 months").
 */
import { WORD_NUMBER_RE, wordsToNumber } from './numbers.js';

export type DurationUnit = 'day' | 'week' | 'month' | 'year';

export interface DurationMatch {
  amount: number;
  unit: DurationUnit;
  /** Normalised "<n> <unit(s)>". */
  value: string;
  start: number;
  end: number;
  text: string;
}

const UNIT_RE = '(days?|business\\s+days?|calendar\\s+days?|weeks?|months?|years?|yrs?\\.?|mos?\\.?)';
const NUM = `(\\d+(?:\\.\\d+)?|${WORD_NUMBER_RE})`;
// "thirty (30) days", "30 days", "thirty days", "two-year", "(30) days", "one (1) year"; the figures in brackets
// may be misread letters ("one (I) year", "ten (l0) days"): the words then give the number
const RE = new RegExp(
  `\\b${NUM}(?:\\s*\\(\\s*(\\d+(?:\\.\\d+)?|[\\dIlO|]{1,3})\\s*\\))?[\\s-]*(?:full\\s+|calendar\\s+|consecutive\\s+|business\\s+)?${UNIT_RE}(?![a-z])`,
  'giu',
);
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
// "the first anniversary of the Effective Date", "the second (2nd) anniversary", "the 3rd anniversary": that many years
const ANNIVERSARY_RE = new RegExp(`\\b(${ORDINALS.join('|')}|\\d{1,2}(?:st|nd|rd|th))\\s*(?:\\(\\s*\\d{1,2}(?:st|nd|rd|th)?\\s*\\)\\s*)?anniversary\\b`, 'gi');
const RE_PAREN_ONLY = new RegExp(`\\(\\s*(\\d+(?:\\.\\d+)?)\\s*\\)[\\s-]*${UNIT_RE}(?![a-z])`, 'giu');

function unitOf(s: string): DurationUnit | undefined {
  const t = s.toLowerCase();
  if (t.includes('day')) return 'day';
  if (t.startsWith('week')) return 'week';
  if (t.startsWith('mo')) return 'month';
  if (t.startsWith('y')) return 'year';
  return undefined;
}

export function formatDuration(amount: number, unit: DurationUnit): string {
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

export function findDurations(text: string): DurationMatch[] {
  const out: DurationMatch[] = [];
  for (const m of text.matchAll(RE)) {
    const bracket = m[2] !== undefined && /^\d+(?:\.\d+)?$/.test(m[2]) ? Number(m[2]) : undefined;
    const amount = bracket ?? (/^\d/.test(m[1]) ? Number(m[1]) : wordsToNumber(m[1]));
    const unit = unitOf(m[3]);
    if (amount === undefined || !unit || !(amount > 0) || amount > 1000) continue;
    out.push({ amount, unit, value: formatDuration(amount, unit), start: m.index!, end: m.index! + m[0].length, text: m[0] });
  }
  for (const m of text.matchAll(RE_PAREN_ONLY)) {
    if (out.some((o) => m.index! >= o.start && m.index! < o.end)) continue;
    const amount = Number(m[1]);
    const unit = unitOf(m[2]);
    if (!unit || !(amount > 0)) continue;
    out.push({ amount, unit, value: formatDuration(amount, unit), start: m.index!, end: m.index! + m[0].length, text: m[0] });
  }
  for (const m of text.matchAll(ANNIVERSARY_RE)) {
    const w = m[1].toLowerCase();
    const amount = ORDINALS.includes(w) ? ORDINALS.indexOf(w) + 1 : parseInt(w, 10);
    if (!(amount > 0)) continue;
    out.push({ amount, unit: 'year', value: formatDuration(amount, 'year'), start: m.index!, end: m.index! + m[0].length, text: m[0] });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Normalise a duration string ("Two (2) Years" -> "2 years"); undefined when none is found. */
export function normalizeDuration(s: string): string | undefined {
  return findDurations(s)[0]?.value;
}

/** Parse a normalised duration into amount and unit. */
export function parseDuration(s: string): { amount: number; unit: DurationUnit } | undefined {
  const m = findDurations(s)[0];
  return m ? { amount: m.amount, unit: m.unit } : undefined;
}

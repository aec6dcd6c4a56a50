/** How the synthetic documents print numbers, money, percentages and dates, per the conventions each country uses. */

/** Grouping and decimal separators: comma-dot 1,234.56; dot-comma 1.234,56; space-comma 1 234,56; apos-dot 1'234.56; plain-* no grouping. */
export type NumberStyle = 'comma-dot' | 'dot-comma' | 'space-comma' | 'apos-dot' | 'plain-comma' | 'plain-dot';

const SEPARATORS: Record<NumberStyle, { group: string; decimal: string }> = {
  'comma-dot': { group: ',', decimal: '.' },
  'dot-comma': { group: '.', decimal: ',' },
  'space-comma': { group: ' ', decimal: ',' },
  'apos-dot': { group: "'", decimal: '.' },
  'plain-comma': { group: '', decimal: ',' },
  'plain-dot': { group: '', decimal: '.' },
};

export function decimalSeparator(style: NumberStyle): string {
  return SEPARATORS[style].decimal;
}

/** A non-negative number with exactly `decimals` decimals in the style. */
export function formatNumber(value: number, style: NumberStyle, decimals = 2): string {
  const { group, decimal } = SEPARATORS[style];
  const scaled = Math.round(Math.abs(value) * 10 ** decimals);
  const whole = String(Math.floor(scaled / 10 ** decimals));
  const frac = String(scaled % 10 ** decimals).padStart(decimals, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return (value < 0 ? '-' : '') + grouped + (decimals ? decimal + frac : '');
}

/** Cents as an amount: 123456 -> 1.234,56. */
export function formatCents(cents: number, style: NumberStyle): string {
  return formatNumber(cents / 100, style, 2);
}

/** A quantity: whole numbers without decimals ("3"), or with `fixed` decimals ("3,00"); fractions with up to two ("2,5"). */
export function formatQuantity(q: number, style: NumberStyle, fixed?: number): string {
  if (fixed !== undefined) return formatNumber(q, style, fixed);
  if (Number.isInteger(q)) return formatNumber(q, style, 0);
  const two = formatNumber(q, style, 2);
  return two.endsWith('0') ? two.slice(0, -1) : two;
}

export type PercentStyle = 'tight' | 'spaced' | 'decimal';

/** 20 -> "20%", "20 %" or "20,0 %"; 5.5 -> "5,5%". */
export function formatPercent(rate: number, style: NumberStyle, how: PercentStyle): string {
  const n = how === 'decimal' || !Number.isInteger(rate) ? formatNumber(rate, style, Number.isInteger(rate * 10) ? 1 : 2) : String(rate);
  return how === 'tight' ? `${n}%` : `${n} %`;
}

/** How an amount carries its currency: a symbol or ISO code before or after it, or nothing. */
export interface MoneyStyle {
  mark: 'symbol' | 'code' | 'none';
  before: boolean;
  space: boolean;
}

export function formatMoney(cents: number, style: NumberStyle, money: MoneyStyle, currency: { code: string; symbol: string }): string {
  const n = formatCents(cents, style);
  if (money.mark === 'none') return n;
  const m = money.mark === 'symbol' ? currency.symbol : currency.code;
  const sp = money.space || money.mark === 'code' ? ' ' : '';
  return money.before ? `${m}${sp}${n}` : `${n}${sp}${m}`;
}

export type DateStyle = 'dd.mm.yyyy' | 'd.m.yyyy' | 'dd/mm/yyyy' | 'dd-mm-yyyy' | 'mm/dd/yyyy' | 'yyyy-mm-dd' | 'dd.mm.yy' | 'dd/mm/yy' | 'long' | 'short';

/** A language's dates written with month names: long ("3 mars 2024") or with the abbreviated month ("3 mars 2024" / "3 Jan. 2024"). */
export interface MonthDates {
  longDate(year: number, month: number, day: number, abbreviated: boolean): string;
}

export function parseIso(iso: string): { year: number; month: number; day: number } {
  const [y, m, d] = iso.split('-').map(Number);
  return { year: y!, month: m!, day: d! };
}

export function formatDate(iso: string, style: DateStyle, lang: MonthDates): string {
  const { year, month, day } = parseIso(iso);
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  const yy = String(year % 100).padStart(2, '0');
  switch (style) {
    case 'dd.mm.yyyy': return `${dd}.${mm}.${year}`;
    case 'd.m.yyyy': return `${day}.${month}.${year}`;
    case 'dd/mm/yyyy': return `${dd}/${mm}/${year}`;
    case 'dd-mm-yyyy': return `${dd}-${mm}-${year}`;
    case 'mm/dd/yyyy': return `${mm}/${dd}/${year}`;
    case 'yyyy-mm-dd': return iso;
    case 'dd.mm.yy': return `${dd}.${mm}.${yy}`;
    case 'dd/mm/yy': return `${dd}/${mm}/${yy}`;
    case 'long': return lang.longDate(year, month, day, false);
    case 'short': return lang.longDate(year, month, day, true);
  }
}

/** The ISO date `days` after `iso`. */
export function addDays(iso: string, days: number): string {
  const { year, month, day } = parseIso(iso);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

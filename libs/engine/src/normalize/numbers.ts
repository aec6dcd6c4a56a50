/** Numbers written in words and figures, in any common locale formatting. */

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  a: 1, an: 1, single: 1, half: 0.5,
};
const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17,
  eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30,
};

/** Regex source matching a number written in English words ("thirty", "twenty-one", "one hundred"). */
export const WORD_NUMBER_RE =
  '(?:(?:one|two|three|four|five|six|seven|eight|nine)\\s+hundred(?:\\s+(?:and\\s+)?)?)?(?:(?:twenty|thirty|fou?rty|fifty|sixty|seventy|eighty|ninety)(?:[-\\s](?:one|two|three|four|five|six|seven|eight|nine))?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|fou?rty|fifty|sixty|seventy|eighty|ninety|hundred)';

export function wordsToNumber(s: string): number | undefined {
  const parts = s.toLowerCase().replace(/-/g, ' ').split(/\s+/).filter((w) => w && w !== 'and');
  if (!parts.length) return undefined;
  let total = 0;
  let cur = 0;
  for (const p of parts) {
    if (p in UNITS) cur += UNITS[p];
    else if (p in ORDINALS) cur += ORDINALS[p];
    else if (p === 'hundred') cur = (cur || 1) * 100;
    else if (p === 'thousand') { total += (cur || 1) * 1000; cur = 0; }
    else if (/^\d+(\.\d+)?$/.test(p)) cur += Number(p);
    else return undefined;
  }
  return total + cur;
}

export function ordinalToNumber(s: string): number | undefined {
  const t = s.toLowerCase();
  if (t in ORDINALS) return ORDINALS[t];
  const m = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(t);
  if (m) return Number(m[1]);
  if (/^twenty[-\s]?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)$/.test(t)) {
    return 20 + ORDINALS[t.replace(/^twenty[-\s]?/, '')];
  }
  if (/^thirty[-\s]?first$/.test(t)) return 31;
  return undefined;
}

/**
 * Parse an amount as printed: "1,234.56", "1.234,56", "1 234,56", "1'234.56", "(12.00)", "12.00-", "RM 8.40".
 * Returns undefined when the text holds no number.
 */
export function parseAmount(raw: string, decimalHint?: ',' | '.'): number | undefined {
  let s = raw.trim();
  let negative = false;
  if (/^\(.*\)$/.test(s)) { negative = true; s = s.slice(1, -1); }
  if (/-\s*$/.test(s)) { negative = true; s = s.replace(/-\s*$/, ''); }
  if (/^\s*[-−–]/.test(s)) { negative = true; }
  const m = /\d[\d.,'’ \u00a0\u202f]*/.exec(s);
  if (!m) return undefined;
  let num = m[0].replace(/[\s\u00a0\u202f'’]+$/, '').replace(/[.,]+$/, '');
  // (Swiss groups: "1'234.56", typeset "1’234.56")
  num = num.replace(/[\s\u00a0\u202f'’]/g, (c) => (c === "'" || c === '’' ? '' : ' '));
  // Spaces as thousands separators only between digit groups of three, and never after a decimal part: in
  // "300,00 600,00" the space ends one amount ("300,00") rather than grouping the next one's digits into it.
  num = num.replace(/(\d) (?=\d{3}(?!\d))/g, (whole, d: string, at: number) => (/[.,]\d{1,2}$/.test(num.slice(0, at + 1)) ? whole : d));
  num = num.split(' ')[0];
  const lastDot = num.lastIndexOf('.');
  const lastComma = num.lastIndexOf(',');
  let decimal: string | undefined;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const count = num.split(sep).length - 1;
    const after = num.length - num.lastIndexOf(sep) - 1;
    if (count > 1) decimal = undefined; // "1.234.567" grouping only
    else if (after === 3 && !/^0[.,]/.test(num)) decimal = decimalHint === sep ? sep : undefined;
    else decimal = sep;
  }
  let clean: string;
  if (decimal) {
    const group = decimal === '.' ? ',' : '.';
    clean = num.split(group).join('');
    clean = clean.replace(decimal, '.');
  } else clean = num.replace(/[.,]/g, '');
  const v = Number(clean);
  if (!Number.isFinite(v)) return undefined;
  return negative ? -v : v;
}

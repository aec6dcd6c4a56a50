/** String normalisation and similarity shared by extraction and evaluation. */

/** NFKC, case-folded, whitespace collapsed, surrounding punctuation stripped. */
export function normText(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, '');
}

/** Letters and digits only (identifiers: invoice numbers, VAT, IBAN, BIC). */
export function alnum(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Indel similarity ratio in 0..1 (as rapidfuzz/Levenshtein `ratio`): 1 - indel distance / total length. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  // LCS length via DP on two rows; indel distance = la + lb - 2*lcs
  let prev = new Uint16Array(lb + 1);
  let cur = new Uint16Array(lb + 1);
  for (let i = 1; i <= la; i++) {
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      cur[j] = ca === b.charCodeAt(j - 1) ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  const lcs = prev[lb];
  return (2 * lcs) / (la + lb);
}

const CURRENCY_SYMBOLS: [RegExp, string][] = [
  [/€|\bEUR\b|\beuros?\b/i, 'EUR'],
  [/\bUSD\b|US\$|\bUS dollars?\b/i, 'USD'],
  [/£|\bGBP\b/i, 'GBP'],
  [/₹|\bINR\b|\bRs\.?(?=\s?\d)|\brupees?\b/i, 'INR'],
  [/\bRM(?=\s?\d)|\bMYR\b|\bringgit\b/i, 'MYR'],
  [/¥|\bJPY\b|\bCNY\b|\bRMB\b/i, 'JPY'],
  [/\bCHF\b|\bFr\.(?=\s?\d)/i, 'CHF'],
  [/\bCAD\b|C\$/i, 'CAD'],
  [/\bAUD\b|A\$/i, 'AUD'],
  [/\bSGD\b|S\$/i, 'SGD'],
  [/\bSEK\b|\bNOK\b|\bDKK\b/i, 'SEK'],
  [/\bPLN\b|zł/i, 'PLN'],
  [/\$/, 'USD'],
];

export const CURRENCY_CODES = ['EUR', 'USD', 'GBP', 'INR', 'MYR', 'JPY', 'CNY', 'CHF', 'CAD', 'AUD', 'SGD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'BRL', 'MXN', 'ZAR', 'HKD', 'NZD', 'RMB'];

/** ISO 4217 code for a currency symbol or code found in `s`. */
export function currencyFromText(s: string): string | undefined {
  const code = /\b([A-Z]{3})\b/.exec(s);
  if (code && CURRENCY_CODES.includes(code[1])) return code[1] === 'RMB' ? 'CNY' : code[1];
  for (const [re, c] of CURRENCY_SYMBOLS) if (re.test(s)) return c;
  return undefined;
}

/** Regex (global) for currency mentions: symbols and ISO codes. */
export const CURRENCY_MENTION_RE = /€|£|₹|¥|US\$|\$|\b(?:EUR|USD|GBP|INR|MYR|JPY|CNY|CHF|CAD|AUD|SGD|SEK|NOK|DKK|PLN|HKD|NZD)\b|\bRM(?=\s?\d)|\bRs\.?(?=\s?\d)|\beuros?\b/g;

/** String normalisation and similarity shared by extraction and evaluation. */
import { currencyOf } from '../knowledge/currencies/index.js';

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

/** ISO 4217 code for a currency symbol, code or name found in `s` (knowledge/currencies). */
export function currencyFromText(s: string): string | undefined {
  return currencyOf(s);
}

/**
 * An IBAN misread by OCR, repaired through its own redundancy: each country fixes which positions hold digits
 * and which letters (ISO 13616 registry, from ibantools' country specifications), so a letter read where a digit
 * must stand ("NLSOINGB..." for "NL50INGB...") is read as the digit it is usually confused with, and the other
 * way round; the repair counts only when the mod-97 check digits then hold.
 */
import { countrySpecs, isValidIBAN } from 'ibantools';
import { DIGIT_FOR, LETTER_CONFUSIONS } from '../knowledge/ocr-confusions/index.js';

/** Characters fixed at most: each fix is a guess the checksum has to confirm (a wrong guess passes 1 time in 97). */
const MAX_FIXES = 3;

/** The digit a letter is most often a misreading of. */
const DIGIT_OF: Record<string, string> = Object.fromEntries(
  Object.entries(DIGIT_FOR).map(([ch, ds]) => [ch, [...ds].sort((a, b) => a[1] - b[1])[0]![0]]),
);

/** The letter a digit is a misreading of, where the letter confusions name exactly one. */
const LETTER_OF: Record<string, string> = (() => {
  const by: Record<string, Set<string>> = {};
  for (const p of LETTER_CONFUSIONS) {
    const [a, b] = [p[0]!, p[1]!];
    if (/\d/.test(a) && /[A-Z]/.test(b)) (by[a] ??= new Set()).add(b);
    if (/\d/.test(b) && /[A-Z]/.test(a)) (by[b] ??= new Set()).add(a);
  }
  return Object.fromEntries(Object.entries(by).filter(([, ls]) => ls.size === 1).map(([d, ls]) => [d, [...ls][0]!]));
})();

const layouts = new Map<string, string | undefined>();

/** A country's IBAN as character classes ('a' letter, 'd' digit, 'x' either), from its BBAN format; undefined if none. */
export function ibanLayout(country: string): string | undefined {
  if (layouts.has(country)) return layouts.get(country);
  const spec = (countrySpecs as Record<string, { chars?: number; bban_regexp?: string } | undefined>)[country];
  let out: string | undefined;
  if (spec?.chars && spec.bban_regexp) {
    out = 'aadd';
    for (const m of spec.bban_regexp.matchAll(/\[([^\]]+)\]\{(\d+)\}/g)) {
      const cls = m[1] === '0-9' ? 'd' : m[1] === 'A-Z' ? 'a' : 'x';
      out += cls.repeat(Number(m[2]));
    }
    if (out.length !== spec.chars) out = undefined;
  }
  layouts.set(country, out);
  return out;
}

/**
 * The IBAN `printed` stands for, with the characters OCR confused put right (spaces kept as printed), or
 * undefined when it is valid already, has no known layout, needs more than MAX_FIXES fixes or fails the check.
 */
export function repairIban(printed: string): string | undefined {
  const compact = printed.replace(/ /g, '');
  if (compact.length < 5 || isValidIBAN(compact)) return undefined;
  const layout = ibanLayout(compact.slice(0, 2));
  if (!layout || layout.length !== compact.length) return undefined;
  let fixes = 0;
  let i = 0;
  let out = '';
  for (const ch of printed) {
    if (ch === ' ') { out += ch; continue; }
    const cls = layout[i++]!;
    let fixed = ch;
    if (cls === 'd' && !/\d/.test(ch)) fixed = DIGIT_OF[ch] ?? '';
    else if (cls === 'a' && !/[A-Z]/.test(ch)) fixed = LETTER_OF[ch] ?? '';
    if (!fixed) return undefined;
    if (fixed !== ch) fixes++;
    out += fixed;
  }
  return fixes > 0 && fixes <= MAX_FIXES && isValidIBAN(out.replace(/ /g, '')) ? out : undefined;
}

/**
 * Dictionary-free plausibility of a text layer: how much of it looks like words of some language (or like
 * numbers, codes, dates) rather than the output of a bad OCR engine or a font whose glyphs map to the wrong
 * code points. Used to decide whether a PDF page with a "mapped" text layer should be OCRed anyway.
 *
 * A token is implausible when its letters break the shapes that words, acronyms, numbers and identifiers
 * share across Latin-script languages: case flipping back and forth inside the token, letters and digits
 * interleaved several times, long runs without a vowel, odd symbols glued inside letters, or a very long run
 * of letters. The score is the share of characters in implausible tokens (long garbage runs weigh more than
 * a stray misread), plus numbers torn apart at their decimal mark (`4,759 .20`), another scanner-OCR trait.
 */

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
/** Vowels of Latin-script languages (with diacritics stripped by NFD below); y counts as a vowel. */
const VOWELS = new Set('aeiouyAEIOUY');
/** Symbols that occur inside real tokens (URLs, e-mails, codes, contractions, amounts). */
const INNER_OK = new Set([...".,-/_:;@&'’‘“”\"+#%()[]*$€£®™·–—"]);

/** Only Latin-script letters are judged (other scripts have other shapes; they are left as plausible). */
const LATIN = /^[\p{Script=Latin}\p{N}\p{P}\p{S}]+$/u;

const isAsciiUpper = (c: number) => c >= 65 && c <= 90;
const isAsciiLower = (c: number) => c >= 97 && c <= 122;
const isAsciiDigit = (c: number) => c >= 48 && c <= 57;
/** 'aeiouy' and upper case, as char codes. */
const ASCII_VOWEL = new Uint8Array(128);
for (const c of 'aeiouyAEIOUY') ASCII_VOWEL[c.charCodeAt(0)] = 1;
/** The ASCII members of INNER_OK. */
const ASCII_INNER_OK = new Uint8Array(128);
for (const c of INNER_OK) if (c.charCodeAt(0) < 128) ASCII_INNER_OK[c.charCodeAt(0)] = 1;

/**
 * isImplausibleToken for tokens of printable ASCII (most of any Latin-script text layer), on char codes:
 * the same rules without Unicode regular expressions or normalisation, which dominated the cost of judging
 * a page. Every printable ASCII character is Latin, a digit, punctuation or a symbol, and NFD leaves it as is.
 */
function asciiImplausible(raw: string): boolean | undefined {
  let a = 0;
  let b = raw.length;
  for (let i = 0; i < b; i++) {
    const c = raw.charCodeAt(i);
    if (c < 33 || c > 126) return undefined;
  }
  const alnum = (c: number) => isAsciiUpper(c) || isAsciiLower(c) || isAsciiDigit(c);
  while (a < b && !alnum(raw.charCodeAt(a))) a++;
  while (b > a && !alnum(raw.charCodeAt(b - 1))) b--;
  if (b - a < 4) return false;
  const t = a === 0 && b === raw.length ? raw : raw.slice(a, b);
  let letters = 0;
  let same = true;
  const first = t.charCodeAt(0);
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (isAsciiUpper(c) || isAsciiLower(c)) letters++;
    if (c !== first) same = false;
  }
  if (letters === 0 || same) return false;
  let caseFlips = 0;
  let mixes = 0;
  let oddInner = 0;
  let consonantRun = 0;
  let maxConsonantRun = 0;
  let vowels = 0;
  let anyLower = false;
  let anyUpper = false;
  let prev = -1;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    const isL = isAsciiUpper(c) || isAsciiLower(c);
    const isD = isAsciiDigit(c);
    if (isAsciiLower(c)) anyLower = true;
    else if (isAsciiUpper(c)) anyUpper = true;
    if (isL) {
      if (ASCII_VOWEL[c]) {
        vowels++;
        consonantRun = 0;
      } else if (++consonantRun > maxConsonantRun) maxConsonantRun = consonantRun;
    } else {
      consonantRun = 0;
    }
    if (!isL && !isD && !ASCII_INNER_OK[c]) oddInner++;
    if (prev >= 0) {
      if (i >= 2 && isAsciiLower(prev) && isAsciiUpper(c)) caseFlips++;
      const pl = isAsciiUpper(prev) || isAsciiLower(prev);
      const pd = isAsciiDigit(prev);
      if ((pl && isD) || (pd && isL)) mixes++;
    }
    prev = c;
  }
  const upperOnly = !anyLower;
  const shapeless = (oddInner > 0 && letters >= 2) || caseFlips >= 2 ||
    (mixes >= 3 && letters >= 3 && !upperOnly && anyUpper) || maxConsonantRun >= (upperOnly ? 7 : 6) ||
    (letters >= 6 && vowels === 0) || (letters > 24 && !t.includes('-') && !t.includes('/'));
  // URLs and e-mail addresses are exempt; checked last since few tokens get this far.
  return shapeless && !(/^(https?:|www\.)/i.test(t) || t.includes('@') || /\.[a-z]{2,4}$/i.test(t));
}

export function isImplausibleToken(raw: string): boolean {
  // Stripping punctuation only shortens a token, and short tokens are never judged.
  if (raw.length < 4) return false;
  const ascii = asciiImplausible(raw);
  if (ascii !== undefined) return ascii;
  const t = raw.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');
  if (t.length < 4) return false;
  if (!LETTER.test(t)) return false;
  if (!LATIN.test(t)) return false;
  if (/^(.)\1+$/u.test(t)) return false; // redaction marks (xxxxxxxx)
  if (/^(https?:|www\.)/i.test(t) || t.includes('@') || /\.[a-z]{2,4}$/i.test(t)) return false;
  const chars = [...t.normalize('NFD').replace(/\p{M}/gu, '')];
  let caseFlips = 0; // lower -> upper transitions after the first two characters (McDonald, iPhone stay fine)
  let mixes = 0; // letter <-> digit transitions
  let oddInner = 0;
  let consonantRun = 0;
  let maxConsonantRun = 0;
  let letters = 0;
  let vowels = 0;
  let prev = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const isL = LETTER.test(c);
    const isD = DIGIT.test(c);
    if (isL) {
      letters++;
      if (VOWELS.has(c)) {
        vowels++;
        consonantRun = 0;
      } else if (++consonantRun > maxConsonantRun) maxConsonantRun = consonantRun;
    } else {
      consonantRun = 0;
    }
    if (!isL && !isD && !INNER_OK.has(c)) oddInner++;
    if (prev) {
      if (i >= 2 && LOWER.test(prev) && UPPER.test(c)) caseFlips++;
      const pl = LETTER.test(prev);
      const pd = DIGIT.test(prev);
      if ((pl && isD) || (pd && isL)) mixes++;
    }
    prev = c;
  }
  if (oddInner > 0 && letters >= 2) return true;
  if (caseFlips >= 2) return true;
  const upperOnly = !chars.some((c) => LOWER.test(c));
  // Identifiers (IBANs, VAT numbers) mix letters and digits but keep to one case.
  if (mixes >= 3 && letters >= 3 && !upperOnly && chars.some((c) => UPPER.test(c))) return true;
  // Acronym runs (HTTPS, GMBH) are short; words have vowels.
  if (maxConsonantRun >= (upperOnly ? 7 : 6)) return true;
  if (letters >= 6 && vowels === 0) return true;
  if (letters > 24 && !t.includes('-') && !t.includes('/')) return true;
  return false;
}

export interface Plausibility {
  /** Non-space characters judged. */
  chars: number;
  /** Characters in implausible tokens. */
  badChars: number;
  /** Numbers torn at the decimal mark ("4,759 .20"). */
  tornNumbers: number;
  tokens: number;
}

export function textPlausibility(tokens: string[]): Plausibility {
  let chars = 0;
  let badChars = 0;
  let tornNumbers = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    chars += t.length;
    if (isImplausibleToken(t)) badChars += t.length;
    const c0 = t.charCodeAt(0);
    if (i > 0 && (c0 === 46 || c0 === 44) && /^[.,]\d{2}\b/.test(t) && /\d$/.test(tokens[i - 1]!)) tornNumbers++;
  }
  return { chars, badChars, tornNumbers, tokens: tokens.length };
}

/** Share of the text that looks like garbage (0 = all plausible). */
export function garbageScore(p: Plausibility): number {
  if (p.chars === 0) return 0;
  return (p.badChars + 8 * p.tornNumbers) / p.chars;
}

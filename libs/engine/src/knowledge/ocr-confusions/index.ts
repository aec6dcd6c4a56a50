/**
 * What OCR (Tesseract on receipt and invoice photos) misreads as what, as data: a letter or symbol read where a
 * digit was printed (with a cost: lower = more common), digits misread as one another, and letters misread as
 * one another. ocr-repair reads dates, amounts and words through these; the vocabularies that spell words as
 * OCR misreads them (knowledge/receipts) mark the confusable letters with `{x}` (ocrSpellingPattern).
 */

/** Letter/symbol -> digit readings with costs. */
export const DIGIT_FOR: Record<string, readonly [string, number][]> = {
  O: [['0', 0.2]], o: [['0', 0.25]], D: [['0', 0.4]], Q: [['0', 0.5]], U: [['0', 0.7]], C: [['0', 0.6]], c: [['0', 0.7]],
  '©': [['0', 0.5]], 'ø': [['0', 0.4]], 'Ø': [['0', 0.4]], '°': [['0', 0.6]],
  l: [['1', 0.2]], I: [['1', 0.2]], i: [['1', 0.4]], '|': [['1', 0.3]], '!': [['1', 0.4]], ']': [['1', 0.5]], '[': [['1', 0.5]],
  '{': [['1', 0.5]], '}': [['1', 0.5]], J: [['1', 0.7]], j: [['1', 0.7]], f: [['1', 0.7]], t: [['1', 0.7]], L: [['1', 0.6]],
  T: [['7', 0.5], ['1', 0.6]], '?': [['7', 0.6]],
  Z: [['2', 0.3]], z: [['2', 0.3]],
  S: [['5', 0.3], ['8', 0.6]], s: [['5', 0.4]], $: [['5', 0.4], ['8', 0.5], ['9', 0.7]], '§': [['5', 0.4], ['8', 0.5]],
  B: [['8', 0.3]], '&': [['8', 0.4], ['9', 0.5]], '%': [['8', 0.7]],
  G: [['6', 0.4]], b: [['6', 0.4]],
  g: [['9', 0.4]], q: [['9', 0.4]],
  A: [['4', 0.5]], h: [['4', 0.7]], y: [['4', 0.8]],
  e: [['8', 0.8], ['6', 0.8]],
};

/** Digit -> digits it is often misread as (and back), for consistency-guided repair. */
export const DIGIT_SWAPS: Record<string, readonly string[]> = {
  '0': ['8', '6', '9', '3'], '1': ['7', '4'], '2': ['7', '3'], '3': ['8', '9', '5', '2'], '4': ['1', '9'],
  '5': ['6', '8', '3', '9'], '6': ['8', '5', '0'], '7': ['1', '2'], '8': ['6', '0', '3', '9', '5'], '9': ['8', '0', '3', '5'],
};

/** Letters often misread as one another (upper case; each pair both ways), for comparing readings of words. */
export const LETTER_CONFUSIONS: readonly string[] = [
  'DO', 'D0', 'O0', 'Q0', 'QO', 'SS', 'S5', 'S$', '5$', 'S8', 'B8', 'MN', 'MH', 'NH', 'IT', 'I1', 'T1', 'L1', 'I|', 'IL',
  'EF', 'EB', 'CG', 'CO', 'UV', 'VY', 'RA', 'RK', 'Z2', 'G6', 'A4', 'HN', 'UO', 'NW', 'KX',
];

/**
 * A letter's confusion class: the letter and every character LETTER_CONFUSIONS pairs it with, lower case, in
 * the order of the pairs ("d": "do0").
 */
export function confusionClass(letter: string): string {
  const L = letter.toUpperCase();
  const out = [L];
  for (const p of LETTER_CONFUSIONS) {
    const other = p[0] === L ? p[1]! : p[1] === L ? p[0]! : undefined;
    if (other !== undefined && !out.includes(other)) out.push(other);
  }
  return out.join('').toLowerCase();
}

/** What OCR reads where a slash was printed, lower case: a stroke ("V/ Ref." read "VI Ref.", "Vl", "V1", "V|"). */
export const SLASH_MISREADS = 'il1|';

/**
 * Whether a word as read (lower case) is a printed word with a slash (lower case) whose slashes OCR read as strokes
 * ("vi" for "v/", "pio" for "p/o"); not the printed word itself.
 */
export function slashMisread(read: string, printed: string): boolean {
  if (!printed.includes('/') || read.length !== printed.length || read === printed) return false;
  for (let i = 0; i < printed.length; i++) if (read[i] !== printed[i] && !(printed[i] === '/' && SLASH_MISREADS.includes(read[i]!))) return false;
  return true;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeInClass = (s: string) => s.replace(/[\]\\^-]/g, '\\$&');

/**
 * The notation of spellings as OCR misreads them: `{x}` is the letter x or any character OCR confuses it with
 * (its confusionClass: "s{d}n" matches "sdn", "son", "s0n"); every other character stands for itself. Returns a
 * regular expression source, case folding left to the caller's flags; a space becomes `space` (as written, by
 * default).
 */
export function ocrSpellingPattern(spelling: string, opts: { space?: string } = {}): string {
  let out = '';
  for (let k = 0; k < spelling.length; k++) {
    const ch = spelling[k]!;
    if (ch === '{') {
      const end = spelling.indexOf('}', k);
      if (end !== k + 2) throw new Error(`ocrSpellingPattern: one letter between braces in "${spelling}"`);
      out += `[${escapeInClass(confusionClass(spelling[k + 1]!))}]`;
      k = end;
    } else out += ch === ' ' && opts.space !== undefined ? opts.space : escapeRe(ch);
  }
  return out;
}

/** An alternation of spellings in the `{x}` notation, in the order given (the caller adds the boundaries). */
export function ocrSpellingsPattern(spellings: readonly string[], opts: { space?: string } = {}): string {
  return spellings.map((s) => ocrSpellingPattern(s, opts)).join('|');
}

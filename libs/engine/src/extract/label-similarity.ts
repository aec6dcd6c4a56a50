/**
 * Label similarity: whether words printed on a page are one of a field's label phrases although they are not
 * spelled exactly as listed. Both sides are cut into tokens and compared token by token, tolerating
 * - case and diacritics ("ECHEANCE" is "échéance"),
 * - the many ways of writing "number" ("No.", "Nº", "n°", "Nr.", "#", "número": one token, also at the end of a
 *   compound: "Kundennr" is "Kunden" + number),
 * - connectors a label may or may not hold ("date DE facture", "data DI scadenza"),
 * - a compound written as one word or two ("Rechnungs-Datum" is "Rechnungsdatum"),
 * - inflection (a common stem of 5+ letters with at most 3 letters more: "totale" for "total"; a plural "-s" on a
 *   word of four: "term" for "terms"),
 * - abbreviation (a word cut short and closed by a dot: "Rechn." for "Rechnung"),
 * - contraction (a word's first and last letters with some between, closed by a dot: "Vto." for "vencimiento",
 *   "Bstlg." for "Bestellung", "Fra." for "factura"),
 * - one typo in a word (edit distance 1): of 5+ letters on an OCR'd page, of 7+ letters in a text layer, where
 *   words are as printed and two short words one letter apart are usually two words ("cross" / "gross"),
 * - on an OCR'd page, up to two letters glued in front of a word of 6+ letters ("ViEncomenda" for "encomenda"),
 * - a compound read as its head, a phrase word of 7+ letters after a modifier of 4+ ("Kundenbestellnummer" is a
 *   "Bestellnummer").
 * A word glued to an underscore is part of an identifier ("invoice_number_1"), never a label word.
 * Each tolerance lowers the match's quality (1 = the same words), which scales the label's strength.
 */
import { LRUCache } from 'lru-cache';
import { LABEL_CONNECTORS, NUMBER_SUFFIXES, NUMBER_WORDS } from '../knowledge/labels/index.js';

/** One word of a label: folded text, where it sits in the page text, and whether a dot closes it. */
export interface LabelToken {
  t: string;
  start: number;
  end: number;
  /** A dot closes the word ("Rechn."): it may be cut short. */
  abbr: boolean;
  /** Letters only (no digit, sign or underscore): only such words are compared loosely. */
  word: boolean;
}

/** The token every way of writing "number" becomes. */
export const NUMBER_TOKEN = '#';

/** Lower case without diacritics; the ordinal signs of "nº", "n°" read as the letter o. */
export function foldLabel(s: string): string {
  // (most words are plain ASCII: nothing to decompose)
  if (/^[\x00-\x7f]*$/.test(s)) return s.toLowerCase();
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss').replace(/[º°]/g, 'o');
}

const NUMBER_FOLDED = new Set([...NUMBER_WORDS].map((w) => foldLabel(w).replace(/\./g, '')));
const CONNECTORS_FOLDED = new Set([...LABEL_CONNECTORS].map(foldLabel));
const SUFFIXES_FOLDED = NUMBER_SUFFIXES.map(foldLabel);
const LETTERS = /^\p{L}+$/u;

/** A compound's stem must keep this many letters for its number ending to be split off ("Kunden|nr", not "U|nr"). */
const MIN_COMPOUND_STEM = 4;

// "N.º" / "n°" / "#" / words; a word may carry an ordinal sign ("nº" is one word, º being a letter)
const TOKEN_RE = /n\.?[º°]|#|[\p{L}\p{N}_]+°?/giu;
/** Stands for an identifier's word ("ref_invoice_1"): it matches no label word but keeps its neighbours apart. */
const IDENTIFIER_TOKEN = '_';

/** E-mail and web addresses: runs of non-blank characters holding an "@" or opening with "www." or a scheme. */
const ADDRESS_RE = /[^\s@]*@\S+|(?<!\S)(?:https?:\/\/|www\.)\S+/giu;

/**
 * The text with its e-mail and web addresses blanked (same length): "billing@acme.de" holds no "Billing" heading
 * and "office@acme.com" no "com." abbreviation.
 */
export function withoutAddresses(text: string): string {
  return mayHoldAddress(text) ? text.replace(ADDRESS_RE, (m) => ' '.repeat(m.length)) : text;
}

/** Whether a text may hold an address at all (most labels and lines do not: the pattern is not run on them). */
const mayHoldAddress = (text: string) => text.includes('@') || /www\.|https?:/i.test(text);

/** Where a text's e-mail and web addresses stand ([start, end) pairs, in order). */
function addressRuns(text: string): [number, number][] {
  if (!mayHoldAddress(text)) return [];
  return [...text.matchAll(ADDRESS_RE)].map((m) => [m.index!, m.index! + m[0].length]);
}

/**
 * The content tokens of a text: folded, number words as NUMBER_TOKEN, connectors left out; offsets are
 * `offset` plus the position in `text`.
 */
export function labelTokens(text: string, offset = 0): LabelToken[] {
  const out: LabelToken[] = [];
  const addresses = addressRuns(text);
  let a = 0;
  for (const m of text.matchAll(TOKEN_RE)) {
    const raw = m[0];
    const start = offset + m.index!;
    const end = start + raw.length;
    // a word of an e-mail or web address ("com" of "info@acme.com") is no label word: the address is one token
    while (a < addresses.length && addresses[a]![1] <= m.index!) a++;
    const run = addresses[a];
    if (run && run[0] <= m.index!) {
      if (out.at(-1)?.start !== offset + run[0]) out.push({ t: IDENTIFIER_TOKEN, start: offset + run[0], end: offset + run[1], abbr: false, word: false });
      continue;
    }
    const abbr = text[m.index! + raw.length] === '.' && /\p{L}$/u.test(raw);
    if (raw.includes('_')) { out.push({ t: IDENTIFIER_TOKEN, start, end, abbr: false, word: false }); continue; }
    let t = foldLabel(raw).replace(/\./g, '');
    if (CONNECTORS_FOLDED.has(t)) continue;
    // a lone "n" is a number sign only when it is abbreviated ("N. 12"); "n°" and "nº" always are
    if (raw === '#' || /[º°]$/.test(raw) || (NUMBER_FOLDED.has(t) && (t.length > 1 || abbr))) {
      out.push({ t: NUMBER_TOKEN, start, end, abbr: false, word: false });
      continue;
    }
    const word = LETTERS.test(t);
    const suffix = word ? SUFFIXES_FOLDED.find((s) => t.length - s.length >= MIN_COMPOUND_STEM && t.endsWith(s)) : undefined;
    if (suffix) {
      const cut = end - suffix.length;
      out.push({ t: t.slice(0, -suffix.length), start, end: cut, abbr: false, word: true }, { t: NUMBER_TOKEN, start: cut, end, abbr: false, word: false });
      continue;
    }
    out.push({ t, start, end, abbr, word });
  }
  return out;
}

/** Quality of a match that only inflection tells apart ("totale" / "total"). */
export const STEM_QUALITY = 0.9;
/** Quality of an abbreviation ("Rechn." / "Rechnung"). */
export const ABBREVIATION_QUALITY = 0.9;
/** Quality of a contraction ("Vto." / "vencimiento"): less sure than a plain cut, its letters are sparser. */
export const CONTRACTION_QUALITY = 0.8;
/** Quality of a word one typo away. */
export const TYPO_QUALITY = 0.85;
/** Quality of a compound read as its head ("Kundenbestellnummer" / "Bestellnummer"). */
export const COMPOUND_QUALITY = 0.8;
/** Shortest phrase word read as a compound's head (a shorter one, "datum", "betrag", heads words of other roles). */
const MIN_COMPOUND_HEAD = 7;
/** Shortest modifier in front of a compound's head ("Kunden"); fewer letters are glued specks or a word of their own. */
const MIN_MODIFIER = 4;
/** Least quality of a whole phrase (two tolerated words at most). */
export const MIN_PHRASE_QUALITY = 0.7;

/** Shortest word an inflection, or a typo on an OCR'd page, is tolerated in: shorter words differ in meaning with one letter. */
const MIN_FUZZY_LENGTH = 5;
/** Shortest word a typo is tolerated in within a text layer (see the module comment). */
export const MIN_TEXT_TYPO_LENGTH = 7;
/** Shortest phrase word OCR-glued letters are tolerated in front of, and how many ("Vi" + "encomenda"). */
const MIN_GLUED_WORD = 6;
const MAX_GLUED = 2;
/** Most letters an inflected form adds to its stem ("-s", "-en", "-es", "-ión" ...). */
const MAX_INFLECTION = 3;
/** Shortest abbreviation read as the start of a longer word ("Rec." for "receipt", not "R."). */
const MIN_ABBREVIATION = 3;
/** Letters a contraction keeps at least ("Vto."; two letters could contract too many words). */
const MIN_CONTRACTION = 3;
/** Letters a contraction leaves out at least. */
const MIN_CONTRACTED = 2;

/**
 * Whether `short` is `long` contracted: the same first and last letter, letters skipped right after the first,
 * every letter of `short` in `long` in order, and `long` clearly longer.
 */
export function isContraction(short: string, long: string): boolean {
  if (short.length < MIN_CONTRACTION || long.length - short.length < MIN_CONTRACTED) return false;
  if (short[0] !== long[0] || short[short.length - 1] !== long[long.length - 1]) return false;
  // a contraction skips letters at once: one that starts like its word ("Reg.") cuts another word short
  // ("registration"), so it is not read as a contraction ("Rechnung")
  if (short[1] === long[1]) return false;
  let j = 1;
  for (let i = 1; i < short.length - 1; i++) {
    j = long.indexOf(short[i]!, j);
    if (j < 0 || j >= long.length - 1) return false;
    j++;
  }
  return true;
}


/** Whether two words are at most one insertion, deletion or substitution apart. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * How well a phrase word matches a page word: 1 the same, less for a tolerated difference, 0 no match. Typos
 * are tolerated in words of `typoLength` letters or more.
 */
export function tokenQuality(phrase: LabelToken, word: LabelToken, typoLength = MIN_FUZZY_LENGTH): number {
  const a = phrase.t;
  const b = word.t;
  if (a === b) return 1;
  if (!phrase.word || !word.word) return 0;
  if ((word.abbr && b.length >= MIN_ABBREVIATION && a.length > b.length && a.startsWith(b))
    || (phrase.abbr && a.length >= MIN_ABBREVIATION && b.length > a.length && b.startsWith(a))) return ABBREVIATION_QUALITY;
  if ((word.abbr && isContraction(b, a)) || (phrase.abbr && isContraction(a, b))) return CONTRACTION_QUALITY;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= MIN_FUZZY_LENGTH && long.length - short.length <= MAX_INFLECTION && long.startsWith(short)) return STEM_QUALITY;
  // a plural "-s" on a word of four letters ("term" / "terms", "item" / "items"); no other ending that short ("part" / "party")
  if (short.length === MIN_FUZZY_LENGTH - 1 && long === `${short}s`) return STEM_QUALITY;
  if (short.length >= Math.max(MIN_FUZZY_LENGTH, typoLength) && withinOneEdit(a, b)) return TYPO_QUALITY;
  // a compound whose head is the phrase's word ("Kundenbestellnummer" is a "Bestellnummer"): the head names what
  // the compound is, its modifier only whose (Germanic compounds put the head last)
  if (a.length >= MIN_COMPOUND_HEAD && b.length - a.length >= MIN_MODIFIER && b.endsWith(a)) return COMPOUND_QUALITY;
  // OCR glues a specks' or a sign's letters to the next word ("V/ Encomenda" read "ViEncomenda"); on an OCR'd
  // page (typos tolerated from MIN_FUZZY_LENGTH) a long phrase word may carry up to two such letters in front
  if (typoLength <= MIN_FUZZY_LENGTH && a.length >= MIN_GLUED_WORD && b.length > a.length && b.length - a.length <= MAX_GLUED && b.endsWith(a)) return TYPO_QUALITY;
  return 0;
}

/**
 * Whether the phrase's tokens match the page tokens from index i on: the quality of the match and the index of
 * the last page token used, or undefined. A compound on one side may be two words on the other.
 */
export function matchPhraseAt(phrase: readonly LabelToken[], words: readonly LabelToken[], i: number, typoLength = MIN_FUZZY_LENGTH): { quality: number; last: number } | undefined {
  let q = 1;
  let k = 0;
  let j = i;
  while (k < phrase.length) {
    if (j >= words.length) return undefined;
    const m = tokenQuality(phrase[k], words[j], typoLength);
    if (m > 0) { q *= m; k++; j++; continue; }
    if (j + 1 < words.length && phrase[k].t === words[j].t + words[j + 1].t) { k++; j += 2; continue; }
    if (k + 1 < phrase.length && phrase[k].t + phrase[k + 1].t === words[j].t) { k += 2; j++; continue; }
    return undefined;
  }
  return q >= MIN_PHRASE_QUALITY ? { quality: q, last: j - 1 } : undefined;
}

/** Letters of a word's ends a typo leaves alone: one edit in a word of 5+ letters spares its first two or its last two. */
export const END_LETTERS = 2;
/** Words indexed by their last letters too: those a typo is tolerated in. */
export const TAIL_MIN_LENGTH = MIN_FUZZY_LENGTH;

/** A label phrase as the matcher reads it: its tokens, and how its first word is looked up on a page. */
export interface PhraseInfo {
  tokens: LabelToken[];
  /** Matched by similarity at all (see similarityEligible). */
  eligible: boolean;
  /** The first two tokens written as one word (a compound the page may print joined). */
  joined: string;
  /** Index keys of the page words the first token may match: first letters, and last letters for long words. */
  keys: { key: string; tail: boolean }[];
}

/**
 * Phrases read once, kept by the thousand: the vocabulary's phrases recur in every document; a schema's own names
 * and titles are kept only when short (PHRASE_CACHE_BOUNDS).
 */
export const PHRASE_CACHE_BOUNDS = { entries: 20_000, phraseChars: 200 } as const;
const phraseCache = new LRUCache<string, PhraseInfo>({
  max: PHRASE_CACHE_BOUNDS.entries,
  maxSize: PHRASE_CACHE_BOUNDS.entries * PHRASE_CACHE_BOUNDS.phraseChars,
  maxEntrySize: PHRASE_CACHE_BOUNDS.phraseChars,
  sizeCalculation: (_v, phrase) => Math.max(1, phrase.length),
});

/** Phrases held in the phrase cache (for tests of its bounds). */
export const cachedPhrases = (): number => phraseCache.size;

/** A phrase's tokens and look-up keys (cached). */
export function phraseInfo(phrase: string): PhraseInfo {
  let info = phraseCache.get(phrase);
  if (!info) {
    const tokens = labelTokens(phrase);
    const first = tokens[0];
    const joined = first ? first.t + (tokens[1]?.t ?? '') : '';
    const keys = first ? [...new Set([first.t.slice(0, END_LETTERS), first.t.slice(0, 1), joined.slice(0, END_LETTERS)])].map((key) => ({ key, tail: false })) : [];
    if (first?.word && first.t.length >= TAIL_MIN_LENGTH) keys.push({ key: first.t.slice(-END_LETTERS), tail: true });
    info = { tokens, eligible: similarityEligible(tokens), joined, keys };
    phraseCache.set(phrase, info);
  }
  return info;
}

/** The tokens of a label phrase. */
export function phraseTokens(phrase: string): LabelToken[] {
  return phraseInfo(phrase).tokens;
}

/**
 * Whether a phrase can be matched by similarity at all: it needs a word of 3+ letters (a bare "No", "#" or "Nr"
 * says nothing without the words around it).
 */
export function similarityEligible(tokens: readonly LabelToken[]): boolean {
  return tokens.length > 0 && tokens.some((t) => t.t !== NUMBER_TOKEN && t.t.length >= MIN_ABBREVIATION);
}

/**
 * A cheap guess of the language a page is written in, from its words: how many of each language's function words
 * it uses (knowledge/languages), how many words of its printed labels (knowledge/labels: business documents hold
 * few sentences, and so few function words, but many labels), plus the letters only some languages write. Used
 * to choose the Tesseract model a scanned page is read with (ocr.ts) and recorded on the page model.
 *
 * Words are compared without accents and case ("für", "FUR" and "fur" are one word) because the first OCR pass
 * reads with the English model, which drops most accents; the accented letters themselves count on their own.
 * A word several languages share ("de", "in", "die") counts for each of them in proportion (1/k for k languages).
 */
import { LABEL_LANGUAGES } from '../knowledge/labels/index.js';
import { LANGUAGES, type LanguageCode } from '../knowledge/languages/index.js';

/** An accented letter counts this much (a function word counts 1): one letter is weaker evidence than one word. */
const LETTER_WEIGHT = 0.5;
/** Shortest label word that counts: shorter ones ("nr", "vat", "tel") are abbreviations many languages print. */
const MIN_LABEL_WORD = 4;
/** Least evidence for a guess: a few function words, not one stray "de" or "la". */
const MIN_EVIDENCE = 4;
/** The leading language needs this many times the evidence of the next one. */
const MIN_LEAD = 2;

/** Words looked at: a page's first few thousand words tell its language as well as all of them would. */
const MAX_WORDS = 2000;
const NON_ASCII = /[^\x00-\x7f]/;
/** A word that is an address or an abbreviation: '@', '/', or a dot between letters. */
const ADDRESS_LIKE = /[@/]|\p{L}\.\p{L}/u;

export interface LanguageGuess {
  /** The language whose evidence clearly leads (see MIN_EVIDENCE, MIN_LEAD); undefined when none does. */
  language?: LanguageCode;
  /** Evidence per language: function and label words used (shared words split between their languages) plus letters. */
  scores: Record<LanguageCode, number>;
}

/** Lower case without accents ("Über" -> "uber"); ß, which has no decomposition, becomes "ss". */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

/** Folded function word -> the languages that use it. */
const wordLanguages = new Map<string, LanguageCode[]>();
/** Folded label word -> the languages that print it (see below). */
const labelWordLanguages = new Map<string, LanguageCode[]>();
/** Letter -> the languages that write it. */
const letterLanguages = new Map<string, LanguageCode[]>();
for (const lang of LANGUAGES) {
  for (const w of new Set(lang.functionWords.map(foldWord))) {
    const list = wordLanguages.get(w) ?? [];
    list.push(lang.code);
    wordLanguages.set(w, list);
  }
  for (const ch of new Set(lang.letters)) {
    const list = letterLanguages.get(ch) ?? [];
    list.push(lang.code);
    letterLanguages.set(ch, list);
  }
}

/**
 * Words of the label vocabulary (folded, MIN_LABEL_WORD letters or more) -> the languages that print them; words
 * that are also a function word of some language count once, as that.
 */
const readLanguages = new Set<string>(LANGUAGES.map((l) => l.code));
for (const labels of LABEL_LANGUAGES) {
  if (!readLanguages.has(labels.language)) continue;
  const code = labels.language as LanguageCode;
  const words = new Set<string>();
  for (const phrases of Object.values(labels.concepts)) {
    for (const phrase of phrases ?? []) {
      for (const w of foldWord(phrase).split(/[^\p{L}]+/u)) if (w.length >= MIN_LABEL_WORD) words.add(w);
    }
  }
  for (const w of words) {
    const list = labelWordLanguages.get(w) ?? [];
    list.push(code);
    labelWordLanguages.set(w, list);
  }
}
for (const w of wordLanguages.keys()) labelWordLanguages.delete(w);

function emptyScores(): Record<LanguageCode, number> {
  return Object.fromEntries(LANGUAGES.map((l) => [l.code, 0])) as Record<LanguageCode, number>;
}

/**
 * Guesses the language of a page from its words (as printed or as OCR read them). Tokens are split at anything
 * that is not a letter ("l'entreprise" is "l" and "entreprise"); one-letter tokens are left out (OCR reads
 * specks as "a", "e", "o"), and so are addresses ("info@firma.de", "www.site.com"). Only the first MAX_WORDS
 * words count. `minEvidence` lowers the evidence the leading language needs (default MIN_EVIDENCE), for a guess
 * that costs little when wrong.
 */
export function guessLanguage(words: Iterable<string>, options: { minEvidence?: number } = {}): LanguageGuess {
  const scores = emptyScores();
  let seen = 0;
  for (const word of words) {
    if (++seen > MAX_WORDS) break;
    const ascii = !NON_ASCII.test(word);
    if (!ascii) {
      for (const ch of word.toLowerCase()) {
        const langs = letterLanguages.get(ch);
        if (langs) for (const l of langs) scores[l] += LETTER_WEIGHT / langs.length;
      }
    }
    // e-mail addresses, web addresses and dotted abbreviations hold no words of the text ("lek.com", "z.B.")
    if (ADDRESS_LIKE.test(word)) continue;
    for (const token of (ascii ? word.toLowerCase() : foldWord(word)).split(/[^\p{L}]+/u)) {
      if (token.length < 2) continue;
      const langs = wordLanguages.get(token) ?? labelWordLanguages.get(token);
      if (langs) for (const l of langs) scores[l] += 1 / langs.length;
    }
  }
  const ranked = LANGUAGES.map((l) => l.code).sort((a, b) => scores[b] - scores[a]);
  const [best, next] = [scores[ranked[0]!], scores[ranked[1]!]];
  const language = best >= (options.minEvidence ?? MIN_EVIDENCE) && best >= MIN_LEAD * next ? ranked[0] : undefined;
  return { language, scores };
}

/** Words of a text, split at white space. */
export function textWords(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/**
 * What the engine knows about a language it reads, as data: one file per language beside this one, listed in
 * index.ts. A language is added by writing its file (ISO 639-1 code, Tesseract data name, function words,
 * letters) and listing it; scripts/install-os-deps.sh and deploy/Dockerfile install `tesseract-ocr-<tesseract>`.
 */
export type LanguageCode = 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl' | 'pt' | 'pl' | 'cs' | 'sv' | 'da' | 'nb' | 'fi' | 'ro' | 'hu' | 'tr';

export interface Language {
  /** ISO 639-1 code. */
  code: LanguageCode;
  /** English name, for messages and docs. */
  name: string;
  /** Name of Tesseract's trained data for the language (Debian package `tesseract-ocr-<tesseract>`). */
  tesseract: string;
  /**
   * The language's most frequent words that carry no content: articles, pronouns, prepositions, conjunctions,
   * auxiliary verbs, polite formulas. They occur on any page of running text or of a business document, whatever
   * it is about, so a handful of them tells the language. Lower case, spelt as printed (accents kept).
   */
  functionWords: readonly string[];
  /** Letters the language writes and English does not, lower case. */
  letters: string;
  /**
   * Month names as printed, January first: each month's full names, then its abbreviations (lower case, accents
   * kept, without a final dot; spellings without accents where they are printed too).
   */
  months: readonly (readonly string[])[];
  /** Words printed between a day, its month and its year ("10 de diciembre de 2023"). */
  dateConnectors: readonly string[];
  /**
   * The order its countries write a numeric date in ("12/11/2025": 12 November where day comes first); absent where
   * they differ (English: month first in the US, day first elsewhere) or write the year first.
   */
  numericDateOrder?: 'dmy' | 'mdy';
}

/**
 * The label vocabulary: per concept, the phrases printed for it in every language the engine reads, merged into
 * one list ranked by how specific each phrase is within its own language (a phrase's place in its language's
 * list), English first among equals. Consumers ask by concept; no label list is written anywhere else.
 */
import { DOCUMENT_WORDS } from '../document-words/index.js';
import { CONCEPT_IDS, LABEL_CONCEPTS, type LabelConcept, type LanguageLabels } from './concepts.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { ms } from './ms.js';
import { nl } from './nl.js';
import { pt } from './pt.js';
import { pl } from './pl.js';
import { cs } from './cs.js';
import { sv } from './sv.js';
import { da } from './da.js';
import { nb } from './nb.js';
import { fi } from './fi.js';
import { ro } from './ro.js';
import { hu } from './hu.js';
import { tr } from './tr.js';

export { CONCEPT_IDS, LABEL_CONCEPTS, type LabelConcept, type LanguageLabels };

/** Every language's labels; English first (it breaks ties between equally specific phrases); languages added later
 * go last, so no earlier language's phrase order changes. */
export const LABEL_LANGUAGES: readonly LanguageLabels[] = [en, fr, de, es, it, nl, pt, ms, pl, cs, sv, da, nb, fi, ro, hu, tr];

/** Whether a phrase says a sum includes tax ("incl. VAT") or leaves it out ("excl. VAT"). */
export type TaxSense = 'included' | 'excluded';

/**
 * The phrases a language composes from its tax words (knowledge/document-words): a tax's name with a word saying it is
 * included or left out, before it ("excl. VAT", "sem IVA", "hors TVA", "ohne MwSt") or after it ("IVA esclusa",
 * "KDV hariç").
 */
function taxQualified(language: string, sense: TaxSense): string[] {
  const words = DOCUMENT_WORDS.find((d) => d.language === language);
  if (!words) return [];
  const [before, after] = sense === 'excluded' ? [words.taxExcluded, words.taxExcludedAfter] : [words.taxIncluded, words.taxIncludedAfter];
  return words.taxNames.flatMap((t) => [...before.map((q) => `${q} ${t}`), ...after.map((q) => `${t} ${q}`)]);
}

const qualifiedAll = new Map<TaxSense, readonly string[]>();

/** Every language's phrases saying a sum includes (or leaves out) tax, each once. */
export function taxQualifiedPhrases(sense: TaxSense): readonly string[] {
  let out = qualifiedAll.get(sense);
  if (!out) qualifiedAll.set(sense, (out = [...new Set(LABEL_LANGUAGES.flatMap((l) => taxQualified(l.language, sense)))]));
  return out;
}

const ownPhrases = new Map<string, readonly string[]>();

/**
 * A language's phrases of a concept, most specific first: its own list, then, for the subtotal, its phrases of a sum
 * that leaves tax out ("Without VAT", "sem imposto": taxQualified).
 */
export function languagePhrases(l: LanguageLabels, concept: LabelConcept): readonly string[] {
  const own = l.concepts[concept] ?? [];
  if (concept !== 'subtotal') return own;
  const key = `${l.language}:${concept}`;
  let out = ownPhrases.get(key);
  if (!out) ownPhrases.set(key, (out = [...new Set([...own, ...taxQualified(l.language, 'excluded')])]));
  return out;
}

const merged = new Map<LabelConcept, readonly string[]>();

/**
 * The phrases that label a concept, most specific first: each language's list interleaved by relative place
 * (the first phrase of each language, then the next ...), duplicates kept once at their best place.
 */
export function conceptPhrases(concept: LabelConcept): readonly string[] {
  let out = merged.get(concept);
  if (out) return out;
  const ranked: { phrase: string; at: number; lang: number }[] = [];
  LABEL_LANGUAGES.forEach((l, lang) => {
    const list = languagePhrases(l, concept);
    list.forEach((phrase, i) => ranked.push({ phrase, at: i / list.length, lang }));
  });
  ranked.sort((a, b) => a.at - b.at || a.lang - b.lang);
  out = [...new Set(ranked.map((r) => r.phrase))];
  merged.set(concept, out);
  return out;
}

/** The phrases of several concepts, in the order given, each once. */
export function phrasesOf(...concepts: LabelConcept[]): string[] {
  return [...new Set(concepts.flatMap((c) => conceptPhrases(c)))];
}

/** Short words a label may hold between its content words, in any language. */
export const LABEL_CONNECTORS: ReadonlySet<string> = new Set(LABEL_LANGUAGES.flatMap((l) => l.connectors));

/** Words and signs that mean "number" in any language ("no", "nº", "nr", "número"). */
export const NUMBER_WORDS: ReadonlySet<string> = new Set(LABEL_LANGUAGES.flatMap((l) => l.numberWords));

/**
 * Every word of the label vocabulary, any language, lower case: number words, and each word of every concept's phrases
 * as written ("n.º", "factuurnr", a closing dot or colon left out) and cut at its dots ("p.o." also gives "p", "o").
 */
export const LABEL_WORDS: ReadonlySet<string> = new Set(
  [...NUMBER_WORDS, ...CONCEPT_IDS.flatMap((c) => conceptPhrases(c)).flatMap((ph) => ph.split(/\s+/).flatMap((w) => [w, ...w.split('.')]))]
    .map((w) => w.toLowerCase().replace(/[.:]+$/, ''))
    .filter(Boolean),
);

/** Words that make a label the addressee's own ("your", "uw", "votre", "su"), in any language. */
export const YOURS_WORDS: readonly string[] = [...new Set(LABEL_LANGUAGES.flatMap((l) => l.yours))];

/**
 * Labels of another concept that also name a field's value, read after the field's own labels: the buyer's
 * order number is what a letter prints under "your reference" ("Your ref.", "Ihr Zeichen", "Uw kenmerk": only
 * the labels addressing the reader), a date after "Payment terms" is the day payment is due, and what is left to
 * pay ("Zu zahlen", "Net à payer") is the total where nothing was paid before (a receipt's one sum).
 */
export const RELATED_LABELS: readonly { concept: LabelConcept; reads: LabelConcept; addressed?: boolean }[] = [
  { concept: 'order_number', reads: 'customer_reference', addressed: true },
  { concept: 'due_date', reads: 'payment_terms' },
  { concept: 'total', reads: 'amount_due' },
];

/** Per language (LABEL_LANGUAGES order), the related labels (RELATED_LABELS) of fields asking for these concepts. */
export function relatedPhrases(concepts: readonly LabelConcept[]): string[][] {
  const rel = RELATED_LABELS.filter((r) => concepts.includes(r.concept) && !concepts.includes(r.reads));
  if (!rel.length) return [];
  return LABEL_LANGUAGES.map((l) => rel.flatMap((r) => (l.concepts[r.reads] ?? []).filter((p) => !r.addressed || p.split(/\s+/).some((w) => l.yours.includes(w)))));
}

/** Endings that write "number" inside a compound word, longest first ("nummer" before "nr"). */
export const NUMBER_SUFFIXES: readonly string[] = [...new Set(LABEL_LANGUAGES.flatMap((l) => l.numberSuffixes))].sort((a, b) => b.length - a.length);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular expression source matching any of the phrases as a whole label: its words separated by any run of
 * spaces, dots, dashes or underscores, not inside a longer word. For role labels tested on short lines
 * ("Bill to:", "Rechnungsempfänger"); use with the 'iu' flags.
 */
export function phrasesPattern(phrases: readonly string[]): string {
  // (an apostrophe as any of the ways it is printed: "à l’attention de")
  const alts = [...phrases].sort((a, b) => b.length - a.length).map((p) => escapeRe(p.trim()).replace(/\s+/g, '[\\s._-]*').replace(/['’]/g, "['’ʼ‘]"));
  return `(?<![\\p{L}\\p{N}])(?:${alts.join('|')})(?![\\p{L}\\p{N}])`;
}

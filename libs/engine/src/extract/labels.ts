/**
 * Layout-aware key/value detection: label phrases derived from a field's name, title and description
 * (plus the labels of the concepts its reading asks for, in every language: knowledge/labels), their
 * occurrences in the document (as listed, or similar: label-similarity.ts), and how a candidate sits relative
 * to them (same line to the right, or the line(s) below).
 */
import type { LeafNode } from '../schema/compile.js';
import { fieldWords, isOpaque, nameWords } from '../schema/semantic.js';
import { confusionDistance } from '../ocr-repair/confusion.js';
import { slashMisread } from '../knowledge/ocr-confusions/index.js';
import { CONCEPT_IDS, conceptPhrases, languagePhrases, relatedPhrases, taxQualifiedPhrases, LABEL_CONNECTORS, LABEL_LANGUAGES, NUMBER_WORDS, phrasesOf, type LabelConcept } from '../knowledge/labels/index.js';
import { documentWords as printedWords, wordsPattern } from '../knowledge/document-words/index.js';
import { CURRENCY_CODE_SET } from '../knowledge/currencies/index.js';
import {
  AMOUNT_FAMILY_FIELD_WORDS, FIELD_CONCEPT_WORDS, fieldWordsTest, GENERIC_CORE_WORDS, LABEL_CORE_STOP_WORDS, TRAILING_QUALIFIERS,
} from '../knowledge/field-words/index.js';
import type { DocContext, Span } from './context.js';
import { LRUCache } from 'lru-cache';
import { END_LETTERS, labelTokens, matchPhraseAt, MIN_TEXT_TYPO_LENGTH, phraseInfo, TAIL_MIN_LENGTH, tokenQuality, type LabelToken } from './label-similarity.js';

/**
 * Which label concepts a field's reading asks for (knowledge/field-words FIELD_CONCEPT_WORDS; knowledge/labels
 * holds each concept's phrases in every language). Checked on the field's phrase, its core words and its reading;
 * concepts add their phrases in this order, so a field that matches several lists its own concept's labels first.
 */
export const FIELD_CONCEPTS: readonly [(words: string) => boolean, readonly LabelConcept[]][] = FIELD_CONCEPT_WORDS.map((c) => [fieldWordsTest(c.fits), c.concepts]);

/** Words a field's label core leaves out (knowledge/field-words). */
const STOP = new Set(LABEL_CORE_STOP_WORDS);

/** Words that alone name no field: a field's core reduced to one of them is its party's, not the document's. */
export const GENERIC_CORE = new RegExp(`^(?:${wordsPattern(GENERIC_CORE_WORDS)})$`);

/** Words that qualify the noun before them in a field name but precede it on the page. */
const QUALIFIERS = new Set(TRAILING_QUALIFIERS);

/**
 * How much each phrase of a field's label list says (1 for the field's own words, down to 0.5 for a language's
 * last, most generic label), by list. A phrase's strength comes from its place among its own language's labels
 * (knowledge/labels), so adding languages neither dilutes nor boosts any of them.
 */
const listSpecificity = new WeakMap<readonly string[], number[]>();

const phrasesOfLeaf = new WeakMap<object, Map<string, string[]>>();

export function labelPhrases(leaf: Pick<LeafNode, 'name' | 'title' | 'reading'>, parentName?: string): string[] {
  // one list per leaf (and parent): its identity carries the phrases' strengths to findLabels
  let byParent = phrasesOfLeaf.get(leaf);
  if (!byParent) phrasesOfLeaf.set(leaf, (byParent = new Map()));
  let list = byParent.get(parentName ?? '');
  if (!list) byParent.set(parentName ?? '', (list = buildLabelPhrases(leaf, parentName)));
  return list;
}

function buildLabelPhrases(leaf: Pick<LeafNode, 'name' | 'title' | 'reading'>, parentName?: string): string[] {
  // the key's own words are a label as printed ("transaction date"), unless the key is opaque ("field_3"):
  // then the reading (title or description) stands in; the reading's canonical name brings its synonyms
  const own = nameWords(leaf.name);
  const reading = fieldWords(leaf);
  const words = isOpaque(own) ? reading : own;
  const phrase = words.join(' ');
  const read = reading.join(' ');
  const out = new Set<string>();
  if (phrase) out.add(phrase);
  if (leaf.title) out.add(leaf.title.toLowerCase());
  const core = words.filter((w) => !STOP.has(w)).join(' ');
  // a trailing qualifier is printed in front of its noun: total_amount_gross -> "gross amount"
  const q = words.length >= 2 ? words[words.length - 1] : '';
  if (QUALIFIERS.has(q) && !QUALIFIERS.has(words[words.length - 2])) out.add(`${q} ${words[words.length - 2]}`);
  if (core && core !== phrase) out.add(core);
  const ownCount = out.size;
  // a core that is one generic word ("customer number" -> "number") says nothing without the party word it lost
  const conceptCore = GENERIC_CORE.test(core) && core !== phrase ? '' : core;
  const concepts = FIELD_CONCEPTS.filter(([fits]) => fits(phrase) || (conceptCore && fits(conceptCore)) || fits(read)).flatMap(([, cs]) => cs);
  for (const c of concepts) conceptPhrases(c).forEach((s) => out.add(s));
  // labels of a related concept that name the field's value too, read after its own (knowledge/labels
  // RELATED_LABELS): "your reference" over the buyer's order number, "payment terms" before the due date
  const related = relatedPhrases(concepts);
  for (const l of related) l.forEach((s) => out.add(s));
  if (parentName) out.delete(parentName);
  // '#' alone labels a number only where it opens a line ("# 1042" under a title): see findLabels
  const list = [...out].filter((s) => s.length >= 2 || s === '#');
  // each language's labels of the field's concepts, in order, behind the field's own words
  const spec = new Map<string, number>();
  const perLanguage = languageLists(concepts).map((l, i) => [...new Set([...l, ...(related[i] ?? [])])]).filter((l) => l.length);
  const longest = Math.max(0, ...perLanguage.map((l) => l.length));
  [...out].slice(0, ownCount).forEach((s, i) => spec.set(s, 1 - 0.5 * (i / Math.max(1, ownCount + longest))));
  for (const l of perLanguage) {
    l.forEach((s, i) => spec.set(s, Math.max(spec.get(s) ?? 0, 1 - 0.5 * ((ownCount + i) / (ownCount + l.length)))));
  }
  listSpecificity.set(list, list.map((s) => spec.get(s) ?? 0.5));
  return list;
}

/** Per language (in LABEL_LANGUAGES order, empty lists included), its labels of the concepts in order (each once). */
function languageLists(concepts: LabelConcept[]): string[][] {
  if (!concepts.length) return [];
  return LABEL_LANGUAGES.map((l) => [...new Set(concepts.flatMap((c) => languagePhrases(l, c)))]);
}

/** Which of the three invoice sums a numeric field asks for (its own labels compete with the others'). */
export type AmountFamily = 'total' | 'subtotal' | 'tax';

const FAMILY_CONCEPTS: Record<AmountFamily, LabelConcept[]> = { subtotal: ['subtotal'], tax: ['tax_amount'], total: ['total', 'amount_due'] };

/** The field words of each sum, in the order tried (knowledge/field-words AMOUNT_FAMILY_FIELD_WORDS). */
const FAMILY_FITS = AMOUNT_FAMILY_FIELD_WORDS.map((f) => [f.family, fieldWordsTest(f.fits)] as const);

export function amountFamily(name: string): AmountFamily | undefined {
  const n = nameWords(name).join(' ');
  return FAMILY_FITS.find(([, fits]) => fits(n))?.[0];
}

/**
 * Every language's phrases saying a sum leaves tax out, as a pattern anchored where a label ends (after spaces, dots or
 * a colon), and those saying it includes tax, as a pattern to search a line with (knowledge/labels). Looked for around
 * each hit only: the whole pages hold few sums labels and many words.
 */
let taxQualified: { excludedAfter: RegExp; included: RegExp } | undefined;
function taxQualifiedPatterns() {
  const alternation = (phrases: readonly string[]) => [...phrases].sort((a, b) => b.length - a.length).map(phrasePattern).join('|');
  taxQualified ??= {
    excludedAfter: new RegExp(`^[ \\t.:]*(?:${alternation(taxQualifiedPhrases('excluded'))})(?![\\p{L}\\p{N}])`, 'iu'),
    included: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(taxQualifiedPhrases('included'))})(?![\\p{L}\\p{N}])`, 'giu'),
  };
  return taxQualified;
}

/** How far around a hit a qualifying phrase is looked for (characters). */
const QUALIFIER_REACH = 40;

/**
 * Drop the label hits that are really part of another sum's label: "Total" inside "Total HT" belongs to the
 * subtotal, "VAT" inside "Total VAT" to the tax (the longest label at a position decides). A tax's name said to be
 * left out or included qualifies the sum it follows: "Total" before "s/ IVA" or "excl. VAT" names the sum before
 * tax, and "VAT" of "Total incl. VAT" is part of the total's label (alone, "incl. VAT 1.45" may be the tax itself).
 */
export function keepOwnFamily(ctx: DocContext, hits: LabelHit[], family: AmountFamily): LabelHit[] {
  const fams = ctx.memo('amount-families', () => {
    const all: { p: number; start: number; end: number; fam: AmountFamily }[] = [];
    for (const fam of Object.keys(FAMILY_CONCEPTS) as AmountFamily[]) {
      for (const h of findLabels(ctx, phrasesOf(...FAMILY_CONCEPTS[fam]))) all.push({ p: h.p, start: h.start, end: h.end, fam });
    }
    return all;
  });
  const { excludedAfter, included } = taxQualifiedPatterns();
  // "Total" + "s/ IVA": a phrase of tax left out right after the hit, on its line
  const leavesTaxOut = (h: LabelHit) => excludedAfter.test(ctx.pages[h.p]!.text.slice(h.end, h.end + QUALIFIER_REACH).split('\n')[0]!);
  // "Total" + "incl. VAT": the hit inside a phrase of tax included that follows a total's label, nothing but spaces,
  // dots or a colon between
  const inTotalsQualifier = (h: LabelHit) => {
    const text = ctx.pages[h.p]!.text;
    const from = Math.max(0, h.start - QUALIFIER_REACH);
    for (const m of text.slice(from, h.end + QUALIFIER_REACH).matchAll(included)) {
      const start = from + m.index!;
      if (start > h.start || start + m[0].length < h.end) continue;
      if (fams.some((t) => t.fam === 'total' && t.p === h.p && t.end <= start && /^[ \t.:]*$/.test(text.slice(t.end, start)))) return true;
    }
    return false;
  };
  return hits.filter((h) => {
    if (fams.some((g) => g.p === h.p && g.fam !== family && g.start < h.end && g.end > h.start && g.end - g.start > h.end - h.start)) return false;
    if (family === 'total') return !leavesTaxOut(h);
    if (family === 'tax') return !inTotalsQualifier(h);
    return true;
  });
}

export interface LabelHit extends Span {
  /** Index of the phrase in the label list (earlier = more specific). */
  rank: number;
  line: number;
  phraseLen: number;
  /** How closely the page's words match the phrase (label-similarity.ts); 1 (or absent) when spelled as listed. */
  quality?: number;
  /** How much the phrase says (see labelPhrases); absent for lists labelPhrases did not make (then its rank tells). */
  spec?: number;
  /** Found as dotted initials ("I.V.A." for "iva": initialismHits), not by the phrase's pattern. */
  initials?: boolean;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An apostrophe in a label ("date d'émission") as any of the ways it is printed: straight, typographic, modifier letter. */
const APOSTROPHES = "['’ʼ‘]";

/**
 * A label phrase as a pattern: its words separated by any run of spaces, dots, underscores or dashes. A run of
 * those in the phrase (a caller's title "total   due") becomes one separator: two quantifiers side by side
 * match dot leaders in as many ways as there are splits, and backtrack for hours.
 */
const phrasePattern = (p: string) => esc(p.replace(/[\s._-]+/g, (run) => (/\s/.test(run) ? ' ' : run))).replace(/ /g, '[\\s._-]*').replace(/['’]/g, APOSTROPHES);

export function findLabels(ctx: DocContext, phrases: string[], maxPages = 50): LabelHit[] {
  const specs = listSpecificity.get(phrases);
  return ctx.memo(`labels:${specs ? 'spec:' : ''}${phrases.join('|')}`, () => {
    const hits: LabelHit[] = [];
    const sorted = phrases.map((p, i) => ({ p, i, lead: /^[\p{L}\p{N}]*/u.exec(p.toLowerCase())![0] })).sort((a, b) => b.p.length - a.p.length);
    const rankOf = new Map(sorted.map((x) => [x.p.replace(/[\s._-]/g, ''), x.i]));
    // only the phrases whose first word starts a word of the document can match (a list holds every language's labels)
    const here = sorted.filter((x) => startsDocumentWord(ctx, maxPages, x.lead));
    const re = here.length ? labelsPattern(here.map((x) => phrasePattern(x.p)).join('|')) : undefined;
    const starts = re && labelStarts(ctx, maxPages, here);
    ctx.pages.slice(0, maxPages).forEach((page, p) => {
      if (page.source === 'ocr') hits.push(...ocrLabelHits(ctx, p, phrases));
      for (const m of re ? labelMatches(page.text, re, starts?.[p]) : []) {
        // A bare symbol label ("#") says whose number follows only when it opens the line: "PO #", "Item #"
        // belong to the words before them.
        if (!/[\p{L}\p{N}]/u.test(m[1]) && page.text.slice(page.text.lastIndexOf('\n', m.index! - 1) + 1, m.index!).trim()) continue;
        // a phrase read across two cells of a row ("Invoice [Date | Due] Date") is no label
        if (spansCells(ctx, p, m.index!, m.index! + m[0].length)) continue;
        const key = m[1].toLowerCase().replace(/[\s._-]/g, '');
        hits.push({ p, start: m.index!, end: m.index! + m[0].length, rank: rankOf.get(key) ?? phrases.length, line: ctx.lineIndex(p, m.index!), phraseLen: m[0].length });
      }
      if ((p < SIMILAR_FIRST_PAGES || p >= Math.min(maxPages, ctx.pages.length) - SIMILAR_LAST_PAGES) && formLike(ctx, p)) hits.push(...similarLabelHits(ctx, p, phrases, hits, maxPages));
      for (const h of initialismHits(ctx, p, phrases)) if (!hits.some((o) => o.p === p && o.start === h.start && o.end === h.end)) hits.push(h);
    });
    if (specs) for (const h of hits) if (h.rank < specs.length) h.spec = specs[h.rank];
    return hits;
  });
}

/** Per phrase list, its one-word phrases of two to five letters and their ranks (the words initials can spell). */
const initialismRanks = new WeakMap<readonly string[], Map<string, number>>();

/** Letters each closed by a dot ("I.V.A.", "B.T.W.", "N.I.F."): an abbreviation spelled out as initials. */
const INITIALISM = /(?<![\p{L}\p{N}.])((?:\p{L}\.){2,5})(?![\p{L}\p{N}])/gu;

/**
 * Hits of one-word labels printed as dotted initials ("I.V.A. 16 %" for "IVA", "T.V.A." for "TVA"): the page's
 * initialisms, letters joined, matched against the phrases that are one word of as many letters.
 */
function initialismHits(ctx: DocContext, p: number, phrases: string[]): LabelHit[] {
  const found = ctx.memo(`initialisms:${p}`, () => [...ctx.pages[p]!.text.matchAll(INITIALISM)].map((m) => ({ start: m.index!, end: m.index! + m[1]!.length, word: m[1]!.replace(/\./g, '').toLowerCase() })));
  if (!found.length) return [];
  let ranks = initialismRanks.get(phrases);
  if (!ranks) {
    ranks = new Map();
    phrases.forEach((ph, i) => { const w = ph.toLowerCase(); if (/^\p{L}{2,5}$/u.test(w) && !ranks!.has(w)) ranks!.set(w, i); });
    initialismRanks.set(phrases, ranks);
  }
  const out: LabelHit[] = [];
  for (const f of found) {
    const rank = ranks.get(f.word);
    if (rank !== undefined) out.push({ p, start: f.start, end: f.end, rank, line: ctx.lineIndex(p, f.start), phraseLen: f.end - f.start, initials: true });
  }
  return out;
}

/** Gap between two words of one label, in word heights, beyond which they stand in different cells (a word space is ~0.3). */
const CELL_GAP = 2.5;

/** Whether consecutive words of a match sit far apart on their row: two cells, not one label. */
export function spansCells(ctx: DocContext, p: number, start: number, end: number): boolean {
  const words = ctx.wordsIn(p, start, end);
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1]!.bbox;
    const b = words[i]!.bbox;
    const h = Math.max(a[3] - a[1], b[3] - b[1]);
    // (same row only: a label broken over two lines is still one label)
    if (h > 0 && Math.abs(a[1] - b[1]) < h / 2 && b[0] - a[2] > CELL_GAP * h) return true;
  }
  return false;
}

/**
 * The document's words (runs of letters and digits, lower case) on its first pages: the distinct ones by their
 * first letter, where each starts (page and offset, in pairs), and per page where its words that are not plain
 * ASCII start. `exact` tells the pages whose lower case is as long as their text (whose offsets are the text's).
 */
interface DocumentWords {
  byHead: Map<string, string[]>;
  at: Map<string, number[]>;
  other: number[][];
  exact: boolean[];
  known: Map<string, boolean>;
}

function documentWords(ctx: DocContext, maxPages: number): DocumentWords {
  return ctx.memo(`document-words:${maxPages}`, () => {
    const at = new Map<string, number[]>();
    const other: number[][] = [];
    const exact: boolean[] = [];
    ctx.pages.slice(0, maxPages).forEach((pg, p) => {
      const s = pg.text.toLowerCase();
      const others: number[] = [];
      let start = -1;
      let ascii = true;
      for (let i = 0; i <= s.length; i++) {
        const w = i < s.length && isWordChar(s, i);
        if (w) {
          if (start < 0) { start = i; ascii = true; }
          if (s.charCodeAt(i) >= 128) ascii = false;
        } else if (start >= 0) {
          const word = s.slice(start, i);
          const l = at.get(word);
          if (l) l.push(p, start); else at.set(word, [p, start]);
          if (!ascii) others.push(start);
          start = -1;
        }
      }
      other.push(others);
      exact.push(s.length === pg.text.length);
    });
    const byHead = new Map<string, string[]>();
    for (const word of at.keys()) {
      const h = byHead.get(word[0]);
      if (h) h.push(word); else byHead.set(word[0], [word]);
    }
    return { byHead, at, other, exact, known: new Map() };
  });
}

/**
 * Whether some word of the document's first pages (a run of letters and digits, lower case) starts with `lead`:
 * a phrase can only match where its first word's letters open a word. Memoised per document and lead.
 */
function startsDocumentWord(ctx: DocContext, maxPages: number, lead: string): boolean {
  if (!lead) return true;
  const { byHead, known } = documentWords(ctx, maxPages);
  let r = known.get(lead);
  if (r === undefined) {
    const head = byHead.get(lead[0]);
    known.set(lead, (r = !!head && head.some((w) => w.startsWith(lead))));
  }
  return r;
}

const wordChars = new Map<number, boolean>();
/** Whether the character at i is a letter or a digit (ASCII by its code, others by their Unicode class, once each). */
function isWordChar(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  let r = wordChars.get(c);
  if (r === undefined) wordChars.set(c, (r = /[\p{L}\p{N}]/u.test(s[i])));
  return r;
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Per page, where the label pattern of these phrases can start, sorted: every position of a word that starts with
 * one of their leads (their first words' letters) or that is not plain ASCII (whose letters the pattern's case
 * folding may read otherwise), and of the symbol that opens a phrase without letters ("#"). Undefined for a page
 * whose offsets the word index does not hold, and for every page when a phrase may start elsewhere: one opened by
 * another character, or one with a long s (ſ, which case folding reads as an ASCII s).
 */
function labelStarts(ctx: DocContext, maxPages: number, here: { p: string; lead: string }[]): (number[] | undefined)[] | undefined {
  const leads = new Map<string, string[]>();
  const symbols = new Set<string>();
  for (const { p, lead } of here) {
    if (p.includes('ſ') || /^[\s._-]/.test(p)) return undefined;
    if (!lead) {
      if (!/^[!-/:-@[-`{-~]/.test(p)) return undefined;
      symbols.add(p[0]);
    } else if (ASCII.test(lead)) {
      const l = leads.get(lead[0]);
      if (l) l.push(lead); else leads.set(lead[0], [lead]);
    }
  }
  const words = documentWords(ctx, maxPages);
  const out = words.other.map((o) => [...o]);
  for (const [head, ls] of leads) {
    for (const word of words.byHead.get(head) ?? []) {
      if (!ls.some((l) => word.startsWith(l)) || !ASCII.test(word)) continue;
      const at = words.at.get(word)!;
      for (let k = 0; k < at.length; k += 2) out[at[k]].push(at[k + 1]);
    }
  }
  return out.map((starts, p) => {
    if (!words.exact[p]) return undefined;
    const text = ctx.pages[p].text;
    for (const c of symbols) for (let i = text.indexOf(c); i >= 0; i = text.indexOf(c, i + 1)) starts.push(i);
    return starts.sort((a, b) => a - b);
  });
}

const stickyPatterns = new WeakMap<RegExp, RegExp>();

/**
 * The matches of a global label pattern in a text, as matchAll finds them; tried only at `starts` (sorted, every
 * position a match can start at) when given. Each try is anchored there (a sticky copy of the pattern), and the
 * next starts after the match, as the global search does.
 */
function labelMatches(text: string, re: RegExp, starts: number[] | undefined): Iterable<RegExpMatchArray> {
  if (!starts) return text.matchAll(re);
  let sticky = stickyPatterns.get(re);
  if (!sticky) stickyPatterns.set(re, (sticky = new RegExp(re.source, 'iuy')));
  const out: RegExpMatchArray[] = [];
  let from = 0;
  for (const s of starts) {
    if (s < from) continue;
    sticky.lastIndex = s;
    const m = sticky.exec(text);
    if (m) { out.push(m); from = s + Math.max(1, m[0].length); }
  }
  return out;
}

/**
 * Label patterns compiled once per alternation (the same lists recur in every document). Bounded in entries and
 * in the length of an alternation kept: a caller's title may be long, and such a list is compiled each time.
 */
export const LABEL_PATTERN_BOUNDS = { entries: 500, alternationChars: 16_384 } as const;
const labelPatterns = new LRUCache<string, RegExp>({
  max: LABEL_PATTERN_BOUNDS.entries,
  maxSize: LABEL_PATTERN_BOUNDS.entries * LABEL_PATTERN_BOUNDS.alternationChars,
  maxEntrySize: LABEL_PATTERN_BOUNDS.alternationChars,
  sizeCalculation: (_v, alternation) => Math.max(1, alternation.length),
});

/** Label patterns held (for tests of the bounds). */
export const cachedLabelPatterns = (): number => labelPatterns.size;

/** The pattern of an alternation of label phrases (see phrasePattern), as a whole label. */
export function labelsPattern(alternation: string): RegExp {
  let re = labelPatterns.get(alternation);
  if (!re) {
    // A phrase glued to an underscore is part of an identifier ("invoice_number_1"), never a label.
    re = new RegExp(`(?<![\\p{L}\\p{N}_])(${alternation})(?![\\p{L}_])`, 'giu');
    labelPatterns.set(alternation, re);
  }
  return re;
}

/**
 * Pages whose labels are also read by similarity: the first and the last few (a business document's header and
 * sums); the middle of a long document is running text, where a near-miss of a label is a word of a sentence.
 */
const SIMILAR_FIRST_PAGES = 4;
const SIMILAR_LAST_PAGES = 2;
/**
 * Lines read by similarity: a short line (at most this many words) or one with a colon; label/value lines are
 * short or colon-separated, lines of running text are neither.
 */
const SIMILAR_MAX_LINE_WORDS = 8;
const labelLike = (text: string) => /[:：]/.test(text) || text.trim().split(/\s+/).length <= SIMILAR_MAX_LINE_WORDS;
/** Least share of label-like lines on a page read by similarity: a page of running text is not a form. */
const FORM_LINE_SHARE = 0.5;

/** Whether a page reads as a form, an invoice or a receipt (mostly label-like lines) rather than running text. */
function formLike(ctx: DocContext, p: number): boolean {
  return ctx.memo(`form-like:${p}`, () => {
    const page = ctx.pages[p];
    const like = page.lines.filter((l) => labelLike(page.text.slice(l.start, l.end))).length;
    return like >= FORM_LINE_SHARE * page.lines.length;
  });
}

/** One distinct page word (text and abbreviation mark) and where it stands ([line, index] in PageLabelIndex.lines). */
interface PageWord { tok: LabelToken; at: [number, number][] }

/** Where a phrase matches on a page, whatever list it is in. */
interface PhraseMatch { start: number; end: number; line: number; quality: number }

/**
 * A page's label tokens per text line, its distinct words indexed by their first two and (words of 5+ letters)
 * last two letters, and the phrases matched so far.
 */
interface PageLabelIndex {
  lines: LabelToken[][];
  byHead: Map<string, PageWord[]>;
  byTail: Map<string, PageWord[]>;
  matches: Map<string, PhraseMatch[]>;
}


function pageLabelIndex(ctx: DocContext, p: number): PageLabelIndex {
  return ctx.memo(`label-tokens:${p}`, () => {
    const page = ctx.pages[p];
    const lines = page.lines.map((l) => {
      const text = page.text.slice(l.start, l.end);
      return labelLike(text) ? labelTokens(text, l.start) : [];
    });
    const words = new Map<string, PageWord>();
    lines.forEach((ws, li) => ws.forEach((w, i) => {
      const k = `${w.t}|${+w.abbr}`;
      const e = words.get(k);
      if (e) e.at.push([li, i]); else words.set(k, { tok: w, at: [[li, i]] });
    }));
    const byHead = new Map<string, PageWord[]>();
    const byTail = new Map<string, PageWord[]>();
    const add = (m: Map<string, PageWord[]>, k: string, e: PageWord) => { const l = m.get(k); if (l) l.push(e); else m.set(k, [e]); };
    for (const e of words.values()) {
      add(byHead, e.tok.t.slice(0, END_LETTERS), e);
      // a contraction keeps only its word's first letter in place ("Vto." for "vencimiento")
      if (e.tok.abbr && e.tok.t.length > 1) add(byHead, e.tok.t.slice(0, 1), e);
      if (e.tok.word && e.tok.t.length >= TAIL_MIN_LENGTH) add(byTail, e.tok.t.slice(-END_LETTERS), e);
    }
    return { lines, byHead, byTail, matches: new Map() };
  });
}

/**
 * Where on a page a phrase matches by similarity. Its first word is compared with the page's distinct words that
 * share its first or last letters (every tolerated difference keeps one of them), or that start it (a compound
 * split in two); the rest of the phrase is checked where it may start. Cached per page and phrase: every field's
 * label list shares them.
 */
function phraseMatches(idx: PageLabelIndex, phrase: string, typoLength: number): PhraseMatch[] {
  let out = idx.matches.get(phrase);
  if (out) return out;
  out = [];
  const { tokens: pt, eligible, joined, keys } = phraseInfo(phrase);
  if (eligible) {
    const first = pt[0];
    const seen = new Set<PageWord>();
    const starts: [number, number][] = [];
    for (const { key, tail } of keys) {
      for (const e of (tail ? idx.byTail : idx.byHead).get(key) ?? []) {
        if (seen.has(e)) continue;
        seen.add(e);
        const w = e.tok.t;
        if (tokenQuality(first, e.tok, typoLength) > 0 || (pt.length > 1 && w === joined)) starts.push(...e.at);
        else if (w.length < first.t.length && first.t.startsWith(w)) {
          for (const [li, i] of e.at) if (idx.lines[li][i + 1] && first.t === w + idx.lines[li][i + 1].t) starts.push([li, i]);
        }
      }
    }
    starts.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    for (const [li, i] of starts) {
      const m = matchPhraseAt(pt, idx.lines[li], i, typoLength);
      if (m) out.push({ start: idx.lines[li][i].start, end: idx.lines[li][m.last].end, line: li, quality: m.quality });
    }
  }
  idx.matches.set(phrase, out);
  return out;
}

/**
 * Label phrases printed in another form than listed (label-similarity.ts: diacritics, number signs, connectors,
 * compounds, inflection, abbreviation, one typo), where no hit already covers the words. Their quality scales
 * the label's strength.
 */
function similarLabelHits(ctx: DocContext, p: number, phrases: string[], found: LabelHit[], maxPages: number): LabelHit[] {
  const idx = pageLabelIndex(ctx, p);
  // words of a text layer are as printed: only long ones are read through a typo (label-similarity.ts)
  const typoLength = ctx.pages[p].source === 'ocr' ? 0 : MIN_TEXT_TYPO_LENGTH;
  const out: LabelHit[] = [];
  const onPage = found.filter((h) => h.p === p);
  // a word read as an abbreviation of the field's label may be part of another concept's label printed in full:
  // "Com." of "Reg. Com." (a trade register) abbreviates no "commande"
  // (looked for only once a similar word is found: most pages have none)
  let others: { start: number; end: number }[] | undefined;
  const inOthers = (start: number, end: number) => {
    if (!others) {
      const own = new Set(phrases.map(vocabularyKey));
      others = vocabularyLabels(ctx, p, maxPages).filter((g) => !own.has(g.key));
    }
    return others.some((g) => g.start <= start && g.end >= end && g.end - g.start > end - start);
  };
  const covered = (start: number, end: number) => onPage.some((h) => h.start <= start && h.end >= end) || out.some((h) => h.start <= start && h.end >= end) || inOthers(start, end);
  phrases.forEach((phrase, rank) => {
    for (const m of phraseMatches(idx, phrase.toLowerCase(), typoLength)) {
      if (covered(m.start, m.end)) continue;
      out.push({ p, start: m.start, end: m.end, rank, line: m.line, phraseLen: m.end - m.start, quality: m.quality });
    }
  });
  return out;
}

/** Every concept's phrases in every language (knowledge/labels), longest first. */
let vocabulary: { p: string; lead: string }[] | undefined;
const vocabularyKey = (phrase: string) => phrase.toLowerCase().replace(/[\s._-]/g, '');

/**
 * Where the page prints a phrase of the label vocabulary as written, and which (vocabularyKey); the phrases are
 * those whose first word starts a word of the first `maxPages` pages, the index findLabels built already.
 */
function vocabularyLabels(ctx: DocContext, p: number, maxPages: number): { start: number; end: number; key: string }[] {
  return ctx.memo(`vocabulary-labels:${p}`, () => {
    vocabulary ??= [...new Set(CONCEPT_IDS.flatMap((c) => conceptPhrases(c)))].sort((a, b) => b.length - a.length).map((ph) => ({ p: ph, lead: /^[\p{L}\p{N}]*/u.exec(ph.toLowerCase())![0] }));
    const re = ctx.memo(`vocabulary-pattern:${maxPages}`, () => {
      const here = vocabulary!.filter((x) => startsDocumentWord(ctx, maxPages, x.lead));
      return here.length ? new RegExp(`(?<![\\p{L}\\p{N}_])(${here.map((x) => phrasePattern(x.p)).join('|')})(?![\\p{L}_])`, 'giu') : undefined;
    });
    return re ? [...ctx.pages[p]!.text.matchAll(re)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, key: vocabularyKey(m[1]!) })) : [];
  });
}

/** Lower-cased letters of an OCR word, surrounding punctuation dropped ("AMOUNT:" -> "amount"). */
const bare = (w: string) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * Label phrases read through OCR letter confusions on an OCR'd page ("cross AMOUNT" for "gross amount",
 * "Tota1" for "total"): every word of the phrase matches a page word in order, at most one of them
 * through confusions (words of 4+ letters, confusion cost <= 0.5). Exact occurrences are left to the
 * regular expression.
 */
function ocrLabelHits(ctx: DocContext, p: number, phrases: string[]): LabelHit[] {
  const page = ctx.pages[p];
  const { words, at } = ctx.memo(`ocr-bare-words:${p}`, () => {
    const words = page.words.map((w) => bare(w.text));
    const at = new Map<string, number[]>();
    words.forEach((w, i) => { const l = at.get(w); if (l) l.push(i); else at.set(w, [i]); });
    return { words, at };
  });
  // the same page word meets the same label word in many fields' lists: each pair is weighed once per document
  const near = ctx.memo(`ocr-label-confusions:${p}`, () => new Map<string, boolean>());
  const confusable = (w: string, l: string) => {
    // an insertion or deletion costs 1 and an unrelated letter 1: within 0.5, only same-length words that differ
    // in one letter (other than by case) can be
    if (w.length !== l.length) return false;
    let diff = 0;
    for (let i = 0; i < w.length; i++) if (w[i] !== l[i] && w[i].toUpperCase() !== l[i].toUpperCase() && ++diff > 1) return false;
    const k = `${w}\u0000${l}`;
    let r = near.get(k);
    if (r === undefined) near.set(k, (r = confusionDistance(w, l) <= 0.5));
    return r;
  };
  // where a phrase's first word can stand: the same word, or one a confusion away (4+ letters, or a slash read as a
  // stroke)
  const openings = ctx.memo(`ocr-label-openings:${p}`, () => new Map<string, number[]>());
  const opening = (first: string) => {
    let list = openings.get(first);
    if (!list) {
      list = [...(at.get(first) ?? [])];
      if (first.length >= 4) for (const [w, is] of at) if (w !== first && w.length === first.length && confusable(w, first)) list.push(...is);
      if (first.includes('/')) for (const [w, is] of at) if (slashMisread(w, first)) list.push(...is);
      list.sort((x, y) => x - y);
      openings.set(first, list);
    }
    return list;
  };
  const out: LabelHit[] = [];
  phrases.forEach((phrase, rank) => {
    const pw = phrase.split(/\s+/);
    if (!pw.some((w) => w.length >= 4 || w.includes('/'))) return;
    for (const i of opening(pw[0])) {
      if (i + pw.length > words.length) continue;
      let fuzzy = 0;
      let ok = true;
      for (let k = 0; k < pw.length && ok; k++) {
        const w = words[i + k];
        if (w === pw[k]) continue;
        if (slashMisread(w, pw[k]) && page.words[i + k].line === page.words[i].line) { fuzzy++; continue; }
        if (pw[k].length < 4 || Math.abs(w.length - pw[k].length) > 1 || page.words[i + k].line !== page.words[i].line) { ok = false; break; }
        if (confusable(w, pw[k])) fuzzy++;
        else ok = false;
      }
      if (!ok || fuzzy !== 1) continue;
      const a = page.words[i];
      const b = page.words[i + pw.length - 1];
      out.push({ p, start: a.start, end: b.end, rank, line: ctx.lineIndex(p, a.start), phraseLen: b.end - a.start });
    }
  });
  return out;
}

/**
 * Strength (0..1) of the best label relation for a candidate, read from the page geometry: on the same
 * visual row to the right of the label (nothing but punctuation between is best; a label and its value
 * are often separate text lines far apart on one row), or in the same column on one of the two rows
 * below. Falls back to text lines when the words have no boxes.
 */
/**
 * Two boxes on one visual band although row grouping split them: most of the shorter box lies within the
 * other's height (a value printed a little lower than its label, as on scanned forms).
 */
export function sameBand(a: readonly number[], b: readonly number[]): boolean {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return overlap > 0 && overlap >= 0.6 * Math.min(a[3] - a[1], b[3] - b[1]);
}

const hitBoxes = new WeakMap<LabelHit, ReturnType<DocContext['spanBox']>>();

/** What a label above a value keeps of its relation when another cell of its row heads the value's column. */
const HEADED_ELSEWHERE = 0.5;

/** A word that qualifies the label beside it rather than heading a cell: bracketed, a currency, or no letters. */
const QUALIFIER_WORD = (t: string) => /^[([]|[)\]]$/.test(t) || !/\p{L}/u.test(t) || CURRENCY_CODE_SET.has(t.replace(/[^A-Za-z]/g, ''));

/** Widest gap, in word heights, between two words of one header cell; and between a label and its qualifier. */
const WORD_GAP = 0.6;
const QUALIFIER_GAP = 1;

/** Horizontal overlap of two boxes (negative: the gap between them). */
const xOverlap = (a: readonly number[], b: readonly number[]) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]);

/**
 * Whether a word of the label's row, outside the label, overlaps the value below more than the label does: in a
 * grid of headers over values each value belongs to the header right above it.
 */
function otherCellAbove(ctx: DocContext, p: number, hb: NonNullable<ReturnType<DocContext['spanBox']>>, cb: NonNullable<ReturnType<DocContext['spanBox']>>): boolean {
  const page = ctx.pages[p];
  const row = ctx.rows(p).rows[hb.row1].words;
  // the label's cell: the hit and the words a word space from it ("Order date:"), and qualifiers set a little
  // further, a currency or a bracketed note ("Belopp (SEK)", "Amount EUR"); cells of a header row sit further apart
  const cell = [...hb.bbox];
  const mine = new Set(hb.words);
  const h = hb.bbox[3] - hb.bbox[1];
  for (let grown = true; grown;) {
    grown = false;
    for (const w of row) {
      if (mine.has(w)) continue;
      const wb = page.words[w].bbox;
      const reach = (QUALIFIER_WORD(page.words[w].text) ? QUALIFIER_GAP : WORD_GAP) * h;
      if (wb[0] - cell[2] < reach && cell[0] - wb[2] < reach && (wb[0] >= cell[2] - 1e-6 || wb[2] <= cell[0] + 1e-6)) {
        mine.add(w); cell[0] = Math.min(cell[0], wb[0]); cell[2] = Math.max(cell[2], wb[2]); grown = true;
      }
    }
  }
  const own = xOverlap(cell, cb.bbox);
  for (const w of row) {
    if (mine.has(w) || !/\p{L}/u.test(page.words[w].text)) continue;
    if (xOverlap(page.words[w].bbox, cb.bbox) > Math.max(0, own)) return true;
  }
  return false;
}

/** Most words of a text line that holds a label (a form's or a table header's line, not a sentence). */
const LABEL_LINE_WORDS = 8;

/**
 * How specific the strongest of these label phrases is where the document prints it as a label (spec x match
 * quality; 0 when it prints none): on a short line or before a colon. The same words inside a sentence label nothing.
 */
export function printedLabelStrength(ctx: DocContext, phrases: string[]): number {
  let best = 0;
  for (const h of findLabels(ctx, phrases)) {
    const page = ctx.pages[h.p];
    const line = page.lines[h.line];
    const standalone = (line ? line.wordEnd - line.wordStart : 0) <= LABEL_LINE_WORDS || /^\s*[:：]/.test(page.text.slice(h.end, h.end + 3));
    if (standalone) best = Math.max(best, (h.spec ?? 0.5) * (h.quality ?? 1));
  }
  return best;
}

/** What glues a label hit to the digits of a value right after it: nothing, or one hyphen, slash or dot. */
const GLUED_DIGITS = /^([-\/.]?)\p{N}/u;
/** A rate glued to its label ("USt7 %", "VAT20%"): part of the label, as if spaced, not a value of its own. */
const GLUED_RATE = /^\p{N}+(?:[.,]\p{N}+)?\s?%/u;

export function labelRelation(ctx: DocContext, hits: LabelHit[], c: Span, nPhrases: number): { score: number; hit?: LabelHit } {
  let best = 0;
  let bestHit: LabelHit | undefined;
  const page = ctx.pages[c.p];
  let cb: ReturnType<DocContext['spanBox']> | null = null;
  for (const h of hits) {
    if (h.p !== c.p) continue;
    if (h.end > c.start && h.start < c.end) continue;
    // a hit glued to digits after it ("PO" of "PO-44181", "INV" of "INV/2025") is a value's own prefix: it labels
    // only a candidate starting right after it or its glue ("44181"), nothing else on its row or below
    const glue = GLUED_DIGITS.exec(page.text.slice(h.end, h.end + 2));
    if (glue && c.start > h.end + glue[1]!.length && !GLUED_RATE.test(page.text.slice(h.end, h.end + 12))) continue;
    const specificity = (h.spec ?? 1 - 0.5 * (h.rank / Math.max(1, nPhrases))) * (h.quality ?? 1);
    if (specificity <= best) continue;
    if (cb === null) cb = ctx.spanBox(c);
    let hb = cb ? hitBoxes.get(h) : undefined;
    if (cb && !hitBoxes.has(h)) { hb = ctx.spanBox(h); hitBoxes.set(h, hb); }
    let s = 0;
    if (!cb || !hb) {
      const cLine = ctx.lineIndex(c.p, c.start);
      if (h.line === cLine && h.end <= c.start) {
        const between = page.text.slice(h.end, c.start);
        const gapWords = between.trim() ? between.trim().split(/\s+/).length : 0;
        s = /^[\s:#.\-–=|()\/]*$/u.test(between) || gapWords === 0 ? 1 : Math.max(0.25, 0.85 - 0.12 * gapWords);
      }
    } else if ((cb.row0 <= hb.row1 && cb.row1 >= hb.row0 || sameBand(cb.bbox, hb.bbox)) && cb.bbox[0] >= hb.bbox[0]) {
      // same row, value to the right of the label: count the words in between
      const rows = ctx.rows(c.p).rows;
      const hw = new Set(hb.words);
      const cw = new Set(cb.words);
      let between = 0;
      let paren = 0;
      let colon = false;
      let qualified = true;
      for (const w of rows[hb.row1].words) {
        if (hw.has(w) || cw.has(w)) continue;
        const wb = page.words[w].bbox;
        if (!(wb[0] >= hb.bbox[2] - 1e-4 && wb[2] <= cb.bbox[0] + 1e-4)) continue;
        const t = page.words[w].text;
        // parenthetical qualifiers "(in EUR)", currency codes and punctuation are part of the label
        if (t.startsWith('(')) paren++;
        const inParen = paren > 0;
        if (t.endsWith(')')) paren = Math.max(0, paren - 1);
        if (/^[:：]$/.test(t)) colon = true;
        if (inParen || !/[\p{L}\p{N}]/u.test(t) || /^(EUR|USD|GBP|CHF|INR|MYR|incl\.?|excl\.?)$/i.test(t)) continue;
        between++;
        // a qualifier is words only, closed by one colon ("for your payment :"); a value or another
        // label in between ("nummer: 04080176 BTW-nr:") is not
        if (colon || /\d/.test(t)) qualified = false;
        colon = /[:：]$/.test(t);
      }
      // the label itself may continue in the same word ("Total:" -> "Total" + ":"): punctuation never counts
      // One word in between ("KvK Rotterdam 123", "Kvk nummer: 123") still beats a value on the row below.
      s = between === 0 ? 1 : between === 1 ? 0.78 : Math.max(0.2, 0.8 - 0.15 * between);
      // "communication for your payment: 123", "number (please quote): 123": a qualified label ends with its colon
      if (between > 1 && between <= 4 && colon && qualified) s = Math.max(s, 0.8);
      if (between === 0 && cb.bbox[0] - hb.bbox[2] > 0.45) s = 0.85;
    } else if (cb.row0 > hb.row1 && cb.row0 - hb.row1 <= 2 && !/^[\p{L}\p{N}]/u.test(page.text.slice(h.end, h.end + 1))) {
      // (a hit glued to the letters after it is part of a longer word: it heads no column)
      const overlap = Math.min(cb.bbox[2], hb.bbox[2] + 0.05) - Math.max(cb.bbox[0], hb.bbox[0] - 0.05);
      const dy = cb.bbox[1] - hb.bbox[3];
      if (overlap > 0 && dy < 0.08) {
        s = cb.row0 - hb.row1 === 1 ? 0.75 : 0.5;
        // the label should head its column: another header cell of its row set more squarely above the value
        // ("Tax" over one amount, "Without VAT" over the next) heads the value's column instead
        if (otherCellAbove(ctx, c.p, hb, cb)) s *= HEADED_ELSEWHERE;
        // a value keyed on its own row ("Customer No.:   K-30317") is its key's, not the label's above it
        if (ctx.keyBefore(c.p, cb.row0, cb.bbox[0])) s = 0;
      }
    }
    s *= specificity;
    if (s > best) { best = s; bestHit = h; }
  }
  return { score: best, hit: bestHit };
}

/** Another field's noun right after a label hit (knowledge/document-words `labelNouns`). */
export const LABEL_NOUN_AFTER = new RegExp(`^[ \\t]*(?:${wordsPattern(printedWords('labelNouns'))})\\b`, 'i');

/** Names of taxes (knowledge/document-words), folded. */
const TAX_NAMES: ReadonlySet<string> = new Set(printedWords('taxNames'));

/**
 * The word after a bare number label, past its connectors ("N° de commande"), on the same line: a word of letters
 * of four or more, or of three in lower case (a short capital code is a series, "Nº FT 2024/1", not a noun).
 */
const NOUN_AFTER = new RegExp(`^[.:]?[ \\t]+(?:(?:${[...LABEL_CONNECTORS].join('|')})[ \\t]+)?(\\p{L}{4,}|\\p{Ll}{3})(?![\\p{L}\\p{N}])`, 'u');
/** Label phrases that only say "a number follows": whose number it is comes from the word before them. */
const GENERIC_NUMBER_LABELS: ReadonlySet<string> = new Set([...NUMBER_WORDS, 'id']);

/**
 * Drop hits of a bare number label ("No", "Nr", "Number") that another noun qualifies: "PO No", "Order Nr",
 * "MFG.UFC NO" label someone else's number. A qualifier the field itself names (any word of its own label
 * phrases: "Invoice", "Factuur", "Document") keeps the hit, and so does a bare label opening its line or
 * following a colon ("Date: 01/02 No. 123"). A hit followed by another field's noun ("Invoice Date", "Invoice
 * Total") is that field's label and goes too.
 */
export function dropForeignQualified(ctx: DocContext, hits: LabelHit[], phrases: string[]): LabelHit[] {
  const own = new Set(phrases.flatMap((ph) => ph.toLowerCase().split(/[\s._-]+/)).map((w) => w.replace(/[^\p{L}]/gu, '')).filter((w) => w.length >= 2));
  return hits.filter((h) => {
    const phrase = phrases[h.rank];
    if (phrase === undefined) return true;
    const page = ctx.pages[h.p];
    // "Invoice Date", "Invoice Total", "Rechnungsbetrag": a noun after the hit makes it another field's label
    if (LABEL_NOUN_AFTER.test(page.text.slice(h.end, h.end + 16))) return false;
    if (!GENERIC_NUMBER_LABELS.has(phrase.toLowerCase())) return true;
    // a noun right after it names whose number it is ("N° client", "Nº de pedido", "Numero ordine"): another's,
    // unless the field names it itself ("N° facture"; then the word before still decides)
    const after = NOUN_AFTER.exec(page.text.slice(h.end, h.end + 40));
    if (after && !LABEL_CONNECTORS.has(after[1]!.toLowerCase()) && !own.has(after[1]!.toLowerCase())) return false;
    const before = page.text.slice(page.text.lastIndexOf('\n', h.start - 1) + 1, h.start);
    // the word right before, separated by spaces only (an abbreviation's dot belongs to the word)
    const m = /(\S+?)[.]?\s*$/u.exec(before);
    if (!m || !/\p{L}{2}/u.test(m[1]) || /[:;,)]$/.test(m[1])) return true;
    const segs = m[1].toLowerCase().split(/[./\-]+/).map((w) => w.replace(/[^\p{L}]/gu, '')).filter(Boolean);
    // a tax's name before it ("VAT No.", "BTW-nr", "USt-Nr.") labels a tax registration, whatever other labels of
    // the field hold that word ("faktura VAT nr")
    if (segs.some((w) => TAX_NAMES.has(w))) return false;
    return segs.some((w) => own.has(w));
  });
}

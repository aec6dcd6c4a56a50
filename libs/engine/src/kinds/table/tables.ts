/**
 * Table detection for arrays of objects (line items): a header row whose words name the item properties
 * (multilingual column synonyms), column x-ranges from the header cells, then the visual rows below:
 * words go to the column whose header they sit under, a row with a number in a numeric column opens an
 * item, text-only rows continue the previous item's text, sums rows are skipped, and a wide vertical gap
 * (or the page end) closes the table. Header rows repeated on later pages continue it; so does a next page without
 * a header when the table ran to its page's foot without reaching the sums (from its first amount under the same
 * columns), and a sum carried over from the pages before, opening a later page, is no item.
 */
import type { LeafNode, ObjectNode } from '../../schema/compile.js';
import { isOpaque, nameWords } from '../../schema/semantic.js';
import { parseAmount } from '../../normalize/numbers.js';
import { confusionDistance } from '../../ocr-repair/confusion.js';
import { LRUCache } from 'lru-cache';
import { CONCEPT_IDS, conceptPhrases, NUMBER_WORDS, phrasesOf, phrasesPattern, type LabelConcept } from '../../knowledge/labels/index.js';
import { documentWords, wordsPattern } from '../../knowledge/document-words/index.js';
import { COLUMN_FIELD_WORDS, GROSS_FIELD_WORDS, fieldWordsTest } from '../../knowledge/field-words/index.js';
import type { DocContext, Span } from '../../extract/context.js';
import { amountFamily } from '../../extract/labels.js';
import { CURRENCY_CODE_SET } from '../../knowledge/currencies/index.js';
import { arithmeticRows, cellText, verifyRows, type ItemRoles } from './arithmetic-rows.js';

export interface Cell { value: unknown; spans: Span[]; score: number }

/** 'numtext': a numeric column (quantity, price, amount) whose property is a string: read as printed. */
type ColKind = 'text' | 'number' | 'percent' | 'code' | 'numtext' | 'skip';
const isNumeric = (k: ColKind) => k === 'number' || k === 'percent' || k === 'numtext';

/** How each column concept's values are read. */
const COLUMN_KIND: Partial<Record<LabelConcept, ColKind>> = {
  item_tax_rate: 'percent', item_discount: 'percent', item_unit_price: 'number', item_amount: 'number', item_quantity: 'number',
  item_unit: 'code', item_code: 'code', item_description: 'text',
};

/**
 * Column concepts, in the order they are tried: which property names they serve (knowledge/field-words), how
 * their values are read, and the header words that announce them (knowledge/labels).
 */
const CONCEPTS: { when: (words: string) => boolean; kind: ColKind; phrases: readonly string[]; concept: LabelConcept }[] = COLUMN_FIELD_WORDS.map((c) => ({
  when: fieldWordsTest(c.fits), kind: COLUMN_KIND[c.concept]!, phrases: conceptPhrases(c.concept), concept: c.concept,
}));

/**
 * The sums-row rule before the label data (kept: it also matches totals named mid-row): a row opening with a
 * sums word or a word of tax included or left out ("excl.", "incl.", "sem") and a tax's name, or holding a total's word anywhere (knowledge/document-words).
 */
const SUM_WORDS = (key: 'sumRowStart' | 'sumRowAnywhere') => wordsPattern(documentWords(key), { hyphen: '-?\\s?' });
export const SUM_TOTAL_ANYWHERE = new RegExp(
  `^\\s*(${SUM_WORDS('sumRowStart')}|(?:${wordsPattern([...documentWords('taxIncluded'), ...documentWords('taxExcluded')])})\\.?\\s*(?:${wordsPattern(documentWords('taxNames'))}))\\b|\\b(${SUM_WORDS('sumRowAnywhere')})\\b`,
  'i',
);
/** The sums block's own labels in every language (knowledge/labels: subtotal, total, tax, amount due). */
const SUM_LABEL = phrasesPattern(phrasesOf('subtotal', 'total', 'tax_amount', 'amount_due'));
/**
 * A sums row: one of those labels within its first three words ("Nettobetrag", "zzgl. 19 % USt.", "IVA 22%",
 * "Sous-total HT"), or a total named anywhere in it (the original English/German/Dutch list, kept).
 */
const SUM_ROW = new RegExp(`^\\s*(?:\\S+\\s+){0,2}?(?:${SUM_LABEL})|${SUM_TOTAL_ANYWHERE.source}`, 'iu');
/** Punctuation-only OCR words (a scan's speckle) and such marks glued to a word's edges. */
const SPECKLE = /^[;:.,_~'"`|‘’“”—–-]+$/;
const EDGE_SPECKLE = /^[;:_~'"`|‘’“”—–]+|[;:_~'"`|‘’“”—–]+$/g;
/** "[SKU] Name" / "*EAN* Name": a leading bracketed code inside the description cell. */
const LEAD_CODE = /^\s*[\[*(]([A-Za-z0-9_.\/-]{2,})[\]*)]\s+/;

interface Column {
  name: string;
  kind: ColKind;
  x0: number;
  x1: number;
  /** The span of the header words that named it, before its header cell's other words widened it. */
  named?: readonly [number, number];
}

/** "43, 89 EUR": a separator, a space and the cell's last two digits (a currency after them allowed). */
const SPACED_CELL_DECIMALS = /(\d[.,]) (\d{2})(?=\s*[^\d\s]{0,3}\s*$)/u;

function conceptFor(leaf: LeafNode, name: string): { kind: ColKind; phrases: readonly string[]; avoid?: ReturnType<typeof avoidedMarks>; concept?: LabelConcept } {
  // an opaque key ("field_3") is read through its title or description (schema/semantic.ts readingOf)
  const key = isOpaque(nameWords(name)) ? leaf.reading ?? name : name;
  const w = `${nameWords(key).join(' ')} ${(leaf.title ?? '').toLowerCase()}`;
  const numeric = leaf.types.includes('number') || leaf.types.includes('integer');
  const own = nameWords(key).join(' ');
  for (const c of CONCEPTS) {
    if (!c.when(w)) continue;
    // a string property of a numeric concept still heads a numeric column (it opens rows), its value kept as printed
    const kind: ColKind = numeric ? (c.kind === 'text' || c.kind === 'code' ? 'number' : c.kind) : c.kind === 'number' || c.kind === 'percent' ? 'numtext' : c.kind;
    return { kind, phrases: [own, ...c.phrases], avoid: avoidedMarks(leaf, key), concept: c.concept };
  }
  return { kind: numeric ? 'number' : 'text', phrases: [own] };
}

/**
 * Words that mark a label as gross and not net ("brutto", "TTC"), and net and not gross ("netto", "HT", "bez"):
 * words of the total concept's phrases that no subtotal phrase uses, and the reverse (knowledge/labels).
 */
let taxMarkers: { gross: Set<string>; net: Set<string> } | undefined;
const phraseWords = (phrases: readonly string[]) => new Set(phrases.flatMap((ph) => ph.toLowerCase().split(/[\s./()-]+/)).filter((w) => w.length >= 3));
function markers() {
  if (!taxMarkers) {
    const total = phraseWords(conceptPhrases('total'));
    const sub = phraseWords(conceptPhrases('subtotal'));
    taxMarkers = { gross: new Set([...total].filter((w) => !sub.has(w))), net: new Set([...sub].filter((w) => !total.has(w))) };
  }
  return taxMarkers;
}

/**
 * The marks a column asked for net of tax ("Line total (net)") avoids: gross ones ("Wartość brutto"); and the
 * reverse for one asked for gross. A header with a column of each gives the field the one it means (headerColumns);
 * a field that says neither avoids nothing.
 */
function avoidedMarks(leaf: LeafNode, key: string): { avoid: Set<string>; want: Set<string> } | undefined {
  const words = nameWords(`${key} ${leaf.title ?? ''} ${leaf.description ?? ''}`).join(' ');
  const gross = GROSS_FIELD(words);
  const net = !gross && amountFamily(words) === 'subtotal';
  return net ? { avoid: markers().gross, want: markers().net } : gross ? { avoid: markers().net, want: markers().gross } : undefined;
}

/** A field asked for gross of tax (knowledge/field-words). */
const GROSS_FIELD = fieldWordsTest(GROSS_FIELD_WORDS);

/** Whether a header phrase carries a mark the field avoids and none it wants ("Total incl. VAT" is gross, not net). */
const marked = (ph: string, marks: { avoid: Set<string>; want: Set<string> } | undefined) => {
  if (!marks) return false;
  const ws = ph.toLowerCase().split(/[\s./()-]+/);
  return ws.some((w) => marks.avoid.has(w)) && !ws.some((w) => marks.want.has(w));
};

/** Words (4+ letters) of the header phrases of a table's properties, for reading OCR'd headers. */
const vocabs = new WeakMap<object, Set<string>>();
function headerVocab(props: { phrases: readonly string[] }[]): Set<string> {
  let v = vocabs.get(props);
  if (!v) {
    v = new Set(props.flatMap((p) => p.phrases.flatMap((ph) => ph.toLowerCase().split(/[\s./-]+/))).filter((w) => /^\p{L}{4,}$/u.test(w)));
    vocabs.set(props, v);
  }
  return v;
}

/**
 * The vocabulary word an abbreviated header word stands for: a dotted one of four or more letters ("Menny.") the one
 * header word it begins; a compound shortened to its head ("G-Preis", "Ges.-Betrag") the one that starts with that
 * head and ends with the rest. Only when exactly one of the table's properties has such a word, and no one-word label
 * of another item column in any language fits it ("St.-Satz" is "Stundensatz", a price, or "Steuersatz", a tax rate):
 * else it is no sure abbreviation.
 */
function abbreviationOf(text: string, props: { phrases: readonly string[]; concept?: LabelConcept }[]): string | undefined {
  const dotted = /^(\p{L}{4,})\.$/u.exec(text);
  const compound = dotted ? undefined : /^(\p{L}{1,4})\.?-(\p{L}{3,})$/u.exec(text);
  if (!dotted && !compound) return undefined;
  const fits = dotted
    ? (w: string) => w.length > dotted[1]!.length && w.startsWith(dotted[1]!)
    : (w: string) => w.length > compound![1]!.length + compound![2]!.length && w.startsWith(compound![1]!) && w.endsWith(compound![2]!);
  let found: string | undefined;
  let concept: LabelConcept | undefined;
  let owners = 0;
  for (const pr of props) {
    const words = pr.phrases.flatMap((ph) => ph.toLowerCase().split(dotted ? /[\s./-]+/ : /[\s./]+/)).filter(fits);
    if (!words.length) continue;
    owners++;
    found = words[0];
    concept = pr.concept;
  }
  if (owners !== 1) return undefined;
  // (labels of one word: "mennyiségi" of "mennyiségi egység", a unit, says nothing against "Menny." for "mennyiség")
  const elsewhere = ITEM_CONCEPTS.some((c) => c !== concept && conceptPhrases(c).some((ph) => !/[\s./-]/.test(ph) && fits(ph.toLowerCase())));
  return elsewhere ? undefined : found;
}

/** The item column concepts of the label vocabulary. */
const ITEM_CONCEPTS: readonly LabelConcept[] = CONCEPT_IDS.filter((c) => c.startsWith('item_'));

/** A header word folded for lookup: lower case, without the marks around it ("Nr." -> "nr", "(EUR)" -> "eur"). */
const headerWord = (t: string) => t.toLowerCase().replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}#]+$/gu, '');

/** Words and signs that mean "number" in any language ("Nr.", "No.", "Nº", "#"). */
const NUMBER_HEADER_WORDS: ReadonlySet<string> = new Set([...NUMBER_WORDS, '#'].map(headerWord));

/** The words of a concept's phrases, any language, folded as header words. */
const conceptWords = (c: LabelConcept) => conceptPhrases(c).flatMap((ph) => ph.split(/[\s/]+/)).map(headerWord).filter(Boolean);

let codeHeaderWords: ReadonlySet<string> | undefined;
/**
 * Whether a header word heads a column of codes or row numbers and no description in any language: a one-word label
 * of codes ("Ref.", "Referencia", "SKU") or a number word ("Nr.", "#"), and no word of a description's label
 * ("Artikel" heads both). Such a column stands on its own, however close a narrow one sets its header to the
 * description's. (Words of longer labels, "Part" of "Part No.", "Material" of "Material No.", head descriptions too.)
 */
function headsCodes(t: string): boolean {
  if (!codeHeaderWords) {
    const description = new Set(conceptWords('item_description'));
    const codes = conceptPhrases('item_code').filter((ph) => !/[\s/]/.test(ph)).map(headerWord);
    codeHeaderWords = new Set([...NUMBER_HEADER_WORDS, ...codes].filter((w) => w && !description.has(w)));
  }
  return codeHeaderWords.has(headerWord(t));
}

let itemHeaderWords: ReadonlySet<string> | undefined;
/**
 * Whether a word belongs to some item column's label in some language, or means "number": a table header's word
 * whether or not the schema asks for its column.
 */
function isItemHeaderWord(t: string): boolean {
  itemHeaderWords ??= new Set([
    ...NUMBER_HEADER_WORDS,
    ...ITEM_CONCEPTS.flatMap(conceptWords),
  ]);
  return itemHeaderWords.has(headerWord(t));
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Header phrases as patterns, compiled once per phrase: the vocabulary's phrases recur in every table; a schema's
 * own names are kept only when short.
 */
export const HEADER_PATTERN_BOUNDS = { entries: 10_000, phraseChars: 200 } as const;
const headerPatterns = new LRUCache<string, RegExp>({
  max: HEADER_PATTERN_BOUNDS.entries,
  maxSize: HEADER_PATTERN_BOUNDS.entries * HEADER_PATTERN_BOUNDS.phraseChars,
  maxEntrySize: HEADER_PATTERN_BOUNDS.phraseChars,
  sizeCalculation: (_v, phrase) => Math.max(1, phrase.length),
});

/** Header patterns held (for tests of the bounds). */
export const cachedHeaderPatterns = (): number => headerPatterns.size;

export function headerPattern(ph: string): RegExp {
  let re = headerPatterns.get(ph);
  if (!re) {
    // "incl." printed or read as "incl," or "incl": an abbreviation's dot is optional, and may close any word of a
    // phrase ("Vlr. Unit." for "vlr unit")
    re = new RegExp(`(?<![\\p{L}\\p{N}])${esc(ph).replace(/\\\./g, '[.,]?').replace(/ /g, '[.,]?\\s*')}(?![\\p{L}])`, 'giu');
    headerPatterns.set(ph, re);
  }
  return re;
}

/**
 * The widest gap, in the header row's word heights, between two words of one header cell: a space or two, or a
 * slash between them that a scan lost ("Artikel / Leistung"). Narrow columns set cells closer than that: what the
 * words name (headsCodes) and the rows below (splitWidenedColumns, splitRowNumbers) tell those apart.
 */
const CELL_WORD_GAP = 1.5;

/** Match item properties to the words of one visual row; returns the columns when it reads as a header. */
interface HeaderUnit { text: string; bbox: readonly number[] }

function headerColumns(ctx: DocContext, p: number, r: number, props: { name: string; kind: ColKind; phrases: readonly string[]; avoid?: ReturnType<typeof avoidedMarks> }[], given?: HeaderUnit[]): Column[] | undefined {
  const page = ctx.pages[p];
  const units: HeaderUnit[] = given ?? ctx.rows(p).rows[r].words.map((w) => page.words[w]);
  const ws = units;
  if (ws.length < 2 || ws.length > 30) return undefined;
  // an OCR'd header word read through letter confusions ("Descriptlon", "Quantlty", "Tota1") reads as the
  // header word it is one cheap confusion away from
  const texts = units.map((u) => {
    const t = u.text.toLowerCase();
    if (page.source !== 'ocr') return t;
    const core = t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (core.length < 4 || !/\p{L}{3}/u.test(core) || headerVocab(props).has(core)) return t;
    for (const v of headerVocab(props)) {
      if (Math.abs(v.length - core.length) <= 1 && confusionDistance(core, v) <= 0.5) return t.replace(core, v);
    }
    return t;
  });
  // an abbreviated header word ("Menny.", "Bez.") reads as the one header word of the table's vocabulary it begins;
  // (a match counts as long as it is printed: the word written out, "Eenheidsprijs", outranks its abbreviation "Eenh.")
  const added = texts.map(() => 0);
  for (let k = 0; k < texts.length; k++) {
    const full = abbreviationOf(texts[k]!, props);
    if (full) { added[k] = full.length - texts[k]!.length; texts[k] = full; }
  }
  const joined = texts.join(' ');
  // char offset -> word index in the joined row text
  const starts: number[] = [];
  let off = 0;
  for (const t of texts) { starts.push(off); off += t.length + 1; }
  const wordAt = (i: number) => { let k = 0; while (k + 1 < starts.length && starts[k + 1] <= i) k++; return k; };
  const matches: { prop: number; w0: number; w1: number; len: number; rank: number; marked: boolean }[] = [];
  props.forEach((pr, pi) => {
    pr.phrases.forEach((ph, rank) => {
      if (!ph) return;
      // (a phrase whose first word is not in the row cannot match it)
      if (!joined.includes(/^[\p{L}\p{N}]*/u.exec(ph)![0])) return;
      for (const m of joined.matchAll(headerPattern(ph))) {
        const w0 = wordAt(m.index!);
        const w1 = wordAt(m.index! + m[0].length - 1);
        let len = m[0].length;
        for (let k = w0; k <= w1; k++) len -= added[k]!;
        matches.push({ prop: pi, w0, w1, len, rank, marked: marked(ph, pr.avoid) });
      }
    });
  });
  // a property that avoids a mark (a net amount, "brutto") takes a header carrying it only when no other header names it
  const plain = new Set(matches.filter((m) => !m.marked).map((m) => m.prop));
  for (let i = matches.length - 1; i >= 0; i--) if (matches[i]!.marked && plain.has(matches[i]!.prop)) matches.splice(i, 1);
  matches.sort((a, b) => b.len - a.len || a.rank - b.rank);
  const usedProp = new Set<number>();
  const usedWord = new Set<number>();
  const cols: Column[] = [];
  for (const m of matches) {
    if (usedProp.has(m.prop)) continue;
    let clash = false;
    for (let k = m.w0; k <= m.w1; k++) if (usedWord.has(k)) clash = true;
    if (clash) continue;
    usedProp.add(m.prop);
    for (let k = m.w0; k <= m.w1; k++) usedWord.add(k);
    const b0 = units[m.w0].bbox;
    const b1 = units[m.w1].bbox;
    cols.push({ name: props[m.prop].name, kind: props[m.prop].kind, x0: b0[0], x1: b1[2], named: [b0[0], b1[2]] });
  }
  // a header names at least two columns, one of them numeric (or all the schema asks for), and is mostly labels
  const numeric = cols.some((c) => isNumeric(c.kind));
  if (cols.length < Math.min(2, props.length) || (!numeric && props.some((p) => isNumeric(p.kind)))) return undefined;
  const digits = texts.filter((t) => /\d/.test(t)).length;
  if (digits > texts.length / 3) return undefined;
  // (words of other columns' labels count as labels too: "Nr.", "Artikelnr." head columns the schema may not ask for)
  const labels = texts.filter((t, k) => usedWord.has(k) || isItemHeaderWord(t)).length;
  if (labels < texts.filter((t) => /[\p{L}\p{N}]/u.test(t)).length * 0.3) return undefined;
  // a header cell's other words ("Product" of "Product Description", "Artikel" of "Artikel / Leistung") widen the
  // column they are set closest to, on either side, one word after another
  const wordCol = new Map<number, Column>();
  for (const c of cols) for (let k = 0; k < ws.length; k++) { const b = units[k].bbox; if (b[0] >= c.x0 - 1e-6 && b[2] <= c.x1 + 1e-6) wordCol.set(k, c); }
  // (gaps measured in the row's median word height, in the page's units: box coordinates are fractions of its width
  // and its height, and one word's box may be a scan's speck or a word's descenders taller)
  const hs = units.map((u) => (u.bbox[3] - u.bbox[1]) * page.height).sort((a, b) => a - b);
  const h = hs[hs.length >> 1]!;
  for (let widened = true; widened;) {
    widened = false;
    for (let k = 0; k < ws.length; k++) {
      if (usedWord.has(k) || wordCol.has(k)) continue;
      const b = units[k].bbox;
      let best: Column | undefined;
      let bestGap = CELL_WORD_GAP * h;
      for (const nb of [k - 1, k + 1]) {
        const c = wordCol.get(nb);
        if (!c) continue;
        const gap = (nb < k ? b[0] - c.x1 : c.x0 - b[2]) * page.width;
        if (gap >= -1e-6 && gap < bestGap) { bestGap = gap; best = c; }
      }
      // (a column rule read as a word, "|", widens no numeric column: it would take in the text beside it; a word
      // heading codes or row numbers, "Nr.", "Ref.", no text column)
      if (best && isNumeric(best.kind) && !/[\p{L}\p{N}]/u.test(texts[k]!)) best = undefined;
      if (best && best.kind === 'text' && headsCodes(texts[k]!)) best = undefined;
      if (best) { best.x0 = Math.min(best.x0, b[0]); best.x1 = Math.max(best.x1, b[2]); wordCol.set(k, best); widened = true; }
    }
  }
  // the header's other cells ("Lp.", "J.m.", "VAT", a gross column next to the net one) head columns the schema
  // does not ask for: their values are skipped rather than run into the neighbouring cell
  const skips: Column[] = [];
  for (let k = 0; k < ws.length; k++) {
    if (wordCol.has(k)) continue;
    const b = units[k].bbox;
    const last = skips[skips.length - 1];
    if (last && wordCol.get(k - 1) === last && b[0] - last.x1 < 1.5 * (b[3] - b[1])) { last.x1 = Math.max(last.x1, b[2]); wordCol.set(k, last); continue; }
    if (!/\p{L}/u.test(texts[k])) continue;
    const c: Column = { name: `\u0000skip${k}`, kind: 'skip', x0: b[0], x1: b[2] };
    skips.push(c);
    wordCol.set(k, c);
  }
  return [...cols, ...skips].sort((a, b) => a.x0 - b.x0);
}

/**
 * Header cells of rows r and r+1 read together when the two rows sit tight and hold no digits: a word of the
 * lower row joins the upper-row word it sits under ("Unit" / "Price" -> "Unit Price"); lower words under no
 * upper word are cells of their own.
 */
function twoRowHeader(ctx: DocContext, p: number, r: number): HeaderUnit[] | undefined {
  const page = ctx.pages[p];
  const rows = ctx.rows(p).rows;
  const a = rows[r];
  const b = rows[r + 1];
  if (!b || a.words.length < 2) return undefined;
  const h = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  if (b.y0 - a.y1 > 0.6 * h) return undefined;
  if ([...a.words, ...b.words].some((w) => /\d/.test(page.words[w].text))) return undefined;
  const cells: { text: string; bbox: number[] }[] = a.words.map((w) => ({ text: page.words[w].text, bbox: [...page.words[w].bbox] }));
  for (const w of b.words) {
    const wb = page.words[w].bbox;
    let over = cells.filter((c) => Math.min(c.bbox[2], wb[2]) - Math.max(c.bbox[0], wb[0]) > 0);
    // (a scan sets a centred lower word a little right or left of the word above it: the nearest within a letter's height)
    if (!over.length) {
      const dist = (c: { bbox: number[] }) => Math.max(c.bbox[0] - wb[2], wb[0] - c.bbox[2]);
      const near = cells.filter((c) => c.text.split(' ').length === 1 && dist(c) < wb[3] - wb[1]).sort((x, y) => dist(x) - dist(y));
      if (page.source === 'ocr' && near.length) over = [near[0]!];
    }
    if (over.length) {
      const c = over[over.length - 1];
      c.text = `${c.text} ${page.words[w].text}`;
      c.bbox = [Math.min(c.bbox[0], wb[0]), c.bbox[1], Math.max(c.bbox[2], wb[2]), Math.max(c.bbox[3], wb[3])];
    } else cells.push({ text: page.words[w].text, bbox: [...wb] });
  }
  if (!b.words.some((w) => cells.some((c) => c.text.endsWith(page.words[w].text) && c.text.includes(' ')))) return undefined;
  return cells.sort((x, y) => x.bbox[0] - y.bbox[0]);
}

/**
 * A word that may run on a description: one with no digit or money sign ("Zwart", "-"), or a word of letters and
 * digits that reads as no number ("200x100", "A4"). A number, a price ("12,00€") or a unit glued to one ("3pcs") does not.
 */
const CONTINUES_TEXT = (t: string) => !/[\d€$£%]/.test(t) || (/\p{L}.*\d|\d.*\p{L}\d/u.test(t) && !/[€$£%]/.test(t));

/** How many rows below a header are read to learn its columns from their content. */
const LOOKAHEAD_ROWS = 30;

/** A numeric cell's value: one number, its currency and percent signs aside ("43, 89 EUR" is 43.89). */
const cellNumber = (text: string, hint: ',' | '.' | undefined) => parseAmount(text.replace(SPACED_CELL_DECIMALS, '$1$2').replace(/[$€£%]/g, ''), hint);

/** A word that is a sum of money printed with cents ("3,00", "1.095,00", "€12.50"; not a rate, "8.1%"). */
const DECIMAL_NUMBER = /^[^\p{L}\d%]*\d[\d.,']*[.,]\d{2}[^\p{L}\d%]*$/u;

/** A word with no digit or money sign: text, never a number's part. */
const TEXT_WORD = (t: string) => /\p{L}/u.test(t) && !/[\d€$£%]/.test(t);

/**
 * The column of each word of an item row: the one it sits under, except that a description running past its
 * header's edges stays whole. A word of text next to a text cell's word at a word space belongs to that cell, after
 * it ("... iPad Air 2 Zwart" under "Aantal") or before it ("10 Annual software licence" with "Annual" nearer the
 * quantity's header than the centred "Item", though not under it).
 */
function rowCells(page: DocContext['pages'][number], cols: Column[], words: readonly number[]): { w: number; col: Column }[] {
  const out = words.map((w) => ({ w, col: columnOf(cols, page.words[w].bbox[0], page.words[w].bbox[2]) }));
  const under = ({ w, col }: { w: number; col: Column }) => page.words[w].bbox[0] < col.x1 && page.words[w].bbox[2] > col.x0;
  const spaced = (a: number, b: number) => page.words[b].bbox[0] - page.words[a].bbox[2] < 1.5 * (page.words[a].bbox[3] - page.words[a].bbox[1]);
  for (let i = 1; i < out.length; i++) {
    const cur = out[i]!;
    const prev = out[i - 1]!;
    if (prev.col.kind !== 'text' || cur.col.kind === 'text' || !spaced(prev.w, cur.w)) continue;
    // (a number too, set at a word space in a text run and under no header of a numeric or unnamed column: "Period 14
    // July 2023")
    const t = page.words[cur.w].text;
    if (CONTINUES_TEXT(t) || (!under(cur) && (isNumeric(cur.col.kind) || cur.col.kind === 'skip') && !/[€$£%]/.test(t))) cur.col = prev.col;
  }
  for (let i = out.length - 2; i >= 0; i--) {
    const cur = out[i]!;
    const next = out[i + 1]!;
    // (a unit under the quantity's own header, "5,00 ud.", stays with its number)
    if (next.col.kind === 'text' && isNumeric(cur.col.kind) && !under(cur) && TEXT_WORD(page.words[cur.w].text) && spaced(cur.w, next.w)) cur.col = next.col;
  }
  return out;
}

/**
 * A numeric column its header cell's other words widened ("Jednotek | Cena za jednotku", "P. Unit. | Quantidade")
 * is two columns when its item rows say so: when most rows hold words both under the words that named it and beside
 * them, a gap wider than a word space apart, the other words head a column of their own (one the schema does not name).
 */
function splitWidenedColumns(ctx: DocContext, p: number, headerRow: number, cols: Column[]): Column[] {
  const widened = cols.filter((c) => isNumeric(c.kind) && c.named && (c.named[0] > c.x0 + 1e-6 || c.named[1] < c.x1 - 1e-6));
  if (!widened.length) return cols;
  const page = ctx.pages[p];
  const rows = ctx.rows(p).rows;
  const out = [...cols];
  for (const col of widened) {
    const [n0, n1] = col.named!;
    let items = 0;
    // rows whose numbers beside the named words stand on the left, on the right
    let left = 0;
    let right = 0;
    // where the column's own numbers end and the others' begin, on each side (the cut goes between them)
    let ownStart = Infinity, ownEnd = -Infinity, leftEnd = -Infinity, rightStart = Infinity;
    for (let k = headerRow + 1; k < rows.length && k < headerRow + LOOKAHEAD_ROWS; k++) {
      if (SUM_ROW.test(rows[k]!.words.map((w) => page.words[w].text).join(' ').replace(/_/g, ' '))) break;
      const ws = rows[k]!.words.filter((w) => columnOf(cols, page.words[w].bbox[0], page.words[w].bbox[2]) === col);
      if (!ws.some((w) => /\d/.test(page.words[w].text))) continue;
      items++;
      const h = page.words[ws[0]!].bbox[3] - page.words[ws[0]!].bbox[1];
      const inside = ws.filter((w) => page.words[w].bbox[2] > n0 && page.words[w].bbox[0] < n1);
      const beside = ws.filter((w) => !inside.includes(w));
      if (!inside.length || !beside.some((w) => /\d/.test(page.words[w].text))) continue;
      // (linear in the row's words: the gap to the span of the words under the naming header)
      const i0 = Math.min(...inside.map((i) => page.words[i].bbox[0]));
      const i1 = Math.max(...inside.map((i) => page.words[i].bbox[2]));
      const lefts = beside.filter((b) => i0 - page.words[b].bbox[2] > 1.5 * h);
      const rights = beside.filter((b) => page.words[b].bbox[0] - i1 > 1.5 * h);
      if (lefts.length) { left++; ownStart = Math.min(ownStart, i0); leftEnd = Math.max(leftEnd, ...lefts.map((b) => page.words[b].bbox[2])); }
      if (rights.length) { right++; ownEnd = Math.max(ownEnd, i1); rightStart = Math.min(rightStart, ...rights.map((b) => page.words[b].bbox[0])); }
    }
    // (each side by itself: right-aligned amounts under "Importe neto (MXN)" reach under the currency on its right,
    // while a rate beside them on the left heads a column of its own)
    const splitLeft = items > 0 && left >= 0.6 * items && n0 > col.x0 + 1e-6;
    const splitRight = items > 0 && right >= 0.6 * items && n1 < col.x1 - 1e-6;
    if (!splitLeft && !splitRight) continue;
    // (the cut between the two columns' numbers, or at the named words' edge where they overlap: "EP netto | St.-Satz"
    // keeps "netto" over its right-aligned prices)
    const cut0 = leftEnd < ownStart ? Math.min(n0, (leftEnd + ownStart) / 2) : n0;
    const cut1 = ownEnd < rightStart ? Math.max(n1, (ownEnd + rightStart) / 2) : n1;
    const rest: Column[] = [];
    if (splitLeft) rest.push({ name: `${col.name}\u0000left`, kind: 'skip', x0: col.x0, x1: cut0 - 1e-6 });
    if (splitRight) rest.push({ name: `${col.name}\u0000right`, kind: 'skip', x0: cut1 + 1e-6, x1: col.x1 });
    out.splice(out.indexOf(col), 1, { ...col, x0: splitLeft ? cut0 : col.x0, x1: splitRight ? cut1 : col.x1 }, ...rest);
  }
  return out.sort((a, b) => a.x0 - b.x0);
}

/**
 * A text column its header cell's other words widened to the left over a column of row numbers ("Line | Description",
 * "Pos. | Artikel / Leistung", with the row numbers' header unknown to the vocabulary) gives that column back: when
 * most item rows (rows with a number in a numeric column) open the column with a number alone, left of the words that
 * named it and more than a word space before the text, the column of those numbers is one of its own.
 */
function splitRowNumbers(ctx: DocContext, p: number, headerRow: number, cols: Column[]): Column[] {
  const col = cols.find((c) => c.kind === 'text' && c.named && c.named[0] > c.x0 + 1e-6);
  if (!col) return cols;
  const page = ctx.pages[p];
  const rows = ctx.rows(p).rows;
  let items = 0;
  let split = 0;
  let numbersEnd = -Infinity;
  let textStart = Infinity;
  for (let k = headerRow + 1; k < rows.length && k < headerRow + LOOKAHEAD_ROWS; k++) {
    if (SUM_ROW.test(rows[k]!.words.map((w) => page.words[w].text).join(' ').replace(/_/g, ' '))) break;
    const cells = rowCells(page, cols, rows[k]!.words);
    if (!cells.some(({ w, col: c }) => isNumeric(c.kind) && /\d/.test(page.words[w].text))) continue;
    const ws = cells.filter((x) => x.col === col).map((x) => page.words[x.w]).sort((a, b) => a.bbox[0] - b.bbox[0]);
    if (!ws.length) continue;
    items++;
    const [first, next] = ws;
    if (!next || !/^\d{1,4}[.)]?$/.test(first!.text) || first!.bbox[2] > col.named![0]) continue;
    if ((next.bbox[0] - first!.bbox[2]) * page.width <= 1.5 * (first!.bbox[3] - first!.bbox[1]) * page.height) continue;
    split++;
    numbersEnd = Math.max(numbersEnd, first!.bbox[2]);
    textStart = Math.min(textStart, next.bbox[0]);
  }
  if (!items || split < 0.6 * items || textStart <= numbersEnd) return cols;
  const cut = (numbersEnd + textStart) / 2;
  const out = cols.filter((c) => c !== col);
  out.push({ name: `${col.name}\u0000left`, kind: 'skip', x0: col.x0, x1: cut - 1e-6 }, { ...col, x0: cut });
  return out.sort((a, b) => a.x0 - b.x0);
}

/**
 * A table whose header names no description column ("Posten", "Attività" unknown to the vocabulary): the unnamed
 * column whose cells hold words in most item rows is the description, when the schema asks for one.
 */
function describeUnnamedColumn(ctx: DocContext, p: number, headerRow: number, cols: Column[], props: { name: string; kind: ColKind; concept?: LabelConcept }[]): void {
  const desc = props.find((pr) => pr.kind === 'text' && pr.concept === 'item_description');
  if (!desc || cols.some((c) => c.kind === 'text') || !cols.some((c) => c.kind === 'skip')) return;
  const page = ctx.pages[p];
  const rows = ctx.rows(p).rows;
  const letters = new Map<Column, { rows: number; chars: number }>();
  let items = 0;
  for (let k = headerRow + 1; k < rows.length && k < headerRow + LOOKAHEAD_ROWS; k++) {
    const text = rows[k]!.words.map((w) => page.words[w].text).join(' ');
    if (SUM_ROW.test(text.replace(/_/g, ' '))) break;
    const placed = rowCells(page, cols, rows[k]!.words);
    if (!placed.some(({ w, col }) => isNumeric(col.kind) && /\d/.test(page.words[w].text))) continue;
    items++;
    const seen = new Set<Column>();
    for (const { w, col } of placed) {
      const t = page.words[w].text;
      if (col.kind !== 'skip' || !/\p{L}{2}/u.test(t) || /\d/.test(t) || CURRENCY_CODE_SET.has(t.replace(/\W/g, '').toUpperCase())) continue;
      const e = letters.get(col) ?? { rows: 0, chars: 0 };
      if (!seen.has(col)) { e.rows++; seen.add(col); }
      e.chars += t.length;
      letters.set(col, e);
    }
  }
  let best: Column | undefined;
  for (const [col, e] of letters) if (e.rows >= Math.max(1, 0.6 * items) && (!best || e.chars > letters.get(best)!.chars)) best = col;
  if (best) { best.name = desc.name; best.kind = 'text'; }
}

function columnOf(cols: Column[], x0: number, x1: number): Column {
  let best = cols[0];
  let bestD = Infinity;
  for (const c of cols) {
    const overlap = Math.min(x1, c.x1) - Math.max(x0, c.x0);
    const d = overlap > 0 ? -overlap : Math.min(Math.abs(x0 - c.x1), Math.abs(c.x0 - x1));
    if (d < bestD) { bestD = d; best = c; }
  }
  return best;
}

/** Where a page's foot begins (fraction of its height): a table read down to it may run on to the next page. */
const PAGE_FOOT = 0.65;

export function extractTable(ctx: DocContext, item: ObjectNode): Record<string, Cell>[] {
  const props = item.properties.filter((p) => p.node.kind === 'leaf').map((p) => ({ name: p.name, ...conceptFor(p.node as LeafNode, p.name) }));
  if (!props.length) return [];
  const out: Record<string, Cell>[] = [];
  const amountOf = (cols: Column[]) => cols.find((c) => c.name === itemRoles(props).amount && isNumeric(c.kind));
  // the columns of a table that ran to the foot of its page without reaching the sums: a next page that repeats no
  // header continues it under the same columns
  let running: Column[] | undefined;
  for (let p = 0; p < ctx.pages.length && p < 20; p++) {
    const page = ctx.pages[p];
    const { rows } = ctx.rows(p);
    let cols: Column[] | undefined;
    let r = 0;
    let headerEnd = 0;
    for (; r < rows.length; r++) {
      cols = headerColumns(ctx, p, r, props);
      // a header set on two lines ("Unit" over "Price", "Line" over "Amount") when that names more columns
      const two = twoRowHeader(ctx, p, r);
      const cols2 = two ? headerColumns(ctx, p, r, props, two) : undefined;
      const named = (cs?: Column[]) => cs?.filter((c) => c.kind !== 'skip').length ?? 0;
      if (cols2 && named(cols2) > named(cols)) { cols = cols2; headerEnd = r + 1; break; }
      if (cols) { headerEnd = r; break; }
    }
    // (the first row of the page with an amount under the running table's amount column reopens it)
    const runningAmount = running && amountOf(running);
    const reopens = !cols && running && runningAmount ? rows.findIndex((row) => rowCells(page, running!, row.words).some(({ w, col }) => col === runningAmount && cellNumber(page.words[w].text, ctx.decimalHint) !== undefined)) : -1;
    if (reopens >= 0) { cols = running; headerEnd = reopens - 1; }
    running = undefined;
    if (!cols) continue;
    r = headerEnd;
    const pageStart = out.length;
    if (reopens < 0) {
      cols = splitRowNumbers(ctx, p, r, splitWidenedColumns(ctx, p, r, cols));
      describeUnnamedColumn(ctx, p, r, cols, props);
    }
    const amountCol = amountOf(cols);
    const sumOf = (rows: typeof out) => rows.reduce((acc, row) => acc + (typeof row[amountCol!.name]?.value === 'number' ? (row[amountCol!.name]!.value as number) : NaN), 0);
    const pitch: number[] = [];
    let prevY = reopens >= 0 ? rows[reopens]!.y0 : rows[r].y1;
    let sawSums = false;
    let current: Record<string, { words: number[] }> | undefined;
    let afterSums = false;
    const flush = () => {
      if (!current) return;
      const row: Record<string, Cell> = {};
      for (const c of cols!) {
        if (c.kind === 'skip') continue;
        const ws = current[c.name]?.words;
        if (!ws?.length) continue;
        ws.sort((a, b) => page.words[a].start - page.words[b].start);
        // a scan's speckle (";", "_", "~") is no part of a cell; marks glued to a word's edges go too ("_1", "49,99.")
        const kept = page.source === 'ocr' ? ws.filter((w) => !SPECKLE.test(page.words[w].text)) : ws;
        if (!kept.length) continue;
        const text = kept.map((w) => (page.source === 'ocr' ? page.words[w].text.replace(EDGE_SPECKLE, '') : page.words[w].text)).join(' ').trim();
        const spans = kept.map((w) => ({ p, start: page.words[w].start, end: page.words[w].end }));
        if (c.kind === 'number' || c.kind === 'percent') {
          // (two numbers printed with decimals under one header are two columns' values, its own and an unnamed
          // neighbour's: neither is known to be its own, and the row's arithmetic reads them instead)
          const sums = kept.filter((w, i) => DECIMAL_NUMBER.test(page.words[w].text) && !(i + 1 < kept.length && page.words[kept[i + 1]!].text.startsWith('%')));
          if (sums.length > 1) continue;
          const num = cellNumber(text, ctx.decimalHint);
          if (num === undefined) continue;
          row[c.name] = { value: num, spans, score: 0.6 };
        } else if (c.kind === 'numtext') {
          if (!/\d/.test(text)) continue;
          row[c.name] = { value: text, spans, score: 0.55 };
        } else row[c.name] = { value: text, spans, score: 0.5 };
      }
      const textCol = cols!.find((c) => c.kind === 'text');
      const codeProp = props.find((pr) => pr.kind === 'code' && /code|sku|article|barcode|ean/.test(pr.name) && !cols!.some((c) => c.name === pr.name));
      if (textCol && codeProp && row[textCol.name]) {
        const m = LEAD_CODE.exec(String(row[textCol.name].value));
        if (m) {
          row[codeProp.name] = { value: m[1], spans: row[textCol.name].spans.slice(0, 1), score: 0.4 };
          row[textCol.name] = { ...row[textCol.name], value: String(row[textCol.name].value).slice(m[0].length) };
        }
      }
      if (Object.keys(row).length) out.push(row);
      current = undefined;
    };
    for (let k = r + 1; k < rows.length && k < r + 80; k++) {
      const row = rows[k];
      const gap = row.y0 - prevY;
      const typical = pitch.length ? pitch.slice().sort((a, b) => a - b)[Math.floor(pitch.length / 2)] : 0.03;
      if (gap > Math.max(0.06, 3.5 * typical)) break;
      pitch.push(Math.max(0.002, row.y0 - prevY + (row.y1 - row.y0)));
      prevY = row.y1;
      const text = row.words.map((w) => page.words[w].text).join(' ');
      if (SUM_ROW.test(text.replace(/_/g, ' '))) { flush(); afterSums = true; sawSums = true; continue; }
      if (headerColumns(ctx, p, k, props)) { flush(); continue; }
      const cells: Record<string, { words: number[] }> = {};
      for (const { w, col } of rowCells(page, cols, row.words)) (cells[col.name] ??= { words: [] }).words.push(w);
      const opens = cols.some((c) => (c.kind === 'number' || c.kind === 'numtext') && cells[c.name]?.words.some((w) => /\d/.test(page.words[w].text)));
      if (opens) {
        // below the sums the table is over unless a full item row follows (another section's items): a payment
        // note with one number in it ("communication: 202309097001") is not an item
        const filled = cols.filter((c) => isNumeric(c.kind) && cells[c.name]?.words.some((w) => /\d/.test(page.words[w].text))).length;
        if (afterSums && filled < Math.min(2, cols.filter((c) => isNumeric(c.kind)).length)) break;
        // (nor is a row of numbers alone below the sums: a totals table's values, a tax breakdown)
        const textCols = cols.filter((c) => c.kind === 'text');
        if (afterSums && textCols.length && !textCols.some((c) => cells[c.name]?.words.some((w) => /\p{L}{2}/u.test(page.words[w].text)))) break;
        flush();
        // a lone amount that adds up the items' amounts above is the table's sum, whatever its label ("Incidência");
        // opening a later page's rows, one that adds up the items of the pages before carries their sum over
        // ("Brought forward", "Übertrag", "Transporte"): neither is an item
        if (!afterSums && filled === 1 && amountCol && cells[amountCol.name]) {
          const v = cellNumber(cells[amountCol.name]!.words.map((w) => page.words[w].text).join(' '), ctx.decimalHint);
          if (v !== undefined && out.length - pageStart >= 2 && Math.abs(v - sumOf(out.slice(pageStart))) <= 0.011) { afterSums = true; continue; }
          if (v !== undefined && out.length === pageStart && pageStart >= 2 && Math.abs(v - sumOf(out)) <= 0.011) continue;
        }
        current = cells; continue;
      }
      if (current) {
        // a text-only row continues the current item's text columns
        for (const [name, v] of Object.entries(cells)) {
          const col = cols.find((c) => c.name === name)!;
          if (col.kind === 'text') (current[name] ??= { words: [] }).words.push(...v.words);
        }
      }
    }
    flush();
    if (!sawSums && out.length > pageStart && prevY > PAGE_FOOT) running = cols;
  }
  // no header named the columns anywhere: rows that multiply out are still items; rows read by their headers are
  // checked against their own arithmetic
  if (!out.length) out.push(...arithmeticRows(ctx, itemRoles(props), (text) => SUM_ROW.test(text)));
  else {
    wholeNumbersAreCounts(ctx, out, itemRoles(props));
    verifyRows(ctx, out, itemRoles(props));
  }
  stripRowNumbers(out);
  return out;
}

/**
 * A money column that holds only whole numbers printed without decimals, beside a money column printed with them, is a
 * count ("Amount" heading the quantities in a translated template): when the quantity has no column, its numbers are
 * the quantities.
 */
function wholeNumbersAreCounts(ctx: DocContext, rows: Record<string, Cell>[], roles: ItemRoles): void {
  const { quantity, unitPrice, amount } = roles;
  if (!quantity || !rows.length || rows.some((r) => r[quantity])) return;
  const printed = (c: Cell | undefined) => cellText(ctx, c);
  for (const [money, other] of [[amount, unitPrice], [unitPrice, amount]] as const) {
    if (!money || !other) continue;
    if (!rows.every((r) => /^\d{1,4}$/.test(printed(r[money])) && /\d[.,]\d{2}(?!\d)/.test(printed(r[other])))) continue;
    for (const r of rows) {
      r[quantity] = r[money]!;
      delete r[money];
    }
    return;
  }
}

/** The property of each role the arithmetic reader fills: the first of each column concept (a gross amount only when no other). */
function itemRoles(props: { name: string; concept?: LabelConcept; avoid?: ReturnType<typeof avoidedMarks> }[]): ItemRoles {
  // (the arithmetic is quantity x net price: a column asked gross of tax only when the schema has no other)
  const asksGross = (p: { avoid?: ReturnType<typeof avoidedMarks> }) => p.avoid?.want === markers().gross;
  const first = (concept: LabelConcept) => props.find((p) => p.concept === concept && !asksGross(p))?.name ?? props.find((p) => p.concept === concept)?.name;
  return {
    description: first('item_description'), quantity: first('item_quantity'), unitPrice: first('item_unit_price'), amount: first('item_amount'), taxRate: first('item_tax_rate'),
  };
}

/**
 * A position column ("Pos.", "Lp.", "#", "Item") printed just left of the description runs into it when its header
 * sits close to the description's: when every text cell of a table of two or more rows starts with a number and the
 * numbers count up in equal steps (1, 2, 3 ... or 10, 20, 30 ...), those numbers are positions, not part of the text.
 */
function stripRowNumbers(rows: Record<string, Cell>[]): void {
  if (rows.length < 2) return;
  const names = new Set(rows.flatMap((r) => Object.keys(r)));
  for (const name of names) {
    const leads = rows.map((r) => { const v = r[name]?.value; return typeof v === 'string' ? /^(\d{1,4}) (?=\S)/.exec(v)?.[1] : undefined; });
    if (leads.some((l) => l === undefined)) continue;
    const ns = leads.map(Number);
    const step = ns[1]! - ns[0]!;
    if (step <= 0 || ns[0]! > step || !ns.every((n, i) => n === ns[0]! + i * step)) continue;
    rows.forEach((r, i) => {
      const cell = r[name]!;
      r[name] = { ...cell, value: String(cell.value).slice(`${leads[i]} `.length), spans: cell.spans.length > 1 ? cell.spans.slice(1) : cell.spans };
    });
  }
}

/**
 * Layout-aware key/value detection: label phrases derived from a field's name, title and description
 * (plus multilingual synonyms of generic field words), their occurrences in the document, and how a
 * candidate sits relative to them (same line to the right, or the line(s) below).
 */
import type { LeafNode } from '../schema/compile.js';
import { fieldWords, isOpaque, nameWords } from '../schema/semantic.js';
import { confusionDistance } from '../ocr-repair/confusion.js';
import type { DocContext, Span } from './context.js';

/** Synonyms for generic field words (keys are normalised name phrases). */
const SYNONYMS: [RegExp, string[]][] = [
  [/\binvoice (number|no|id)\b|^number$/, ['invoice no', 'invoice number', 'invoice #', 'invoice nr', 'invoice id', 'inv no', 'bill no', 'receipt no', 'rechnungsnummer', 'rechnung nr', 'rechnungs-nr', 'factuurnummer', 'factuur nr', 'facture n', 'n° de facture', 'numéro de facture', 'document no', 'invoice', 'factuur', 'rechnung', 'facture', 'fattura', 'factura', 'no', '#']],
  [/\b(invoice|issue) date\b|^date$/, ['invoice date', 'date of issue', 'issue date', 'issued', 'date', 'rechnungsdatum', 'factuurdatum', 'datum', 'date de facture', 'billing date', 'dated', 'tarikh']],
  [/\bdue date\b/, ['due date', 'payment due', 'due', 'fälligkeitsdatum', 'fällig', 'vervaldatum', 'échéance', 'pay by']],
  // what is left to pay (after payments, deposits, credits) has labels of its own, ahead of the totals'
  [/\b(amount|balance|total) (due|payable|outstanding)\b|\bbalance\b/, ['amount due', 'balance due', 'total due', 'amount payable', 'total payable', 'please pay', 'pay this amount', 'amount to pay', 'net to pay', 'balance outstanding', 'outstanding balance', 'te betalen', 'zu zahlen', 'zahlbetrag', 'net à payer', 'reste à payer', 'à payer', 'balance']],
  [/\b(total|grand total|total amount|amount due|total amount gross)\b/, ['grand total', 'total amount', 'total due', 'amount due', 'balance due', 'invoice total', 'total', 'amount paid', 'total paid', 'gesamtbetrag', 'gesamtsumme', 'rechnungsbetrag', 'endbetrag', 'summe brutto', 'brutto', 'summe', 'totaal', 'factuur totaal', 'te betalen', 'total ttc', 'montant total', 'montant ttc', 'rounded total', 'total incl', 'nett total', 'net total', 'total payable', 'amount']],
  [/\bsubtotal\b|\bsub total\b/, ['subtotal', 'sub total', 'sub-total', 'net amount', 'total excl', 'total ht', 'montant ht', 'nettobetrag', 'gesamtnetto', 'summe netto', 'netto', 'zwischensumme', 'subtotaal', 'exclusief btw', 'excl. btw', 'excl btw', 'total before tax', 'untaxed amount', 'excl. vat', 'total net', 'grondslag', 'net']],
  [/\btax amount\b|^tax$|\bvat amount\b/, ['total tax', 'tax amount', 'vat amount', 'btw bedrag', 'sales tax', 'vat', 'tax', 'gst', 'mwst', 'ust', 'btw', 'tva']],
  [/\bcustomer (id|number|no)\b/, ['customer no', 'customer number', 'customer id', 'customer #', 'cust no', 'cust id', 'account no', 'account number', 'account #', 'account id', 'customer', 'kundennummer', 'kunden-nr', 'kundennr', 'kd-nr', 'klantnummer', 'klantnr', 'client no', 'client id', 'n° client', 'numéro client', 'debtor no', 'debiteurnummer', 'acct']],
  [/\bpayment reference\b/, ['payment reference', 'payment communication', 'structured communication', 'communication', 'remittance information', 'reference', 'ref', 'verwendungszweck', 'betalingskenmerk', 'mededeling', 'kenmerk', 'référence', 'communication structurée']],
  [/\b(customer|client|buyer)('s)? (order )?reference\b|\byour reference\b/, ['customer reference', 'your reference', 'your ref', 'client reference', 'customer ref', 'order reference', 'uw referentie', 'uw kenmerk', 'ihre referenz', 'ihr zeichen', 'votre référence', 'reference', 'ref']],
  [/\bpayment terms\b/, ['payment terms', 'terms', 'zahlungsbedingungen', 'betalingsvoorwaarden', 'conditions de paiement']],
  [/\bpayment method\b/, ['payment method', 'paid by', 'payment type', 'paid with', 'zahlungsart', 'betaalmethode', 'payment']],
  [/\bvat rate\b|\bvat rate percent\b|\btax rate\b/, ['vat', 'tax', 'mwst', 'ust', 'btw', 'tva', 'gst']],
  [/\bchamber of commerce\b/, ['kvk', 'coc', 'chamber of commerce', 'kamer van koophandel', 'handelsregister', 'hrb']],
  [/\bvat number\b|\bvat\b/, ['vat no', 'vat number', 'vat id', 'vat reg', 'btw nr', 'btw-nummer', 'ust-idnr', 'tva', 'tax id', 'gst reg no', 'gst id', 'vat', 'btw', 'btw-nr', 'btw nummer', 'mwst-nr', 'n° tva']],
  [/\bsiren\b/, ['siren', 'siret', 'rcs']],
  [/\biban\b/, ['iban']],
  [/\bbic\b/, ['bic', 'swift']],
  [/\bpurchase order\b|\border (number|reference)\b/, ['purchase order', 'po number', 'po no', 'order no', 'order number', 'your order', 'bestellnummer', 'ordernummer']],
  [/\bphone\b/, ['phone', 'tel', 'telephone', 'telefon', 'tél']],
  [/\bemail\b/, ['email', 'e-mail', 'mail']],
  [/\bwebsite\b/, ['website', 'web', 'www']],
];

const STOP = new Set(['the', 'of', 'a', 'an', 'and', 'or', 'to', 'in', 'on', 'for', 'as', 'is', 'by', 'vendor', 'customer', 'seller', 'gross']);

/** Words that qualify the noun before them in a field name but precede it on the page. */
const QUALIFIERS = new Set(['gross', 'net', 'paid', 'payable', 'total', 'final', 'original']);

export function labelPhrases(leaf: Pick<LeafNode, 'name' | 'title' | 'reading'>, parentName?: string): string[] {
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
  for (const [re, syn] of SYNONYMS) if (re.test(phrase) || (core && re.test(core)) || re.test(read)) syn.forEach((s) => out.add(s));
  if (parentName) out.delete(parentName);
  // '#' alone labels a number only where it opens a line ("# 1042" under a title): see findLabels
  return [...out].filter((s) => s.length >= 2 || s === '#');
}

/** Which of the three invoice sums a numeric field asks for (its own labels compete with the others'). */
export type AmountFamily = 'total' | 'subtotal' | 'tax';

const FAMILY_PHRASES: Record<AmountFamily, string[]> = {
  subtotal: ['subtotal', 'sub total', 'sub-total', 'net amount', 'total excl', 'total excluding', 'total ht', 'montant ht', 'total hors taxes', 'nettobetrag', 'gesamtnetto', 'summe netto', 'netto', 'zwischensumme', 'subtotaal', 'exclusief btw', 'excl. btw', 'excl btw', 'excl. vat', 'excl vat', 'total before tax', 'untaxed amount', 'total net', 'net total', 'grondslag', 'taxable amount', 'net'],
  tax: ['total tax', 'tax amount', 'vat amount', 'total vat', 'btw bedrag', 'sales tax', 'tax', 'vat', 'gst', 'mwst', 'ust', 'btw', 'tva', 'iva', 'umsatzsteuer'],
  total: ['grand total', 'total amount', 'total due', 'amount due', 'balance due', 'invoice total', 'total paid', 'amount paid', 'total incl', 'total including', 'total ttc', 'montant ttc', 'gesamtbetrag', 'rechnungsbetrag', 'endbetrag', 'summe brutto', 'brutto', 'factuur totaal', 'te betalen', 'total payable', 'total'],
};

export function amountFamily(name: string): AmountFamily | undefined {
  const n = nameWords(name).join(' ');
  if (/\b(sub ?total|net|excl|untaxed|taxable)\b/.test(n)) return 'subtotal';
  if (/\b(tax|vat|gst)\b/.test(n) && !/\b(incl|including|gross|total)\b/.test(n)) return 'tax';
  if (/\b(total|due|gross|grand)\b/.test(n)) return 'total';
  return undefined;
}

/**
 * Drop the label hits that are really part of another sum's label: "Total" inside "Total HT" belongs to the
 * subtotal, "VAT" inside "Total VAT" to the tax (the longest label at a position decides).
 */
export function keepOwnFamily(ctx: DocContext, hits: LabelHit[], family: AmountFamily): LabelHit[] {
  const fams = ctx.memo('amount-families', () => {
    const all: { p: number; start: number; end: number; fam: AmountFamily }[] = [];
    for (const fam of Object.keys(FAMILY_PHRASES) as AmountFamily[]) {
      for (const h of findLabels(ctx, FAMILY_PHRASES[fam])) all.push({ p: h.p, start: h.start, end: h.end, fam });
    }
    return all;
  });
  return hits.filter((h) => !fams.some((g) => g.p === h.p && g.fam !== family && g.start < h.end && g.end > h.start && g.end - g.start > h.end - h.start));
}

export interface LabelHit extends Span {
  /** Index of the phrase in the label list (earlier = more specific). */
  rank: number;
  line: number;
  phraseLen: number;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A label phrase as a pattern: its words separated by any run of spaces, dots, underscores or dashes. A run of
 * those in the phrase (a caller's title "total   due") becomes one separator: two quantifiers side by side
 * match dot leaders in as many ways as there are splits, and backtrack for hours.
 */
const phrasePattern = (p: string) => esc(p.replace(/[\s._-]+/g, (run) => (/\s/.test(run) ? ' ' : run))).replace(/ /g, '[\\s._-]*');

export function findLabels(ctx: DocContext, phrases: string[], maxPages = 50): LabelHit[] {
  return ctx.memo(`labels:${phrases.join('|')}`, () => {
    const hits: LabelHit[] = [];
    const sorted = phrases.map((p, i) => ({ p, i })).sort((a, b) => b.p.length - a.p.length);
    // A phrase glued to an underscore is part of an identifier ("invoice_number_1"), never a label.
    const re = new RegExp(`(?<![\\p{L}\\p{N}_])(${sorted.map((x) => phrasePattern(x.p)).join('|')})(?![\\p{L}_])`, 'giu');
    const rankOf = new Map(sorted.map((x) => [x.p.replace(/[\s._-]/g, ''), x.i]));
    ctx.pages.slice(0, maxPages).forEach((page, p) => {
      if (page.source === 'ocr') hits.push(...ocrLabelHits(ctx, p, phrases));
      for (const m of page.text.matchAll(re)) {
        // A bare symbol label ("#") says whose number follows only when it opens the line: "PO #", "Item #"
        // belong to the words before them.
        if (!/[\p{L}\p{N}]/u.test(m[1]) && page.text.slice(page.text.lastIndexOf('\n', m.index! - 1) + 1, m.index!).trim()) continue;
        const key = m[1].toLowerCase().replace(/[\s._-]/g, '');
        hits.push({ p, start: m.index!, end: m.index! + m[0].length, rank: rankOf.get(key) ?? phrases.length, line: ctx.lineIndex(p, m.index!), phraseLen: m[0].length });
      }
    });
    return hits;
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
  const words = page.words.map((w) => bare(w.text));
  const out: LabelHit[] = [];
  phrases.forEach((phrase, rank) => {
    const pw = phrase.split(/\s+/);
    if (!pw.some((w) => w.length >= 4)) return;
    for (let i = 0; i + pw.length <= words.length; i++) {
      let fuzzy = 0;
      let ok = true;
      for (let k = 0; k < pw.length && ok; k++) {
        const w = words[i + k];
        if (w === pw[k]) continue;
        if (pw[k].length < 4 || Math.abs(w.length - pw[k].length) > 1 || page.words[i + k].line !== page.words[i].line) { ok = false; break; }
        if (confusionDistance(w, pw[k]) <= 0.5) fuzzy++;
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

export function labelRelation(ctx: DocContext, hits: LabelHit[], c: Span, nPhrases: number): { score: number; hit?: LabelHit } {
  let best = 0;
  let bestHit: LabelHit | undefined;
  const page = ctx.pages[c.p];
  let cb: ReturnType<DocContext['spanBox']> | null = null;
  for (const h of hits) {
    if (h.p !== c.p) continue;
    if (h.end > c.start && h.start < c.end) continue;
    const specificity = 1 - 0.5 * (h.rank / Math.max(1, nPhrases));
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
    } else if (cb.row0 > hb.row1 && cb.row0 - hb.row1 <= 2) {
      const overlap = Math.min(cb.bbox[2], hb.bbox[2] + 0.05) - Math.max(cb.bbox[0], hb.bbox[0] - 0.05);
      const dy = cb.bbox[1] - hb.bbox[3];
      if (overlap > 0 && dy < 0.08) {
        // the label should head its column: nothing else on its row right above the value
        s = cb.row0 - hb.row1 === 1 ? 0.75 : 0.5;
      }
    }
    s *= specificity;
    if (s > best) { best = s; bestHit = h; }
  }
  return { score: best, hit: bestHit };
}

/** Label phrases that only say "a number follows": whose number it is comes from the word before them. */
const GENERIC_NUMBER_LABEL = /^(no|nr|nº|n°|#|number|num|nummer|numéro|id)$/;

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
    if (/^[ \t]*(date|datum|dated|total|totaal|summe|gesamt|amount|period|address|summary|type|currency|terms|due|balance|value|sum|subtotal|betrag|bedrag|montant|adresse|adres)\b/i.test(page.text.slice(h.end, h.end + 16))) return false;
    if (!GENERIC_NUMBER_LABEL.test(phrase.toLowerCase())) return true;
    const before = page.text.slice(page.text.lastIndexOf('\n', h.start - 1) + 1, h.start);
    // the word right before, separated by spaces only (an abbreviation's dot belongs to the word)
    const m = /(\S+?)[.]?\s*$/u.exec(before);
    if (!m || !/\p{L}{2}/u.test(m[1]) || /[:;,)]$/.test(m[1])) return true;
    const segs = m[1].toLowerCase().split(/[./\-]+/).map((w) => w.replace(/[^\p{L}]/gu, '')).filter(Boolean);
    return segs.some((w) => own.has(w));
  });
}

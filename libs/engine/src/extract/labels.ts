/**
 * Layout-aware key/value detection: label phrases derived from a field's name, title and description
 * (plus multilingual synonyms of generic field words), their occurrences in the document, and how a
 * candidate sits relative to them (same line to the right, or the line(s) below).
 */
import type { LeafNode } from '../schema/compile.js';
import { nameWords } from '../schema/semantic.js';
import type { DocContext, Span } from './context.js';

/** Synonyms for generic field words (keys are normalised name phrases). */
const SYNONYMS: [RegExp, string[]][] = [
  [/\binvoice (number|no|id)\b|^number$/, ['invoice no', 'invoice number', 'invoice #', 'invoice nr', 'invoice id', 'inv no', 'bill no', 'receipt no', 'rechnungsnummer', 'rechnung nr', 'rechnungs-nr', 'factuurnummer', 'factuur nr', 'facture n', 'n° de facture', 'numéro de facture', 'document no', 'invoice', 'no']],
  [/\b(invoice|issue) date\b|^date$/, ['invoice date', 'date of issue', 'issue date', 'issued', 'date', 'rechnungsdatum', 'factuurdatum', 'datum', 'date de facture', 'billing date', 'dated', 'tarikh']],
  [/\bdue date\b/, ['due date', 'payment due', 'due', 'fälligkeitsdatum', 'fällig', 'vervaldatum', 'échéance', 'pay by']],
  [/\b(total|grand total|total amount|amount due|total amount gross)\b/, ['grand total', 'total amount', 'total due', 'amount due', 'balance due', 'total', 'amount paid', 'gesamtbetrag', 'gesamtsumme', 'rechnungsbetrag', 'endbetrag', 'summe', 'totaal', 'te betalen', 'total ttc', 'montant total', 'rounded total', 'total incl', 'nett total', 'net total', 'total payable', 'amount']],
  [/\bsubtotal\b|\bsub total\b/, ['subtotal', 'sub total', 'sub-total', 'net amount', 'total excl', 'total ht', 'nettobetrag', 'netto', 'zwischensumme', 'subtotaal', 'total before tax', 'untaxed amount', 'excl. vat', 'total net', 'net']],
  [/\btax amount\b|^tax$|\bvat amount\b/, ['total tax', 'tax amount', 'sales tax', 'vat', 'tax', 'gst', 'mwst', 'ust', 'btw', 'tva']],
  [/\bcustomer (id|number|no)\b/, ['customer no', 'customer number', 'customer id', 'account no', 'account number', 'customer', 'kundennummer', 'kunden-nr', 'klantnummer', 'client no', 'acct']],
  [/\bpayment reference\b/, ['payment reference', 'reference', 'ref', 'verwendungszweck', 'betalingskenmerk', 'référence']],
  [/\bpayment terms\b/, ['payment terms', 'terms', 'zahlungsbedingungen', 'betalingsvoorwaarden', 'conditions de paiement']],
  [/\bpayment method\b/, ['payment method', 'paid by', 'payment type', 'paid with', 'zahlungsart', 'betaalmethode', 'payment']],
  [/\bvat rate\b|\bvat rate percent\b|\btax rate\b/, ['vat', 'tax', 'mwst', 'ust', 'btw', 'tva', 'gst']],
  [/\bchamber of commerce\b/, ['kvk', 'coc', 'chamber of commerce', 'kamer van koophandel', 'handelsregister', 'hrb']],
  [/\bvat number\b|\bvat\b/, ['vat no', 'vat number', 'vat id', 'vat reg', 'btw nr', 'btw-nummer', 'ust-idnr', 'tva', 'tax id', 'gst reg no', 'gst id', 'vat']],
  [/\bsiren\b/, ['siren', 'siret', 'rcs']],
  [/\biban\b/, ['iban']],
  [/\bbic\b/, ['bic', 'swift']],
  [/\bpurchase order\b|\border (number|reference)\b/, ['purchase order', 'po number', 'po no', 'order no', 'order number', 'your order', 'bestellnummer', 'ordernummer']],
  [/\bphone\b/, ['phone', 'tel', 'telephone', 'telefon', 'tél']],
  [/\bemail\b/, ['email', 'e-mail', 'mail']],
  [/\bwebsite\b/, ['website', 'web', 'www']],
];

const STOP = new Set(['the', 'of', 'a', 'an', 'and', 'or', 'to', 'in', 'on', 'for', 'as', 'is', 'by', 'vendor', 'customer', 'seller', 'gross']);

export function labelPhrases(leaf: Pick<LeafNode, 'name' | 'title'>, parentName?: string): string[] {
  const words = nameWords(leaf.name);
  const phrase = words.join(' ');
  const out = new Set<string>();
  if (phrase) out.add(phrase);
  if (leaf.title) out.add(leaf.title.toLowerCase());
  const core = words.filter((w) => !STOP.has(w)).join(' ');
  if (core && core !== phrase) out.add(core);
  for (const [re, syn] of SYNONYMS) if (re.test(phrase) || (core && re.test(core))) syn.forEach((s) => out.add(s));
  if (parentName) out.delete(parentName);
  return [...out].filter((s) => s.length >= 2);
}

export interface LabelHit extends Span {
  /** Index of the phrase in the label list (earlier = more specific). */
  rank: number;
  line: number;
  phraseLen: number;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function findLabels(ctx: DocContext, phrases: string[], maxPages = 50): LabelHit[] {
  return ctx.memo(`labels:${phrases.join('|')}`, () => {
    const hits: LabelHit[] = [];
    const sorted = phrases.map((p, i) => ({ p, i })).sort((a, b) => b.p.length - a.p.length);
    const re = new RegExp(`(?<![\\p{L}\\p{N}])(${sorted.map((x) => esc(x.p).replace(/ /g, '[\\s._-]*')).join('|')})(?![\\p{L}])`, 'giu');
    const rankOf = new Map(sorted.map((x) => [x.p.replace(/[\s._-]/g, ''), x.i]));
    ctx.pages.slice(0, maxPages).forEach((page, p) => {
      for (const m of page.text.matchAll(re)) {
        const key = m[1].toLowerCase().replace(/[\s._-]/g, '');
        hits.push({ p, start: m.index!, end: m.index! + m[0].length, rank: rankOf.get(key) ?? phrases.length, line: ctx.lineIndex(p, m.index!), phraseLen: m[0].length });
      }
    });
    return hits;
  });
}

/**
 * Strength (0..1) of the best label relation for a candidate: same line to the right (closer is better,
 * nothing but punctuation between is best), or on one of the two lines below and horizontally overlapping.
 */
export function labelRelation(ctx: DocContext, hits: LabelHit[], c: Span, nPhrases: number): { score: number; hit?: LabelHit } {
  let best = 0;
  let bestHit: LabelHit | undefined;
  const page = ctx.pages[c.p];
  const cLine = ctx.lineIndex(c.p, c.start);
  for (const h of hits) {
    if (h.p !== c.p) continue;
    if (h.end > c.start && h.start < c.end) continue;
    const specificity = 1 - 0.5 * (h.rank / Math.max(1, nPhrases));
    let s = 0;
    if (h.line === cLine && h.end <= c.start) {
      const between = page.text.slice(h.end, c.start);
      const gapWords = between.trim() ? between.trim().split(/\s+/).length : 0;
      if (/^[\s:#.\-–=|()\/]*$/u.test(between) || gapWords === 0) s = 1;
      else s = Math.max(0.25, 0.85 - 0.12 * gapWords);
    } else if (cLine > h.line && cLine - h.line <= 2) {
      const lb = page.lines[h.line]?.bbox;
      const cb = page.lines[cLine]?.bbox;
      const words = ctx.wordsIn(c.p, c.start, c.end);
      const hw = ctx.wordsIn(h.p, h.start, h.end);
      if (lb && cb && words.length && hw.length) {
        const cx0 = Math.min(...words.map((w) => w.bbox[0]));
        const cx1 = Math.max(...words.map((w) => w.bbox[2]));
        const hx0 = Math.min(...hw.map((w) => w.bbox[0]));
        const hx1 = Math.max(...hw.map((w) => w.bbox[2]));
        const overlap = Math.min(cx1, hx1 + 0.05) - Math.max(cx0, hx0 - 0.05);
        const dy = Math.min(...words.map((w) => w.bbox[1])) - Math.max(...hw.map((w) => w.bbox[3]));
        if (overlap > 0 && dy < 0.08) s = cLine - h.line === 1 ? 0.7 : 0.5;
      }
    }
    s *= specificity;
    if (s > best) { best = s; bestHit = h; }
  }
  return { score: best, hit: bestHit };
}

import { AMOUNT_FAMILY_FIELD_WORDS, FIELD_CONCEPT_WORDS, GENERIC_CORE_WORDS, LABEL_CORE_STOP_WORDS, TRAILING_QUALIFIERS } from '../../src/knowledge/field-words/index.js';
import { DOCUMENT_WORDS, documentWords } from '../../src/knowledge/document-words/index.js';
import { amountFamily, FIELD_CONCEPTS, GENERIC_CORE, LABEL_NOUN_AFTER, labelPhrases } from '../../src/extract/labels.js';
import { nameWords } from '../../src/schema/semantic.js';

/** The former in-code lists of extract/labels.ts, verbatim. */
const OLD_FIELD_CONCEPTS: [RegExp, string[]][] = [
  [/\binvoice (number|no|id)\b|^number$/, ['document_number']],
  [/\b(invoice|issue) date\b|^date$/, ['issue_date']],
  [/\bdue date\b/, ['due_date']],
  [/\b(amount|balance|total) (due|payable|outstanding)\b|\bbalance\b/, ['amount_due']],
  [/\b(total|grand total|total amount|amount due|total amount gross)\b/, ['total']],
  [/\bsubtotal\b|\bsub total\b/, ['subtotal']],
  [/\btax amount\b|^tax$|\bvat amount\b/, ['tax_amount']],
  [/\bcustomer (id|number|no)\b/, ['customer_number']],
  [/\bpayment reference\b/, ['payment_reference']],
  [/\b(customer|client|buyer)('s)? (order )?reference\b|\byour reference\b/, ['customer_reference']],
  [/\bpayment terms\b/, ['payment_terms']],
  [/\bpayment method\b/, ['payment_method']],
  [/\bvat rate\b|\bvat rate percent\b|\btax rate\b/, ['tax_rate']],
  [/\bchamber of commerce\b/, ['company_registration']],
  [/\bvat number\b|\bvat\b/, ['vat_id']],
  [/\bsiren\b/, ['company_registration']],
  [/\biban\b/, ['iban']],
  [/\bbic\b/, ['bic']],
  [/\bpurchase order\b|\border (number|reference)\b/, ['order_number']],
  [/\bphone\b/, ['phone']],
  [/\bemail\b/, ['email']],
  [/\bwebsite\b/, ['website']],
  [/\b(delivery|shipping|ship|dispatch|service|supply) date\b|\bdate of (delivery|supply)\b/, ['delivery_date']],
  [/\b(tax|gst) (id|number|no|registration)\b/, ['vat_id']],
  [/\b(company|registration|commercial register|trade register) (number|no|id)\b/, ['company_registration']],
  [/\bcurrency\b/, ['currency']],
  [/\beffective date\b/, ['effective_date']],
  [/\bagreement date\b/, ['agreement_date']],
  [/\bexpiration date\b/, ['expiration_date']],
];
function oldAmountFamily(name: string): string | undefined {
  const n = nameWords(name).join(' ');
  if (/\b(sub ?total|net|excl|untaxed|taxable)\b/.test(n)) return 'subtotal';
  if (/\b(tax|vat|gst)\b/.test(n) && !/\b(incl|including|gross|total)\b/.test(n)) return 'tax';
  if (/\b(total|due|gross|grand)\b/.test(n)) return 'total';
  return undefined;
}
const OLD_STOP = ['the', 'of', 'a', 'an', 'and', 'or', 'to', 'in', 'on', 'for', 'as', 'is', 'by', 'vendor', 'customer', 'seller', 'gross'];
const OLD_GENERIC_CORE = /^(number|no|nr|num|id|date|name)$/;
const OLD_QUALIFIERS = ['gross', 'net', 'paid', 'payable', 'total', 'final', 'original'];
const OLD_LABEL_NOUN_AFTER = /^[ \t]*(date|datum|dated|total|totaal|summe|gesamt|amount|period|address|summary|type|currency|terms|due|balance|value|sum|subtotal|betrag|bedrag|montant|adresse|adres)\b/i;

const wordsOf = (src: string) => src.replace(/\\[bsdw]/g, ' ').split(/[^a-z']+/).filter((w) => w.length > 1 || w === 'a');
const words = [...new Set([
  ...OLD_FIELD_CONCEPTS.flatMap(([re]) => wordsOf(re.source)), ...wordsOf(oldAmountFamily.toString()), ...OLD_STOP, ...OLD_QUALIFIERS, ...wordsOf(OLD_GENERIC_CORE.source),
  ...FIELD_CONCEPT_WORDS.flatMap((c) => [...(c.fits.words ?? []), ...(c.fits.whole ?? [])].flatMap((p) => p.split(' '))),
  "customer's", "client's", "buyer's", 'x', 'amounts', 'totals', 'subtotals', 'numbers',
])];
const phrases = [...new Set([...OLD_FIELD_CONCEPTS.flatMap(([re]) => re.source.split('|')), ...FIELD_CONCEPT_WORDS.flatMap((c) => [...(c.fits.words ?? []), ...(c.fits.whole ?? [])])])];
// field words are lower-case words joined by single spaces
const names = [...new Set([
  ...words, ...words.flatMap((a) => words.map((b) => `${a} ${b}`)), ...phrases.flatMap((p) => [p, `x ${p}`, `${p} x`, `the ${p} of`]),
  ...FIELD_CONCEPT_WORDS.flatMap((c) => (c.fits.words ?? []).flatMap((p) => words.map((w) => `${p} ${w}`))),
])];

describe('field concepts and amount families: the data reads field names as the former in-code regexes did', () => {
  test(`${names.length} field names: the same concepts, entry by entry, in order`, () => {
    expect(FIELD_CONCEPTS.length).toBe(OLD_FIELD_CONCEPTS.length);
    FIELD_CONCEPTS.forEach(([fits, concepts], i) => {
      const [re, oldConcepts] = OLD_FIELD_CONCEPTS[i]!;
      expect(concepts).toEqual(oldConcepts);
      expect(names.filter((n) => fits(n) !== re.test(n))).toEqual([]);
    });
  });

  test(`${names.length} field names: the same amount family`, () => {
    const asKeys = names.flatMap((n) => [n.replace(/ /g, '_'), n.replace(/ (\w)/g, (_, c: string) => c.toUpperCase())]);
    expect(asKeys.filter((k) => amountFamily(k) !== oldAmountFamily(k))).toEqual([]);
    expect(AMOUNT_FAMILY_FIELD_WORDS.map((f) => f.family)).toEqual(['subtotal', 'tax', 'total']);
  });

  test('label core stop words, generic cores and trailing qualifiers are the former lists', () => {
    expect(LABEL_CORE_STOP_WORDS).toEqual(OLD_STOP);
    expect(TRAILING_QUALIFIERS).toEqual(OLD_QUALIFIERS);
    expect(names.filter((n) => GENERIC_CORE.test(n) !== OLD_GENERIC_CORE.test(n))).toEqual([]);
    expect(GENERIC_CORE_WORDS.length).toBe(7);
  });

  test('label lists built from the data: a due-date field, a customer reference and a generic core', () => {
    expect(labelPhrases({ name: 'due_date' })).toEqual(expect.arrayContaining(['due date', "date d'échéance"]));
    expect(labelPhrases({ name: 'client_order_reference' })).toContain('your reference');
    // "customer number" reduces to the generic core "number": no document number labels
    expect(labelPhrases({ name: 'customer_number' })).not.toContain('invoice number');
  });

  // nouns of languages added since the list became data are new readings: checked on their own below
  const added = new Set(DOCUMENT_WORDS.filter((d) => ['da', 'nb', 'fi', 'ro', 'hu', 'tr'].includes(d.language)).flatMap((d) => d.labelNouns));
  const earlier = new Set([...wordsOf(OLD_LABEL_NOUN_AFTER.source), ...DOCUMENT_WORDS.filter((d) => !['da', 'nb', 'fi', 'ro', 'hu', 'tr'].includes(d.language)).flatMap((d) => d.labelNouns)]);
  const nouns = [...new Set([...earlier, ...documentWords('labelNouns').filter((w) => earlier.has(w) || !added.has(w)), 'dates', 'totals', 'x', 'adresses'])];
  const after = [...new Set(nouns.flatMap((w) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1)]).flatMap((w) => [w, ` ${w}`, `\t${w}:`, `  ${w} 12`, `${w}x`, `-${w}`, `\n${w}`, `${w}é`, ` ${w}.`]))];

  test(`${after.length} texts after a label hit: the same nouns make it another field's label`, () => {
    expect(after.filter((t) => LABEL_NOUN_AFTER.test(t) !== OLD_LABEL_NOUN_AFTER.test(t))).toEqual([]);
  });

  test('nouns of the languages added since make a label another field\'s ("Fatura" + "Tarihi", "Számla" + "kelte")', () => {
    for (const w of added) expect([w, LABEL_NOUN_AFTER.test(` ${w[0]!.toUpperCase()}${w.slice(1)}`)]).toEqual([w, true]);
    expect(added.size).toBeGreaterThan(10);
  });
});

/**
 * Words callers use in a schema's field names and titles (split into lower-case words: "unitPrice" is "unit
 * price"), by what they ask for: which line-item column, whose party, net or gross, which role of a date. Not
 * what documents print (labels/, document-words/): schemas are written in English, with a few tax
 * abbreviations of other languages that callers put in keys ("btw", "tva", "mwst", "brutto"; marked below).
 * Field readings ask for label concepts through FIELD_CONCEPT_WORDS (extract/labels.ts).
 */
import type { LabelConcept } from '../labels/concepts.js';
import type { CueRole } from '../document-words/index.js';
import { wordsPattern } from '../document-words/index.js';

/**
 * Words of field names too common to cue anything (articles, "date", "amount", "number", format words of
 * descriptions: "ISO 8601", "YYYY-MM-DD", "null if not stated").
 */
export const FIELD_STOP_WORDS: readonly string[] = [
  'date', 'name', 'amount', 'number', 'no', 'id', 'the', 'of', 'a', 'an', 'to', 'and', 'or', 'is', 'in', 'value', 'field', 'iso', '8601',
  'yyyy', 'mm', 'dd', 'as', 'e', 'g', 'if', 'null', 'not', 'stated', 'which', 'from', 'on', 'by', 'for', 'with', 'that', 'this', 'it', 'be',
  'are', 'was', 'any', 'its', 'their', 'such', 'may', 'all', 'per',
];

/**
 * Words of a field name that ask for something: whole `words` (or phrases), `prefixes` (word beginnings), `pairs`
 * (a word of the first list and later one of the second: "vat rate percent"), `whole` (the name is exactly one of
 * these); none of it when the name holds one of `unless` (anywhere, even inside a word) or one of `unlessWords`
 * (as a whole word).
 */
export interface FieldWords {
  words?: readonly string[];
  whole?: readonly string[];
  prefixes?: readonly string[];
  pairs?: readonly (readonly [readonly string[], readonly string[]])[];
  unless?: readonly string[];
  unlessWords?: readonly string[];
}

/** Tax names in field names ("vat_rate", "btw_percentage", "mwst_satz"): English, then nl, fr, de. */
const TAX_NAMES = ['tax', 'vat', 'btw', 'gst', 'tva', 'mwst'];
const PRICE = ['price', 'cost'];

/**
 * The line-item columns a property of a table's items asks for, in the order they are tried (the first that
 * the property's words fit decides): a tax rate before a rate, a unit price before an amount, an amount
 * before a price.
 */
export const COLUMN_FIELD_WORDS: readonly { concept: LabelConcept; fits: FieldWords }[] = [
  { concept: 'item_tax_rate', fits: { words: ['taxpercent', 'tax percent', 'vat rate', 'tax rate'], pairs: [[TAX_NAMES, ['percent', 'rate', 'pct']]] } },
  { concept: 'item_discount', fits: { words: ['discount', 'disc', 'rebate'] } },
  { concept: 'item_unit_price', fits: { words: ['rate', 'each'], pairs: [[['unit'], PRICE], [PRICE, ['unit']]] } },
  { concept: 'item_amount', fits: { words: ['amount', 'total', 'subtotal', 'line total', 'net', 'gross', 'sum'] } },
  { concept: 'item_unit_price', fits: { words: PRICE } },
  { concept: 'item_quantity', fits: { words: ['quantity', 'qty', 'count', 'units', 'hours', 'number of'] } },
  { concept: 'item_unit', fits: { words: ['uom', 'unit of measure', 'unit'] } },
  { concept: 'item_code', fits: { words: ['code', 'sku', 'article number', 'item number', 'product code', 'part number', 'barcode', 'ean'] } },
  { concept: 'item_description', fits: { words: ['name', 'description', 'desc', 'item', 'product', 'service', 'article', 'designation', 'details', 'label'] } },
];

/** A property asked for gross of tax ("line_total_gross", "amount_incl", "brutto" (de)). */
export const GROSS_FIELD_WORDS: FieldWords = { words: ['gross', 'incl', 'including', 'brutto'] };

/**
 * A party field asking for the customer's side: `blocks` when the party is read from the blocks of a short
 * business document, `letterhead` for organisation names of longer ones (letterheads, "Bill to" cues).
 */
export const BUYER_FIELD_WORDS = {
  blocks: { words: ['customer', 'buyer', 'client', 'billing', 'bill', 'billed', 'payer', 'recipient', 'purchaser', 'ship', 'consignee'] },
  letterhead: { words: ['customer', 'buyer', 'client', 'billing', 'bill to', 'payer'] },
} as const satisfies Record<string, FieldWords>;

/**
 * Fields whose name asks for a role a contract's sentences cue (document-words `cues`), in order: "effective
 * date" is cued by "effective", "commencing", "as of".
 */
export const CUE_ROLES: readonly { role: CueRole; fits: FieldWords }[] = [
  { role: 'effective', fits: { words: ['effective'] } },
  { role: 'signed', fits: { words: ['agreement date', 'contract date', 'signed'] } },
  { role: 'end', fits: { words: ['end', 'termination date'], prefixes: ['expir'] } },
  { role: 'start', fits: { words: ['start'], prefixes: ['begin'] } },
  { role: 'term', fits: { words: ['term'], unless: ['renewal', 'notice'] } },
  { role: 'renewal', fits: { words: ['renewal'] } },
  { role: 'notice', fits: { words: ['notice'] } },
  { role: 'due', fits: { words: ['due'] } },
];

/** Beginnings of the words of a date field that asks for a period or one of its ends ("period_start", "valid_until"). */
export const PERIOD_FIELD_PREFIXES: readonly string[] = ['period', 'from', 'start', 'end', 'until', 'begin'];

/**
 * Which of a receipt's fields a field name asks for (ocr-repair/receipt.ts receiptField): none when it names the
 * buyer's side; the merchant's name unless it asks for one of the merchant's numbers or contacts; the transaction
 * date unless it names another date (whole words: "expir" is not a beginning here); the total paid, not a part
 * of it.
 */
export const RECEIPT_FIELD_WORDS = {
  buyer: { words: ['customer', 'buyer', 'client', 'bill', 'billing', 'ship', 'shipping', 'delivery', 'recipient', 'payer'] },
  merchant: {
    words: ['company', 'merchant', 'store', 'shop', 'vendor', 'seller', 'issuer'],
    unlessWords: ['address', 'id', 'number', 'no', 'phone', 'tax', 'vat', 'gst', 'reg'],
  },
  otherDate: { words: ['due', 'expir', 'end', 'start', 'delivery', 'birth', 'valid', 'until', 'from', 'to'] },
  total: {
    words: ['total', 'grand', 'paid', 'payable', 'due'],
    unlessWords: ['sub', 'subtotal', 'tax', 'vat', 'gst', 'net', 'excl', 'before', 'discount', 'tip', 'change', 'cash'],
  },
} as const satisfies Record<string, FieldWords>;

/** "customer reference", "client's order reference": the phrases of a buyer's own reference in field names. */
const BUYER_REFERENCE = ['customer', 'client', 'buyer'].flatMap((who) => [who, `${who}'s`]).flatMap((w) => [`${w} reference`, `${w} order reference`]);

/**
 * The label concepts (knowledge/labels) a field's reading asks for, in the order their labels join the field's
 * label list (a concept may come back further down): each when the field's words hold one of `words` as whole
 * words, or are one of `whole`. What is left to pay (`amount_due`) comes ahead of the totals.
 */
export const FIELD_CONCEPT_WORDS: readonly { concepts: readonly LabelConcept[]; fits: FieldWords }[] = [
  { concepts: ['document_number'], fits: { words: ['invoice number', 'invoice no', 'invoice id'], whole: ['number'] } },
  { concepts: ['issue_date'], fits: { words: ['invoice date', 'issue date'], whole: ['date'] } },
  { concepts: ['due_date'], fits: { words: ['due date'] } },
  {
    concepts: ['amount_due'],
    fits: {
      words: [
        'amount due', 'amount payable', 'amount outstanding', 'balance due', 'balance payable', 'balance outstanding', 'total due', 'total payable',
        'total outstanding', 'balance',
      ],
    },
  },
  { concepts: ['total'], fits: { words: ['total', 'grand total', 'total amount', 'amount due', 'total amount gross'] } },
  { concepts: ['subtotal'], fits: { words: ['subtotal', 'sub total'] } },
  { concepts: ['tax_amount'], fits: { words: ['tax amount', 'vat amount'], whole: ['tax'] } },
  { concepts: ['customer_number'], fits: { words: ['customer id', 'customer number', 'customer no'] } },
  { concepts: ['payment_reference'], fits: { words: ['payment reference'] } },
  { concepts: ['customer_reference'], fits: { words: [...BUYER_REFERENCE, 'your reference'] } },
  { concepts: ['payment_terms'], fits: { words: ['payment terms'] } },
  { concepts: ['payment_method'], fits: { words: ['payment method'] } },
  { concepts: ['tax_rate'], fits: { words: ['vat rate', 'vat rate percent', 'tax rate'] } },
  { concepts: ['company_registration'], fits: { words: ['chamber of commerce'] } },
  { concepts: ['vat_id'], fits: { words: ['vat number', 'vat'] } },
  { concepts: ['company_registration'], fits: { words: ['siren'] } },
  { concepts: ['iban'], fits: { words: ['iban'] } },
  { concepts: ['bic'], fits: { words: ['bic'] } },
  { concepts: ['order_number'], fits: { words: ['purchase order', 'order number', 'order reference'] } },
  { concepts: ['phone'], fits: { words: ['phone'] } },
  { concepts: ['email'], fits: { words: ['email'] } },
  { concepts: ['website'], fits: { words: ['website'] } },
  {
    concepts: ['delivery_date'],
    fits: { words: [...['delivery', 'shipping', 'ship', 'dispatch', 'service', 'supply'].map((w) => `${w} date`), 'date of delivery', 'date of supply'] },
  },
  { concepts: ['vat_id'], fits: { words: ['tax', 'gst'].flatMap((t) => ['id', 'number', 'no', 'registration'].map((w) => `${t} ${w}`)) } },
  {
    concepts: ['company_registration'],
    fits: { words: ['company', 'registration', 'commercial register', 'trade register'].flatMap((r) => ['number', 'no', 'id'].map((w) => `${r} ${w}`)) },
  },
  { concepts: ['currency'], fits: { words: ['currency'] } },
  { concepts: ['effective_date'], fits: { words: ['effective date'] } },
  { concepts: ['agreement_date'], fits: { words: ['agreement date'] } },
  { concepts: ['expiration_date'], fits: { words: ['expiration date'] } },
];

/**
 * Which of the three invoice sums a numeric field asks for, tried in this order (extract/labels.ts amountFamily):
 * a sum before tax, the tax (not a sum including it), the total.
 */
export const AMOUNT_FAMILY_FIELD_WORDS: readonly { family: 'subtotal' | 'tax' | 'total'; fits: FieldWords }[] = [
  { family: 'subtotal', fits: { words: ['subtotal', 'sub total', 'net', 'excl', 'untaxed', 'taxable'] } },
  { family: 'tax', fits: { words: ['tax', 'vat', 'gst'], unlessWords: ['incl', 'including', 'gross', 'total'] } },
  { family: 'total', fits: { words: ['total', 'due', 'gross', 'grand'] } },
];

/**
 * Words a field's label core leaves out (extract/labels.ts): function words and the party and gross words that a
 * printed label does not repeat ("vendor_name" -> "name", "total_gross" -> "total").
 */
export const LABEL_CORE_STOP_WORDS: readonly string[] = ['the', 'of', 'a', 'an', 'and', 'or', 'to', 'in', 'on', 'for', 'as', 'is', 'by', 'vendor', 'customer', 'seller', 'gross'];

/** Words that alone name no field: a field's core reduced to one of them is its party's, not the document's. */
export const GENERIC_CORE_WORDS: readonly string[] = ['number', 'no', 'nr', 'num', 'id', 'date', 'name'];

/** Words that qualify the noun before them in a field name but precede it on the page ("total_amount_gross": "gross amount"). */
export const TRAILING_QUALIFIERS: readonly string[] = ['gross', 'net', 'paid', 'payable', 'total', 'final', 'original'];

const group = (words: readonly string[]) => `\\b(?:${wordsPattern(words)})`;

/** A test of a field's words (lower case, joined by spaces) against `fits`. */
export function fieldWordsTest(fits: FieldWords): (words: string) => boolean {
  const alts: string[] = [];
  if (fits.words?.length) alts.push(`${group(fits.words)}\\b`);
  if (fits.prefixes?.length) alts.push(group(fits.prefixes));
  if (fits.whole?.length) alts.push(`^(?:${wordsPattern(fits.whole)})$`);
  for (const [a, b] of fits.pairs ?? []) alts.push(`${group(a)}\\b.*${group(b)}\\b`);
  if (!alts.length) return () => false;
  const re = new RegExp(alts.join('|'));
  const unless = fits.unless ?? [];
  const unlessWords = fits.unlessWords?.length ? new RegExp(`${group(fits.unlessWords)}\\b`) : undefined;
  return (words) => re.test(words) && !unless.some((u) => words.includes(u)) && !unlessWords?.test(words);
}

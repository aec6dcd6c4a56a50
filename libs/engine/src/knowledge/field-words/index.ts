/**
 * Words callers use in a schema's field names and titles (split into lower-case words: "unitPrice" is "unit
 * price"), by what they ask for: which line-item column, whose party, net or gross, which role of a date. Not
 * what documents print (labels/, document-words/): schemas are written in English, with a few tax
 * abbreviations of other languages that callers put in keys ("btw", "tva", "mwst", "brutto"; marked below).
 * The mapping of field readings to label concepts is in extract/labels.ts (FIELD_CONCEPTS).
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
 * Words of a field name that ask for something: whole `words`, `prefixes` (word beginnings), `pairs` (a word of
 * the first list and later one of the second: "vat rate percent"); none of it when the name holds one of `unless`
 * (anywhere, even inside a word) or one of `unlessWords` (as a whole word).
 */
export interface FieldWords {
  words?: readonly string[];
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

const group = (words: readonly string[]) => `\\b(?:${wordsPattern(words)})`;

/** A test of a field's words (lower case, joined by spaces) against `fits`. */
export function fieldWordsTest(fits: FieldWords): (words: string) => boolean {
  const alts: string[] = [];
  if (fits.words?.length) alts.push(`${group(fits.words)}\\b`);
  if (fits.prefixes?.length) alts.push(group(fits.prefixes));
  for (const [a, b] of fits.pairs ?? []) alts.push(`${group(a)}\\b.*${group(b)}\\b`);
  if (!alts.length) return () => false;
  const re = new RegExp(alts.join('|'));
  const unless = fits.unless ?? [];
  const unlessWords = fits.unlessWords?.length ? new RegExp(`${group(fits.unlessWords)}\\b`) : undefined;
  return (words) => re.test(words) && !unless.some((u) => words.includes(u)) && !unlessWords?.test(words);
}

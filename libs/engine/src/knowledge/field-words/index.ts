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
 * Words of a field name that ask for something: whole `words` (or phrases), `prefixes` (word beginnings), `endings`
 * (word endings), `anywhere` (even inside a word), `pairs` (a word of the first list and later one of the second:
 * "vat rate percent"), `both` (two whole words, in any order: "country" and "code"), `whole` (the name is exactly
 * one of these); none of it when the name holds one of `unless` (anywhere, even inside a word) or one of
 * `unlessWords` (as a whole word).
 */
export interface FieldWords {
  words?: readonly string[];
  whole?: readonly string[];
  prefixes?: readonly string[];
  endings?: readonly string[];
  anywhere?: readonly string[];
  pairs?: readonly (readonly [readonly string[], readonly string[]])[];
  both?: readonly (readonly [string, string])[];
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
  /** Address parts (street, city, postcode ...) of the customer's or the delivery address (kinds/address/parts.ts). */
  addressParts: { words: ['customer', 'buyer', 'client', 'billing', 'bill', 'shipping', 'ship', 'delivery', 'recipient', 'sold'] },
} as const satisfies Record<string, FieldWords>;

/** A website field asking for the site itself (its host), not for the address of a page (kinds/contact). */
export const WEBSITE_FIELD_WORDS: FieldWords = { words: ['website', 'homepage', 'site', 'web', 'domain'], unlessWords: ['url', 'link', 'uri'] };

/** A free-text field asking for payment terms, not a contract's other terms (kinds/payment-terms). */
export const PAYMENT_TERMS_FIELD_WORDS: FieldWords = { words: ['terms'], unlessWords: ['renewal', 'notice', 'agreement', 'contract', 'delivery', 'shipping'] };

/** A total field asking for what is left to pay after payments or credits ("balance_due"), not the largest sum (kinds/amount). */
export const LEFT_TO_PAY_FIELD_WORDS: FieldWords = { words: ['due', 'balance', 'outstanding', 'payable', 'remaining', 'open'] };

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

/** Words of a key that say nothing about a field's meaning ("field_1", "col_b", "q3", "prop 7"): placeholders (schema/semantic.ts isOpaque). */
export const OPAQUE_FIELD_WORDS: readonly string[] = [
  'field', 'fld', 'f', 'col', 'column', 'prop', 'property', 'attr', 'attribute', 'key', 'q', 'question', 'var', 'variable', 'param', 'parameter',
  'slot', 'custom', 'cf', 'entry', 'element', 'input', 'data', 'x', 'value', 'val', 'item', 'unnamed', 'untitled',
];

/**
 * Words a field's description is read without (schema/semantic.ts descriptionWords): function words, format
 * words ("ISO 8601", "YYYY-MM-DD", "null if not stated") and "as printed", "exactly", "string".
 */
export const DESCRIPTION_STOP_WORDS: readonly string[] = [
  'the', 'a', 'an', 'own', 'to', 'in', 'on', 'at', 'for', 'as', 'by', 'is', 'are', 'was', 'be', 'it', 'its', 'and', 'or', 'this', 'that', 'which',
  'whose', 'where', 'when', 'if', 'with', 'from', 'all', 'any', 'each', 'e', 'g', 'eg', 'iso', '8601', 'yyyy', 'mm', 'dd', 'null', 'not', 'stated',
  'printed', 'exactly', 'string', 'value',
];

const TAX_ID_WORDS = ['vat', 'gst', 'tax'].flatMap((t) => ['number', 'no', 'id', 'registration'].map((w) => `${t} ${w}`));

/**
 * The words by which a field's reading (its name's words, then its title, lower case; `...Description`: its
 * description) tells what it holds (schema/semantic.ts inferSemantic, which tries them in its own order and
 * combines them: a numeric field that names a rate is a percentage, one that names a sum an amount, ...).
 */
export const SEMANTIC_FIELD_WORDS = {
  /** The enum of a field that names a currency ("currency", "currencies", "currency_code"), on every text of the field. */
  currencyEnum: { anywhere: ['currenc'] },
  percent: { words: ['percent', 'percentage', 'rate', 'pct'] },
  percentDescription: { words: ['in percent'] },
  amount: {
    words: [
      'amount', 'total', 'subtotal', 'sum', 'price', 'cost', 'fee', 'fees', 'tax', 'vat', 'gst', 'balance', 'due', 'net', 'gross', 'paid', 'charge',
      'charges', 'payment', 'value', 'discount', 'tip', 'deposit',
    ],
  },
  amountDescription: { words: ['amount', 'currency symbol', 'price', 'total'] },
  date: { words: ['date', 'dated', 'day'] },
  dateDescription: { words: ['iso 8601', 'yyyy-mm-dd'] },
  datetime: { anywhere: ['date-time', 'datetime', 'timestamp'] },
  period: { words: ['period start', 'period end'] },
  currencySymbol: { anywhere: ['currency symbol'], both: [['currency', 'symbol']] },
  currency: { words: ['currency', 'currencies'] },
  email: { words: ['email', 'e mail', 'mail'] },
  url: { words: ['website', 'url', 'web', 'homepage', 'site', 'uri'] },
  phone: { words: ['phone', 'telephone', 'tel', 'fax', 'mobile'] },
  iban: { words: ['iban'] },
  bic: { words: ['bic', 'swift'] },
  vat: { words: [...TAX_ID_WORDS, 'vat', 'siren', 'siret', 'ein', 'tin', 'abn'] },
  jurisdiction: { words: ['jurisdiction', 'governing law', 'law', 'governing'] },
  duration: { words: ['term', 'duration', 'period', 'notice', 'renewal', 'length'], unlessWords: ['payment term', 'payment terms'] },
  party: { words: ['party', 'parties', 'signatory', 'signatories', 'counterparty', 'counterparties'] },
  postalCode: { words: ['postal code', 'post code', 'postcode', 'zip', 'zip code'] },
  /** "postal" alone: a "postal address" is an address, not its postcode. */
  postal: { words: ['postal'], unlessWords: ['address'] },
  countryCode: { both: [['country', 'code']] },
  stateCode: { both: [['state', 'code']] },
  // "city..." and "...town" as the former rule read them
  city: { prefixes: ['city'], endings: ['town'] },
  street: { words: ['street'] },
  address: { words: ['address'] },
  identifier: { words: ['number', 'no', 'num', 'id', 'identifier', 'reference', 'ref', 'code', 'account', 'invoice number', 'order'], unlessWords: ['name'] },
  organization: {
    words: [
      'company', 'vendor', 'seller', 'supplier', 'issuer', 'merchant', 'store', 'shop', 'organisation', 'organization', 'business', 'employer', 'bank',
      'customer', 'buyer', 'client', 'payee', 'payer', 'licensor', 'licensee',
    ],
  },
  /** An organisation field that asks for a person at it ("customer contact"). */
  personAtOrganization: { words: ['person', 'contact', 'individual'] },
  person: { words: ['person', 'employee', 'contact', 'signer', 'author', 'recipient'] },
  title: { words: ['title', 'document name', 'heading', ...['contract', 'agreement', 'document'].map((d) => `name of the ${d}`)] },
  name: { words: ['name'] },
  titleDescription: { words: ['title of the', 'contract title', 'agreement title'] },
  organizationDescription: { words: ['company', 'vendor', 'seller', 'merchant', 'organisation', 'organization', 'legal name'] },
} as const satisfies Record<string, FieldWords>;

export type SemanticFieldWords = keyof typeof SEMANTIC_FIELD_WORDS;

const group = (words: readonly string[]) => `\\b(?:${wordsPattern(words)})`;

/** A test of a field's words (lower case, joined by spaces) against `fits`. */
export function fieldWordsTest(fits: FieldWords): (words: string) => boolean {
  const alts: string[] = [];
  if (fits.words?.length) alts.push(`${group(fits.words)}\\b`);
  if (fits.prefixes?.length) alts.push(group(fits.prefixes));
  if (fits.whole?.length) alts.push(`^(?:${wordsPattern(fits.whole)})$`);
  if (fits.endings?.length) alts.push(`(?:${wordsPattern(fits.endings)})\\b`);
  if (fits.anywhere?.length) alts.push(wordsPattern(fits.anywhere));
  for (const [a, b] of fits.pairs ?? []) alts.push(`${group(a)}\\b.*${group(b)}\\b`);
  const both = (fits.both ?? []).map((ws) => ws.map((w) => new RegExp(`${group([w])}\\b`)));
  if (!alts.length && !both.length) return () => false;
  const re = alts.length ? new RegExp(alts.join('|')) : undefined;
  const unless = fits.unless ?? [];
  const unlessWords = fits.unlessWords?.length ? new RegExp(`${group(fits.unlessWords)}\\b`) : undefined;
  return (words) =>
    (!!re?.test(words) || both.some((res) => res.every((r) => r.test(words)))) && !unless.some((u) => words.includes(u)) && !unlessWords?.test(words);
}

/**
 * The business-field concepts whose printed labels the engine knows, in every language it reads. A concept is
 * what a label announces ("the invoice's number"), not how a caller names a field: the mapping from a schema
 * field's reading to concepts lives with the label rules (extract/labels.ts), the phrases per language in the
 * files beside this one (en.ts, fr.ts, ...).
 */
export const LABEL_CONCEPTS = {
  // what identifies and dates the document
  document_type: 'the type of document, printed as its title ("Invoice", "Rechnung", "Ticket de venta", "Ricevuta")',
  document_number: 'the number of the invoice, receipt, bill or credit note itself',
  issue_date: 'the date the document was issued',
  due_date: 'the date by which payment is due',
  delivery_date: 'the date goods were delivered or services performed',
  order_number: "the buyer's order or purchase order number",
  customer_number: "the buyer's account or customer number at the issuer",
  customer_reference: "a reference the buyer asked to be quoted (\"your reference\")",
  // what is owed and how to pay it
  total: 'the sum of the document, tax included',
  amount_due: 'what is left to pay after payments, deposits and credits',
  subtotal: 'the sum before tax (net amount, tax base)',
  tax_amount: 'the tax charged (VAT, GST, sales tax)',
  tax_rate: 'the tax rate applied',
  currency: 'the currency the sums are in',
  payment_terms: 'the terms of payment ("net 30", "due on receipt")',
  payment_method: 'how the document was or is to be paid (card, cash, transfer)',
  payment_reference: 'the reference to quote with a payment (remittance information)',
  iban: 'an international bank account number',
  account_holder: 'the holder of the bank account a payment goes to ("Account holder", "Payable to")',
  bic: 'a bank identifier code (SWIFT)',
  // who the parties are
  vat_id: 'a VAT or tax identification number',
  company_registration: 'a company registration number (trade or commercial register)',
  seller: 'a heading or label that opens the issuer\'s block ("Seller", "Bill from")',
  buyer: 'a heading or label that opens the customer\'s block ("Bill to", "Customer")',
  ship_to: 'a heading or label that opens the delivery address block ("Ship to")',
  addressee: 'a short word that, opening a line and followed by a colon, introduces the addressee ("To:")',
  attention: 'the words that put a person of the addressee in charge of a document ("Attn", "z. Hd.", "t.a.v."): that line names a person, not the party',
  phone: 'a telephone number',
  email: 'an e-mail address',
  website: 'a web site',
  address: 'a postal address ("Address", "Anschrift", "Morada"): its value is an address, never a name',
  // line-item table column headers
  item_description: 'the column naming each item or service',
  item_code: 'the column of article, product or part codes',
  item_quantity: 'the column of quantities',
  item_unit: 'the column of units of measure',
  item_unit_price: 'the column of unit prices',
  item_tax_rate: 'the column of tax rates per line',
  item_discount: 'the column of discounts per line',
  item_amount: 'the column of line amounts',
  // contracts and forms
  effective_date: 'the date an agreement takes effect',
  agreement_date: 'the date an agreement was made or signed',
  expiration_date: 'the date an agreement ends',
  term: 'how long an agreement runs',
  renewal_term: 'how long each renewal of an agreement runs',
  notice_period: 'the notice needed to end or not renew an agreement',
  governing_law: 'the law an agreement chooses',
  parties: 'the parties to an agreement',
} as const;

export type LabelConcept = keyof typeof LABEL_CONCEPTS;

export const CONCEPT_IDS = Object.keys(LABEL_CONCEPTS) as LabelConcept[];

/**
 * One language's labels. Phrases are lower case, as printed (accents kept; the matcher folds them), most specific
 * first and generic fallbacks last ("invoice number" before "invoice" before "no"): a phrase's place in its list
 * is how much its presence says. Words in a phrase may be separated by spaces, which match any run of spaces,
 * dots, dashes or underscores on the page ("rg nr" reads "Rg.-Nr."). `null` states that the language prints no
 * such label.
 */
export interface LanguageLabels {
  /** ISO 639-1 code. */
  language: string;
  /** Short words a label may hold between its content words ("date DE facture"), skipped when labels are compared. */
  connectors: readonly string[];
  /** Words and signs that mean "number" ("no", "n°", "nr", "número"): one token when labels are compared. */
  numberWords: readonly string[];
  /** Endings that write "number" inside a compound ("Kunden|nr", "factuur|nummer"). */
  numberSuffixes: readonly string[];
  /** Words that make a label the addressee's own ("YOUR VAT number", "UW referentie"): the customer's, on an invoice. */
  yours: readonly string[];
  concepts: Readonly<Record<LabelConcept, readonly string[] | null>>;
}

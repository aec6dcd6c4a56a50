/**
 * What a language (and each country that writes it) brings to a synthetic document: how it prints dates,
 * numbers and money, its tax rates, legal forms and addresses, and several synonyms for every printed label,
 * one of which each document picks. Written for this generator from how real invoices and receipts are
 * printed; deliberately independent of the engine's own vocabularies, so a set made with it tests them.
 */
import type { DateStyle, MonthDates, NumberStyle } from './format.js';
import type { CountryCode } from './identifiers.js';
import type { Rng } from './random.js';

export type SynthLanguage = 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl' | 'pt';

export interface Currency {
  code: string;
  symbol: string;
  /** Where the symbol usually stands in this country. */
  symbolBefore: boolean;
}

/** A city and its postcode pattern: # a digit, @ a letter. */
export interface City {
  city: string;
  pc: string;
  region?: string;
}

export interface Country {
  code: CountryCode;
  currency: Currency;
  numberStyles: NumberStyle[];
  /** Numeric date styles in use; month-name dates are always possible. */
  dateStyles: DateStyle[];
  receiptDateStyles: DateStyle[];
  /** Overrides the language's month-name dates (US English writes the month first). */
  dates?: MonthDates;
  vatRate: number;
  reducedRate: number;
  /** Receipts show tax on top of the prices (US sales tax) instead of included in them. */
  taxOnTop?: boolean;
  legalForms: string[];
  cities: City[];
  /** Street lines; {n} is a house number. */
  streets: string[];
  /** Postcode and city line(s): {pc}, {city}, {region}; "|" starts a new line. */
  cityLine: string[];
  vatLabels: string[];
  /** Override the language's invoice and receipt tax labels ({rate} is the printed rate). */
  taxLabels?: string[];
  receiptTaxLabels?: string[];
  /** Footer lines naming the company register, capital, tax office. */
  registration: ((v: { city: string; region?: string; vat: string; rng: Rng }) => string)[];
  banks: string[];
  tld: string;
  /** Phone number pattern (# a digit). */
  phone: string;
}

export interface InvoiceLabels {
  title: string[];
  number: string[];
  date: string[];
  dueDate: string[];
  po: string[];
  customerNo: string[];
  deliveryDate: string[];
  currency: string[];
  seller: string[];
  buyer: string[];
  attention: string[];
  /** Keys of a party block printed as key-value rows ("Name:", "Raison sociale :"). */
  nameKey: string[];
  addressKey: string[];
  position: string[];
  code: string[];
  description: string[];
  quantity: string[];
  unit: string[];
  unitPrice: string[];
  taxRate: string[];
  amount: string[];
  subtotal: string[];
  /** {rate} is replaced by the printed rate, when the label shows it. */
  tax: string[];
  total: string[];
  iban: string[];
  bic: string[];
  bank: string[];
  phone: string[];
  email: string[];
  page: string[];
}

export interface ReceiptLabels {
  /** '' prints no title. */
  title: string[];
  number: string[];
  /** '' prints the date without a label. */
  date: string[];
  total: string[];
  subtotal: string[];
  /** Tax included in the prices; {rate} is the printed rate. */
  taxIncluded: string[];
  /** Tax added on top (taxOnTop countries). */
  taxAdded: string[];
  /** Column heads of a tax table: rate, net, tax, gross. */
  taxTable: [string, string, string, string][];
  card: string[];
  cash: string[];
  change: string[];
  /** {first} is a first name. */
  cashier: string[];
  thanks: string[];
}

export interface ItemKind {
  text: string;
  units: string[];
  /** Unit price range in cents. */
  min: number;
  max: number;
  qty: 'count' | 'hours' | 'one';
}

export interface Language extends MonthDates {
  code: SynthLanguage;
  /** A country may be listed more than once to weight it. */
  countries: Country[];
  invoice: InvoiceLabels;
  receipt: ReceiptLabels;
  surnames: string[];
  firstNames: string[];
  sectors: string[];
  brands: string[];
  /** {S} {S2} surnames, {Sector}, {Brand}, {F} legal form, {City}. */
  companies: string[];
  /** Shops that print receipts; same tokens, {F} optional. */
  shops: string[];
  items: ItemKind[];
  /** Receipt items: name and price range in cents. */
  shopItems: [string, number, number][];
  /** Invoice, order and customer numbers: {Y} year, {y} two-digit year, {m} month, {nK} K digits, {zK} a small number padded to K, {L} a letter. */
  invoiceNumbers: string[];
  poNumbers: string[];
  customerNumbers: string[];
  /** Payment terms: {days}; and sentences that carry the due date: {due}. */
  termsDays: string[];
  termsUntil: string[];
  thanks: string[];
  /** Lines a delivery or service period detail may add under a description: {from} {to}. */
  period: string[];
}

/** A label's rate placeholder filled in (or the label as is when it has none). */
export function withRate(label: string, rate: string): string {
  return label.replace('{rate}', rate);
}

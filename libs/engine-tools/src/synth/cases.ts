/**
 * Synthetic documents as labelled cases in the development sets' format (`<set>/cases/<id>/document.pdf` and
 * `case.json` with the caller's schema and the expected values), so `eval --datasets` scores them and
 * `make-scans` makes scanned copies of them. One set per language: synth-<lang>.
 */
import { makeInvoice, type SynthInvoice } from './invoice.js';
import type { SynthLanguage } from './locale.js';
import { LOCALES } from './locales/index.js';
import { Rng } from './random.js';
import { makeReceipt, type SynthReceipt } from './receipt.js';
import { renderInvoice, renderReceipt } from './render.js';

const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });

/** The schema a caller extracting invoices would send. */
export const INVOICE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  title: 'Invoice',
  description: 'Header fields, parties, totals and line items of a supplier invoice.',
  properties: {
    invoice_number: nullable('string', 'The invoice number, as printed.'),
    invoice_date: nullable('string', 'Date the invoice was issued, ISO 8601 (YYYY-MM-DD).'),
    due_date: nullable('string', 'Date payment is due, ISO 8601 (YYYY-MM-DD).'),
    purchase_order: nullable('string', "The buyer's purchase order number the invoice refers to."),
    seller_name: nullable('string', 'Name of the company that issued the invoice (the supplier).'),
    buyer_name: nullable('string', 'Name of the customer the invoice is addressed to.'),
    currency: nullable('string', 'Currency of the invoice, ISO 4217 code (e.g. EUR, GBP, CHF).'),
    subtotal: nullable('number', 'Total before tax (net amount).'),
    tax_amount: nullable('number', 'Total tax (VAT) amount.'),
    total: nullable('number', 'Total amount to pay, including tax.'),
    line_items: {
      type: 'array',
      description: 'The invoice lines in document order.',
      items: {
        type: 'object',
        properties: {
          description: nullable('string', 'What was sold or done.'),
          quantity: nullable('number', 'Quantity.'),
          unit_price: nullable('number', 'Price of one unit.'),
          amount: nullable('number', 'Line total.'),
        },
      },
    },
  },
} as const;

/** The schema a caller extracting till receipts would send. */
export const RECEIPT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  title: 'Receipt',
  description: 'Key fields of a shop or restaurant receipt.',
  properties: {
    merchant: nullable('string', 'Name of the shop or business that issued the receipt.'),
    date: nullable('string', 'Date of purchase, ISO 8601 (YYYY-MM-DD).'),
    total: nullable('number', 'Total amount paid.'),
    tax: nullable('number', 'Tax (VAT) amount of the purchase.'),
  },
} as const;

export type SynthKind = 'invoice' | 'receipt';

export interface CaseJson {
  schema: unknown;
  expected: Record<string, unknown>;
  expected_raw: Record<string, unknown>;
  skip_fields: string[];
  source: string;
  document_type: SynthKind;
  input_kind: 'digital_pdf';
  notes: string;
  synth: { seed: string; language: SynthLanguage; country: string; numbers: string; dates: string; layout: string; labels: Record<string, string> };
}

export interface SynthCase {
  set: string;
  id: string;
  pdf: Buffer;
  json: CaseJson;
}

/** One document, fully determined by (seed, language, index, kind). */
export function makeCase(seed: string, language: SynthLanguage, index: number, kind: SynthKind): SynthCase {
  const rng = new Rng(`${seed}/${language}/${index}/${kind}`);
  const doc: SynthInvoice | SynthReceipt = kind === 'invoice' ? makeInvoice(LOCALES[language], rng) : makeReceipt(LOCALES[language], rng);
  const pdf = doc.kind === 'invoice' ? renderInvoice(doc.sheet) : renderReceipt(doc.sheet);
  const id = `${language}-${String(index + 1).padStart(2, '0')}-${kind}`;
  return {
    set: `synth-${language}`,
    id,
    pdf,
    json: {
      schema: kind === 'invoice' ? INVOICE_SCHEMA : RECEIPT_SCHEMA,
      expected: doc.truth as unknown as Record<string, unknown>,
      expected_raw: doc.printed,
      skip_fields: [],
      source: `synthetic (libs/engine-tools/src/synth, seed ${JSON.stringify(seed)}): an invented ${kind}, no real business`,
      document_type: kind,
      input_kind: 'digital_pdf',
      notes: `Synthetic ${language}/${doc.style.country} ${kind}; numbers ${doc.style.numbers}, dates ${doc.style.dates}, layout ${doc.style.layout}. Labels: ${Object.entries(doc.style.labels).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ')}. expected_raw holds each value as printed.`,
      synth: { seed, language, country: doc.style.country, numbers: doc.style.numbers, dates: doc.style.dates, layout: doc.style.layout, labels: doc.style.labels },
    },
  };
}

export interface SynthSetOptions {
  seed: string;
  languages: readonly SynthLanguage[];
  /** Documents per language; the last `receipts` of each language are receipts. */
  perLanguage: number;
  receipts: number;
}

export function* synthCases(opts: SynthSetOptions): Generator<SynthCase> {
  for (const language of opts.languages) {
    for (let i = 0; i < opts.perLanguage; i++) yield makeCase(opts.seed, language, i, i >= opts.perLanguage - opts.receipts ? 'receipt' : 'invoice');
  }
}

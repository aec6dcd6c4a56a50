import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';
import { DocContext } from '../../src/extract/context.js';
import { findLabels } from '../../src/extract/labels.js';

const extract = (lines: Parameters<typeof doc>[0], properties: Record<string, unknown>) =>
  extractFromDocument(doc(lines), compileSchema({ type: 'object', properties })).data;

const INVOICE_NUMBER = { invoice_number: { type: ['string', 'null'], description: 'Invoice number / document ID.' } };

describe('generic number labels qualified by another noun', () => {
  test('a "No." that belongs to a purchase order does not label the invoice number', () => {
    const r = extract([
      { text: 'ACME SUPPLY CO', x: 0.05, y: 0.05 },
      { text: 'PO No. 4500012345', x: 0.05, y: 0.2 },
      { text: 'Invoice Date 03/04/2023', x: 0.55, y: 0.2 },
      { text: 'Total 120.00', x: 0.6, y: 0.6 },
    ], INVOICE_NUMBER);
    expect(r.invoice_number).toBeNull();
  });

  test('a column headed "Order No" loses to the one headed "Document No"', () => {
    const r = extract([
      { text: 'Order No', x: 0.05, y: 0.2 }, { text: 'Customer No', x: 0.35, y: 0.2 }, { text: 'Document No', x: 0.65, y: 0.2 },
      { text: '77881', x: 0.05, y: 0.23 }, { text: '99999', x: 0.35, y: 0.23 }, { text: '20231187', x: 0.65, y: 0.23 },
    ], INVOICE_NUMBER);
    expect(r.invoice_number).toBe('20231187');
  });

  test('an OCR-mangled qualifier ("MFG.UFC NO,") still owns its number sign', () => {
    const r = extract([
      { text: 'MFG.UFC NO,', x: 0.05, y: 0.3 }, { text: 'SHIPPED FROM', x: 0.4, y: 0.3 },
      { text: '23700', x: 0.05, y: 0.33 }, { text: 'Somewhere', x: 0.4, y: 0.33 },
    ], INVOICE_NUMBER);
    expect(r.invoice_number).toBeNull();
  });

  test('a tax\'s name before "No." ("VAT No.", "BTW-nr") labels a tax registration, never the invoice number', () => {
    const r = extract([
      { text: 'Bluefield Joinery Limited', x: 0.05, y: 0.05 },
      { text: 'VAT No.: GB984605682', x: 0.6, y: 0.1 },
      { text: 'Invoice Ref.', x: 0.08, y: 0.3 }, { text: 'Invoice Date', x: 0.36, y: 0.3 },
      { text: '2024/1007', x: 0.08, y: 0.32 }, { text: '16/03/2024', x: 0.36, y: 0.32 },
    ], INVOICE_NUMBER);
    expect(r.invoice_number).toBe('2024/1007');
  });

  test('a bare "No." still labels the invoice number', () => {
    const r = extract([
      { text: 'INVOICE', x: 0.4, y: 0.05 },
      { text: 'No. 2023-0042', x: 0.05, y: 0.2 },
    ], INVOICE_NUMBER);
    expect(r.invoice_number).toBe('2023-0042');
  });

  test('a customer number labelled "Customer No." is the customer id, not the invoice number', () => {
    const r = extract([
      { text: 'Customer No. 99999', x: 0.05, y: 0.2 },
      { text: 'Invoice 123456', x: 0.55, y: 0.2 },
    ], { ...INVOICE_NUMBER, customer_id: { type: ['string', 'null'], description: 'Customer account number.' } });
    expect(r).toMatchObject({ invoice_number: '123456', customer_id: '99999' });
  });
});

const TERMS = { payment_terms: { type: ['string', 'null'], description: "Payment terms as printed (e.g. 'due immediately')." } };

describe('payment terms', () => {
  test('a terms phrase in a sentence is found without a label', () => {
    const r = extract([
      'ACME SUPPLY CO',
      'Your bank account will be debited on 1/02/02.',
      'If the withdrawal is dishonored, payment will be due immediately.',
    ], TERMS);
    expect(r.payment_terms).toBe('due immediately');
  });

  test('the word "terms" inside a sentence does not label what follows when a terms phrase is printed', () => {
    const r = extract([
      'Promotional credit terms start on normal delivery date',
      'Total 120.00',
      'Payment is due upon receipt of this invoice.',
    ], TERMS);
    expect(r.payment_terms).toBe('due upon receipt');
  });

  test('a labelled terms value is read as printed', () => {
    const r = extract([
      { text: 'Terms:', x: 0.05, y: 0.2 }, { text: '2% 10 Net 30', x: 0.2, y: 0.2 },
      { text: 'Due Date: 03/05/2023', x: 0.55, y: 0.2 },
    ], TERMS);
    expect(r.payment_terms).toBe('2% 10 Net 30');
  });

  test('"payable within 14 days" reads as the terms', () => {
    const r = extract([
      'Invoice 2023-118',
      'Please transfer the amount payable within 14 days to the account below.',
    ], TERMS);
    expect(r.payment_terms).toBe('payable within 14 days');
  });
});

describe('amount due and issue date', () => {
  test('the amount due is the balance left after payments, not the largest sum', () => {
    const r = extract([
      { text: 'Total', x: 0.6, y: 0.66 }, { text: '1,080.00', x: 0.85, y: 0.66 },
      { text: 'Payments/Credits', x: 0.6, y: 0.69 }, { text: '-500.00', x: 0.85, y: 0.69 },
      { text: 'Balance Due', x: 0.6, y: 0.72 }, { text: '$580.00', x: 0.85, y: 0.72 },
    ], { amount_due: { type: ['number', 'null'], description: 'Amount due to be paid, as a number.' } });
    expect(r.amount_due).toBe(580);
  });

  test('a date under a "Due Date" column header is not the issue date', () => {
    const r = extract([
      { text: 'Invoice Date', x: 0.05, y: 0.2 }, { text: 'Invoice No.', x: 0.3, y: 0.2 }, { text: 'Due Date', x: 0.8, y: 0.2 },
      { text: '02.05.2023', x: 0.05, y: 0.23 }, { text: 'RE-2023-118', x: 0.3, y: 0.23 }, { text: '16.05.2023', x: 0.8, y: 0.23 },
    ], { issue_date: { type: ['string', 'null'], description: 'Invoice issue date, ISO 8601 YYYY-MM-DD.' } });
    expect(r.issue_date).toBe('2023-05-02');
  });
});

describe('customer numbers and grouped references', () => {
  test('an abbreviated customer-number label ("Cust. No.") labels the customer id', () => {
    const r = extract([
      { text: 'Cust. No. 004512', x: 0.05, y: 0.2 }, { text: 'Inv. No. 77-1203', x: 0.55, y: 0.2 },
    ], { customer_id: { type: ['string', 'null'], description: 'Customer account number.' } });
    expect(r.customer_id).toBe('004512');
  });

  test('a creditor reference printed in groups is read whole', () => {
    const r = extract([
      'Total due 1,234.50',
      'Payment reference: RF18 5390 0754 7034',
    ], { payment_reference: { type: ['string', 'null'], description: 'Payment reference to quote when paying.' } });
    expect(r.payment_reference).toBe('RF18 5390 0754 7034');
  });

  test('a Belgian structured communication is read whole', () => {
    const r = extract([
      'Total due 1,234.50',
      'Communication: +++090/9337/55493+++',
    ], { payment_reference: { type: ['string', 'null'], description: 'Payment reference to quote when paying.' } });
    expect(r.payment_reference).toBe('+++090/9337/55493+++');
  });
});

test('"Please pay" labels the amount due ahead of the total', () => {
  const r = extract([
    { text: 'Total', x: 0.6, y: 0.66 }, { text: '1,080.00', x: 0.85, y: 0.66 },
    { text: 'Less deposit received', x: 0.6, y: 0.69 }, { text: '500.00', x: 0.85, y: 0.69 },
    { text: 'Please pay', x: 0.6, y: 0.72 }, { text: '580.00', x: 0.85, y: 0.72 },
  ], { amount_due: { type: ['number', 'null'], description: 'Amount due to be paid, as a number.' } });
  expect(r.amount_due).toBe(580);
});

describe('labels printed as dotted initials', () => {
  test('"I.V.A. 16.0 %" labels the tax as "IVA" does', () => {
    const r = extract([
      { text: 'Importe neto 3,345.50', y: 0.6 },
      { text: 'I.V.A. 16.0 % 535.28', y: 0.63 },
      { text: 'Total a pagar 3,880.78', y: 0.66 },
    ], { tax_amount: { type: 'number' } });
    expect(r.tax_amount).toBe(535.28);
  });

  test('"P.O.:" labels the purchase order', () => {
    const r = extract([{ text: 'Invoice No. 2024-17', y: 0.2 }, { text: 'Ref. 5521', y: 0.23 }, { text: 'P.O.: P7924999', y: 0.26 }], { purchase_order: { type: 'string' } });
    expect(r.purchase_order).toBe('P7924999');
  });
});

test('a label printed with a typographic apostrophe ("Date d’émission") is found by its pattern, as listed', () => {
  const line = 'La date d’émission de la présente facture est fixée ce jour par le vendeur pour le client';
  const ctx = new DocContext(doc([line]));
  expect(findLabels(ctx, ["date d'émission"]).map((h) => line.slice(h.start, h.end))).toEqual(['date d’émission']);
});

describe("the buyer's order number under labels of several languages", () => {
  const PO = { purchase_order: { type: ['string', 'null'], description: "The buyer's purchase order number the invoice refers to." } };
  test.each([
    ['en', 'Order Reference:', 'Customer No.:', 'Delivery Note:'],
    ['de', 'Kundenbestellnummer:', 'Kundennummer:', 'Lieferschein:'],
    ['nl', 'Bestelbon:', 'Klantnummer:', 'Pakbon:'],
    ['pt', 'Requisição:', 'N.º cliente:', 'Guia de remessa:'],
  ])('%s: "%s" beside a customer number and a delivery note', (_lang, label, customer, delivery) => {
    const r = extract([
      { text: 'Nordwerk GmbH', y: 0.05 }, { text: 'Beta Trading Ltd', y: 0.15 },
      { text: customer, x: 0.55, y: 0.1 }, { text: 'K-30317', x: 0.78, y: 0.1 },
      { text: label, x: 0.55, y: 0.13 }, { text: 'PO-4822', x: 0.78, y: 0.13 },
      { text: delivery, x: 0.55, y: 0.16 }, { text: 'LS-88120', x: 0.78, y: 0.16 },
      { text: 'Total 100.00', x: 0.6, y: 0.5 },
    ], PO);
    expect(r.purchase_order).toBe('PO-4822');
  });
});

describe('whose number a bare number label names', () => {
  test.each([['N° client:', 'fr'], ['Nº de pedido:', 'es'], ['Numero ordine:', 'it']])('"%s" (a noun after the sign) labels another number, not the invoice\'s', (label) => {
    const r = extract([
      { text: 'Nordwerk SARL', y: 0.05 },
      { text: label, x: 0.55, y: 0.1 }, { text: 'K-30317', x: 0.78, y: 0.1 },
      { text: 'Total 100,00', x: 0.6, y: 0.5 },
    ], INVOICE_NUMBER);
    expect(r.invoice_number).toBeNull();
  });

  test('"N° facture:" (the field\'s own noun after the sign) labels the invoice number', () => {
    const r = extract([
      { text: 'Nordwerk SARL', y: 0.05 },
      { text: 'N° client:', x: 0.55, y: 0.1 }, { text: 'K-30317', x: 0.78, y: 0.1 },
      { text: 'N° facture:', x: 0.55, y: 0.13 }, { text: '2024-335', x: 0.78, y: 0.13 },
      { text: 'Total 100,00', x: 0.6, y: 0.5 },
    ], INVOICE_NUMBER);
    expect(r.invoice_number).toBe('2024-335');
  });
});

test("a value keyed on its own row is its key's, not labelled by the title above it", () => {
  const r = extract([
    { text: 'Nordwerk Ltd', y: 0.05 },
    { text: 'INVOICE', x: 0.74, y: 0.05 },
    { text: 'Customer No.:', x: 0.55, y: 0.09 }, { text: 'K-30317', x: 0.75, y: 0.09 },
    { text: 'Reference:', x: 0.55, y: 0.12 }, { text: '2024-335', x: 0.75, y: 0.12 },
    { text: 'Total 100.00', x: 0.6, y: 0.5 },
  ], INVOICE_NUMBER);
  expect(r.invoice_number).not.toBe('K-30317');
});

describe('due-date labels of several languages, beside the issue and delivery dates', () => {
  const DUE = { due_date: { type: ['string', 'null'], description: 'Date payment is due, ISO 8601 (YYYY-MM-DD).' } };
  test.each([['Payment deadline:'], ['Bitte zahlen bis:'], ['Date de règlement :'], ['Pago hasta:'], ['Betaaldatum:'], ['Verloopdatum:']])('"%s"', (label) => {
    const r = extract([
      { text: 'Nordwerk GmbH', y: 0.05 },
      { text: 'Date:', x: 0.55, y: 0.1 }, { text: '12.03.2024', x: 0.78, y: 0.1 },
      { text: 'Delivery:', x: 0.55, y: 0.13 }, { text: '08.03.2024', x: 0.78, y: 0.13 },
      { text: label, x: 0.55, y: 0.16 }, { text: '15.04.2024', x: 0.78, y: 0.16 },
      { text: 'Total 100,00', x: 0.6, y: 0.5 },
    ], DUE);
    expect(r.due_date).toBe('2024-04-15');
  });
});

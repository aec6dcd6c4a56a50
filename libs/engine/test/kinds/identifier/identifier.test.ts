import { claimers, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('identifier kind', () => {
  test('claims numbers, ids and references', () => {
    expect(kindName('invoice_number', str)).toBe('identifier');
    expect(kindName('order_id', str)).toBe('identifier');
    expect(kindName('account_number', str)).toBe('identifier');
    expect(kindName('payment_reference', str)).toBe('identifier');
  });

  test('does not claim names, IBANs or VAT numbers', () => {
    expect(claimers('vendor_name', str)).not.toContain('identifier');
    expect(claimers('iban', str)).not.toContain('identifier');
    expect(claimers('vendor_vat_number', str)).not.toContain('identifier');
  });

  test('a labelled code is read to the right of its label', () => {
    expect(field(['ACME GmbH', 'Invoice No: INV-2041'], 'invoice_number', str).value).toBe('INV-2041');
  });

  test('capitals right after a label\'s colon open the value, even when they are a label word', () => {
    expect(field(['ACME AB', 'Beställningsnummer: PO 55120'], 'po_number', str).value).toBe('PO 55120');
  });

  test('a number word after a colon is still no part of the value', () => {
    expect(field(['ACME AB', 'Invoice: No 4711'], 'invoice_number', str).value).toBe('4711');
  });

  test('an unlabelled code is not an identifier', () => {
    expect(field(['ACME GmbH', 'INV-2041'], 'invoice_number', str).value).toBeNull();
  });

  test('a number inside a date is part of the date, not the identifier', () => {
    expect(field(['ACME GmbH', 'Order No: Jan 12, 2022'], 'order_number', str).value).toBeNull();
  });

  test('calibrates in the identifier group', () => {
    expect(groupOf('invoice_number', str)).toBe('identifier');
    expect(field(['Invoice No: INV-2041'], 'invoice_number', str).result.group).toBe('identifier');
  });
});

test.each([
  ['Your ref.', 'en'],
  ['Ihr Zeichen', 'de'],
  ['Uw kenmerk', 'nl'],
  ['Vos références', 'fr'],
  // "V/" abbreviates "your" ("Vossa", "Votre")
  ['V/ Ref.', 'pt'],
  ['V/Réf.', 'fr'],
])('an order number is read under a "your reference" label (%s, %s)', (label) => {
  const { value } = field([
    { text: 'ACME Ltd', y: 0.05 },
    { text: label, x: 0.1, y: 0.3 }, { text: 'Invoice no.', x: 0.5, y: 0.3 },
    { text: 'BE-2026-776', x: 0.1, y: 0.33 }, { text: 'INV-94138', x: 0.5, y: 0.33 },
  ], 'po_number', str);
  expect(value).toBe('BE-2026-776');
});

test('a plain "Reference" is no order number', () => {
  const { value } = field([{ text: 'ACME Ltd', y: 0.05 }, { text: 'Reference: INV-27681', y: 0.3 }], 'po_number', str);
  expect(value).toBeNull();
});

test('a word of an e-mail or web address is no label word ("com" of ".com" does not abbreviate "commande")', () => {
  const { value } = field([
    { text: 'ACME Ltd', y: 0.05 },
    { text: 'e-mail: office@acme-logistics.com.mx Routing No. 340722506', y: 0.8 },
  ], 'purchase_order', { type: ['string', 'null'], description: "The buyer's purchase order number the invoice refers to." });
  expect(value).toBeNull();
});

test('a word of another concept\'s label printed in full abbreviates no label of the field ("Com." of "Reg. Com." is no "commande")', () => {
  const lines = [
    { text: 'Softronic Vest S.R.L.', y: 0.05 },
    { text: 'CIF: RO30984579 · Reg. Com.: J35/2210/2012', y: 0.1 },
    { text: 'Seria și nr.', x: 0.05, y: 0.2 }, { text: 'Data emiterii', x: 0.3, y: 0.2 },
    { text: 'TMF-0457', x: 0.05, y: 0.23 }, { text: '03.02.2026', x: 0.3, y: 0.23 },
  ];
  expect(field(lines, 'purchase_order_number', { type: ['string', 'null'] }).value).toBeNull();
  // (the register's own label still reads it)
  expect(field(lines, 'trade_register_number', { type: ['string', 'null'], description: 'company registration number' }).value).toBe('J35/2210/2012');
});

test('a currency in the next cell (a "Currency" column beside the number\'s) does not make the number an amount', () => {
  const lines = [
    { text: 'Fontana & Mancini S.r.l.', y: 0.05 },
    { text: 'Data emissione', x: 0.09, y: 0.27 }, { text: 'Num. documento', x: 0.3, y: 0.27 }, { text: 'Valuta', x: 0.5, y: 0.27 },
    { text: '11 settembre 2025', x: 0.09, y: 0.29 }, { text: '0620/25', x: 0.3, y: 0.29 }, { text: 'EUR', x: 0.5, y: 0.29 },
  ];
  const r = field(lines, 'invoice_number', str);
  expect(r.value).toBe('0620/25');
  expect(r.result.candidates?.[0]?.features.prior).toBeGreaterThan(0);
});

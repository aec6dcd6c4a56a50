import { extract } from '../kind-helpers.js';

const ITEMS = {
  line_items: {
    type: 'array',
    items: {
      type: 'object',
      properties: { description: { type: ['string', 'null'] }, quantity: { type: ['number', 'null'] }, unit_price: { type: ['number', 'null'] }, amount: { type: ['number', 'null'] } },
    },
  },
};

/** A page whose item table's header names no column the label data knows (garbled by a scan, or another language). */
const page = (rows: string[], after: string[] = ['Zwischensumme 3\'750.00']) => [
  'Bergsicht Software AG',
  'Rechnung Nr. 26-0042',
  'Bschrbng Mng PresCHF TotalCHF',
  ...rows,
  ...after,
];

const items = (lines: string[]) => extract(lines, ITEMS).data.line_items;

test('rows whose numbers multiply out are items when no header names the columns', () => {
  expect(items(page(['Lizenz Buchungssystem 1 2\'400.00 2\'400.00', 'Einrichtung und Schulung 6 145.00 870.00']))).toEqual([
    { description: 'Lizenz Buchungssystem', quantity: 1, unit_price: 2400, amount: 2400 },
    { description: 'Einrichtung und Schulung', quantity: 6, unit_price: 145, amount: 870 },
  ]);
});

test('a row whose price is its amount, beside a product row, has quantity 1 read from a misread "1"', () => {
  expect(items(page(['Einrichtung und Schulung 6 145.00 870.00', 'Support-Paket Standard I 480.00 480.00']))).toEqual([
    { description: 'Einrichtung und Schulung', quantity: 6, unit_price: 145, amount: 870 },
    { description: 'Support-Paket Standard', quantity: 1, unit_price: 480, amount: 480 },
  ]);
});

test('rows whose price is their amount are no table on their own', () => {
  expect(items(page(['Versand 10.00 10.00', 'Verpackung 5.00 5.00']))).toEqual([]);
});

test('a price printed before the quantity is read as the price', () => {
  expect(items(page(['Widget 12.50 4 50.00']))).toEqual([{ description: 'Widget', quantity: 4, unit_price: 12.5, amount: 50 }]);
});

test('a unit between the quantity and the price is skipped', () => {
  expect(items(page(['Schulung 6 Std. 145.00 870.00']))).toEqual([{ description: 'Schulung', quantity: 6, unit_price: 145, amount: 870 }]);
});

test('an amount whose digit groups are a space apart is one number', () => {
  expect(items(page(['Server 2 1 234,50 2 469,00']))).toEqual([{ description: 'Server', quantity: 2, unit_price: 1234.5, amount: 2469 }]);
});

test('numbers that do not multiply out make no item', () => {
  expect(items(page(['Telefon 030 1234 5678', 'Konto 12 34.00 99.00']))).toEqual([]);
});

test('a text line between two item rows continues the description above it; one after the last does not', () => {
  expect(items(page(['Lizenz Buchungssystem komplett 1 2\'400.00 2\'400.00', '(Jahresabo)', 'Schulung 6 145.00 870.00', 'Zahlbar innert 30 Tagen']))).toEqual([
    { description: 'Lizenz Buchungssystem komplett (Jahresabo)', quantity: 1, unit_price: 2400, amount: 2400 },
    { description: 'Schulung', quantity: 6, unit_price: 145, amount: 870 },
  ]);
});

test('the sums block ends the items: product rows below it are not read', () => {
  expect(items(page(['Lizenz 1 2\'400.00 2\'400.00'], ['Zwischensumme 2\'400.00', 'Rabatt 2 10.00 20.00']))).toEqual([
    { description: 'Lizenz', quantity: 1, unit_price: 2400, amount: 2400 },
  ]);
});

test('a header the label data knows is read by its columns, not by arithmetic', () => {
  const lines = [
    'ACME GmbH',
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Blue pens box', x: 0.05, y: 0.4 }, { text: '4', x: 0.5, y: 0.4 }, { text: '528.80', x: 0.85, y: 0.4 },
  ];
  expect(extract(lines, ITEMS).data.line_items).toEqual([{ description: 'Blue pens box', quantity: 4, unit_price: null, amount: 528.8 }]);
});

describe('rows read by their headers, checked against their arithmetic', () => {
  const table = (price: string) => [
    'ACME GmbH',
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: price, x: 0.65, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Blue pens box', x: 0.05, y: 0.4 }, { text: '4', x: 0.5, y: 0.4 }, { text: '12.50', x: 0.65, y: 0.4 }, { text: '50.00', x: 0.85, y: 0.4 },
    { text: 'Subtotal', x: 0.5, y: 0.5 }, { text: '50.00', x: 0.85, y: 0.5 },
  ];

  test('a unit price whose column header was not read is taken from the row\'s product', () => {
    expect(extract(table('Stkpr'), ITEMS).data.line_items).toEqual([{ description: 'Blue pens box', quantity: 4, unit_price: 12.5, amount: 50 }]);
  });

  test('a row that already multiplies out is left as read', () => {
    expect(extract(table('Price'), ITEMS).data.line_items).toEqual([{ description: 'Blue pens box', quantity: 4, unit_price: 12.5, amount: 50 }]);
  });
});

describe('rows read by their headers: shifted cells and payment lines', () => {
  const rows = (lines: { text: string; x: number; y: number }[]) => extract([
    'ACME GmbH',
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Price', x: 0.65, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    ...lines,
  ], ITEMS).data.line_items;

  test('an amount read into the price column is put back by the row\'s product', () => {
    // the price sits where the price header's box meets the amount's: the table read it as the amount
    expect(rows([
      { text: 'Development hours', x: 0.05, y: 0.4 }, { text: '14', x: 0.5, y: 0.4 }, { text: '750.00', x: 0.75, y: 0.4 }, { text: '10 500.00', x: 0.85, y: 0.4 },
    ])).toEqual([{ description: 'Development hours', quantity: 14, unit_price: 750, amount: 10500 }]);
  });

  test('a line whose numbers are digits of an IBAN is no item', () => {
    expect(rows([
      { text: 'Blue pens box', x: 0.05, y: 0.4 }, { text: '4', x: 0.5, y: 0.4 }, { text: '12.50', x: 0.65, y: 0.4 }, { text: '50.00', x: 0.85, y: 0.4 },
      { text: 'Pay to IBAN TR92 0001 0012 3456 7890 1234 56', x: 0.3, y: 0.43 },
    ])).toEqual([{ description: 'Blue pens box', quantity: 4, unit_price: 12.5, amount: 50 }]);
  });
});

test('a row read past a tax rate and a gross amount still multiplies out: the amount is the product it holds', () => {
  expect(items(page(['Schulung Mitarbeiter 6 145,00 870,00 21 % 1 052,70']))).toEqual([
    { description: 'Schulung Mitarbeiter', quantity: 6, unit_price: 145, amount: 870 },
  ]);
});

test('a currency printed after each number, the last one included, is skipped ("145,00 € 870,00 €")', () => {
  expect(items(page(['Schulung 6 145,00 € 870,00 €']))).toEqual([{ description: 'Schulung', quantity: 6, unit_price: 145, amount: 870 }]);
});

test('a column rule read between the numbers ("31.00 | 20.0 % 775.00") is skipped', () => {
  expect(items(page(['Kopierpapier 25.00 box 31.00 | 20.0 % 775.00']))).toEqual([{ description: 'Kopierpapier', quantity: 25, unit_price: 31, amount: 775 }]);
});

test('numbers printed before the product\'s first factor belong to the description ("5 reams")', () => {
  expect(items(page(['Kopierpapier A4, 5 reams 25.00 31.00 775.00']))).toEqual([{ description: 'Kopierpapier A4, 5 reams', quantity: 25, unit_price: 31, amount: 775 }]);
});

test('a speck after the cents ("1 200,00.") keeps an amount\'s digit groups together', () => {
  expect(items(page(['Saalmiete 1 1 200,00. 1 200,00']))).toEqual([{ description: 'Saalmiete', quantity: 1, unit_price: 1200, amount: 1200 }]);
});

test('a unit set after a column rule ("2,00 | u. 26,20") is skipped like one beside its number', () => {
  expect(items(page(['Kabelkanal 20 m 2,00 | u. 26,20 52,40']))).toEqual([{ description: 'Kabelkanal 20 m', quantity: 2, unit_price: 26.2, amount: 52.4 }]);
});

test('a unit word of up to eight letters between the numbers ("forfait", "Stunden") is skipped', () => {
  expect(items(page(['Beratung 4,00 Stunden 95,00 380,00']))).toEqual([{ description: 'Beratung', quantity: 4, unit_price: 95, amount: 380 }]);
});

test('a bracket a scan glued to a number ("12,50€]") is no part of it', () => {
  expect(items(page(['Versand 2,00 12,50€] 25,00']))).toEqual([{ description: 'Versand', quantity: 2, unit_price: 12.5, amount: 25 }]);
});

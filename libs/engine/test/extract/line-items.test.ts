import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const one = (schema: Record<string, unknown>, lines: Parameters<typeof doc>[0]) =>
  extractFromDocument(doc(lines), compileSchema({ type: 'object', properties: schema }));

/** Line items whose cells are all strings "as printed" (DocILE-style schemas). */
const STRING_ITEMS = {
  line_items: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        quantity: { type: 'string' },
        code: { type: 'string' },
        description: { type: 'string' },
        unit_price_gross: { type: 'string' },
        amount_gross: { type: 'string' },
      },
    },
  },
};

test('line items whose numeric columns are strings are read as printed', () => {
  const r = one(STRING_ITEMS, [
    { text: 'Qty', x: 0.05, y: 0.36 }, { text: 'Item Code', x: 0.12, y: 0.36 }, { text: 'Description', x: 0.3, y: 0.36 }, { text: 'Unit Price', x: 0.65, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: '4', x: 0.05, y: 0.4 }, { text: '42630', x: 0.12, y: 0.4 }, { text: 'Blue pens box', x: 0.3, y: 0.4 }, { text: '132.20', x: 0.65, y: 0.4 }, { text: '528.80', x: 0.85, y: 0.4 },
    { text: '1', x: 0.05, y: 0.43 }, { text: '42640', x: 0.12, y: 0.43 }, { text: 'Red pens box', x: 0.3, y: 0.43 }, { text: '12.00', x: 0.65, y: 0.43 }, { text: '12.00', x: 0.85, y: 0.43 },
    { text: 'Total', x: 0.65, y: 0.5 }, { text: '540.80', x: 0.85, y: 0.5 },
  ]);
  expect(r.data.line_items).toEqual([
    { quantity: '4', code: '42630', description: 'Blue pens box', unit_price_gross: '132.20', amount_gross: '528.80' },
    { quantity: '1', code: '42640', description: 'Red pens box', unit_price_gross: '12.00', amount_gross: '12.00' },
  ]);
});

test('a string-typed amount column with a trailing minus keeps it as printed', () => {
  const r = one(STRING_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Price', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Consulting hours', x: 0.05, y: 0.4 }, { text: '95.00', x: 0.6, y: 0.4 }, { text: '950.00', x: 0.85, y: 0.4 },
    { text: 'Loyalty discount', x: 0.05, y: 0.43 }, { text: '95.00-', x: 0.85, y: 0.43 },
  ]);
  expect(r.data.line_items).toEqual([
    { quantity: null, code: null, description: 'Consulting hours', unit_price_gross: '95.00', amount_gross: '950.00' },
    { quantity: null, code: null, description: 'Loyalty discount', unit_price_gross: null, amount_gross: '95.00-' },
  ]);
});

const NUMERIC_ITEMS = {
  line_items: {
    type: 'array',
    items: { type: 'object', properties: { name: { type: ['string', 'null'] }, qty: { type: ['number', 'null'] }, price_subtotal: { type: ['number', 'null'] } } },
  },
};

test('a description running past its header into the quantity column stays in the description', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Article', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.3, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Leather Slim Cover Black', x: 0.05, y: 0.4 }, { text: '1', x: 0.5, y: 0.4 }, { text: '69.99', x: 0.85, y: 0.4 },
    { text: 'Desk', x: 0.05, y: 0.43 }, { text: '2', x: 0.5, y: 0.43 }, { text: '99.00', x: 0.85, y: 0.43 },
  ]);
  expect(r.data.line_items).toEqual([
    { name: 'Leather Slim Cover Black', qty: 1, price_subtotal: 69.99 },
    { name: 'Desk', qty: 2, price_subtotal: 99 },
  ]);
});

test('an item row opening with "Incl." is an item, an "Incl. VAT" row is a sum', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Tablet 16 GB', x: 0.05, y: 0.4 }, { text: '1', x: 0.5, y: 0.4 }, { text: '399.00', x: 0.85, y: 0.4 },
    { text: 'Incl. copying levy', x: 0.05, y: 0.43 }, { text: '1', x: 0.5, y: 0.43 }, { text: '4.24', x: 0.85, y: 0.43 },
    { text: 'Incl. VAT 21%', x: 0.05, y: 0.47 }, { text: '70.00', x: 0.85, y: 0.47 },
  ]);
  expect(r.data.line_items).toEqual([
    { name: 'Tablet 16 GB', qty: 1, price_subtotal: 399 },
    { name: 'Incl. copying levy', qty: 1, price_subtotal: 4.24 },
  ]);
});

test('below the sums a row with a single number is a note, not an item', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Office Chair', x: 0.05, y: 0.4 }, { text: '1', x: 0.5, y: 0.4 }, { text: '70.00', x: 0.85, y: 0.4 },
    { text: 'Total', x: 0.6, y: 0.44 }, { text: '70.00', x: 0.85, y: 0.44 },
    { text: 'Please use the following communication:', x: 0.05, y: 0.48 }, { text: '202309097001', x: 0.8, y: 0.48 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Office Chair', qty: 1, price_subtotal: 70 }]);
});

test('scan speckle is dropped from the cells of an OCR\'d table', () => {
  const d = doc([
    { text: 'Code', x: 0.05, y: 0.36 }, { text: 'Description', x: 0.2, y: 0.36 }, { text: 'Qty', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: '_ E103560 _', x: 0.03, y: 0.4 }, { text: 'SX Flyer ;', x: 0.2, y: 0.4 }, { text: '_1', x: 0.6, y: 0.4 }, { text: '0,00.', x: 0.85, y: 0.4 },
  ]);
  for (const p of d.pages) p.source = 'ocr';
  const schema = { line_items: { type: 'array', items: { type: 'object', properties: { code: { type: ['string', 'null'] }, name: { type: ['string', 'null'] }, qty: { type: ['number', 'null'] }, price_subtotal: { type: ['number', 'null'] } } } } };
  const r = extractFromDocument(d, compileSchema({ type: 'object', properties: schema }));
  expect(r.data.line_items).toEqual([{ code: 'E103560', name: 'SX Flyer', qty: 1, price_subtotal: 0 }]);
});

test('an OCR\'d header read through letter confusions still heads its columns', () => {
  const d = doc([
    { text: 'Descriptlon', x: 0.05, y: 0.36 }, { text: 'Quantlty', x: 0.5, y: 0.36 }, { text: 'Tota1', x: 0.85, y: 0.36 },
    { text: 'Office Chair', x: 0.05, y: 0.4 }, { text: '2', x: 0.5, y: 0.4 }, { text: '140.00', x: 0.85, y: 0.4 },
  ]);
  for (const p of d.pages) p.source = 'ocr';
  const r = extractFromDocument(d, compileSchema({ type: 'object', properties: NUMERIC_ITEMS }));
  expect(r.data.line_items).toEqual([{ name: 'Office Chair', qty: 2, price_subtotal: 140 }]);
});

test('an abbreviation\'s dot in a header phrase may be read as a comma', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Artikel', x: 0.05, y: 0.36 }, { text: 'Aantal', x: 0.5, y: 0.36 }, { text: 'Prijs incl, BTW', x: 0.75, y: 0.36 },
    { text: 'Office Chair', x: 0.05, y: 0.4 }, { text: '2', x: 0.5, y: 0.4 }, { text: '140,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Office Chair', qty: 2, price_subtotal: 140 }]);
});

test('US-style item headers ("Item #", "Qty Shipped", "Unit Cost", "Extended Price") head their columns', () => {
  const r = one(STRING_ITEMS, [
    { text: 'Item #', x: 0.05, y: 0.36 }, { text: 'Qty Shipped', x: 0.18, y: 0.36 }, { text: 'Product Description', x: 0.32, y: 0.36 }, { text: 'Unit Cost', x: 0.65, y: 0.36 }, { text: 'Extended Price', x: 0.8, y: 0.36 },
    { text: 'A-1100', x: 0.05, y: 0.4 }, { text: '3', x: 0.2, y: 0.4 }, { text: 'Copy paper A4', x: 0.32, y: 0.4 }, { text: '4.50', x: 0.67, y: 0.4 }, { text: '13.50', x: 0.84, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([
    { quantity: '3', code: 'A-1100', description: 'Copy paper A4', unit_price_gross: '4.50', amount_gross: '13.50' },
  ]);
});

test('a header set on two lines ("Unit" over "Price") heads its columns', () => {
  const r = one(STRING_ITEMS, [
    { text: 'Qty', x: 0.05, y: 0.36 }, { text: 'Description', x: 0.2, y: 0.36 }, { text: 'Unit', x: 0.65, y: 0.36 }, { text: 'Line', x: 0.85, y: 0.36 },
    { text: 'Price', x: 0.65, y: 0.378 }, { text: 'Amount', x: 0.85, y: 0.378 },
    { text: '3', x: 0.05, y: 0.42 }, { text: 'Copy paper A4', x: 0.2, y: 0.42 }, { text: '4.50', x: 0.65, y: 0.42 }, { text: '13.50', x: 0.85, y: 0.42 },
  ]);
  expect(r.data.line_items).toEqual([
    { quantity: '3', code: null, description: 'Copy paper A4', unit_price_gross: '4.50', amount_gross: '13.50' },
  ]);
});

test('with a net and a gross amount column, the field that asks for net reads the net one, and gross the gross one', () => {
  const items = (description: string) => ({
    line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'number', description } } } },
  });
  const lines = [
    { text: 'Nazwa towaru', x: 0.1, y: 0.36 }, { text: 'Ilość', x: 0.45, y: 0.36 }, { text: 'Wartość netto', x: 0.55, y: 0.36 }, { text: 'VAT', x: 0.72, y: 0.36 }, { text: 'Wartość brutto', x: 0.8, y: 0.36 },
    { text: 'Ulotki A5', x: 0.1, y: 0.4 }, { text: '5000', x: 0.45, y: 0.4 }, { text: '600,00', x: 0.58, y: 0.4 }, { text: '23%', x: 0.72, y: 0.4 }, { text: '738,00', x: 0.84, y: 0.4 },
  ];
  expect(one(items('Line total (net).'), lines).data.line_items).toEqual([{ description: 'Ulotki A5', quantity: 5000, amount: 600 }]);
  expect(one(items('Line total including VAT (gross).'), lines).data.line_items).toEqual([{ description: 'Ulotki A5', quantity: 5000, amount: 738 }]);
});

test('a position column ("Lp.") set close to the description is no part of it', () => {
  const items = { line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'number' } } } } };
  const r = one(items, [
    { text: 'Lp. Nazwa towaru', x: 0.05, y: 0.36 }, { text: 'Ilość', x: 0.45, y: 0.36 }, { text: 'Wartość', x: 0.6, y: 0.36 },
    { text: '1 Ulotki A5', x: 0.05, y: 0.4 }, { text: '5000', x: 0.45, y: 0.4 }, { text: '600,00', x: 0.6, y: 0.4 },
    { text: '2 Katalog firmowy 24 str.', x: 0.05, y: 0.43 }, { text: '200', x: 0.45, y: 0.43 }, { text: '1700,00', x: 0.6, y: 0.43 },
  ]);
  expect(r.data.line_items).toEqual([
    { description: 'Ulotki A5', quantity: 5000, amount: 600 },
    { description: 'Katalog firmowy 24 str.', quantity: 200, amount: 1700 },
  ]);
});

test('a description that starts with a number of its own keeps it', () => {
  const items = { line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'number' } } } } };
  const r = one(items, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.45, y: 0.36 }, { text: 'Amount', x: 0.6, y: 0.36 },
    { text: '2 Year warranty', x: 0.05, y: 0.4 }, { text: '1', x: 0.45, y: 0.4 }, { text: '60.00', x: 0.6, y: 0.4 },
    { text: '1 TB disk', x: 0.05, y: 0.43 }, { text: '2', x: 0.45, y: 0.43 }, { text: '120.00', x: 0.6, y: 0.43 },
  ]);
  expect((r.data.line_items as { description: string }[]).map((x) => x.description)).toEqual(['2 Year warranty', '1 TB disk']);
});

test('a net or gross field reads its own column of a French table ("Montant HT" / "Montant TTC")', () => {
  const items = (description: string) => ({
    line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number', description } } } },
  });
  const lines = [
    { text: 'Désignation', x: 0.05, y: 0.36 }, { text: 'Montant TTC', x: 0.55, y: 0.36 }, { text: 'Montant HT', x: 0.8, y: 0.36 },
    { text: 'Affiches A2', x: 0.05, y: 0.4 }, { text: '360,00', x: 0.57, y: 0.4 }, { text: '300,00', x: 0.82, y: 0.4 },
  ];
  expect(one(items('Line amount excluding VAT (net).'), lines).data.line_items).toEqual([{ description: 'Affiches A2', amount: 300 }]);
  expect(one(items('Line amount including VAT (gross).'), lines).data.line_items).toEqual([{ description: 'Affiches A2', amount: 360 }]);
});

test('a word of a description set nearer the quantity\'s header than its own stays in the description', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Qty', x: 0.05, y: 0.36 }, { text: 'Article', x: 0.3, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: '10', x: 0.05, y: 0.4 }, { text: 'Annual software licence', x: 0.12, y: 0.4 }, { text: '886.54', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Annual software licence', qty: 10, price_subtotal: 886.54 }]);
});

test('a header naming no description column: the unnamed column whose cells hold words is the description', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Qty', x: 0.05, y: 0.36 }, { text: 'Posten', x: 0.2, y: 0.36 }, { text: 'VAT', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: '25', x: 0.05, y: 0.4 }, { text: 'Toner cartridge black', x: 0.2, y: 0.4 }, { text: '20 %', x: 0.6, y: 0.4 }, { text: '1097.25 EUR', x: 0.85, y: 0.4 },
    { text: '2', x: 0.05, y: 0.43 }, { text: 'Staff training (day)', x: 0.2, y: 0.43 }, { text: '20 %', x: 0.6, y: 0.43 }, { text: '1740.62 EUR', x: 0.85, y: 0.43 },
  ]);
  expect(r.data.line_items).toEqual([
    { name: 'Toner cartridge black', qty: 25, price_subtotal: 1097.25 },
    { name: 'Staff training (day)', qty: 2, price_subtotal: 1740.62 },
  ]);
});

const PRICED_ITEMS = {
  line_items: {
    type: 'array',
    items: { type: 'object', properties: { description: { type: ['string', 'null'] }, quantity: { type: ['number', 'null'] }, unit_price: { type: ['number', 'null'] }, amount: { type: ['number', 'null'] } } },
  },
};

test('a product that reads both ways keeps the quantity and price the header\'s columns gave', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Unit Price', x: 0.45, y: 0.36 }, { text: 'Qty', x: 0.65, y: 0.36 }, { text: 'Ammontare', x: 0.8, y: 0.36 },
    { text: 'Technical consulting', x: 0.05, y: 0.4 }, { text: '117.00', x: 0.45, y: 0.4 }, { text: '3.5', x: 0.65, y: 0.4 }, { text: '409.50', x: 0.8, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Technical consulting', quantity: 3.5, unit_price: 117, amount: 409.5 }]);
});

test('a cell\'s two decimals set one space after the separator are its own ("1 316, 70 EUR")', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.75, y: 0.36 },
    { text: 'Toner cartridge', x: 0.05, y: 0.4 }, { text: '30', x: 0.5, y: 0.4 }, { text: '1 316, 70 EUR', x: 0.75, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Toner cartridge', qty: 30, price_subtotal: 1316.7 }]);
});

test('a dotted abbreviation of a header word ("Menny." for "mennyiség") heads that word\'s column', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Menny.', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Shelving unit', x: 0.05, y: 0.4 }, { text: '5', x: 0.52, y: 0.4 }, { text: '240.00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Shelving unit', qty: 5, price_subtotal: 240 }]);
});

test('a word of letters and digits that is no number ("200x100") runs on the description', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Item', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.25, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Shelving 200x100 cm', x: 0.05, y: 0.4 }, { text: '5', x: 0.27, y: 0.4 }, { text: '240.00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Shelving 200x100 cm', qty: 5, price_subtotal: 240 }]);
});

test('a header word widening a numeric column, over numbers of its own a column gap apart, heads a column of its own', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Jednotek', x: 0.4, y: 0.36 }, { text: 'Unit Price', x: 0.49, y: 0.36 }, { text: 'Amount', x: 0.8, y: 0.36 },
    { text: 'Staff training', x: 0.05, y: 0.4 }, { text: '6', x: 0.46, y: 0.4 }, { text: '13614.00', x: 0.52, y: 0.4 }, { text: '81684.00', x: 0.8, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Staff training', quantity: 6, unit_price: 13614, amount: 81684 }]);
});

test('a line of text with numbers in it ("Period 14 July 2023 to 13 August 2023") under an item continues it, opening no item', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Maintenance', x: 0.05, y: 0.4 }, { text: '1', x: 0.6, y: 0.4 }, { text: '410.00', x: 0.85, y: 0.4 },
    { text: 'Period 14 July 2023 to 13 August 2023', x: 0.05, y: 0.42 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Maintenance Period 14 July 2023 to 13 August 2023', qty: 1, price_subtotal: 410 }]);
});

test('position numbers counting in tens (10, 20, 30) run into the description are no part of it', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Item Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: '10 Toner', x: 0.05, y: 0.4 }, { text: '1', x: 0.6, y: 0.4 }, { text: '35.30', x: 0.85, y: 0.4 },
    { text: '20 Paper A4', x: 0.05, y: 0.43 }, { text: '12', x: 0.6, y: 0.43 }, { text: '84.00', x: 0.85, y: 0.43 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Toner', qty: 1, price_subtotal: 35.3 }, { name: 'Paper A4', qty: 12, price_subtotal: 84 }]);
});

test('a factor read in the quantity column does not turn the product around when the price column reads the same price', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Unit Price', x: 0.45, y: 0.36 }, { text: 'Cuantía', x: 0.6, y: 0.36 }, { text: 'Qty', x: 0.75, y: 0.36 },
    { text: 'Software licence', x: 0.05, y: 0.4 }, { text: '619.00', x: 0.45, y: 0.4 }, { text: '1', x: 0.62, y: 0.4 }, { text: '619.00', x: 0.75, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Software licence', quantity: 1, unit_price: 619, amount: 619 }]);
});

test('whole numbers under a money header, beside prices printed with decimals, are the counts when no column names the quantity', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Amount', x: 0.05, y: 0.36 }, { text: 'Description', x: 0.2, y: 0.36 }, { text: 'Unit Price', x: 0.6, y: 0.36 },
    { text: '10', x: 0.06, y: 0.4 }, { text: 'Annual software licence', x: 0.2, y: 0.4 }, { text: '886.54', x: 0.6, y: 0.4 },
    { text: '1', x: 0.07, y: 0.43 }, { text: 'Support retainer', x: 0.2, y: 0.43 }, { text: '1113.43', x: 0.6, y: 0.43 },
  ]);
  expect(r.data.line_items).toEqual([
    { description: 'Annual software licence', quantity: 10, unit_price: 886.54, amount: null },
    { description: 'Support retainer', quantity: 1, unit_price: 1113.43, amount: null },
  ]);
});

test('a scan\'s two-line header whose lower words sit just beside the words above them still heads its columns', () => {
  const d = doc([
    { text: 'Units', x: 0.43, y: 0.36 }, { text: 'Price', x: 0.5, y: 0.36 }, { text: 'Total', x: 0.62, y: 0.36 },
    { text: 'Description', x: 0.05, y: 0.378 }, { text: 'each', x: 0.556, y: 0.378 }, { text: 'price', x: 0.676, y: 0.378 },
    { text: 'Copy paper A4', x: 0.05, y: 0.42 }, { text: '3', x: 0.44, y: 0.42 }, { text: '4.50', x: 0.5, y: 0.42 }, { text: '13.50', x: 0.62, y: 0.42 },
  ]);
  for (const p of d.pages) p.source = 'ocr';
  const r = extractFromDocument(d, compileSchema({ type: 'object', properties: PRICED_ITEMS }));
  expect(r.data.line_items).toEqual([{ description: 'Copy paper A4', quantity: 3, unit_price: 4.5, amount: 13.5 }]);
});

test('a number ending a description, nearer an unnamed column than its own, stays in the description', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Article', x: 0.05, y: 0.36 }, { text: 'Zone', x: 0.25, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Beer (case of 24)', x: 0.05, y: 0.4 }, { text: 'B', x: 0.26, y: 0.4 }, { text: '15', x: 0.5, y: 0.4 }, { text: '432.00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Beer (case of 24)', qty: 15, price_subtotal: 432 }]);
});

test('a compound shortened to its head ("G-Preis" for "Gesamtpreis") heads that word\'s column', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Bezeichnung', x: 0.05, y: 0.36 }, { text: 'Anzahl', x: 0.5, y: 0.36 }, { text: 'G-Preis', x: 0.85, y: 0.36 },
    { text: 'Webhosting', x: 0.05, y: 0.4 }, { text: '1,00', x: 0.5, y: 0.4 }, { text: '230,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Webhosting', quantity: 1, unit_price: null, amount: 230 }]);
});

test('a column rule read as a header word ("|") widens no numeric column', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: '|', x: 0.475, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Support', x: 0.05, y: 0.4 }, { text: '1', x: 0.5, y: 0.4 }, { text: '590.00', x: 0.85, y: 0.4 },
    { text: 'Period 09.11.2024 - 08.12.2024', x: 0.2, y: 0.42 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Support Period 09.11.2024 - 08.12.2024', qty: 1, price_subtotal: 590 }]);
});

test('a header word written out outranks its abbreviation for the same column ("Eenheidsprijs" over "Eenh.")', () => {
  const r = one({
    line_items: { type: 'array', items: { type: 'object', properties: { description: { type: ['string', 'null'] }, quantity: { type: ['number', 'null'] }, unit_price: { type: ['number', 'null'] } } } },
  }, [
    { text: 'Omschrijving', x: 0.05, y: 0.36 }, { text: 'Aantal', x: 0.4, y: 0.36 }, { text: 'Eenh.', x: 0.5, y: 0.36 }, { text: 'Eenheidsprijs', x: 0.6, y: 0.36 },
    { text: 'Papier', x: 0.05, y: 0.4 }, { text: '6', x: 0.42, y: 0.4 }, { text: 'st.', x: 0.5, y: 0.4 }, { text: '7,75', x: 0.65, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Papier', quantity: 6, unit_price: 7.75 }]);
});

test('a price whose decimal mark a scan lost ("745" for "7,45") is read back from the row\'s arithmetic', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Unit Price', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Shipping', x: 0.05, y: 0.4 }, { text: '1', x: 0.5, y: 0.4 }, { text: '745', x: 0.62, y: 0.4 }, { text: '7,45', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Shipping', quantity: 1, unit_price: 7.45, amount: 7.45 }]);
});

test('a quantity whose decimal mark a scan lost ("75" for "7,5") is read back from the row\'s arithmetic', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Unit Price', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Consulting', x: 0.05, y: 0.4 }, { text: '75', x: 0.5, y: 0.4 }, { text: '53,00', x: 0.62, y: 0.4 }, { text: '397,50', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Consulting', quantity: 7.5, unit_price: 53, amount: 397.5 }]);
});

test('a lone amount adding up the items above is the table\'s sum, whatever its label, and ends the items', () => {
  const r = one(NUMERIC_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Cable tray', x: 0.05, y: 0.4 }, { text: '8', x: 0.5, y: 0.4 }, { text: '152.80', x: 0.85, y: 0.4 },
    { text: 'Gloves', x: 0.05, y: 0.43 }, { text: '5', x: 0.5, y: 0.43 }, { text: '43.00', x: 0.85, y: 0.43 },
    { text: 'Incidéncia', x: 0.45, y: 0.47 }, { text: '195.80', x: 0.85, y: 0.47 },
    { text: 'ISS (5%)', x: 0.45, y: 0.5 }, { text: '9.79', x: 0.85, y: 0.5 },
  ]);
  expect(r.data.line_items).toEqual([{ name: 'Cable tray', qty: 8, price_subtotal: 152.8 }, { name: 'Gloves', qty: 5, price_subtotal: 43 }]);
});

test('an amount whose decimal mark a scan lost ("894552" for "8945,52") is read back from the row\'s arithmetic', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Unit Price', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Training', x: 0.05, y: 0.4 }, { text: '12', x: 0.5, y: 0.4 }, { text: '745,46', x: 0.62, y: 0.4 }, { text: '894552', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Training', quantity: 12, unit_price: 745.46, amount: 8945.52 }]);
});

describe('a table that runs on to the next page', () => {
  const ITEMS = {
    line_items: { type: 'array', items: { type: 'object', properties: { description: { type: ['string', 'null'] }, amount: { type: ['number', 'null'] } } } },
  };
  const amounts = Array.from({ length: 30 }, (_, i) => 120 + 15 * i);
  const header = (y: number) => [{ text: 'Description', x: 0.05, y }, { text: 'Amount', x: 0.85, y }];
  const item = (i: number, y: number) => [{ text: `Item ${i + 1}`, x: 0.05, y }, { text: `${amounts[i]}.00`, x: 0.85, y }];
  const carried = amounts.slice(0, 20).reduce((a, b) => a + b, 0);
  // page 1: the header, 20 items down to its foot, and the sum carried forward
  const page1 = [...header(0.3), ...Array.from({ length: 20 }, (_, i) => item(i, 0.33 + 0.025 * i)).flat(), { text: 'Carried forward', x: 0.5, y: 0.85 }, { text: `${carried}.00`, x: 0.85, y: 0.85 }];
  const page2Items = Array.from({ length: 10 }, (_, i) => item(20 + i, 0.12 + 0.025 * i)).flat();
  const totals = [{ text: 'Total', x: 0.5, y: 0.5 }, { text: `${amounts.reduce((a, b) => a + b, 0)}.00`, x: 0.85, y: 0.5 }];
  const read = (page2: Parameters<typeof doc>[0]) => {
    const r = extractFromDocument(doc(page1, page2), compileSchema({ type: 'object', properties: ITEMS }));
    return (r.data.line_items as { amount: number }[]).map((x) => x.amount);
  };

  test('a sum carried over at the top of the next page is no item', () => {
    expect(read([...header(0.05), { text: 'Brought forward', x: 0.5, y: 0.09 }, { text: `${carried}.00`, x: 0.85, y: 0.09 }, ...page2Items, ...totals])).toEqual(amounts);
  });

  test('a next page that repeats no header continues the table under the same columns', () => {
    expect(read([{ text: 'Invoice 2024-118', x: 0.05, y: 0.04 }, ...page2Items, ...totals])).toEqual(amounts);
  });

  test('a table closed by its sums does not run on to the next page', () => {
    const closed = [...page1.slice(0, -2), { text: 'Total', x: 0.5, y: 0.85 }, { text: `${carried}.00`, x: 0.85, y: 0.85 }];
    const r = extractFromDocument(doc(closed, [{ text: 'Terms', x: 0.05, y: 0.1 }, { text: 'Fee 2 Late payment', x: 0.05, y: 0.13 }, { text: '40.00', x: 0.85, y: 0.13 }]), compileSchema({ type: 'object', properties: ITEMS }));
    expect((r.data.line_items as unknown[]).length).toBe(20);
  });
});

test('a header cell\'s words on either side of the word that names it widen its column ("Artikel / Leistung")', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Artikel / Leistung', x: 0.05, y: 0.36 }, { text: 'Menge', x: 0.5, y: 0.36 }, { text: 'Betrag', x: 0.85, y: 0.36 },
    { text: 'Projektleitung', x: 0.05, y: 0.4 }, { text: '3', x: 0.5, y: 0.4 }, { text: '1.632,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Projektleitung', quantity: 3, unit_price: null, amount: 1632 }]);
});

test('a number word ("Nr.") set close to the description\'s header heads a column of its own', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Nr. Bezeichnung', x: 0.05, y: 0.36 }, { text: 'Menge', x: 0.5, y: 0.36 }, { text: 'Betrag', x: 0.85, y: 0.36 },
    { text: 'GZ-13', x: 0.05, y: 0.4 }, { text: 'Softwarewartung', x: 0.1, y: 0.4 }, { text: '1', x: 0.5, y: 0.4 }, { text: '1.777,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Softwarewartung', quantity: 1, unit_price: null, amount: 1777 }]);
});

test('the labels of columns the schema does not ask for ("Nr.", "Artikelnr.", "Einheit", "MwSt") still make a row a header', () => {
  const items = { line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' } } } } };
  const r = one(items, [
    { text: 'Nr.', x: 0.05, y: 0.36 }, { text: 'Artikelnr.', x: 0.1, y: 0.36 }, { text: 'Artikel', x: 0.25, y: 0.36 }, { text: 'Anzahl', x: 0.5, y: 0.36 },
    { text: 'Einheit', x: 0.6, y: 0.36 }, { text: 'MwSt', x: 0.7, y: 0.36 }, { text: 'Betrag', x: 0.85, y: 0.36 },
    { text: '1', x: 0.05, y: 0.4 }, { text: 'UP-5876', x: 0.1, y: 0.4 }, { text: 'Versandkosten', x: 0.25, y: 0.4 }, { text: '1', x: 0.5, y: 0.4 },
    { text: 'Stk', x: 0.6, y: 0.4 }, { text: '19%', x: 0.7, y: 0.4 }, { text: '11,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Versandkosten', amount: 11 }]);
});

test('German header abbreviations ("Anz.", "EP") head the quantity and unit price columns', () => {
  const items = { line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, quantity: { type: 'number' }, unit_price: { type: 'number' } } } } };
  const r = one(items, [
    { text: 'Bezeichnung', x: 0.05, y: 0.36 }, { text: 'Anz.', x: 0.5, y: 0.36 }, { text: 'EP', x: 0.65, y: 0.36 },
    { text: 'Beratungsleistung', x: 0.05, y: 0.4 }, { text: '3,00', x: 0.5, y: 0.4 }, { text: '73,20', x: 0.65, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Beratungsleistung', quantity: 3, unit_price: 73.2 }]);
});

test('a code column\'s header ("Referencia") set close to the description\'s heads a column of its own', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Referencia Descripción', x: 0.05, y: 0.36 }, { text: 'Cantidad', x: 0.5, y: 0.36 }, { text: 'Importe', x: 0.85, y: 0.36 },
    { text: 'GE-7891', x: 0.05, y: 0.4 }, { text: 'Guantes', x: 0.16, y: 0.4 }, { text: '4', x: 0.5, y: 0.4 }, { text: '56,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Guantes', quantity: 4, unit_price: null, amount: 56 }]);
});

test('a word of a code phrase that also heads descriptions ("Material" of "Material No.") still widens the description', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Material Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Hydraulic', x: 0.05, y: 0.4 }, { text: 'pump', x: 0.15, y: 0.4 }, { text: '2', x: 0.5, y: 0.4 }, { text: '410.00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Hydraulic pump', quantity: 2, unit_price: null, amount: 410 }]);
});

test('row numbers under a header word set close to the description\'s ("Line | Description") are no part of it, for one item too', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Line Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: '1', x: 0.05, y: 0.4 }, { text: 'Installation labour', x: 0.1, y: 0.4 }, { text: '6', x: 0.5, y: 0.4 }, { text: '393.00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Installation labour', quantity: 6, unit_price: null, amount: 393 }]);
});

test('row numbers under an unknown header word ("Pos.") leave the description the words under its whole header ("Artikel / Leistung")', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Pos. Artikel / Leistung', x: 0.05, y: 0.36 }, { text: 'Menge', x: 0.5, y: 0.36 }, { text: 'Betrag', x: 0.85, y: 0.36 },
    { text: '1', x: 0.05, y: 0.4 }, { text: 'Tonerkartusche schwarz', x: 0.11, y: 0.4 }, { text: '20', x: 0.5, y: 0.4 }, { text: '2.020,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Tonerkartusche schwarz', quantity: 20, unit_price: null, amount: 2020 }]);
});

test('two numbers with decimals under one header (its own and an unnamed column\'s) are read from the row\'s arithmetic', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Detalle', x: 0.05, y: 0.36 }, { text: 'Precio unitario', x: 0.6, y: 0.36 }, { text: 'Subtotal', x: 0.85, y: 0.36 },
    { text: 'Gestión de proyecto', x: 0.05, y: 0.4 }, { text: '3,00', x: 0.6, y: 0.4 }, { text: '620,00', x: 0.68, y: 0.4 }, { text: '1.860,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Gestión de proyecto', quantity: 3, unit_price: 620, amount: 1860 }]);
});

test.each([
  ['Tarief', 'Omschrijving', 'Aantal', 'Bedrag'],
  ['Tarif', 'Désignation', 'Quantité', 'Montant'],
  ['Tarifa', 'Descripción', 'Cantidad', 'Importe'],
])('a rate header ("%s") heads the unit price column', (rate, desc, qty, amount) => {
  const items = { line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, unit_price: { type: 'number' }, amount: { type: 'number' } } } } };
  const r = one(items, [
    { text: desc, x: 0.05, y: 0.36 }, { text: qty, x: 0.45, y: 0.36 }, { text: rate, x: 0.6, y: 0.36 }, { text: amount, x: 0.85, y: 0.36 },
    { text: 'Consultancy', x: 0.05, y: 0.4 }, { text: '7,5', x: 0.45, y: 0.4 }, { text: '98,00', x: 0.6, y: 0.4 }, { text: '735,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Consultancy', unit_price: 98, amount: 735 }]);
});

/** Line items read by their header alone: no amount to check a row's arithmetic against. */
const PRICE_ONLY = { line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, unit_price: { type: 'number' } } } } };

test('a compound abbreviation that other columns\' labels also fit ("St.-Satz": Stundensatz or Steuersatz) heads no asked column', () => {
  const r = one(PRICE_ONLY, [
    { text: 'Bezeichnung', x: 0.05, y: 0.36 }, { text: 'EP', x: 0.58, y: 0.36 }, { text: 'St.-Satz', x: 0.7, y: 0.36 }, { text: 'Gesamt', x: 0.85, y: 0.36 },
    { text: 'Webhosting', x: 0.05, y: 0.4 }, { text: '165,00', x: 0.58, y: 0.4 }, { text: '8,1 %', x: 0.7, y: 0.4 }, { text: '330,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Webhosting', unit_price: 165 }]);
});

test('a price and a tax rate under one header are one price ("CHF 827.00 8.1%")', () => {
  const r = one(PRICE_ONLY, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Prix U.', x: 0.6, y: 0.36 }, { text: 'Montant HT', x: 0.85, y: 0.36 },
    { text: 'Formation', x: 0.05, y: 0.4 }, { text: 'CHF 413.50 8.1%', x: 0.6, y: 0.4 }, { text: 'CHF 827.00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Formation', unit_price: 413.5 }]);
});

test('beside a whole quantity, a price whose cents mark a scan lost ("20 x 1740 = 348.00") is read back as the price', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Unit Price', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
    { text: 'Gloves', x: 0.05, y: 0.4 }, { text: '20', x: 0.5, y: 0.4 }, { text: '1740', x: 0.62, y: 0.4 }, { text: '348.00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Gloves', quantity: 20, unit_price: 17.4, amount: 348 }]);
});

test('a rate beside right-aligned amounts splits off the amount column\'s left, not the currency word on its right', () => {
  const items = { line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' } } } } };
  const r = one(items, [
    { text: 'Concepto', x: 0.05, y: 0.36 }, { text: '% IVA Importe (MXN)', x: 0.7, y: 0.36 },
    { text: 'Guantes', x: 0.05, y: 0.4 }, { text: '16%', x: 0.7, y: 0.4 }, { text: '348.00', x: 0.82, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Guantes', amount: 348 }]);
});

test('a price column split from the rate column its header ran into keeps the prices under its whole cell ("EP netto | St.-Satz")', () => {
  const r = one(PRICE_ONLY, [
    { text: 'Bezeichnung', x: 0.05, y: 0.36 }, { text: 'EP netto St.-Satz', x: 0.55, y: 0.36 }, { text: 'Gesamt', x: 0.85, y: 0.36 },
    { text: 'Webhosting', x: 0.05, y: 0.4 }, { text: '330,00', x: 0.56, y: 0.4 }, { text: '8,1', x: 0.66, y: 0.4 }, { text: '330,00', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Webhosting', unit_price: 330 }]);
});

test('an abbreviation\'s dot may close any word of a header phrase ("Vlr. Unit." for "vlr unit")', () => {
  const r = one(PRICE_ONLY, [
    { text: 'Descrição', x: 0.05, y: 0.36 }, { text: 'Vlr. Unit.', x: 0.6, y: 0.36 }, { text: 'Total', x: 0.85, y: 0.36 },
    { text: 'Deslocação', x: 0.05, y: 0.4 }, { text: '47,40', x: 0.6, y: 0.4 }, { text: '94,80', x: 0.85, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Deslocação', unit_price: 47.4 }]);
});

test('a row whose numbers all fell under one header is read from its line\'s arithmetic', () => {
  const r = one(PRICED_ITEMS, [
    { text: 'Descrizione', x: 0.05, y: 0.36 }, { text: 'Quantità', x: 0.45, y: 0.36 }, { text: 'Importo', x: 0.85, y: 0.36 },
    { text: 'Canalina elettrica', x: 0.05, y: 0.4 }, { text: '8 nr 26,00 208,00', x: 0.45, y: 0.4 },
  ]);
  expect(r.data.line_items).toEqual([{ description: 'Canalina elettrica', quantity: 8, unit_price: 26, amount: 208 }]);
});

import { claimers, extract, field, groupOf, kindName, num, str } from '../kind-helpers.js';
import { DocContext } from '../../../src/extract/context.js';
import { amountCandidates } from '../../../src/extract/candidates.js';
import { findLabels, keepOwnFamily } from '../../../src/extract/labels.js';
import { doc } from '../../helpers/doc.js';

describe('amount kind', () => {
  test('claims numeric sums, counts and plain numbers', () => {
    expect(kindName('total_amount', num)).toBe('amount');
    expect(kindName('net_amount', num)).toBe('amount');
    expect(kindName('quantity', { type: 'integer' })).toBe('amount');
    expect(kindName('weight', num)).toBe('amount');
  });

  test('does not claim a rate, an identifier or a date', () => {
    expect(claimers('vat_rate', num)).not.toContain('amount');
    expect(claimers('invoice_number', str)).not.toContain('amount');
    expect(claimers('due_date', str)).not.toContain('amount');
  });

  test('an unlabelled total is the largest amount', () => {
    const { value } = field([
      { text: 'Widget 40.00', y: 0.3 },
      { text: 'Gadget 60.00', y: 0.33 },
      { text: '100.00', x: 0.3, y: 0.4 },
    ], 'total_amount', num);
    expect(value).toBe(100);
  });

  test('the amount of a sums row is the rightmost on its row', () => {
    const { value } = field([
      { text: 'Subtotal', y: 0.6 },
      { text: '45.00', x: 0.6, y: 0.6 },
      { text: '90.00', x: 0.7, y: 0.6 },
    ], 'subtotal_amount', num);
    expect(value).toBe(90);
  });

  test('the base a rate is charged on is not the sum itself', () => {
    const { value } = field([
      { text: '19% VAT on 100.00', y: 0.6 },
      { text: '19.00', x: 0.9, y: 0.6 },
    ], 'tax_amount', num);
    expect(value).toBe(19);
  });

  test('a payment handed over is not the largest sum: it less the sum above it is the change printed below it', () => {
    const { value } = field([
      { text: 'Brot', y: 0.3 },
      { text: '16.00', x: 0.8, y: 0.3 },
      { text: 'Kaffee', y: 0.33 },
      { text: '27.90', x: 0.8, y: 0.33 },
      { text: '43.90', x: 0.8, y: 0.4 },
      { text: 'Bar', y: 0.45 },
      { text: '50.00', x: 0.8, y: 0.45 },
      { text: 'Rückgeld', y: 0.48 },
      { text: '6.10', x: 0.8, y: 0.48 },
    ], 'total_amount', num);
    expect(value).toBe(43.9);
  });

  test('what is left to pay labels the total when no total label is printed ("Zu zahlen")', () => {
    const { value } = field([
      { text: 'Brot', y: 0.3 },
      { text: '16,00', x: 0.8, y: 0.3 },
      { text: 'Zu zahlen', y: 0.4 },
      { text: '43,90', x: 0.8, y: 0.4 },
      { text: 'Gegeben', y: 0.45 },
      { text: '50,00', x: 0.8, y: 0.45 },
    ], 'total', num);
    expect(value).toBe(43.9);
  });

  test('subtotal, tax and total fields take amounts that add up', () => {
    const r = extract([
      { text: 'Subtotal 100.00', y: 0.6 },
      { text: 'Tax 20.00', y: 0.63 },
      { text: 'Total 120.00', y: 0.66 },
      { text: 'Total paid 150.00', y: 0.69 },
      { text: 'Change 30.00', y: 0.72 },
    ], { subtotal_amount: num, tax_amount: num, total_amount: num });
    expect(r.data).toEqual({ subtotal_amount: 100, tax_amount: 20, total_amount: 120 });
  });

  test('with one tax line per rate, the tax is their sum: subtotal + the rates\' taxes = total', () => {
    const r = extract([
      { text: 'Subtotal 1,650.00', y: 0.6 },
      { text: 'VAT 5% 20.00', y: 0.63 },
      { text: 'VAT 20% 250.00', y: 0.66 },
      { text: 'Total due 1,920.00', y: 0.69 },
    ], { subtotal: num, tax_amount: num, total: num });
    expect(r.data).toEqual({ subtotal: 1650, tax_amount: 270, total: 1920 });
    // grounded on both lines
    expect(r.fields['/tax_amount']!.grounding.map((g) => g.text)).toEqual(['20.00', '250.00']);
  });

  test('tax lines that do not add up with a subtotal to a total are not summed', () => {
    const r = extract([
      { text: 'Subtotal 1,650.00', y: 0.6 },
      { text: 'VAT 5% 20.00', y: 0.63 },
      { text: 'VAT 20% 250.00', y: 0.66 },
      { text: 'Total due 1,999.00', y: 0.69 },
    ], { subtotal: num, tax_amount: num, total: num });
    expect(r.data.tax_amount).not.toBe(270);
  });

  // a tax summary: one row per rate, then the row that adds them up (no label on it)
  const right = (text: string, edge: number, y: number) => ({ text, x: edge - text.length * 0.01, y });
  const taxSummary = (totalsY: number) => [
    { text: 'Rate', x: 0.3, y: 0.5 }, right('Net', 0.6, 0.5), right('VAT', 0.75, 0.5), right('Gross', 0.9, 0.5),
    { text: '8%', x: 0.3, y: 0.53 }, right('2200.00', 0.6, 0.53), right('176.00', 0.75, 0.53), right('2376.00', 0.9, 0.53),
    { text: '23%', x: 0.3, y: 0.56 }, right('1550.00', 0.6, 0.56), right('356.50', 0.75, 0.56), right('1906.50', 0.9, 0.56),
    right('3750.00', 0.6, totalsY), right('532.50', 0.75, totalsY), right('4282.50', 0.9, totalsY),
  ];

  test('a sum field takes the amount that adds up the rows above it in its column, not the first row', () => {
    expect(field(taxSummary(0.59), 'tax_amount', num).value).toBe(532.5);
    expect(field(taxSummary(0.59), 'net_amount', num).value).toBe(3750);
  });

  test('an amount is no column total when the amounts above it do not add up to it', () => {
    const lines = taxSummary(0.59).map((l) => (l.text === '532.50' ? { ...l, text: '532.00' } : l));
    expect(field(lines, 'tax_amount', num).value).toBe(176);
  });

  test('an unlabelled column total is the subtotal when it adds up with the labelled tax to the labelled total', () => {
    const r = extract([
      { text: 'Description', x: 0.05, y: 0.3 }, right('Amount', 0.9, 0.3),
      { text: 'Garden upkeep', x: 0.05, y: 0.33 }, right('320.00', 0.9, 0.33),
      { text: 'Tree pruning', x: 0.05, y: 0.36 }, right('180.00', 0.9, 0.36),
      { text: 'Goods/Services', x: 0.6, y: 0.4 }, right('500.00', 0.9, 0.4),
      { text: 'VAT 23%', x: 0.6, y: 0.43 }, right('115.00', 0.9, 0.43),
      { text: 'Total', x: 0.6, y: 0.46 }, right('615.00 EUR', 0.9, 0.46),
    ], { subtotal: num, tax_amount: num, total_amount: num });
    expect(r.data).toEqual({ subtotal: 500, tax_amount: 115, total_amount: 615 });
  });

  test('an unlabelled column total alone is not taken for a sum', () => {
    const lines = [
      { text: 'Description', x: 0.05, y: 0.3 }, right('Amount', 0.9, 0.3),
      { text: 'Garden upkeep', x: 0.05, y: 0.33 }, right('320.00', 0.9, 0.33),
      { text: 'Tree pruning', x: 0.05, y: 0.36 }, right('180.00', 0.9, 0.36),
      right('500.00', 0.9, 0.4),
    ];
    expect(field(lines, 'tax_amount', num).value).toBeNull();
  });

  // a line-item table whose "Total" column header sits over every row's amount, then the document's sums
  const itemTable = (sums: { text: string; y: number }[]) => [
    { text: 'Item', x: 0.05, y: 0.3 }, right('Tax', 0.7, 0.3), right('Total', 0.9, 0.3),
    { text: 'Training day', x: 0.05, y: 0.33 }, right('60.00', 0.7, 0.33), right('360.00', 0.9, 0.33),
    { text: 'Site visit', x: 0.05, y: 0.36 }, right('40.00', 0.7, 0.36), right('240.00', 0.9, 0.36),
    ...sums.map((l) => right(l.text, 0.9, l.y)),
  ];

  const headerLabel = (lines: Parameters<typeof field>[0], value: number) =>
    field(lines, 'total_amount', num).result.candidates!.find((c) => c.value === value)!.features.lab;

  test('a column header over a list of amounts labels each of them less than a header over one amount', () => {
    const single = [
      { text: 'Item', x: 0.05, y: 0.3 }, right('Tax', 0.7, 0.3), right('Total', 0.9, 0.3),
      { text: 'Training day', x: 0.05, y: 0.33 }, right('60.00', 0.7, 0.33), right('360.00', 0.9, 0.33),
      { text: 'Thank you for your business', x: 0.05, y: 0.4 },
    ];
    expect(field(single, 'total_amount', num).value).toBe(360);
    expect(headerLabel(itemTable([]), 360)).toBeLessThan(0.5 * headerLabel(single, 360));
  });

  test('a plain "Total" followed by the tax and a larger total with tax is the subtotal', () => {
    const r = extract(itemTable([
      { text: 'TOTAL 500.00', y: 0.45 },
      { text: 'TAX 100.00', y: 0.48 },
      { text: 'TOTAL WITH TAX 600.00', y: 0.51 },
    ]), { subtotal: num, tax_amount: num, total_amount: num });
    expect(r.data).toEqual({ subtotal: 500, tax_amount: 100, total_amount: 600 });
  });

  test('a total is not taken for the subtotal when no tax adds up to a larger total', () => {
    const r = extract([
      { text: 'TOTAL 500.00', y: 0.45 },
      { text: 'TAX 100.00', y: 0.48 },
      { text: 'Amount paid 700.00', y: 0.51 },
    ], { subtotal: num, tax_amount: num, total_amount: num });
    expect(r.data.subtotal).not.toBe(500);
  });

  test('calibrates in the amount group', () => {
    expect(groupOf('total_amount', num)).toBe('amount');
    expect(groupOf('quantity', { type: 'integer' })).toBe('amount');
    expect(field(['Total 12.50'], 'total_amount', num).result.group).toBe('amount');
  });
});

test('the digit groups of an IBAN are no amount candidates', () => {
  const ctx = new DocContext(doc(['ACME GmbH', 'Total 43.200,00', 'IBAN TR92 0001 0012 3456 7890 1234 56']));
  const values = amountCandidates(ctx).map((c) => Number(c.value));
  expect(values).toContain(43200);
  expect(values.filter((v) => [92, 1, 12, 3456, 7890, 1234, 56].includes(v))).toEqual([]);
});

describe('a tax said to be left out or included qualifies the sum it labels', () => {
  const sums = [
    { text: 'Total s/ IVA 100,00', y: 0.6 },
    { text: 'IVA 23% 23,00', y: 0.63 },
    { text: 'Total c/ IVA 123,00', y: 0.66 },
  ];

  test('"without VAT" labels the subtotal', () => {
    expect(field([{ text: 'Without VAT 250.00', y: 0.6 }, { text: 'Amount due 300.00', y: 0.66 }], 'subtotal_amount', num).value).toBe(250);
  });

  test('the tax is not read from the name inside "Total s/ IVA" or "Total c/ IVA"', () => {
    const hits = (family: 'tax' | 'total') => {
      const ctx = new DocContext(doc(sums));
      const phrases = family === 'tax' ? ['iva'] : ['total'];
      return keepOwnFamily(ctx, findLabels(ctx, phrases), family).map((h) => ctx.pages[0]!.text.slice(h.start, h.end));
    };
    expect(hits('tax')).toEqual(['IVA']);
  });

  test('"Total" before a tax said to be left out is no label of the total', () => {
    const ctx = new DocContext(doc(sums));
    const kept = keepOwnFamily(ctx, findLabels(ctx, ['total']), 'total');
    expect(kept.map((h) => ctx.lineIndex(0, h.start))).toEqual([2]);
  });

  test('alone, a tax said to be included still labels the tax ("incl. VAT 1.45" on a receipt)', () => {
    const ctx = new DocContext(doc([{ text: 'Total 19.49', y: 0.6 }, { text: 'incl. VAT 1.45', y: 0.63 }]));
    expect(keepOwnFamily(ctx, findLabels(ctx, ['vat']), 'tax')).toHaveLength(1);
  });

  test('subtotal, tax and total are each read from their own line', () => {
    expect(extract(sums, { subtotal: num, tax: num, total: num }).data).toEqual({ subtotal: 100, tax: 23, total: 123 });
  });
});

test('a rate glued to the tax\'s label ("USt7 %", as OCR reads a narrow space) still lets the label name the amount after it', () => {
  const { value } = field([{ text: 'Summe 22,10 €', y: 0.6 }, { text: 'USt7 % 1,45', y: 0.63 }], 'tax_amount', num);
  expect(value).toBe(1.45);
});

describe('a tax summary row names its amounts by their sum', () => {
  // "TVA | Base HT | Montant | TTC": the tax amount's header says only "amount"
  const receipt = [
    { text: 'MONTANT TTC', y: 0.5 }, { text: '15,95', x: 0.8, y: 0.5 },
    { text: 'TVA', x: 0.2, y: 0.6 }, { text: 'Base HT', x: 0.35, y: 0.6 }, { text: 'Montant', x: 0.55, y: 0.6 }, { text: 'TTC', x: 0.8, y: 0.6 },
    { text: '10 %', x: 0.2, y: 0.63 }, { text: '14,50', x: 0.35, y: 0.63 }, { text: '1,45', x: 0.55, y: 0.63 }, { text: '15,95', x: 0.8, y: 0.63 },
  ];

  test('the smaller of two amounts adding up to a third on their row is the tax', () => {
    expect(field(receipt, 'tax_amount', num).value).toBe(1.45);
  });

  test('the larger part is the sum before tax, with no header to say so (OCR lost it)', () => {
    const headless = receipt.filter((l) => l.y !== 0.6);
    expect(field(headless, 'net_amount', num).value).toBe(14.5);
    expect(field(headless, 'tax_amount', num).value).toBe(1.45);
  });

  test('a row adds up only as a summary when its gross is printed again elsewhere (one line item\'s net, tax and gross is not)', () => {
    const item = [
      { text: 'Widget', x: 0.05, y: 0.4 }, { text: '14,50', x: 0.35, y: 0.4 }, { text: '1,45', x: 0.55, y: 0.4 }, { text: '15,95', x: 0.8, y: 0.4 },
      { text: 'Gadget', x: 0.05, y: 0.43 }, { text: '20,00', x: 0.35, y: 0.43 }, { text: '2,00', x: 0.55, y: 0.43 }, { text: '22,00', x: 0.8, y: 0.43 },
    ];
    expect(field(item, 'tax_amount', num).value).toBeNull();
  });
});

describe('decimals one space after their separator', () => {
  const values = (lines: string[]) => amountCandidates(new DocContext(doc(lines))).map((c) => c.value);

  test('at the end of a line, "19. 49" and "5 657, 87 EUR" are one amount each, their parts none', () => {
    expect(values(['BALANCE DUE 19. 49'])).toEqual([19.49]);
    expect(values(['Gesamtbetrag 5 657, 87 EUR'])).toEqual([5657.87]);
  });

  test('inside a line, numbers after a comma stay apart ("in 2019, 25 companies", "sizes 10, 12 and 14")', () => {
    expect(values(['in 2019, 25 companies signed'])).not.toContain(2019.25);
    expect(values(['sizes 10, 12 and 14'])).not.toContain(10.12);
  });
});

test('a total grouped the Swiss way with a typeset apostrophe ("CHF 1’234.50") is read whole', () => {
  expect(field([{ text: 'Rechnung 2024-1', y: 0.05 }, { text: 'Total CHF 1’234.50', x: 0.5, y: 0.5 }], 'total', num).value).toBe(1234.5);
});

test('a Brazilian service tax ("ISS 5,0 %") is the tax', () => {
  const r = extract(['Total s/ IVA', '5.568,00 BRL', 'ISS 5,0 %', '278,40 BRL', 'Total', '5.846,40 BRL'], { subtotal: num, tax_amount: num, total: num });
  expect(r.data).toEqual({ subtotal: 5568, tax_amount: 278.4, total: 5846.4 });
});

test('the parts of a time of day ("18:43:51", "18h43") are no amounts', () => {
  const d = doc(['KASSENBON', 'Eisenwaren Fuchs GmbH', 'Umsatzsteuer-ID: DE974158720', '09.11.24 18:43:51', 'Abholung ab 9h30', 'SUMME 8,20 EUR', 'enth. MwSt. 7 % 0,54']);
  const values = amountCandidates(new DocContext(d)).map((c) => c.value);
  for (const part of [18, 43, 51, 9, 30]) expect(values).not.toContain(part);
  expect(values).toEqual(expect.arrayContaining([8.2, 0.54]));
});

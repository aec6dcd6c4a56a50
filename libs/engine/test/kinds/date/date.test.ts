import { claimers, extract, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('date kind', () => {
  test('claims dates, date-times and period bounds', () => {
    expect(kindName('due_date', str)).toBe('date');
    expect(kindName('invoice_date', str)).toBe('date');
    expect(kindName('pay_by', str)).toBe('date');
    expect(kindName('created', { type: 'string', format: 'date-time' })).toBe('date');
    expect(kindName('period_start', str)).toBe('date');
  });

  test('does not claim payment terms, a term or a boolean about dates', () => {
    expect(claimers('payment_terms', str)).not.toContain('date');
    expect(claimers('term', str)).not.toContain('date');
    expect(claimers('has_due_date', { type: 'boolean' })).not.toContain('date');
  });

  test("the field's cue words before another role's word cue that role's date: \"Your order ... of <date>\" is the order's", () => {
    const r = field([
      { text: 'Northwind Tools Ltd', y: 0.05 },
      { text: '12 March 2024', x: 0.6, y: 0.18 },
      { text: 'INVOICE No. 2024-0118', y: 0.24 },
      { text: 'Your order no. 4500012345 of 2 March 2024', y: 0.27 },
      { text: 'Total 1,200.00', x: 0.6, y: 0.5 },
    ], 'invoice_date', { type: ['string', 'null'], description: 'Date the invoice was issued.' });
    expect(r.value).toBe('2024-03-12');
  });

  test('a due date on a short document needs its own label', () => {
    const r = extract(['ACME GmbH', 'Date: 15.06.2023', 'Total 100.00'], { due_date: str });
    expect(r.data.due_date).toBeNull();
    expect(extract(['ACME GmbH', 'Due date: 15.07.2023', 'Total 100.00'], { due_date: str }).data.due_date).toBe('2023-07-15');
  });

  test('a date given as the payment terms is the due date', () => {
    const r = extract(['ACME GmbH', 'Invoice date: 16.01.2025', 'Total 100.00', 'Payment terms: 30.01.2025'], { due_date: str });
    expect(r.data.due_date).toBe('2025-01-30');
  });

  test('the only date a business document states is its date, labelled or not', () => {
    const sole = field(['ACME GmbH', '15.06.2023', 'Total 100.00'], 'invoice_date', str);
    const oneOfTwo = field(['ACME GmbH', '15.06.2023', 'Total 100.00', '16.06.2023'], 'invoice_date', str);
    expect(sole.value).toBe('2023-06-15');
    expect(sole.result.raw_score).toBeGreaterThan(oneOfTwo.result.raw_score!);
  });

  test('a date labelled for another role is not the document\'s date', () => {
    expect(field(['ACME GmbH', 'Order date: 01.06.2023', 'Total 100.00', '15.06.2023'], 'invoice_date', str).value).toBe('2023-06-15');
  });

  test.each([
    ['es', 'Fecha de vencimiento'],
    ['it', 'Data di scadenza'],
    ['pt', 'Data de vencimento'],
    ['pl', 'Termin płatności'],
  ])('a date under a header of another role in any language (%s) is not the document\'s date', (_lang, dueHeader) => {
    const lines = [
      'Distribuciones Costa S.A.',
      // the issue date's own header is unreadable (a poor scan): only the due date's header names a date
      { text: 'Numero', x: 0.05, y: 0.3 }, { text: 'Fxhqdeexp', x: 0.3, y: 0.3 }, { text: dueHeader, x: 0.55, y: 0.3 },
      { text: 'FV-1208', x: 0.05, y: 0.33 }, { text: '15/01/2026', x: 0.3, y: 0.33 }, { text: '14/02/2026', x: 0.55, y: 0.33 },
    ];
    expect(field(lines, 'invoice_date', str).value).toBe('2026-01-15');
  });

  test('a date read on one line with the other values of its row is judged by its column header', () => {
    const lines = [
      'Distribuciones Costa S.A.',
      { text: 'Numero', x: 0.05, y: 0.3 }, { text: 'Vence', x: 0.13, y: 0.3 }, { text: 'Fxhqdeexp', x: 0.24, y: 0.3 },
      { text: 'FV-1208 14/02/2026 15/01/2026', x: 0.05, y: 0.33 },
    ];
    expect(field(lines, 'invoice_date', str).value).toBe('2026-01-15');
  });

  test('calibrates in the date group', () => {
    expect(groupOf('due_date', str)).toBe('date');
    expect(field(['Invoice date: 15.06.2023'], 'invoice_date', str).result.group).toBe('date');
  });
});

test('a column headed by a role word of another kind and the field\'s own ("Payment Due") is the field\'s', () => {
  const grid = [
    { text: 'Invoice Ref.', x: 0.08, y: 0.3 }, { text: 'Invoice Date', x: 0.36, y: 0.3 }, { text: 'Payment Due', x: 0.64, y: 0.3 },
    { text: '2024/1007', x: 0.08, y: 0.32 }, { text: '16/03/2024', x: 0.36, y: 0.32 }, { text: '06/04/2024', x: 0.64, y: 0.32 },
  ];
  expect(field(grid, 'due_date', str).value).toBe('2024-04-06');
  expect(field(grid, 'invoice_date', str).value).toBe('2024-03-16');
});

test.each([
  ['de', 'Fälligkeit'],
  ['nl', 'Vervaldatum'],
  ['fr', 'Échéance'],
])('a column headed by the field\'s own role word in another language (%s) is the field\'s, not another role\'s', (_lang, dueHeader) => {
  const grid = [
    'Elektrotechnik Brandt GmbH',
    { text: 'Datum', x: 0.08, y: 0.3 }, { text: dueHeader, x: 0.36, y: 0.3 },
    { text: '16.09.2023', x: 0.08, y: 0.32 }, { text: '31.10.2023', x: 0.36, y: 0.32 },
  ];
  const due = field(grid, 'due_date', str);
  expect(due.value).toBe('2023-10-31');
  // (its header is the field's own role, so it is not marked as another role's date)
  expect(due.result.candidates?.[0]?.features.otherRole).toBeUndefined();
  expect(field(grid, 'invoice_date', str).value).toBe('2023-09-16');
});

test.each([
  ['fr', 'Fait le', "Date d'exécution"],
  ['es', 'Fecha', 'Fecha de ejecución'],
  ['it', 'Data', 'Data di esecuzione'],
])('%s: the date a service was performed ("%s" beside "%s") is not the document\'s date', (_lang, issued, performed) => {
  const grid = [
    'Orméa Informatique SA',
    { text: issued, x: 0.08, y: 0.3 }, { text: performed, x: 0.36, y: 0.3 },
    { text: '14/01/2025', x: 0.08, y: 0.32 }, { text: '13/01/2025', x: 0.36, y: 0.32 },
  ];
  expect(field(grid, 'invoice_date', str).value).toBe('2025-01-14');
});

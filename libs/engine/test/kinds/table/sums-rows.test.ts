import { extract } from '../kind-helpers.js';

const ITEMS = {
  line_items: {
    type: 'array',
    items: { type: 'object', properties: { description: { type: ['string', 'null'] }, quantity: { type: ['number', 'null'] }, amount: { type: ['number', 'null'] } } },
  },
};

const head = (desc: string, qty: string, amount: string) => [
  { text: 'Holzwerk Brandt GmbH', y: 0.05 },
  { text: desc, x: 0.05, y: 0.36 }, { text: qty, x: 0.5, y: 0.36 }, { text: amount, x: 0.85, y: 0.36 },
  { text: 'Eichenbrett 2 m', x: 0.05, y: 0.4 }, { text: '4', x: 0.5, y: 0.4 }, { text: '528,80', x: 0.85, y: 0.4 },
  { text: 'Montage', x: 0.05, y: 0.43 }, { text: '1', x: 0.5, y: 0.43 }, { text: '120,00', x: 0.85, y: 0.43 },
];
const ITEMS_READ = [
  { description: 'Eichenbrett 2 m', quantity: 4, amount: 528.8 },
  { description: 'Montage', quantity: 1, amount: 120 },
];

test.each([
  ['de', 'Bezeichnung', 'Menge', 'Betrag', ['Nettobetrag', 'zzgl. 19 % USt.', 'Rechnungsbetrag']],
  ['it', 'Descrizione', 'Quantità', 'Importo', ['Imponibile', 'IVA 22%', 'Totale documento']],
  ['pt', 'Descrição', 'Qtd.', 'Valor', ['Valor líquido', 'IVA 23%', 'Total a pagar']],
])('%s: the sums block labelled in the document\'s language ends the items', (_lang, desc, qty, amount, sums) => {
  const lines = [
    ...head(desc, qty, amount),
    { text: sums[0]!, x: 0.05, y: 0.5 }, { text: '648,80', x: 0.85, y: 0.5 },
    { text: sums[1]!, x: 0.05, y: 0.53 }, { text: '123,27', x: 0.85, y: 0.53 },
    { text: sums[2]!, x: 0.05, y: 0.56 }, { text: '772,07', x: 0.85, y: 0.56 },
  ];
  expect(extract(lines, ITEMS).data.line_items).toEqual(ITEMS_READ);
});

test('the values row of a totals table under the sums is no item', () => {
  const lines = [
    ...head('Description', 'Qty', 'Amount'),
    { text: 'Total', x: 0.05, y: 0.5 }, { text: '648.80', x: 0.85, y: 0.5 },
    { text: '19%', x: 0.05, y: 0.56 }, { text: '648.80', x: 0.5, y: 0.56 }, { text: '772.07', x: 0.85, y: 0.56 },
  ];
  expect(extract(lines, ITEMS).data.line_items).toEqual(ITEMS_READ);
});

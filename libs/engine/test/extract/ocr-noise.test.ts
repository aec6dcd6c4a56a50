import { compileSchema, extractFromDocument } from '../../src/index.js';
import { DocContext } from '../../src/extract/context.js';
import { doc } from '../helpers/doc.js';

/** Speckle of a faxed page: punctuation-only "words" scattered between the printed rows. */
const ocr = (d: ReturnType<typeof doc>) => { for (const p of d.pages) p.source = 'ocr'; return d; };
const SPECKLE = [
  { text: ';', x: 0.2, y: 0.313 }, { text: ':', x: 0.32, y: 0.326 }, { text: '.', x: 0.8, y: 0.339 },
];

test('punctuation speckle between a column label and its value does not count as rows in between', () => {
  const d = ocr(doc([
    { text: 'Customer', x: 0.05, y: 0.3 }, { text: 'Invoice No', x: 0.5, y: 0.3 },
    ...SPECKLE,
    { text: 'SC0303006', x: 0.05, y: 0.352 }, { text: 'VF1005193039', x: 0.5, y: 0.352 },
  ]));
  const r = extractFromDocument(d, compileSchema({ type: 'object', properties: { invoice_number: { type: ['string', 'null'] } } }));
  expect(r.data.invoice_number).toBe('VF1005193039');
});

test('a speckle mark joins the visual row it sits in instead of opening one', () => {
  const d = ocr(doc([
    { text: 'Total', x: 0.05, y: 0.3 }, { text: '12.00', x: 0.5, y: 0.3 },
    ...SPECKLE,
    { text: 'Paid', x: 0.05, y: 0.352 },
  ]));
  const rows = new DocContext(d).rows(0).rows;
  expect(rows.length).toBe(2);
  expect(rows.reduce((a, r) => a + r.words.length, 0)).toBe(6);
});

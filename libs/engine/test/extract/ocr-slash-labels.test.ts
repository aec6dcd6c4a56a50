import { compileSchema, extractFromDocument } from '../../src/index.js';
import type { DocumentModel } from '../../src/document/model.js';
import { doc, type LineSpec } from '../helpers/doc.js';

/** An OCR'd page of the given lines. */
function ocrDoc(lines: (LineSpec | string)[]): DocumentModel {
  const d = doc(lines);
  d.pages[0]!.source = 'ocr';
  return d;
}

const schema = compileSchema({
  type: 'object',
  properties: { purchase_order: { type: ['string', 'null'], description: 'The buyer\'s order number.' } },
});

// (the customer's block in the right column, its reference line on top, as a window address prints it)
const lines = (label: string): LineSpec[] => [
  { text: 'Serra Azul Construções S.A.', x: 0.05, y: 0.05 }, { text: 'Rua do Brasil 116', x: 0.05, y: 0.08 },
  { text: 'Fatura n.º FT 2024/864', x: 0.05, y: 0.14 }, { text: 'Data do documento: 20 de julho de 2024', x: 0.05, y: 0.17 },
  { text: 'Cliente n.º: 4330', x: 0.55, y: 0.2 }, { text: `${label}:`, x: 0.55, y: 0.23 }, { text: 'ENC-61023', x: 0.66, y: 0.23 },
  { text: 'Vilaverde, Lda.', x: 0.55, y: 0.26 }, { text: 'Rua de Santa Catarina 124', x: 0.55, y: 0.29 }, { text: '8039-007 Faro', x: 0.55, y: 0.32 },
  { text: 'Total 1 933,56 €', x: 0.55, y: 0.5 },
];
const read = (label: string) => extractFromDocument(ocrDoc(lines(label)), schema).data;

describe('a label\'s slash that OCR read as a stroke ("VI Ref." for "V/ Ref.")', () => {
  test('still labels the reader\'s reference, the order number', () => {
    expect(read('VI Ref.').purchase_order).toBe('ENC-61023');
  });

  test('as printed, the same', () => {
    expect(read('V/ Ref.').purchase_order).toBe('ENC-61023');
  });
});

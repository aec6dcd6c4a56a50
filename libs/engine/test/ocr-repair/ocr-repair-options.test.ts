import { compileSchema } from '../../src/schema/compile.js';
import { extractFromDocument } from '../../src/extract/extract.js';
import type { DocumentModel } from '../../src/document/model.js';
import { doc } from '../helpers/doc.js';

const ocr = (d: DocumentModel): DocumentModel => ({ ...d, format: 'jpeg', pages: d.pages.map((p) => ({ ...p, source: 'ocr' as const })) });

const schema = compileSchema({
  type: 'object',
  properties: { total: { type: ['number', 'null'], description: 'Total amount paid (grand total incl. tax/rounding), as a number without currency symbol.' } },
});

/** A receipt whose total the first OCR pass misread ("728.10") and the second read as the amount paid. */
function receipt(): DocumentModel {
  const d = ocr(doc(['SUBANG HEALTH SDN BHD', 'B-8, JALAN SS15/4D, 47500 SUBANG JAYA', 'Date: 11/08/2017', 'ROUNDING 0.00', 'TOTAL 728.10', 'DEBIT CARD 78.10', 'CHANGE 0.00']));
  const w = d.pages[0]!.words.find((x) => x.text === '728.10')!;
  w.confidence = 0.7;
  w.alt = { text: '78.10', confidence: 0.5 };
  return d;
}

test('the receipt ranker takes its reading costs from the extraction options', () => {
  expect(extractFromDocument(receipt(), schema).data.total).toBe(78.1);
  // a second reading priced out of reach leaves the first pass's total
  expect(extractFromDocument(receipt(), schema, { ocrRepair: { altCost: 5 } }).data.total).toBe(728.1);
});

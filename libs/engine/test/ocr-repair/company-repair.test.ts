import { compileSchema } from '../../src/schema/compile.js';
import { extractFromDocument } from '../../src/extract/extract.js';
import { repairName, trimHeader } from '../../src/ocr-repair/receipt.js';
import type { DocumentModel } from '../../src/document/model.js';
import { doc } from '../helpers/doc.js';

const ocr = (d: DocumentModel): DocumentModel => ({ ...d, format: 'jpeg', pages: d.pages.map((p) => ({ ...p, source: 'ocr' as const })) });

const receiptSchema = compileSchema({
  type: 'object',
  properties: {
    company: { type: ['string', 'null'], description: "Name of the merchant / company that issued the receipt, as printed at the top (e.g. 'XYZ TRADING SDN BHD')." },
  },
});

describe('merchant names on OCR pages', () => {
  test('a question or exclamation mark inside a word of the name is a speck', () => {
    expect(repairName('KING?’S CONFECTIONERY S/B')).toBe("KING'S CONFECTIONERY S/B");
    expect(repairName('SHO!P HOUSE')).toBe('SHOP HOUSE');
    // at the end of a word it is left to the trimming of the line
    expect(repairName('YES! MART')).toBe('YES! MART');
  });

  test('a registration number followed by a short bracketed branch code is cut from the name line', () => {
    expect(trimHeader('KING’S CONFECTIONERY $/B 273500-U! (KI1)', 0).text).toBe('KING’S CONFECTIONERY $/B');
    expect(trimHeader('KEDAI MAJU SDN BHD (123456-X)', 0).text).toBe('KEDAI MAJU SDN BHD');
  });

  test('a merchant line read badly by the first pass and confidently by the second is still the merchant', () => {
    const d = ocr(doc([
      'KING?’S CONFECTIONERY $/B 273500-U! (KI1)',
      'NO. 20-A1, JALAN SS6/3, KELANA JAYA,',
      '47301 PETALING JAYA',
      'Tax Invoice',
      'Date: 09/02/17',
      'Total 19.20',
      'Cash 20.00',
      'Change 0.80',
    ]));
    const words = d.pages[0]!.words;
    const first = words.filter((w) => w.line === 0);
    const conf = [0.51, 0.93, 0.2, 0, 0.19];
    first.forEach((w, k) => (w.confidence = conf[k]!));
    expect(extractFromDocument(d, receiptSchema).data.company ?? null).not.toBe("KING'S CONFECTIONERY S/B");
    first[0]!.alt = { text: 'KING’S', confidence: 0.68 };
    first[3]!.alt = { text: '273500-U', confidence: 0.71 };
    first[4]!.alt = { text: '(KJ1)', confidence: 0.73 };
    expect(extractFromDocument(d, receiptSchema).data.company).toBe("KING'S CONFECTIONERY S/B");
  });
});

import { compileSchema, extractFromDocument } from '../../../src/index.js';
import type { DocumentModel, Page } from '../../../src/document/model.js';
import { hasLegalForm, legalFormBelow, ocrCore } from '../../../src/kinds/organization/issuer.js';
import { DocContext } from '../../../src/extract/context.js';
import { findLabels, labelPhrases, sameBand } from '../../../src/extract/labels.js';
import { doc, type LineSpec } from '../../helpers/doc.js';

/** An OCR'd page: the helper's page with per-word confidences and box heights set by `tweak`. */
function ocrDoc(lines: LineSpec[], tweak: (w: Page['words'][number]) => void = () => undefined): DocumentModel {
  const d = doc(lines);
  const p = d.pages[0];
  p.source = 'ocr';
  p.words.forEach(tweak);
  return d;
}

const vendor = (d: DocumentModel) => extractFromDocument(d, compileSchema({ type: 'object', properties: { vendor_name: { type: ['string', 'null'], description: 'Name of the seller/vendor issuing the invoice.' } } })).data.vendor_name;

describe('issuer names on OCR pages', () => {
  test('unsure words at the ends of a name line are dropped', () => {
    const d = ocrDoc([{ text: 'jms? PHILIP MORRIS 2', y: 0.1 }], (w) => { if (w.text === 'jms?') w.confidence = 0.14; if (w.text === '2') w.confidence = 0.58; });
    const p = d.pages[0];
    const [a, b] = ocrCore(p, 0, p.words.length)!;
    expect(p.words.slice(a, b).map((w) => w.text)).toEqual(['PHILIP', 'MORRIS']);
  });

  test('logo letters drawn larger than the name, and the short bits before them, are dropped', () => {
    const d = ocrDoc([{ text: 'an lazon Amazon Web Services', y: 0.1 }], (w) => {
      if (w.text === 'lazon') { w.bbox[3] = w.bbox[1] + 0.032; w.confidence = 0.9; }
    });
    const p = d.pages[0];
    const [a, b] = ocrCore(p, 0, p.words.length)!;
    expect(p.words.slice(a, b).map((w) => w.text)).toEqual(['Amazon', 'Web', 'Services']);
  });

  test('a long unsure word of letters is a misread part of the name and stays', () => {
    const d = ocrDoc([{ text: 'PETRODELI ENJERPRISE', y: 0.1 }], (w) => { w.confidence = w.text === 'ENJERPRISE' ? 0.16 : 0.81; });
    expect(ocrCore(d.pages[0], 0, 2)).toEqual([0, 2]);
  });

  test('confident words of one size are all kept', () => {
    const d = ocrDoc([{ text: 'Acme Trading Company', y: 0.1 }], (w) => { w.confidence = 0.9; });
    expect(ocrCore(d.pages[0], 0, 3)).toEqual([0, 3]);
  });

  test('a legal form alone on the line under a letterhead name completes the name', () => {
    const d = ocrDoc([
      { text: 'PHILIP MORRIS', x: 0.35, y: 0.1 },
      { text: 'es: CN EE', x: 0.3, y: 0.115 },
      { text: 'INCORPORATED', x: 0.4, y: 0.125 },
      { text: 'Invoice no 123', x: 0.05, y: 0.3 },
      { text: 'Total 12.00', x: 0.05, y: 0.5 },
    ], (w) => { if (['es:', 'CN', 'EE'].includes(w.text)) w.confidence = 0.3; });
    expect(vendor(d)).toBe('PHILIP MORRIS INCORPORATED');
  });

  test('a legal form on a line far below the name does not join it', () => {
    const d = ocrDoc([
      { text: 'PHILIP MORRIS', x: 0.35, y: 0.1 },
      { text: 'INCORPORATED', x: 0.4, y: 0.3 },
    ]);
    const p = d.pages[0];
    expect(legalFormBelow(p, 0, 0, 'PHILIP MORRIS'.length)).toBeUndefined();
  });

  test('a registration number in brackets after the name is not part of it', () => {
    const d = ocrDoc([{ text: 'GARDENIA BAKERIES (KL) SDN BHD (129886 X)', y: 0.05 }, { text: 'Lot 3, Jalan Pelabur 23/1,', y: 0.08 }, { text: 'Total 12.00', y: 0.5 }], (w) => { w.confidence = 0.9; });
    expect(vendor(d)).toBe('GARDENIA BAKERIES (KL) SDN BHD');
  });

  test('a name read by OCR has its legal form repaired', () => {
    const d = ocrDoc([{ text: 'SUBANG HEALTHCARE SDN BHI', y: 0.05 }, { text: 'Lot 3, Jalan Pelabur 23/1,', y: 0.08 }, { text: 'Total 12.00', y: 0.5 }], (w) => { w.confidence = 0.9; });
    expect(vendor(d)).toBe('SUBANG HEALTHCARE SDN BHD');
  });

  test('"(Inc. GST)" means including, not a legal form', () => {
    expect(hasLegalForm('Total 6% supplies (Inc. GST)')).toBe(false);
    expect(hasLegalForm('Acme, Inc.')).toBe(true);
  });

  test('a closing bracket misread after a name is not part of it', () => {
    const d = ocrDoc([{ text: 'ACME WIDGETS)', x: 0.35, y: 0.05 }, { text: 'Invoice no 123', y: 0.3 }, { text: 'Total 12.00', y: 0.5 }], (w) => { w.confidence = 0.9; });
    expect(vendor(d)).toBe('ACME WIDGETS');
  });
});

describe('labels on OCR pages', () => {
  test('a label word misread through a letter confusion still labels its value', () => {
    const d = ocrDoc([{ text: 'TOTAL CIGARETTES 60,000 cross AMOUNT 4,759.20', y: 0.8 }]);
    const hits = findLabels(new DocContext(d), ['gross amount']);
    expect(hits.map((h) => d.pages[0].text.slice(h.start, h.end))).toEqual(['cross AMOUNT']);
  });

  test('a word two letters away from the label is no label', () => {
    const d = ocrDoc([{ text: 'crass AMOUNT 4,759.20', y: 0.8 }]);
    expect(findLabels(new DocContext(d), ['gross amount'])).toHaveLength(0);
  });

  test('confusion-tolerant labels are for OCR pages only', () => {
    const d = doc([{ text: 'cross AMOUNT 4,759.20', y: 0.8 }]);
    expect(findLabels(new DocContext(d), ['gross amount'])).toHaveLength(0);
  });

  test('a trailing qualifier of a field name is also looked for in front of its noun', () => {
    expect(labelPhrases({ name: 'total_amount_gross' })).toContain('gross amount');
  });

  test('a value printed a little lower than its label is on the label\'s band', () => {
    expect(sameBand([0.6, 0.825, 0.7, 0.844], [0.8, 0.836, 0.88, 0.843])).toBe(true);
    expect(sameBand([0.6, 0.825, 0.7, 0.835], [0.8, 0.836, 0.88, 0.843])).toBe(false);
  });

  test('the gross amount of a scan is read beside its misread label, not from a count labelled total', () => {
    const d = ocrDoc([
      { text: 'PHILIP MORRIS', y: 0.1 },
      { text: 'TOTAL CIGARETTES 60,000 cross AMOUNT', y: 0.825 },
      { text: '4,759.20', x: 0.8, y: 0.832 },
    ]);
    const data = extractFromDocument(d, compileSchema({ type: 'object', properties: { total_amount_gross: { type: ['number', 'null'], description: 'Invoice total including tax, as a number.' } } })).data;
    expect(data.total_amount_gross).toBe(4759.2);
  });
});

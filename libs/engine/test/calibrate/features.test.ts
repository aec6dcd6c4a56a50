import { compileSchema, extractFromDocument } from '../../src/index.js';
import type { DocumentModel } from '../../src/document/model.js';
import { page } from '../helpers/doc.js';
import { activeCalibrator, MISSING_INPUTS, RECALIBRATION_INPUTS, setCalibrator, type CalibrationFeatures, type MissingFeatures } from '../../src/calibrate/calibrator.js';
import type { FieldResult } from '../../src/index.js';

/** An extracted field's calibration features. */
const valueFeatures = (f: FieldResult | undefined) => f!.features as CalibrationFeatures;

const schema = compileSchema({ type: 'object', properties: { invoice_date: { type: ['string', 'null'], format: 'date', description: 'Invoice date' } } });

/** A one-page scan: every word OCR'd with confidence 0.9, the date's words with the given confidence. */
function scan(dateConfidence: number): DocumentModel {
  const p = page(['ACME GmbH', 'Invoice', 'Invoice date: 12.03.2024', 'Total 100.00 EUR']);
  p.source = 'ocr';
  for (const w of p.words) w.confidence = w.text === '12.03.2024' ? dateConfidence : 0.9;
  return { format: 'pdf', pages: [p], pageCount: 1, wordCount: p.words.length };
}

test('an extracted value carries the lowest OCR confidence of its words, the document mean and its page count as calibration features', () => {
  const r = extractFromDocument(scan(0.42), schema, { debug: true });
  expect(r.data.invoice_date).toBe('2024-03-12');
  const f = valueFeatures(r.fields['/invoice_date']);
  expect(f.ocr).toBe(0.42);
  expect(f.docOcr).toBeCloseTo((0.42 + 0.9 * (scan(0.42).pages[0]!.words.length - 1)) / scan(0.42).pages[0]!.words.length, 3);
  expect(f.ocrAll).toBe(0.42);
  expect(f.margin).toBeGreaterThan(0);
  expect(f.pages).toBe(1);
});

test('calibration features stay out of results without debug', () => {
  expect(extractFromDocument(scan(0.42), schema).fields['/invoice_date']!.features).toBeUndefined();
});

test("a value of several OCR'd words carries the product of their confidences: the chance all were read right", () => {
  const p = page(['ACME GmbH', 'Invoice', 'Invoice date: 12 March 2024', 'Total 100.00 EUR']);
  p.source = 'ocr';
  for (const w of p.words) w.confidence = ({ '12': 0.9, March: 0.8, '2024': 0.5 } as Record<string, number>)[w.text] ?? 0.95;
  const f = valueFeatures(extractFromDocument({ format: 'pdf', pages: [p], pageCount: 1, wordCount: p.words.length }, schema, { debug: true }).fields['/invoice_date']);
  expect(f.ocr).toBe(0.5);
  expect(f.ocrAll).toBeCloseTo(0.9 * 0.8 * 0.5, 3);
});

describe('sums agreement', () => {
  const sums = compileSchema({
    type: 'object',
    properties: { subtotal: { type: ['number', 'null'] }, tax_amount: { type: ['number', 'null'] }, total_amount: { type: ['number', 'null'] } },
  });
  const invoice = (total: string) => ({ format: 'pdf' as const, pages: [page(['ACME GmbH', 'Invoice 4711', 'Subtotal 100.00', 'VAT 19.00', `Total ${total}`])], pageCount: 1, wordCount: 9 });

  test('subtotal, tax and total that add up each carry sums = 1', () => {
    const r = extractFromDocument(invoice('119.00'), sums, { debug: true });
    expect(r.data).toEqual({ subtotal: 100, tax_amount: 19, total_amount: 119 });
    for (const f of ['subtotal', 'tax_amount', 'total_amount']) expect(valueFeatures(r.fields[`/${f}`]).sums).toBe(1);
  });

  test('subtotal, tax and total that do not add up each carry sums = -1', () => {
    const r = extractFromDocument(invoice('150.00'), sums, { debug: true });
    expect(r.data).toEqual({ subtotal: 100, tax_amount: 19, total_amount: 150 });
    for (const f of ['subtotal', 'tax_amount', 'total_amount']) expect(valueFeatures(r.fields[`/${f}`]).sums).toBe(-1);
  });

  test('a field outside the sums, or sums with a member missing, carry no agreement', () => {
    const r = extractFromDocument({ format: 'pdf', pages: [page(['ACME GmbH', 'Subtotal 100.00', 'Invoice date: 12.03.2024'])], pageCount: 1, wordCount: 6 },
      compileSchema({ type: 'object', properties: { subtotal: { type: ['number', 'null'] }, tax_amount: { type: ['number', 'null'] }, total_amount: { type: ['number', 'null'] }, invoice_date: { type: ['string', 'null'], format: 'date' } } }), { debug: true });
    expect(r.data.tax_amount).toBeNull();
    expect(valueFeatures(r.fields['/subtotal']).sums).toBeUndefined();
    expect(valueFeatures(r.fields['/invoice_date']).sums).toBeUndefined();
  });

  test('a calibrator that weighs the agreement gives sums that do not add up less confidence', () => {
    const base = activeCalibrator();
    const w = base.recalibration!.weights.digital!;
    const weights = RECALIBRATION_INPUTS.map((name, i) => (name === 'sums_agree' ? 0.5 : name === 'sums_disagree' ? -4 : w[i] ?? 0));
    setCalibrator({ ...base, recalibration: { inputs: RECALIBRATION_INPUTS, weights: { ...base.recalibration!.weights, digital: weights } } });
    try {
      const agree = extractFromDocument(invoice('119.00'), sums).fields['/total_amount']!.confidence;
      const disagree = extractFromDocument(invoice('150.00'), sums).fields['/total_amount']!.confidence;
      expect(disagree).toBeLessThan(agree - 0.2);
    } finally {
      setCalibrator(undefined);
    }
  });
});

describe('missing fields', () => {
  const fields = compileSchema({ type: 'object', properties: { due_date: { type: ['string', 'null'], format: 'date' }, po_number: { type: ['string', 'null'] } } });
  // "Due date" is printed with nothing readable after it; no order-number label is printed at all
  const invoice = () => ({ format: 'pdf' as const, pages: [page(['ACME GmbH', 'Invoice 4711', 'Due date: see contract', 'Total 100.00'])], pageCount: 1, wordCount: 9 });
  const missing = (f: FieldResult | undefined) => f!.features as MissingFeatures;

  test('a missing field carries how specific a label of it the document prints, 0 when it prints none', () => {
    const r = extractFromDocument(invoice(), fields, { debug: true });
    expect(r.data).toEqual({ due_date: null, po_number: null });
    expect(missing(r.fields['/due_date']).label).toBeGreaterThan(0.8);
    expect(missing(r.fields['/po_number']).label).toBe(0);
    expect(missing(r.fields['/po_number']).docOcr).toBe(1);
  });

  test('a calibrator that weighs the printed label is less sure a field is absent when its label is printed', () => {
    const base = activeCalibrator();
    const weights = MISSING_INPUTS.map((name) => (name === 'logit' ? 1 : name === 'label_printed' ? -3 : 0));
    setCalibrator({ ...base, recalibration: { ...base.recalibration!, missing: { inputs: MISSING_INPUTS, weights: { digital: weights } } } });
    try {
      const printed = extractFromDocument(invoice(), fields).fields['/due_date']!.confidence;
      const unprinted = extractFromDocument({ format: 'pdf', pages: [page(['ACME GmbH', 'Invoice 4711', 'Total 100.00'])], pageCount: 1, wordCount: 6 }, fields).fields['/due_date']!.confidence;
      expect(printed).toBeLessThan(unprinted - 0.2);
    } finally {
      setCalibrator(undefined);
    }
  });
});

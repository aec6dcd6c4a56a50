import { calibrate, setCalibrator } from '@exs/engine/internals';
import { crossValidate, documentKey, fitMonotoneLogistic, foldOf, predict, trainCalibrator, type TrainingRecord } from '../../src/calibrate/train.js';

/** Fixed-seed generator, so the synthetic data sets are the same on every run. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

describe('folds', () => {
  test('a scanned copy goes in the same fold as its digital original', () => {
    for (const c of ['a', 'b', 'case-17', 'AmazonWebServices']) {
      const original = foldOf({ set: 'parsee-invoices', case: c });
      expect(foldOf({ set: 'scan-fax-parsee-invoices', case: c })).toBe(original);
      expect(foldOf({ set: 'scan-grey-parsee-invoices', case: c })).toBe(original);
    }
    expect(documentKey({ set: 'scan-bw-invoice2data', case: 'x' })).toBe('invoice2data/x');
  });

  test('cross-validation scores every record once, by a model trained without its document', () => {
    const rnd = lcg(3);
    const records: TrainingRecord[] = [];
    for (let c = 0; c < 40; c++) {
      for (const set of ['inv', 'scan-fax-inv']) {
        const raw = rnd();
        records.push({ set, case: `c${c}`, group: set.startsWith('scan') ? 'scan-date' : 'date', state: 'extracted', raw, strict: rnd() < raw ? 1 : 0 });
      }
    }
    const cv = crossValidate(records);
    expect(cv).toHaveLength(records.length);
    expect(new Set(cv.map((c) => c.r)).size).toBe(records.length);
  });
});

describe('trained artefact', () => {
  afterEach(() => setCalibrator(undefined));
  const rnd = lcg(7);
  const records: TrainingRecord[] = Array.from({ length: 300 }, (_, i) => {
    const group = ['date', 'scan-date', 'duration'][i % 3]!;
    const raw = rnd();
    return { set: 'a', case: `c${i}`, group, state: i % 5 ? 'extracted' : 'missing', raw, strict: rnd() < raw ? 1 : 0 };
  });

  test('has a pooled map per document domain and the shrinkage it was trained with', () => {
    const model = trainCalibrator(records, { shrinkage: 7 });
    expect(model.shrinkage).toBe(7);
    expect(model.groups.__ocr__?.extracted?.n).toBe(records.filter((r) => r.group === 'scan-date' && r.state === 'extracted').length);
    expect(model.groups.__digital__?.missing?.n).toBe(records.filter((r) => r.group !== 'scan-date' && r.state === 'missing').length);
  });

  test('predict gives a record what the engine gives the same field at run time', () => {
    const model = trainCalibrator(records);
    setCalibrator({ version: 't', ...model });
    for (const r of records.slice(0, 30)) expect(predict(model, r)).toBe(calibrate(r.group, r.state, r.raw));
  });
});

describe('fitMonotoneLogistic', () => {
  const rnd = lcg(11);
  const rows = Array.from({ length: 400 }, () => [rnd() * 4 - 2, 1, rnd()]);

  test('learns the weight of an input that predicts the outcome', () => {
    const y = rows.map((r) => (rnd() < 1 / (1 + Math.exp(-(r[0]! - 3 * r[2]! + 1))) ? 1 : 0));
    const w = fitMonotoneLogistic(rows, y, [1, 0, -1]);
    expect(w[2]).toBeLessThan(-1.5);
    expect(w[0]).toBeGreaterThan(0.5);
  });

  test('drops an input whose weight would take the forbidden sign', () => {
    // here the third input raises the odds, but its weight may only be negative
    const y = rows.map((r) => (rnd() < 1 / (1 + Math.exp(-(r[0]! + 3 * r[2]! - 1))) ? 1 : 0));
    expect(fitMonotoneLogistic(rows, y, [1, 0, -1])[2]).toBe(0);
    expect(fitMonotoneLogistic(rows, y, [1, 0, 0])[2]).toBeGreaterThan(1.5);
  });
});

describe('second stage', () => {
  afterEach(() => setCalibrator(undefined));

  // Scanned fields: at the same ranker score, values read with low OCR confidence are wrong more often.
  function scannedRecords(): TrainingRecord[] {
    const rnd = lcg(5);
    return Array.from({ length: 600 }, (_, i) => {
      const raw = 0.5 + 0.5 * rnd();
      const ocr = i % 2 ? 0.95 : 0.4;
      const pRight = ocr > 0.9 ? 0.95 : 0.5;
      return { set: 'scan-fax-inv', case: `c${i % 60}`, group: 'scan-amount', state: 'extracted' as const, raw, strict: rnd() < pRight ? 1 : 0, ocr, docOcr: 0.8, alt: 0, margin: 0.3 };
    });
  }

  test('a value read with low OCR confidence gets lower confidence than the same score read cleanly', () => {
    const model = trainCalibrator(scannedRecords());
    setCalibrator({ version: 't', ...model });
    const f = { docOcr: 0.8, alt: 0, margin: 0.3 };
    const clean = calibrate('scan-amount', 'extracted', 0.8, { ...f, ocr: 0.95 });
    const doubtful = calibrate('scan-amount', 'extracted', 0.8, { ...f, ocr: 0.4 });
    expect(clean).toBeGreaterThan(0.85);
    expect(doubtful).toBeLessThan(0.65);
  });

  test('isotonic-only training has no second stage, so OCR confidence changes nothing', () => {
    const model = trainCalibrator(scannedRecords(), { isotonicOnly: true });
    const r = scannedRecords()[0]!;
    expect(model.recalibration).toBeUndefined();
    expect(predict(model, { ...r, ocr: 0.4 })).toBe(predict(model, { ...r, ocr: 0.95 }));
  });
});

describe('missing fields\' stage', () => {
  afterEach(() => setCalibrator(undefined));

  // Missing fields: the field is truly absent far more often when the document prints no label of it.
  function missingRecords(): TrainingRecord[] {
    const rnd = lcg(11);
    return Array.from({ length: 600 }, (_, i) => {
      const label = i % 2 ? 0.9 : 0;
      return { set: 'inv', case: `c${i % 60}`, group: 'identifier', state: 'missing' as const, raw: 0.2 * rnd(), strict: rnd() < (label ? 0.3 : 0.95) ? 1 : 0, label, docOcr: 1 };
    });
  }

  test('a field whose label the document prints is given a lower chance of being absent than one whose label it does not', () => {
    const model = trainCalibrator(missingRecords());
    expect(model.recalibration?.missing?.weights.digital).toBeDefined();
    setCalibrator({ version: 't', ...model });
    expect(calibrate('identifier', 'missing', 0.1, { label: 0.9, docOcr: 1 })).toBeLessThan(0.45);
    expect(calibrate('identifier', 'missing', 0.1, { label: 0, docOcr: 1 })).toBeGreaterThan(0.85);
  });

  test('records without the label input train no missing stage', () => {
    const model = trainCalibrator(missingRecords().map(({ label: _label, ...r }) => r));
    expect(model.recalibration?.missing).toBeUndefined();
  });
});

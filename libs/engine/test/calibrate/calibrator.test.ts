import { applyIsotonic, calibrate, fitIsotonic, RECALIBRATION_INPUTS, recalibrationInputs, setCalibrator } from '../../src/calibrate/calibrator.js';

const scores = (n: number, from = 0.4, to = 0.9) => Array.from({ length: n }, (_, i) => from + ((to - from) * i) / Math.max(1, n - 1));

describe('fitIsotonic', () => {
  test('a run of all-correct outcomes pools into one block and calibrates near 1, not to the prior', () => {
    // Unpooled, each point would be its own block shrunk to (1 + 1) / (1 + 2) = 0.67 by the prior.
    const m = fitIsotonic(scores(20).map((s) => ({ s, y: 1 })), 2);
    expect(m.x).toHaveLength(1);
    expect(m.y[0]).toBeCloseTo(21 / 22, 3);
  });

  test('is non-decreasing in the score', () => {
    const pts = scores(200, 0, 1).map((s, i) => ({ s, y: (i * 7919) % 100 < s * 100 ? 1 : 0 }));
    const { y } = fitIsotonic(pts, 2);
    for (let i = 1; i < y.length; i++) expect(y[i]).toBeGreaterThanOrEqual(y[i - 1]);
  });

  test('separates low scores that are wrong from high scores that are right', () => {
    const pts = [...scores(30, 0.1, 0.4).map((s) => ({ s, y: 0 })), ...scores(30, 0.6, 0.9).map((s) => ({ s, y: 1 }))];
    const m = fitIsotonic(pts, 2);
    expect(applyIsotonic(m, 0.2)).toBeLessThan(0.1);
    expect(applyIsotonic(m, 0.8)).toBeGreaterThan(0.9);
  });
});

describe('applyIsotonic', () => {
  const m = { x: [0.2, 0.6], y: [0.1, 0.5], n: 10 };
  test('interpolates linearly between breakpoints', () => expect(applyIsotonic(m, 0.4)).toBeCloseTo(0.3, 6));
  test('holds the end values outside the breakpoints', () => {
    expect(applyIsotonic(m, 0)).toBe(0.1);
    expect(applyIsotonic(m, 1)).toBe(0.5);
  });
  test('passes the raw score through when there is no map', () => expect(applyIsotonic(undefined, 0.37)).toBe(0.37));
});

describe('calibrate with an artefact without shrinkage (older artefacts)', () => {
  afterEach(() => setCalibrator(undefined));

  test('a receipt group without its own map uses its base group', () => {
    setCalibrator({ version: 't', groups: { date: { extracted: { x: [0, 1], y: [0.2, 0.8], n: 50 } } } });
    expect(calibrate('receipt-date', 'extracted', 0.5)).toBe(calibrate('date', 'extracted', 0.5));
    expect(calibrate('date', 'extracted', 0.5)).toBe(0.5);
  });

  test('a scanned-document group without its own map uses its base group', () => {
    setCalibrator({ version: 't', groups: { amount: { extracted: { x: [0, 1], y: [0.2, 0.8], n: 50 } } } });
    expect(calibrate('scan-amount', 'extracted', 0.5)).toBe(0.5);
  });

  test('a variant group with a map for one outcome only uses its base group for the other', () => {
    setCalibrator({ version: 't', groups: {
      date: { missing: { x: [0, 1], y: [0.9, 0.9], n: 50 } },
      'scan-date': { extracted: { x: [0, 1], y: [0.1, 0.1], n: 20 } },
    } });
    expect(calibrate('scan-date', 'extracted', 0.5)).toBe(0.1);
    expect(calibrate('scan-date', 'missing', 0.5)).toBe(0.9);
  });

  test('keeps confidences inside 0.01..0.99', () => {
    setCalibrator({ version: 't', groups: { date: { extracted: { x: [0, 1], y: [0, 1], n: 50 } } } });
    expect(calibrate('date', 'extracted', 1)).toBe(0.99);
    expect(calibrate('date', 'extracted', 0)).toBe(0.01);
  });
});

describe('calibrate with a second stage', () => {
  afterEach(() => setCalibrator(undefined));
  const flat = { x: [0, 1], y: [0.8, 0.8], n: 100 };
  // weights: logit 1, bias 0, ocr doubt -4, doc ocr doubt 0, margin 0, scanned 0, alt read -2, short doc 0
  const stage = { inputs: RECALIBRATION_INPUTS, weights: { ocr: [1, 0, -4, 0, 0, 0, -2, 0], digital: [1, 0, 0, 0, 0, 0, 0, 0] } };
  const clean = { ocr: 1, docOcr: 1, alt: 0, margin: 0.3 };

  test('a value whose words OCR read less surely gets lower confidence at the same score', () => {
    setCalibrator({ version: 't', groups: { amount: { extracted: flat } }, recalibration: stage });
    expect(calibrate('scan-amount', 'extracted', 0.5, clean)).toBe(0.8);
    expect(calibrate('scan-amount', 'extracted', 0.5, { ...clean, ocr: 0.5 })).toBeLessThan(0.4);
    expect(calibrate('scan-amount', 'extracted', 0.5, { ...clean, alt: 1 })).toBeLessThan(0.5);
  });

  test('fields of digital documents use the digital weights', () => {
    setCalibrator({ version: 't', groups: { amount: { extracted: flat } }, recalibration: stage });
    expect(calibrate('amount', 'extracted', 0.5, { ...clean, ocr: 0.5 })).toBe(0.8);
  });

  test('missing fields and values without features keep the isotonic probability', () => {
    setCalibrator({ version: 't', groups: { amount: { extracted: flat, missing: flat } }, recalibration: stage });
    expect(calibrate('scan-amount', 'extracted', 0.5)).toBe(0.8);
    expect(calibrate('scan-amount', 'missing', 0.5, { ...clean, ocr: 0.2 })).toBe(0.8);
  });

  test('a value read whole less surely (many doubtful words) gets lower confidence than one word as doubtful', () => {
    // only the joint-read input weighs: the same lowest word confidence, a different chance that every word is right
    const joint = { inputs: RECALIBRATION_INPUTS, weights: { ocr: [1, 0, 0, 0, 0, 0, 0, 0, -3] } };
    setCalibrator({ version: 't', groups: { address: { extracted: flat } }, recalibration: joint });
    const oneWord = calibrate('scan-address', 'extracted', 0.5, { ...clean, ocr: 0.8, ocrAll: 0.8 });
    const tenWords = calibrate('scan-address', 'extracted', 0.5, { ...clean, ocr: 0.8, ocrAll: 0.8 ** 10 });
    expect(tenWords).toBeLessThan(oneWord - 0.2);
    // a value without the product (older records) is taken as read by its least sure word
    expect(calibrate('scan-address', 'extracted', 0.5, { ...clean, ocr: 0.8 })).toBe(oneWord);
    // no surprise beyond a 1-in-100 chance: the input saturates at 1
    expect(recalibrationInputs('scan-address', 0.8, { ...clean, ocr: 0.001, ocrAll: 1e-9 })[RECALIBRATION_INPUTS.indexOf('joint_ocr_doubt')]).toBe(1);
  });

  test('an artefact without a second stage ignores the features', () => {
    setCalibrator({ version: 't', groups: { amount: { extracted: flat } } });
    expect(calibrate('scan-amount', 'extracted', 0.5, { ...clean, ocr: 0.2 })).toBe(0.8);
  });
});

test('the second stage sees whether the document is short', () => {
  const stage = { inputs: RECALIBRATION_INPUTS, weights: { digital: [1, 0, 0, 0, 0, 0, 0, 2] } };
  setCalibrator({ version: 't', groups: { amount: { extracted: { x: [0, 1], y: [0.5, 0.5], n: 100 } } }, recalibration: stage });
  const f = { ocr: 1, docOcr: 1, alt: 0, margin: 0.3 };
  expect(calibrate('amount', 'extracted', 0.5, { ...f, pages: 1 })).toBeGreaterThan(calibrate('amount', 'extracted', 0.5, { ...f, pages: 40 }));
  setCalibrator(undefined);
});

describe('calibrate with shrinkage toward the general maps', () => {
  afterEach(() => setCalibrator(undefined));
  const flat = (y: number, n: number) => ({ x: [0, 1], y: [y, y], n });

  test('a group no training set had draws on the pooled maps instead of passing the raw score through', () => {
    setCalibrator({ version: 't', shrinkage: 20, groups: { __all__: { extracted: flat(0.9, 2000) } } });
    // 0.9 blended with the 0.5 root by 2000 / (2000 + 20)
    expect(calibrate('boolean', 'extracted', 0.37)).toBeCloseTo((2000 * 0.9 + 20 * 0.5) / 2020, 3);
  });

  test('a map fitted on few fields is pulled toward the general maps, one fitted on many hardly at all', () => {
    const general = { __digital__: { extracted: flat(0.8, 5000) }, __all__: { extracted: flat(0.8, 5000) } };
    setCalibrator({ version: 't', shrinkage: 20, groups: { ...general, amount: { extracted: flat(1, 10) }, date: { extracted: flat(1, 2000) } } });
    expect(calibrate('amount', 'extracted', 0.5)).toBeCloseTo(0.867, 2); // (10 * 1 + 20 * ~0.8) / 30
    expect(calibrate('date', 'extracted', 0.5)).toBeGreaterThan(0.98);
  });

  test("a profile group without its own map draws on its field's maps of scanned documents, then of all documents, before its domain's pool", () => {
    const pool = { __ocr__: { extracted: flat(0.7, 500) } };
    setCalibrator({ version: 't', shrinkage: 0, groups: { 'scan-address': { extracted: flat(0.4, 50) }, address: { extracted: flat(0.95, 50) }, ...pool } });
    expect(calibrate('receipt-address', 'extracted', 0.5)).toBe(0.4);
    setCalibrator({ version: 't', shrinkage: 0, groups: { address: { extracted: flat(0.95, 50) }, ...pool } });
    expect(calibrate('receipt-address', 'extracted', 0.5)).toBe(0.95);
    setCalibrator({ version: 't', shrinkage: 0, groups: pool });
    expect(calibrate('receipt-address', 'extracted', 0.5)).toBe(0.7);
  });

  test('a scanned document\'s field draws on its base group, then its domain\'s pool', () => {
    setCalibrator({ version: 't', shrinkage: 0, groups: { __ocr__: { extracted: flat(0.7, 500) } } });
    expect(calibrate('scan-name', 'extracted', 0.5)).toBe(0.7);
    setCalibrator({ version: 't', shrinkage: 0, groups: { name: { extracted: flat(0.9, 50) }, __ocr__: { extracted: flat(0.7, 500) } } });
    expect(calibrate('scan-name', 'extracted', 0.5)).toBe(0.9);
  });

  test("a missing answer on an OCR'd document draws on the OCR domain's missing map, not the digital one's", () => {
    setCalibrator({ version: 't', shrinkage: 20, groups: {
      __ocr__: { missing: flat(0.3, 500) }, __digital__: { missing: flat(0.95, 500) }, __all__: { missing: flat(0.9, 1000) },
    } });
    expect(calibrate('scan-address', 'missing', 0)).toBeLessThan(0.35);
    expect(calibrate('address', 'missing', 0)).toBeGreaterThan(0.9);
  });
});

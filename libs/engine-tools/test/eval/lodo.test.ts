import { leaveOneSetOut, lodoReport, type LodoRecord } from '../../src/eval/lodo.js';

const rec = (set: string, c: string, over: Partial<LodoRecord> = {}): LodoRecord => ({
  set, case: c, group: 'date', state: 'extracted', raw: 0.9, strict: 1, fuzzy: 1, ...over,
});

describe('leave-one-dataset-out split', () => {
  const records = [
    rec('cuad', 'a'), rec('cuad', 'b'), rec('sroie', 'a'), rec('invoice2data', 'a'),
    rec('scan-fax-invoice2data', 'a'), rec('scan-bw-invoice2data', 'a'),
  ];

  test('each set is scored by a model fitted without any of its records or its scanned copies', () => {
    const trainedOn: string[][] = [];
    const out = leaveOneSetOut(records, (train) => trainedOn.push(train.map((r) => r.set)) - 1, (m) => m);
    const original = (set: string) => set.replace(/^scan-[a-z]+-/, '');
    for (const { r, p } of out) {
      expect(trainedOn[p]!.length).toBeGreaterThan(0);
      expect(trainedOn[p]!.filter((s) => original(s) === original(r.set))).toEqual([]);
    }
  });

  test('a scanned copy is held out together with its original, never scored by a model trained on it', () => {
    const models: string[][] = [];
    const out = leaveOneSetOut(records, (train) => { models.push(train.map((r) => r.set)); return models.length - 1; }, (m) => m);
    const modelOf = (set: string) => out.find((x) => x.r.set === set)!.p;
    expect(modelOf('scan-fax-invoice2data')).toBe(modelOf('invoice2data'));
    expect(modelOf('scan-bw-invoice2data')).toBe(modelOf('invoice2data'));
    expect(models[modelOf('invoice2data')]).toEqual(['cuad', 'cuad', 'sroie']);
  });

  test('every record is scored exactly once', () => {
    const out = leaveOneSetOut(records, () => 0, () => 0);
    expect(out).toHaveLength(records.length);
    expect(new Set(out.map((x) => x.r)).size).toBe(records.length);
  });
});

describe('LODO calibration report', () => {
  // Two sets whose high-scoring dates are right in one and wrong in the other: a calibrator trained on both
  // says ~0.5 and looks fine in-sample; held out, each set gets the other's map and is badly calibrated.
  const many = (set: string, n: number, over: Partial<LodoRecord>) => Array.from({ length: n }, (_, i) => rec(set, `c${i}`, over));
  const shippedHalf = { groups: { date: { extracted: { x: [0, 1], y: [0.5, 0.5], n: 100 } } } };

  test("a held-out set's ECE comes from a calibrator that never saw it", () => {
    const records = [...many('right', 60, { strict: 1 }), ...many('wrong', 60, { strict: 0, fuzzy: 0 })];
    const rep = lodoReport(records, shippedHalf);
    const row = (s: string) => rep.rows.find((r) => r.set === s)!;
    expect(row('right').inEce).toBeCloseTo(0.5, 6);
    expect(row('right').lodoEce).toBeGreaterThan(0.9);
    expect(row('wrong').lodoEce).toBeGreaterThan(0.9);
    expect(row('right').strict).toBe(1);
    expect(row('wrong').lodoStrict).toBe(0);
  });

  test('ECE counts missing fields, whose confidence is the probability that missing is right', () => {
    // extracted fields perfectly calibrated in both sets; missing answers confidently "absent" in one set but
    // in the held-out set the field was there every time (strict 0)
    const ok = (set: string) => [...many(set, 30, { raw: 0.9, strict: 1 }), ...many(set, 30, { raw: 0.1, strict: 0, fuzzy: 0 })].map((r, i) => ({ ...r, case: `e${i}` }));
    const records = [
      ...ok('a'), ...many('a', 40, { state: 'missing', raw: 0, strict: 1 }),
      ...ok('b'), ...many('b', 40, { state: 'missing', raw: 0, strict: 0, fuzzy: 0 }).map((r, i) => ({ ...r, case: `m${i}` })),
    ];
    const rep = lodoReport(records, { groups: {} });
    const b = rep.rows.find((r) => r.set === 'b')!;
    expect(b.missing).toBe(40);
    // b's 40 missing fields (40% of its fields) get a's confidence that missing is right (~0.99) and are all wrong
    expect(b.lodoEce).toBeGreaterThan(0.35);
    const missing = rep.byOutcome.find((o) => o.state === 'missing')!;
    expect(missing.n).toBe(80);
    expect(missing.accuracy).toBe(0.5);
    expect(missing.ece).toBeGreaterThan(0.4);
  });

  test('LODO auto-approve counts the held-out confidences at or above each threshold', () => {
    const records = [...many('right', 60, { strict: 1 }), ...many('wrong', 60, { strict: 0, fuzzy: 0 })];
    const at90 = lodoReport(records, shippedHalf).autoApprove.find((t) => t.threshold === 0.9)!;
    // 'right' is scored by 'wrong''s map (low) and 'wrong' by 'right''s (high): only the wrong ones clear 0.9
    expect(at90.coverage).toBeCloseTo(0.5, 6);
    expect(at90.accuracy).toBe(0);
  });
});

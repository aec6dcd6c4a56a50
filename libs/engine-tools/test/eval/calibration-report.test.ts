import { autoApprove, ece, eceNoiseFloor } from '../../src/eval/run.js';

test('ECE is 0 when confidence equals the accuracy of its bin', () => {
  const pts = [1, 1, 1, 0].map((y) => ({ p: 0.75, y })); // 3 of 4 right at 0.75
  expect(ece(pts)).toBeCloseTo(0, 6);
});

test('ECE is the gap between confidence and accuracy for an overconfident set', () => {
  expect(ece([{ p: 0.95, y: 0 }, { p: 0.95, y: 1 }])).toBeCloseTo(0.45, 6);
});

test('auto-approve reports coverage and accuracy of the fields at or above each threshold', () => {
  const outcomes = [{ confidence: 0.99, strict: 1 }, { confidence: 0.9, strict: 1 }, { confidence: 0.9, strict: 0 }, { confidence: 0.5, strict: 1 }];
  expect(autoApprove(outcomes, [0.9, 0.95])).toEqual([
    { threshold: 0.9, coverage: 0.75, accuracy: 2 / 3 },
    { threshold: 0.95, coverage: 0.25, accuracy: 1 },
  ]);
});

test('the ECE noise floor is 0 for certain predictions and shrinks as the set grows', () => {
  expect(eceNoiseFloor([0, 1, 1, 0])).toBe(0);
  const ps = (n: number) => Array.from({ length: n }, (_, i) => 0.5 + 0.4 * (i % 5) / 4);
  expect(eceNoiseFloor(ps(40))).toBeGreaterThan(eceNoiseFloor(ps(1000)) * 2);
});

import { fitLogistic, logisticProbability, solveLinear } from '../../src/learn/logistic.js';

/** Deterministic pseudo-random numbers (a test must not depend on Math.random). */
function lcg(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

test('solveLinear solves a small system', () => {
  const x = solveLinear([[4, 1], [1, 3]], [1, 2]);
  expect(x[0]).toBeCloseTo(1 / 11, 10);
  expect(x[1]).toBeCloseTo(7 / 11, 10);
});

test('fitLogistic recovers the weights that generated the labels', () => {
  const rnd = lcg(7);
  const truth = [-0.5, 2, -1];
  const x: number[][] = [];
  const y: number[] = [];
  for (let n = 0; n < 4000; n++) {
    const row = [1, rnd() * 4 - 2, rnd() * 4 - 2];
    x.push(row);
    y.push(rnd() < logisticProbability(truth, row) ? 1 : 0);
  }
  const w = fitLogistic(x, y, { lambda: 0.01 });
  w.forEach((wi, i) => expect(Math.abs(wi - truth[i]!)).toBeLessThan(0.25));
});

test('fitLogistic keeps inactive inputs at zero and pulls weights toward the prior', () => {
  const x = [[1, 1], [1, -1], [1, 1], [1, -1]];
  const y = [1, 0, 1, 0];
  expect(fitLogistic(x, y, { active: [0] })[1]).toBe(0);
  // a strong penalty toward a prior of 3 keeps the slope near 3 whatever the data says
  expect(fitLogistic(x, y, { lambda: 1e6, prior: [0, 3] })[1]).toBeCloseTo(3, 2);
});

test('a weight whose own L2 strength is very large stays at its prior while the others are fitted', () => {
  const rnd = (() => { let s = 3; return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff; })();
  const x = Array.from({ length: 2000 }, () => [rnd() * 4 - 2, 1]);
  const y = x.map(([a]) => (rnd() < 1 / (1 + Math.exp(-(3 * a! - 1))) ? 1 : 0));
  const free = fitLogistic(x, y, { prior: [1, 0] });
  const pinned = fitLogistic(x, y, { prior: [1, 0], lambda: [1e6, 1] });
  expect(free[0]).toBeGreaterThan(2.5);
  expect(pinned[0]).toBeCloseTo(1, 3);
});

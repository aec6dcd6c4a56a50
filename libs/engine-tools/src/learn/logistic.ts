/**
 * L2-regularised logistic regression fitted by Newton steps: small dense models (tens of inputs, tens of
 * thousands of rows) trained from the eval records, shipped as plain weight vectors.
 */

/** Solves a x = b by Gauss-Jordan elimination with partial pivoting (a is small and positive definite here). */
export function solveLinear(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[piv]![c]!)) piv = r;
    [m[c], m[piv]] = [m[piv]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** The model's probability for one input row. */
export function logisticProbability(w: readonly number[], x: readonly number[]): number {
  let z = 0;
  for (let i = 0; i < w.length; i++) z += w[i]! * (x[i] ?? 0);
  return sigmoid(z);
}

export interface LogisticOptions {
  /** L2 strength toward the prior: one for every weight, or one per weight (a large one pins a weight to its prior). Default 1. */
  lambda?: number | readonly number[];
  /** Weights the penalty pulls toward (default 0 each). */
  prior?: readonly number[];
  /** Per-row weights (default 1 each). */
  rowWeights?: readonly number[];
  /** Newton steps at most. Default 50. */
  maxSteps?: number;
  /** Inputs fitted (the others' weights stay 0). Default all. */
  active?: readonly number[];
}

/** Weights w minimising the weighted log-loss of sigmoid(w.x) against y plus lambda/2 |w - prior|^2. */
export function fitLogistic(x: readonly (readonly number[])[], y: readonly number[], opts: LogisticOptions = {}): number[] {
  const d = x[0]?.length ?? opts.prior?.length ?? 0;
  const active = opts.active ?? Array.from({ length: d }, (_, i) => i);
  const k = active.length;
  const lambda = active.map((i) => (typeof opts.lambda === 'number' ? opts.lambda : opts.lambda?.[i] ?? 1));
  const prior = active.map((i) => opts.prior?.[i] ?? 0);
  let w = [...prior];
  for (let it = 0; it < (opts.maxSteps ?? 50); it++) {
    const h = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j ? lambda[i]! : 0)));
    const g = w.map((wi, i) => lambda[i]! * (wi - prior[i]!));
    const v = new Array<number>(k);
    x.forEach((row, n) => {
      let z = 0;
      for (let i = 0; i < k; i++) { v[i] = row[active[i]!]!; z += v[i]! * w[i]!; }
      const p = sigmoid(z);
      const rw = opts.rowWeights?.[n] ?? 1;
      const q = rw * p * (1 - p);
      const e = rw * (p - y[n]!);
      for (let i = 0; i < k; i++) {
        if (v[i] === 0) continue;
        g[i]! += e * v[i]!;
        for (let j = 0; j < k; j++) h[i]![j]! += q * v[i]! * v[j]!;
      }
    });
    const step = solveLinear(h, g);
    w = w.map((wi, i) => wi - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  const full = new Array<number>(d).fill(0);
  active.forEach((i, n) => { full[i] = w[n]!; });
  return full;
}

/**
 * The datasets README's comparison rules: null/[] means "must be missing"; ISO dates; amounts within
 * 0.005; booleans; strings NFKC/case-folded/whitespace-collapsed/punctuation-stripped (identifiers on
 * letters and digits only) with a fuzzy credit at similarity >= 0.9 for names and addresses; lists of
 * names by set F1 with fuzzy item matching (strict only at F1 = 1).
 */
import { parseAmount, type LeafNode } from '@exs/engine';
import { alnum, normText, similarity } from '@exs/engine/internals';

export interface Score {
  strict: number;
  fuzzy: number;
}

const IDENTIFIER = new Set(['identifier', 'iban', 'bic', 'vat']);
const FUZZY = new Set(['organization', 'person', 'party', 'address', 'street', 'city', 'title', 'text', 'jurisdiction', 'enum']);

const isEmpty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0) || v === '';

export function compareScalar(expected: unknown, got: unknown, leaf: Pick<LeafNode, 'semantic' | 'types'>): Score {
  if (isEmpty(expected)) return isEmpty(got) ? { strict: 1, fuzzy: 1 } : { strict: 0, fuzzy: 0 };
  if (isEmpty(got)) return { strict: 0, fuzzy: 0 };
  if (typeof expected === 'boolean') {
    const ok = got === expected;
    return { strict: +ok, fuzzy: +ok };
  }
  if (typeof expected === 'number') {
    const g = typeof got === 'number' ? got : parseAmount(String(got));
    const ok = g !== undefined && Math.abs(g - expected) < 0.005 + 1e-9;
    return { strict: +ok, fuzzy: +ok };
  }
  const e = String(expected);
  const g = String(got);
  if (IDENTIFIER.has(leaf.semantic)) {
    const ok = alnum(e) === alnum(g);
    return { strict: +ok, fuzzy: +ok };
  }
  const ne = normText(e);
  const ng = normText(g);
  if (ne === ng) return { strict: 1, fuzzy: 1 };
  if (FUZZY.has(leaf.semantic) && similarity(ne, ng) >= 0.9) return { strict: 0, fuzzy: 1 };
  return { strict: 0, fuzzy: 0 };
}

/** Set F1 between two lists of names with fuzzy (>= 0.9) item matching. */
export function listF1(expected: unknown[], got: unknown[]): number {
  const e = expected.map((x) => normText(String(x)));
  const g = got.map((x) => normText(String(x)));
  if (!e.length && !g.length) return 1;
  if (!e.length || !g.length) return 0;
  const used = new Set<number>();
  let tp = 0;
  for (const x of e) {
    let best = -1;
    let bestSim = 0.9 - 1e-9;
    g.forEach((y, j) => {
      if (used.has(j)) return;
      const s = x === y ? 1 : similarity(x, y);
      if (s >= bestSim) { bestSim = s; best = j; }
    });
    if (best >= 0) { used.add(best); tp++; }
  }
  const p = tp / g.length;
  const r = tp / e.length;
  return p + r ? (2 * p * r) / (p + r) : 0;
}

/** Lists of names: strict only when F1 = 1; fuzzy credit = F1. */
export function compareList(expected: unknown[], got: unknown[]): Score {
  const f1 = listF1(expected ?? [], got ?? []);
  return { strict: f1 > 0.999 ? 1 : 0, fuzzy: f1 };
}

/** Cell-level F1 for arrays of objects (line items), matching rows in order by best overlap. */
export function lineItemF1(expected: Record<string, unknown>[], got: Record<string, unknown>[]): { tp: number; fp: number; fn: number } {
  const cells = (rows: Record<string, unknown>[]) =>
    rows.flatMap((r, i) => Object.entries(r ?? {}).filter(([, v]) => !isEmpty(v)).map(([k, v]) => ({ i, k, v: typeof v === 'number' ? v.toFixed(2) : normText(String(v)) })));
  const e = cells(expected ?? []);
  const g = cells(got ?? []);
  const pool = new Map<string, number>();
  for (const c of g) pool.set(`${c.k}\u0000${c.v}`, (pool.get(`${c.k}\u0000${c.v}`) ?? 0) + 1);
  let tp = 0;
  for (const c of e) {
    const key = `${c.k}\u0000${c.v}`;
    const n = pool.get(key) ?? 0;
    if (n > 0) { tp++; pool.set(key, n - 1); }
  }
  return { tp, fp: g.length - tp, fn: e.length - tp };
}

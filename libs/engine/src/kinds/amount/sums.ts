/**
 * Sibling subtotal, tax and total fields must add up: among each one's best few candidates, the combination with
 * subtotal + tax = total (and the highest combined score) goes first in each list.
 */
import type { LeafNode, ObjectNode } from '../../schema/compile.js';
import { amountFamily, type AmountFamily } from '../../extract/labels.js';
import type { Scored } from '../../extract/scored.js';

export interface SumsOptions {
  /** The field's candidates by its kind. */
  rank(leaf: LeafNode): Scored[];
  /** A document profile reads the field: its scores are on another scale, so the sum is not checked. */
  profiled(leaf: LeafNode): boolean;
}

/** How far subtotal + tax may miss the total and still add up: a cent of rounding. */
const SUM_TOLERANCE = 0.011;

/** The object's amount fields by family (subtotal, tax, total), or undefined when two fields share a family (ambiguous). */
function families(node: ObjectNode): Map<AmountFamily, { name: string; leaf: LeafNode }> | undefined {
  const fam = new Map<AmountFamily, { name: string; leaf: LeafNode }>();
  for (const { name, node: sub } of node.properties) {
    if (sub.kind !== 'leaf' || sub.semantic !== 'amount') continue;
    const f = amountFamily(sub.reading ?? sub.name);
    if (!f) continue;
    if (fam.has(f)) return undefined;
    fam.set(f, { name, leaf: sub });
  }
  return fam;
}

/**
 * Whether the extracted subtotal, tax and total agree (subtotal + tax = total; without a tax field, subtotal <=
 * total): 1 for each of them when they do, -1 when they do not. Nothing when a member is missing or the schema
 * has no such pair. A calibration input: values that do not add up were read from the wrong lines more often
 * than their ranker scores say.
 */
export function sumsAgreement(node: ObjectNode, values: Record<string, unknown>): Map<string, 1 | -1> {
  const out = new Map<string, 1 | -1>();
  const fam = families(node);
  const s = fam?.get('subtotal');
  const T = fam?.get('total');
  if (!fam || !s || !T) return out;
  const t = fam.get('tax');
  const members = t ? [s, t, T] : [s, T];
  const nums = members.map((m) => values[m.name]);
  if (!nums.every((v) => typeof v === 'number' && Number.isFinite(v))) return out;
  const [a, b, c] = nums as number[];
  const agree = t ? Math.abs(a! + b! - c!) <= SUM_TOLERANCE : a! <= b! + SUM_TOLERANCE;
  for (const m of members) out.set(m.name, agree ? 1 : -1);
  return out;
}

/** How many of each field's best candidates the sum is looked for among. */
const K = 6;
/** How much a total's label says about a subtotal that the arithmetic picks (BORROWED_TOTAL x its score as a total). */
const BORROWED_TOTAL = 0.8;

/** The reordered candidate lists of the object's subtotal, tax and total fields (by property name), when their sum holds. */
export function consistentSums(node: ObjectNode, o: SumsOptions): Map<string, Scored[]> {
  const out = new Map<string, Scored[]>();
  const fam = families(node);
  if (!fam) return out; // two fields of one family: ambiguous
  const s = fam.get('subtotal');
  const T = fam.get('total');
  if (!T) return out;
  if (!s) return taxNotTheTotal(fam, o);
  // Without a tax field, the tax is still looked for (as a field of its own would be) to check the sum.
  const t = fam.get('tax') ?? { name: '', leaf: { ...s.leaf, name: 'tax_amount', reading: 'tax_amount', title: undefined, description: undefined } };
  const taxFloor = fam.has('tax') ? 0 : 0.3;
  if ([s, t, T].some((x) => o.profiled(x.leaf))) return out;
  const lists = [s, t, T].map((x) => o.rank(x.leaf));
  // An unqualified "Total" may print the net: "TOTAL 100.00 / TAX 20.00 / TOTAL WITH TAX 120.00". The subtotal may
  // take an amount labelled as a total (a little less sure than its own label) when a tax and a larger total add up.
  const own = new Set(lists[0]!.slice(0, K).map((x) => x.value));
  const borrowed = lists[2]!.slice(0, K).filter((x) => x.features.lab > 0 && !own.has(x.value)).map((x) => ({ ...x, score: x.score * BORROWED_TOTAL }));
  const pools = [[...lists[0]!.slice(0, K), ...borrowed], lists[1]!.slice(0, K), lists[2]!.slice(0, K)];
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN);
  // One tax line, or one tax line per rate ("VAT 7 %" and "VAT 19 %") whose sum is the tax: whichever adds up with
  // the higher score. Line amounts can add up too ("8.00 + 2310.00 = 2318.00"), so neither reading goes first.
  const [ls, lt, lT] = pools as [Scored[], Scored[], Scored[]];
  const taxPools = [lt, taxSums(lt)];
  let best: { i: number; j: number; k: number; score: number; taxes: Scored[] } | undefined;
  for (const taxes of taxPools) {
    for (let i = 0; i < ls.length; i++) {
      for (let j = 0; j < taxes.length; j++) {
        for (let k = 0; k < lT.length; k++) {
          const a = num(ls[i]!.value), b = num(taxes[j]!.value), c = num(lT[k]!.value);
          if (!(c > 0 && a > 0 && b > 0) || Math.abs(a + b - c) > SUM_TOLERANCE || taxes[j]!.score < taxFloor) continue;
          const score = ls[i]!.score + taxes[j]!.score + lT[k]!.score;
          if (!best || score > best.score) best = { i, j, k, score, taxes };
        }
      }
    }
  }
  if (!best) return taxNotTheTotal(fam, o);
  pools[1] = best.taxes;
  const pick = [best.i, best.j, best.k];
  [s, t, T].forEach((x, n) => {
    if (!x.name) return;
    const list = lists[n]!;
    const chosen = pools[n]![pick[n]!]!;
    const top = list[0]?.score ?? 0;
    const reordered = [{ ...chosen, score: Math.max(chosen.score, top) }, ...list.filter((x) => x !== chosen && x.value !== chosen.value)];
    out.set(x.name, reordered);
  });
  return out;
}

/**
 * Where no sum holds (or the object asks for no subtotal): a tax is not the whole total, so a tax field's candidates
 * equal to the total read first (labelled) go ("IVA / Netto Imposta Lordo / 10.38 0.27 10.65": the gross under the
 * tax's header). Only equal ones: a total misread smaller says nothing of a tax larger than it.
 */
function taxNotTheTotal(fam: Map<AmountFamily, { name: string; leaf: LeafNode }>, o: SumsOptions): Map<string, Scored[]> {
  const out = new Map<string, Scored[]>();
  const t = fam.get('tax');
  const T = fam.get('total');
  if (!t || !T || o.profiled(t.leaf)) return out;
  const total = o.rank(T.leaf)[0];
  const taxes = o.rank(t.leaf);
  if (!total || !(total.features.lab > 0) || !taxes.length) return out;
  const isTotal = (x: Scored) => Math.abs(Number(x.value) - Number(total.value)) < SUM_TOLERANCE;
  if (!isTotal(taxes[0]!)) return out;
  const rest = taxes.filter((x) => !isTotal(x));
  if (rest.length) out.set(t.name, rest);
  return out;
}

/** Most tax lines (one per rate) that a document's tax may be the sum of. */
const MAX_RATES = 3;

/**
 * The sums of two or more labelled tax amounts printed in different places (one per rate), each as one candidate
 * grounded on all its parts, as sure as its least sure part.
 */
function taxSums(list: Scored[]): Scored[] {
  const parts = list.filter((x) => x.features.lab > 0 && Number(x.value) > 0 && x.spans.length > 0);
  const out: Scored[] = [];
  const grow = (from: number, chosen: Scored[]) => {
    if (chosen.length >= 2) {
      const cents = chosen.reduce((a, x) => a + Math.round(Number(x.value) * 100), 0);
      out.push({ value: cents / 100, spans: chosen.flatMap((x) => x.spans), score: Math.min(...chosen.map((x) => x.score)), features: { ...chosen[0]!.features, rates: chosen.length } });
    }
    if (chosen.length === MAX_RATES) return;
    for (let n = from; n < parts.length; n++) {
      const at = parts[n]!.spans[0]!;
      if (chosen.some((x) => x.spans.some((sp) => sp.p === at.p && sp.start < at.end && at.start < sp.end))) continue;
      grow(n + 1, [...chosen, parts[n]!]);
    }
  };
  grow(0, []);
  return out;
}

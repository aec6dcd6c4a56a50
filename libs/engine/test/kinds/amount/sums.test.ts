import { compileSchema } from '../../../src/index.js';
import { consistentSums } from '../../../src/kinds/amount/sums.js';
import type { Scored } from '../../../src/extract/scored.js';

const num = { type: 'number' };
const node = compileSchema({ type: 'object', properties: { subtotal: num, tax_amount: num, total: num } }).root;

/** A candidate printed at text offset `at` of page 0, labelled (lab > 0) or not. */
const cand = (value: number, score: number, at: number, lab = 0): Scored => ({ value, score, spans: [{ p: 0, start: at, end: at + 6 }], features: { lab } });

/**
 * An invoice whose lines print 8.00 and 2310.00, whose net 2318.00 is labelled, and whose tax is printed once per
 * rate (0.80 and 508.20) before the total 2827.00: the line amounts add up to the net as well.
 */
const lists: Record<string, Scored[]> = {
  subtotal: [cand(2318, 0.86, 300, 0.9), cand(2310, 0.4, 200), cand(8, 0.3, 100)],
  tax_amount: [cand(0.8, 0.64, 320, 0.5), cand(508.2, 0.64, 340, 0.5), cand(8, 0.3, 100), cand(2310, 0.28, 200)],
  total: [cand(2827, 0.91, 360, 0.9), cand(2318, 0.3, 300), cand(2310, 0.28, 200)],
};
const rank = (name: string) => lists[name]!;

test('the rates\' taxes win over line amounts that happen to add up (8.00 + 2310.00 = 2318.00): the higher sum of scores goes first', () => {
  const out = consistentSums(node, { rank: (leaf) => rank(leaf.name), profiled: () => false });
  expect(out.get('subtotal')![0]!.value).toBe(2318);
  expect(out.get('tax_amount')![0]!.value).toBe(509);
  expect(out.get('total')![0]!.value).toBe(2827);
});

test('a single tax line that adds up goes first when it scores as well as the rates\' sum', () => {
  const single: Record<string, Scored[]> = { ...lists, tax_amount: [cand(509, 0.7, 320, 0.6), ...lists.tax_amount!] };
  const out = consistentSums(node, { rank: (leaf) => single[leaf.name]!, profiled: () => false });
  expect(out.get('tax_amount')![0]!.value).toBe(509);
  expect(out.get('tax_amount')![0]!.features.rates).toBeUndefined();
});

test('a tax equal to the labelled total is no tax: the gross under a tax summary\'s header gives way to the tax', () => {
  const receipt = compileSchema({ type: 'object', properties: { tax: num, total: num } }).root;
  const ranked: Record<string, Scored[]> = {
    tax: [cand(10.65, 0.57, 500, 0.41), cand(0.27, 0.48, 520, 0.5)],
    total: [cand(10.65, 0.81, 400, 0.56)],
  };
  const out = consistentSums(receipt, { rank: (leaf) => ranked[leaf.name]!, profiled: () => false });
  expect(out.get('tax')!.map((x) => x.value)).toEqual([0.27]);
  // (a tax below the total is left as ranked)
  const fine: Record<string, Scored[]> = { ...ranked, tax: [cand(0.27, 0.48, 520, 0.5), cand(10.65, 0.3, 500, 0.41)] };
  expect(consistentSums(receipt, { rank: (leaf) => fine[leaf.name]!, profiled: () => false }).has('tax')).toBe(false);
});

test('a tax larger than a total read smaller (a misread) keeps its place: only a tax equal to the total gives way', () => {
  const receipt = compileSchema({ type: 'object', properties: { tax: num, total: num } }).root;
  const ranked: Record<string, Scored[]> = { tax: [cand(1992.68, 0.6, 500, 0.5), cand(339.06, 0.25, 520)], total: [cand(1000, 0.5, 400, 0.3)] };
  expect(consistentSums(receipt, { rank: (leaf) => ranked[leaf.name]!, profiled: () => false }).has('tax')).toBe(false);
});

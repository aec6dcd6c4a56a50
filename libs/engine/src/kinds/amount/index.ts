/**
 * Amounts and other numbers: amount candidates scored by their label (of the field's own family: a total's label
 * is not a subtotal's), decimals and currency marks, being the rightmost amount of their row, and, for totals,
 * being the largest amount. sums.ts makes sibling subtotal, tax and total agree.
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import { amountCandidates, type RawCandidate } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { amountFamily, keepOwnFamily } from '../../extract/labels.js';
import { rankGeneric } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';

export const amountKind: FieldKind = {
  name: 'amount',
  claims: (leaf) => leaf.semantic === 'amount' || leaf.semantic === 'number' || leaf.semantic === 'integer',
  rank: rankAmounts,
  group: () => 'amount',
};

/** Per amount candidate: is it the rightmost amount on its visual row (the value column of a sums block)? */
function rowLastAmounts(ctx: DocContext, cands: RawCandidate[]): Map<RawCandidate, boolean> {
  return ctx.memo('amount-rowlast', () => {
    const right = new Map<string, number>();
    const info = cands.map((c) => {
      const b = ctx.spanBox(c);
      const key = b ? `${c.p}:${b.row1}` : '';
      if (b) right.set(key, Math.max(right.get(key) ?? 0, b.bbox[0]));
      return { c, key, x: b?.bbox[0] ?? 0 };
    });
    return new Map(info.map((i) => [i.c, !!i.key && i.x >= (right.get(i.key) ?? 0) - 1e-6]));
  });
}

function rankAmounts(ctx: DocContext, leaf: LeafNode): Scored[] {
  const family = amountFamily(leaf.reading ?? leaf.name);
  // the largest amount is the total, not what is left to pay after payments or credits ("Balance Due")
  const isTotal = family === 'total' && !/\b(due|balance|outstanding|payable|remaining|open)\b/.test(fieldWords(leaf).join(' '));
  const cands = amountCandidates(ctx).filter((c) => !c.hints?.yearLike);
  const maxVal = Math.max(0, ...cands.filter((c) => c.hints?.dec).map((c) => c.value as number));
  const last = rowLastAmounts(ctx, cands);
  return rankGeneric(ctx, leaf, cands, { label: true, cue: false, early: 0, hits: family ? (h) => keepOwnFamily(ctx, h, family) : undefined }, (c) => {
    let pr = 0;
    if (c.hints?.dec) pr += 0.5;
    if (c.hints?.cur) pr += 0.2;
    if (isTotal && maxVal > 0 && c.value === maxVal) pr += 0.6;
    if ((c.value as number) === 0) pr -= 0.5;
    if (c.hints?.neg) pr -= 0.4;
    if (last.get(c)) pr += 0.4;
    // the base of a rate ("19% VAT on 100.00", "2 @ $24.00") is not the sum itself
    const before = ctx.pages[c.p].text.slice(Math.max(0, c.start - 6), c.start).toLowerCase();
    if (/(\bon|\baus|\bof|\bvan|\bsur|@)\s*[$€£]?\s*$/.test(before)) pr -= 0.8;
    return pr;
  }).filter((s) => s.features.lab > 0 || s.features.prior > 1);
}

/** Percentages (tax rates, discounts): a percent candidate near its label, which often follows it ("19 % USt."). */
import type { LeafNode } from '../../schema/compile.js';
import { amountCandidates, percentCandidates } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { labelPhrases } from '../../extract/labels.js';
import { aggregate, rankGeneric } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';

export const percentKind: FieldKind = {
  name: 'percent',
  claims: (leaf) => leaf.semantic === 'percent',
  rank: rankPercent,
  // a rate's raw scores behave as an amount's
  group: () => 'amount',
};

function rankPercent(ctx: DocContext, leaf: LeafNode): Scored[] {
  const amounts = amountCandidates(ctx);
  const rowAmounts = ctx.memo('amount-rows', () => {
    const m = new Map<string, number[]>();
    for (const a of amounts) {
      const b = ctx.spanBox(a);
      if (!b) continue;
      const k = `${a.p}:${b.row1}`;
      if (!m.has(k)) m.set(k, []);
      m.get(k)!.push(a.value as number);
    }
    return m;
  });
  const phrases = labelPhrases(leaf).filter((ph) => ph.length >= 2);
  const afterRe = new RegExp(`^\\s*(?:${phrases.map((ph) => ph.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}])`, 'iu');
  // "19 % USt.", "21% BTW": the rate's label often follows it
  const scored = rankGeneric(ctx, leaf, percentCandidates(ctx), { label: true, cue: true, early: 0 }, (c) => 0.8 + (afterRe.test(ctx.pages[c.p].text.slice(c.end, c.end + 16)) ? 1.6 : 0));
  for (const s of scored) {
    // a rate whose row charges nothing ("VAT (19%) 0.00") was not applied
    const b = ctx.spanBox(s.spans[0]);
    const vals = b ? rowAmounts.get(`${s.spans[0].p}:${b.row1}`)?.filter((v) => v !== s.value) : undefined;
    if (vals?.length && vals.every((v) => v === 0)) { s.value = 0; s.features.zeroRow = 1; }
  }
  // "0 if no VAT charged": the description makes absence mean zero
  if (/\b(0|zero) if (no|not)\b/i.test(leaf.description ?? '')) {
    scored.push({ value: 0, spans: [], score: 0.32, features: { absentZero: 1 } });
  }
  return aggregate(scored);
}

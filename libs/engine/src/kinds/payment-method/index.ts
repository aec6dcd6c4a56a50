/** Payment methods ("Visa", "bank transfer", "Überweisung"): a method's name is evidence on its own. */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import { paymentMethodCandidates } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { labelledText } from '../../extract/labelled-text.js';
import { aggregate, rankGeneric } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';
import { freeTextGroup, isFreeText } from '../text/free-text.js';

export const paymentMethodKind: FieldKind = {
  name: 'payment-method',
  claims: (leaf) => {
    if (!isFreeText(leaf)) return false;
    const words = fieldWords(leaf);
    return words.includes('payment') && (words.includes('method') || words.includes('means') || words.includes('type')) && !words.includes('code');
  },
  rank: rankPaymentMethod,
  group: freeTextGroup,
};

/** Unlabelled mentions of a method score by document order; a labelled value adds its own evidence. */
function rankPaymentMethod(ctx: DocContext, leaf: LeafNode): Scored[] {
  const ranked = rankGeneric(ctx, leaf, paymentMethodCandidates(ctx), { label: true, cue: false, early: 0.3 }, () => 0.3)
    .map((s, i) => ({ ...s, score: Math.max(s.score, 0.5 - 0.1 * Math.min(i, 3)) }));
  return aggregate([...ranked, ...labelledText(ctx, leaf).map((s) => ({ ...s, score: s.score * 0.8 }))]);
}

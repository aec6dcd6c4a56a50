/**
 * Durations ("2 years", "30 days"): in contracts (the contract profile) the agreement's term and its renewals
 * are read from the sentences that state them (legal-terms.ts); elsewhere a duration near the field's cue words.
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import { durationCandidates } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { aggregate, rankGeneric } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import { isProse } from '../../profiles/contract.js';
import type { FieldKind } from '../field-kind.js';
import { isAgreementTermField, isRenewalNoticeField, isRenewalTermField, rankAgreementTerm, rankRenewalTerms } from './legal-terms.js';

export const durationKind: FieldKind = {
  name: 'duration',
  claims: (leaf) => leaf.semantic === 'duration',
  rank: rankDuration,
  group: () => 'duration',
};

function rankDuration(ctx: DocContext, leaf: LeafNode): Scored[] {
  if (isProse(ctx) && isAgreementTermField(leaf)) return aggregate(rankAgreementTerm(ctx).map((s) => ({ ...s, spans: [...s.spans], features: { ...s.features } })));
  // renewals of contracts: the renewal's length and the notice that prevents it, from the sentence that renews
  if (isProse(ctx) && (isRenewalTermField(leaf) || isRenewalNoticeField(leaf))) {
    return aggregate(rankRenewalTerms(ctx, isRenewalNoticeField(leaf) ? 'notice' : 'length').map((s) => ({ ...s, spans: [...s.spans], features: { ...s.features } })));
  }
  const cands = durationCandidates(ctx);
  const words = fieldWords(leaf).join(' ');
  return rankGeneric(ctx, leaf, cands, { label: false, cue: true, early: 0.3, window: 200 }, (c) => {
    let pr = -0.4;
    const v = String(c.value);
    if (/\bterm\b/.test(words) && !/renewal|notice/.test(words) && /day/.test(v)) pr -= 0.6;
    if (/notice/.test(words) && /year/.test(v)) pr -= 0.5;
    return pr;
  });
}

/**
 * Tax and company registration ids (VAT, SIREN/SIRET, ...): labelled ids of the right party. The line's own words
 * ("Your VAT number", "Su NIF", "Customer VAT") or the party block it sits in (under "Bill to", "Nabywca") say
 * whose id it is; a French SIREN is read out of a SIRET.
 */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import { BUYER_FIELD_WORDS, fieldWordsTest } from '../../knowledge/field-words/index.js';
import { phrasesOf, phrasesPattern, YOURS_WORDS } from '../../knowledge/labels/index.js';
import { vatCandidates } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { aggregate, rankPattern } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';

export const taxIdKind: FieldKind = {
  name: 'tax-id',
  claims: (leaf) => leaf.semantic === 'vat',
  rank: rankTaxId,
  group: () => 'identifier',
};

function rankTaxId(ctx: DocContext, leaf: LeafNode): Scored[] {
  const ranked = sideOfLine(ctx, leaf, rankPattern(ctx, leaf, vatCandidates(ctx), 0).filter((s) => s.features.lab > 0));
  if (!fieldWords(leaf).includes('siren')) return ranked;
  // A French SIREN is the first nine digits of the establishment's 14-digit SIRET.
  return aggregate(ranked.map((s) => {
    const digits = String(s.value).replace(/\D/g, '');
    return digits.length === 14 ? { ...s, value: digits.slice(0, 9) } : s;
  }));
}

/** A field asking for the customer's side ("customer_vat", "buyer_tax_id"): the words of knowledge/field-words. */
const customerSideField = fieldWordsTest(BUYER_FIELD_WORDS.blocks);
/** "Your VAT number", "Uw BTW nummer", "Customer VAT": the line names the customer's own identifier. */
const CUSTOMER_CUE = new RegExp(phrasesPattern([...YOURS_WORDS, ...phrasesOf('buyer')]), 'iu');

/** Identifiers of the other party's (customer vs vendor: by their line's words or their party block) lose half their score. */
function sideOfLine(ctx: DocContext, leaf: LeafNode, list: Scored[]): Scored[] {
  const customerField = customerSideField(fieldWords(leaf).join(' '));
  const out = list.map((s) => {
    const sp = s.spans[0];
    if (!sp) return s;
    const page = ctx.pages[sp.p];
    const line = page?.lines[ctx.lineIndex(sp.p, sp.start)];
    if (!page || !line) return s;
    const before = page.text.slice(line.start, sp.start);
    // the line's own words ("Your VAT no."), else the party block it sits in ("Bill to:" / "Seller" above it)
    const customer = CUSTOMER_CUE.test(before) || ctx.blockRole(sp.p, ctx.lineIndex(sp.p, sp.start), sp.start).role === 'buyer';
    return customer !== customerField ? { ...s, score: s.score * 0.5 } : s;
  });
  return out.sort((a, b) => b.score - a.score);
}

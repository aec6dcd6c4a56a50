/** Identifiers (invoice, order, account numbers ...): a labelled code with digits that is not part of a date. */
import type { LeafNode } from '../../schema/compile.js';
import { findDates } from '../../normalize/dates.js';
import { dateCandidates, identifierCandidates, type RawCandidate } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { dropForeignQualified, labelPhrases } from '../../extract/labels.js';
import { rankGeneric } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import { CURRENCY_MENTION_SOURCE } from '../../knowledge/currencies/index.js';
import type { FieldKind } from '../field-kind.js';

/** Digits grouped by thousands and/or with two decimals, as amounts are printed. */
const AMOUNT_SHAPE = /^\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d{2})?$|^\d+[.,]\d{2}$/;
/**
 * A currency symbol or code right before ("€ 12", "EUR 12") or after ("12 €") a value, on its line: a currency on
 * the next line is another cell's value (a "Currency" column beside a "Number" one).
 */
const CURRENCY_BESIDE = new RegExp(`(?:${CURRENCY_MENTION_SOURCE})[ \\u00a0]?\\|$|^[^|]*\\|[ \\u00a0]?(?:${CURRENCY_MENTION_SOURCE})`, 'u');

export const identifierKind: FieldKind = {
  name: 'identifier',
  claims: (leaf) => leaf.semantic === 'identifier',
  rank: rankIdentifier,
  group: () => 'identifier',
};

function rankIdentifier(ctx: DocContext, leaf: LeafNode): Scored[] {
  // a number inside a date ("Jan 1, 2022") is part of the date, not an identifier
  const dates = dateCandidates(ctx);
  const inDate = (c: RawCandidate) => dates.some((d) => d.p === c.p && d.start <= c.start && d.end >= c.end && d.end - d.start > c.end - c.start);
  const cands = identifierCandidates(ctx).filter((c) => !inDate(c));
  const isDateish = (c: RawCandidate) => findDates(c.text, ctx.dateOrder).length > 0;
  const phrases = labelPhrases(leaf);
  return rankGeneric(ctx, leaf, cands, { label: true, cue: false, early: 0.4, hits: (h) => dropForeignQualified(ctx, h, phrases) }, (c) => {
    let pr = 0;
    const digits = (c.text.match(/\d/g) ?? []).length;
    if (digits >= 4) pr += 0.3;
    if (digits <= 2) pr -= 0.6;
    if (isDateish(c)) pr -= 1.5;
    // a sum of money is no identifier: amount-shaped ("2.572", "660.00", "1.234,56") or beside a currency
    if (AMOUNT_SHAPE.test(c.text)) pr -= 0.6;
    const around = `${ctx.pages[c.p].text.slice(Math.max(0, c.start - 5), c.start)}|${ctx.pages[c.p].text.slice(c.end, c.end + 5)}`;
    if (CURRENCY_BESIDE.test(around)) pr -= 1.0;
    return pr;
  }).filter((s) => s.features.lab > 0);
}

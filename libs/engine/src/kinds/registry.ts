/**
 * The registered field kinds, in the order they are asked: the first that claims a field reads it. Specific kinds
 * come first, free text last (it claims every field).
 */
import type { LeafNode } from '../schema/compile.js';
import type { DocContext } from '../extract/context.js';
import type { Scored } from '../extract/scored.js';
import type { FieldKind } from './field-kind.js';
import { addressKind } from './address/index.js';
import { amountKind } from './amount/index.js';
import { bicKind, ibanKind } from './bank-account/index.js';
import { booleanClauseKind } from './boolean-clause/index.js';
import { emailKind, phoneKind, urlKind } from './contact/index.js';
import { currencyKind, currencySymbolKind } from './currency/index.js';
import { dateKind } from './date/index.js';
import { durationKind } from './duration/index.js';
import { identifierKind } from './identifier/index.js';
import { jurisdictionKind } from './jurisdiction/index.js';
import { organizationKind } from './organization/index.js';
import { partiesKind } from './parties/index.js';
import { paymentMethodKind } from './payment-method/index.js';
import { paymentTermsKind } from './payment-terms/index.js';
import { percentKind } from './percent/index.js';
import { taxIdKind } from './tax-id/index.js';
import { textKind } from './text/index.js';
import { titleKind } from './title/index.js';

export const FIELD_KINDS: readonly FieldKind[] = [
  booleanClauseKind, dateKind, amountKind, percentKind, currencyKind, currencySymbolKind, durationKind, jurisdictionKind,
  emailKind, urlKind, phoneKind, ibanKind, bicKind, taxIdKind, identifierKind, organizationKind, addressKind, titleKind,
  partiesKind, paymentMethodKind, paymentTermsKind, textKind,
];

/** The kind that reads a field. */
export function kindOf(leaf: LeafNode): FieldKind {
  return FIELD_KINDS.find((k) => k.claims(leaf)) ?? textKind;
}

/** The kind that reads a list of such items: one that reads lists its own way, else the item's own kind. */
export function listKindOf(item: LeafNode): FieldKind {
  return FIELD_KINDS.find((k) => k.claimsList?.(item)) ?? kindOf(item);
}

/** A field's candidates, best first, by its kind. */
export function rankLeaf(ctx: DocContext, leaf: LeafNode): Scored[] {
  return kindOf(leaf).rank(ctx, leaf);
}

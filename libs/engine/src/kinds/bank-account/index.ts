/** Bank account identifiers: IBANs (their checksum makes them evidence alone) and BICs (only when labelled). */
import { bicCandidates, ibanCandidates } from '../../extract/candidates.js';
import { rankPattern } from '../../extract/ranking.js';
import type { FieldKind } from '../field-kind.js';

export const ibanKind: FieldKind = {
  name: 'iban',
  claims: (leaf) => leaf.semantic === 'iban',
  rank: (ctx, leaf) => rankPattern(ctx, leaf, ibanCandidates(ctx), 0.8),
  group: () => 'identifier',
};

export const bicKind: FieldKind = {
  name: 'bic',
  claims: (leaf) => leaf.semantic === 'bic',
  rank: (ctx, leaf) => rankPattern(ctx, leaf, bicCandidates(ctx), 0).filter((s) => s.features.lab > 0),
  group: () => 'identifier',
};

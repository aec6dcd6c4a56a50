/**
 * Free text (and the fallback for every field no other kind claims): the value printed after the field's label
 * (extract/labelled-text.ts), cut to a code when the field's description shows codes by example.
 */
import type { LeafNode } from '../../schema/compile.js';
import { labelledText } from '../../extract/labelled-text.js';
import { aggregate } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';
import { freeTextGroup } from './free-text.js';

export const textKind: FieldKind = {
  name: 'text',
  claims: () => true,
  rank: (ctx, leaf) => codeShaped(leaf, labelledText(ctx, leaf)),
  group: freeTextGroup,
};

/**
 * Code fields whose description shows the code's shape by example ("Incoterm code (e.g. DPU, EXW)"): a
 * labelled value that starts with such a code followed by its explanation ("DPU - DELIVERED AT PLACE
 * UNLOADED") is cut to the code.
 */
function codeShaped(leaf: LeafNode, list: Scored[]): Scored[] {
  const ex = /\be\.?\s?g\.?,?\s*([^)]*)/i.exec(leaf.description ?? '');
  const examples = ex ? ex[1].split(/[,;/]|\bor\b/).map((x) => x.trim().replace(/^['"‘“]|['"’”.]$/g, '')).filter(Boolean) : [];
  if (!examples.length || !examples.every((x) => /^[A-Z0-9]{2,6}$/.test(x))) return list;
  const len = Math.max(...examples.map((x) => x.length));
  const re = new RegExp(`^([A-Z0-9]{2,${len}})(?:\\s*[-–:(]|\\s+[A-Z][a-z]|\\s*$)`);
  return aggregate(list.map((s) => {
    const m = typeof s.value === 'string' ? re.exec(s.value.trim()) : null;
    return m ? { ...s, value: m[1], spans: s.spans.map((sp) => ({ ...sp, end: sp.start + m[1].length })) } : s;
  }));
}

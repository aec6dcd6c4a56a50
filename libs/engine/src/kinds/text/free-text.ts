/** Which semantics are read as free text, and which calibration group each one's confidence belongs to. */
import type { LeafNode } from '../../schema/compile.js';
import type { Semantic } from '../../schema/semantic.js';

/** Fields no specific kind reads: names of people, single parties, enum members and plain text. */
const TEXT_GROUPS: Partial<Record<Semantic, string>> = { person: 'name', party: 'list', enum: 'code', text: 'text' };

export function isFreeText(leaf: LeafNode): boolean {
  return leaf.semantic in TEXT_GROUPS;
}

export function freeTextGroup(leaf: LeafNode): string {
  return TEXT_GROUPS[leaf.semantic] ?? 'text';
}

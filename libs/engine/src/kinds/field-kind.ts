/**
 * A field kind: one way of reading a field (dates, amounts, parties, clause flags ...). Each kind lives in its own
 * folder under kinds/ and is registered in kinds/registry.ts; the first registered kind that claims a field reads
 * it. See the engine README ("Adding a field kind").
 */
import type { ArrayNode, LeafNode } from '../schema/compile.js';
import type { DocContext } from '../extract/context.js';
import type { Scored } from '../extract/scored.js';

export interface FieldKind {
  /** The kind's folder name. */
  readonly name: string;
  /** Does this kind read the field? (Its semantic, schema/semantic.ts, and where needed its words.) */
  claims(leaf: LeafNode): boolean;
  /** The field's candidate values, best first, each with a raw score in 0..1, its grounding spans and features. */
  rank(ctx: DocContext, leaf: LeafNode): Scored[];
  /**
   * The calibration group of the field's confidence (calibrate/): fields whose raw scores mean the same share
   * of right answers. Also picks the decision threshold (THRESHOLDS in extract/extract.ts).
   */
  group(leaf: LeafNode): string;
  /** Does this kind read a list of such items (an array of leaves) its own way? Otherwise the item's kind ranks the elements. */
  claimsList?(item: LeafNode): boolean;
  /** The list's elements, best first (for kinds that claim lists). */
  rankList?(ctx: DocContext, item: LeafNode, list: ArrayNode): Scored[];
  /** Called once per object before its fields are read, with the object's leaves (a kind may note its siblings). */
  siblings?(leaves: LeafNode[]): void;
}

/** Shared by the kind tests: one property's compiled leaf, the kind that reads it, and its extraction. */
import { compileSchema, extractFromDocument, type FieldResult, type LeafNode } from '../../src/index.js';
import { FIELD_KINDS, kindOf } from '../../src/kinds/registry.js';
import { doc, type LineSpec } from '../helpers/doc.js';

export type Prop = Record<string, unknown>;

/** The compiled leaf of a schema holding this one property. */
export function leafOf(name: string, prop: Prop): LeafNode {
  const leaf = compileSchema({ type: 'object', properties: { [name]: prop } }).leaves[0];
  if (!leaf) throw new Error(`no leaf for ${name}`);
  return leaf;
}

/** The name of the kind that reads the property. */
export const kindName = (name: string, prop: Prop): string => kindOf(leafOf(name, prop)).name;

/** The names of every registered kind that would read the property (the first of them does; text claims all). */
export const claimers = (name: string, prop: Prop): string[] => {
  const leaf = leafOf(name, prop);
  return FIELD_KINDS.filter((k) => k.claims(leaf)).map((k) => k.name);
};

/** The calibration group the property's kind gives it. */
export const groupOf = (name: string, prop: Prop): string => {
  const leaf = leafOf(name, prop);
  return kindOf(leaf).group(leaf);
};

/** Extraction (debug, so groups are reported) of a one-page document from a schema of these properties. */
export function extract(lines: (LineSpec | string)[], properties: Record<string, Prop>) {
  return extractFromDocument(doc(lines), compileSchema({ type: 'object', properties }), { debug: true });
}

/** One property's value and field result on a one-page document. */
export function field(lines: (LineSpec | string)[], name: string, prop: Prop): { value: unknown; result: FieldResult } {
  const r = extract(lines, { [name]: prop });
  return { value: r.data[name], result: r.fields[`/${name}`]! };
}

export const str = { type: ['string', 'null'] };
export const num = { type: ['number', 'null'] };

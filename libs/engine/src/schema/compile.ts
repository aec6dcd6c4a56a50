/**
 * JSON Schema (2020-12 / draft-07) -> a compiled tree of objects, arrays and typed leaves that the
 * extractor walks. Resolves local $ref ($defs / definitions) and derives the generic semantics of each leaf
 * (date, amount, party, ...) from its name, title, description and format. Every limit of schema/limits.ts is
 * enforced here: the document's size and depth before anything recursive reads it, then while compiling the
 * leaves, the field depth, and the subschemas visited (so references cannot multiply the work unseen).
 */
import { inferSemantic, readingOf, type Semantic } from './semantic.js';
import { readSchemaDocument, refuse, SCHEMA_LIMITS } from './limits.js';
import { isLinearPattern } from './pattern.js';
import { makeLeafValidator, validateSchemaDocument, type LeafValidator } from './validate.js';

export const MAX_LEAVES = SCHEMA_LIMITS.maxLeaves;

export type ScalarType = 'string' | 'number' | 'integer' | 'boolean';

export interface LeafNode {
  kind: 'leaf';
  /** Property name (or the parent array's name for arrays of scalars). */
  name: string;
  /** JSON pointer of the value in the result data, array indexes shown as "*" ("/line_items/*\/amount"). */
  path: string;
  /** JSON pointer into the schema where this leaf is declared (after $ref resolution: the referring site). */
  schemaPointer: string;
  types: ScalarType[];
  nullable: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  title?: string;
  description?: string;
  /**
   * The field's name as the engine reads it (snake case): the key's words with synonyms made canonical, or
   * for an opaque key ("field_3") the title's or the description's leading words. See schema/semantic.ts.
   */
  reading?: string;
  semantic: Semantic;
  /** Validates a candidate value against the leaf's own keywords (type, enum, const, format, pattern, bounds). */
  validate: LeafValidator;
}

export interface ObjectNode {
  kind: 'object';
  name: string;
  path: string;
  schemaPointer: string;
  title?: string;
  description?: string;
  properties: { name: string; required: boolean; node: SchemaNode }[];
}

export interface ArrayNode {
  kind: 'array';
  name: string;
  path: string;
  schemaPointer: string;
  title?: string;
  description?: string;
  items: SchemaNode;
  semantic: Semantic;
}

export type SchemaNode = LeafNode | ObjectNode | ArrayNode;

export interface CompiledSchema {
  root: ObjectNode;
  /** Every leaf, in schema order (leaves under arrays of objects included once). */
  leaves: LeafNode[];
  leafCount: number;
  title?: string;
  description?: string;
  /** The caller's schema as given. */
  source: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointer(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Refusals name the keyword and the pointer; they never quote the caller's values. */
function fail(keyword: string, pointer: string, why: string): never {
  refuse(keyword, pointer, why);
}

interface Resolved { schema: Json; pointer: string }

class Compiler {
  leaves: LeafNode[] = [];
  private refStack: string[] = [];
  /** Work done so far (see spend), against SCHEMA_LIMITS.maxExpansions. */
  private expansions = 0;
  private readonly resolved = new Map<string, Resolved>();
  private anchors?: Map<string, Resolved>;

  constructor(private readonly rootSchema: Json) {}

  private resolveRef(ref: string, at: string): Resolved {
    let found = this.resolved.get(ref);
    if (!found) {
      found = this.lookUp(ref, at);
      this.resolved.set(ref, found);
    }
    return found;
  }

  private lookUp(ref: string, at: string): Resolved {
    if (!ref.startsWith('#')) fail('$ref', at, 'only local references (starting with #) are supported');
    let frag: string;
    try { frag = decodeURIComponent(ref.slice(1)); } catch { fail('$ref', at, 'the reference is not a valid URI fragment'); }
    if (frag !== '' && !frag.startsWith('/')) {
      this.anchors ??= indexAnchors(this.rootSchema);
      const found = this.anchors.get(frag);
      if (!found) fail('$ref', at, 'unresolvable anchor');
      return found;
    }
    let cur: unknown = this.rootSchema;
    for (const part of frag.split('/').slice(1)) {
      const key = unescapePointer(part);
      if (Array.isArray(cur)) cur = cur[Number(key)];
      else if (isObj(cur)) cur = Object.hasOwn(cur, key) ? cur[key] : undefined;
      else cur = undefined;
      if (cur === undefined) fail('$ref', at, 'unresolvable reference');
    }
    if (typeof cur === 'boolean') return { schema: cur ? {} : { not: {} }, pointer: frag };
    if (!isObj(cur)) fail('$ref', at, 'the reference does not point to a schema');
    return { schema: cur, pointer: frag };
  }

  /**
   * Count work against SCHEMA_LIMITS.maxExpansions: a subschema visited (one flatten step), or the property
   * schemas and required names a merge copies (a $defs entry of 5,000 properties merged 5,000 times over is
   * 25 million copies from a 100 KB schema otherwise).
   */
  private spend(n: number, at: string): void {
    this.expansions += n;
    if (this.expansions > SCHEMA_LIMITS.maxExpansions) {
      fail('schema', at, `compiling expands more than ${SCHEMA_LIMITS.maxExpansions} subschemas through $ref, allOf, anyOf and oneOf (the expansion limit)`);
    }
  }

  /**
   * Merge $ref / allOf targets into one flat schema view (siblings of $ref win, as in 2020-12). Each call is
   * one expansion; `nesting` counts the $ref / allOf resolutions this one is inside.
   */
  private flatten(schema: Json, at: string, seen: string[], nesting = 0): Json {
    this.spend(1, at);
    if (nesting > SCHEMA_LIMITS.maxJsonDepth) {
      fail('$ref', at, `$ref and allOf resolution nests deeper than ${SCHEMA_LIMITS.maxJsonDepth} levels (the schema depth limit)`);
    }
    let out: Json = { ...schema };
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (seen.includes(ref) || this.refStack.includes(ref)) fail('$ref', at, 'cyclic reference');
      const target = this.resolveRef(ref, at);
      const flat = this.flatten(target.schema, target.pointer, [...seen, ref], nesting + 1);
      delete out.$ref;
      const merge = new Merge(flat);
      this.spend(merge.add(out), at);
      out = merge.merged;
      out.__refs = [...((flat.__refs as string[]) ?? []), ref];
    }
    if (Array.isArray(schema.allOf)) {
      const base: Json = { ...out };
      delete base.allOf;
      const merge = new Merge(base);
      schema.allOf.forEach((sub, i) => {
        if (!isObj(sub)) return;
        this.spend(merge.add(this.flatten(sub, `${at}/allOf/${i}`, seen, nesting + 1)), `${at}/allOf/${i}`);
      });
      out = merge.merged;
    }
    return out;
  }

  /** `depth`: the objects and arrays this node sits in, itself included when it is one (the root object is 1). */
  compile(schemaIn: unknown, name: string, path: string, at: string, depth = 1): SchemaNode {
    if (schemaIn === true || schemaIn === undefined) schemaIn = {};
    if (!isObj(schemaIn)) fail('type', at, 'schema must be an object');
    const schema = this.flatten(schemaIn, at, []);
    const refs = (schema.__refs as string[]) ?? [];
    this.refStack.push(...refs);
    try {
      return this.compileFlat(schema, name, path, at, depth);
    } finally {
      this.refStack.length -= refs.length;
    }
  }

  private compileFlat(schema: Json, name: string, path: string, at: string, depth: number): SchemaNode {
    // anyOf / oneOf: the common caller pattern is "X or null"; take the non-null branches' union.
    let types = typeList(schema, at);
    let variant: Json = schema;
    for (const kw of ['anyOf', 'oneOf'] as const) {
      const alts = schema[kw];
      if (!Array.isArray(alts)) continue;
      const flat = alts.map((a, i) => (isObj(a) ? this.flatten(a, `${at}/${kw}/${i}`, []) : {}));
      const nonNull = flat.filter((a) => !(a.type === 'null' || (Array.isArray(a.type) && a.type.length === 1 && a.type[0] === 'null')));
      if (nonNull.length < flat.length) types = [...new Set([...(types ?? []), 'null'])];
      if (nonNull.length >= 1) {
        const first = nonNull[0];
        const merge = new Merge(first);
        this.spend(merge.add(stripComb(schema)), at);
        variant = merge.merged;
        const altTypes = nonNull.flatMap((a) => typeList(a, at) ?? []);
        const t0 = typeList(first, at);
        types = [...new Set([...(types ?? []).filter((t) => t === 'null'), ...(altTypes.length ? altTypes : t0 ?? [])])];
        if (!altTypes.length && !types.filter((t) => t !== 'null').length) types = undefined;
      }
    }
    const title = typeof schema.title === 'string' ? schema.title : undefined;
    const description = typeof schema.description === 'string' ? schema.description : undefined;

    const concrete = (types ?? inferTypes(variant)).filter((t) => t !== 'null');
    const nullable = (types ?? []).includes('null');

    const isObject = concrete.includes('object') && concrete.length === 1 || (!types && isObj(variant.properties));
    const isArray = !isObject && (concrete.includes('array') && concrete.length === 1 || (!types && variant.items !== undefined));
    if ((isObject || isArray) && depth > SCHEMA_LIMITS.maxFieldDepth) {
      fail(isObject ? 'properties' : 'items', at, `fields nest deeper than ${SCHEMA_LIMITS.maxFieldDepth} objects and arrays (the field depth limit)`);
    }

    if (isObject) {
      const props = variant.properties;
      if (props !== undefined && !isObj(props)) fail('properties', `${at}/properties`, 'must be an object');
      const required = Array.isArray(variant.required) ? (variant.required as unknown[]).filter((r) => typeof r === 'string') : [];
      const properties: ObjectNode['properties'] = [];
      for (const [key, sub] of Object.entries(props ?? {})) {
        properties.push({
          name: key,
          required: required.includes(key),
          node: this.compile(sub, key, `${path}/${escapePointer(key)}`, `${at}/properties/${escapePointer(key)}`, depth + 1),
        });
      }
      return { kind: 'object', name, path, schemaPointer: at, title, description, properties };
    }
    if (isArray) {
      let items: unknown = variant.items;
      if (Array.isArray(items)) items = items[0];
      if (items === undefined && Array.isArray(variant.prefixItems)) items = variant.prefixItems[0];
      if (items === undefined) items = { type: 'string' };
      const itemNode = this.compile(items, name, `${path}/*`, `${at}/items`, depth + 1);
      if (itemNode.kind === 'array') fail('items', `${at}/items`, 'arrays of arrays are not supported');
      if (itemNode.kind === 'leaf') {
        // Array of scalars: the array is the field; item semantics come from the array's own words.
        itemNode.title ??= title;
        itemNode.description ??= description;
        itemNode.semantic = inferSemantic({ ...itemNode, name, description: description ?? itemNode.description, title: title ?? itemNode.title, isArray: true });
        itemNode.reading = readingOf({ name, title: itemNode.title, description: itemNode.description });
      }
      return {
        kind: 'array', name, path, schemaPointer: at, title, description, items: itemNode,
        semantic: inferSemantic({ name, title, description, types: ['string'], isArray: true }),
      };
    }
    const scalar = concrete.filter((t): t is ScalarType => t === 'string' || t === 'number' || t === 'integer' || t === 'boolean');
    if (concrete.length && !scalar.length) fail('type', `${at}/type`, 'a field is an object, an array, or of scalar types (string, number, integer, boolean, null)');
    const leafTypes: ScalarType[] = scalar.length ? scalar : inferScalar(variant);
    const leaf: LeafNode = {
      kind: 'leaf', name, path, schemaPointer: at, types: leafTypes, nullable,
      enum: Array.isArray(variant.enum) ? variant.enum : undefined,
      const: 'const' in variant ? variant.const : undefined,
      format: typeof variant.format === 'string' ? variant.format : undefined,
      pattern: typeof variant.pattern === 'string' ? variant.pattern : undefined,
      title, description,
      semantic: 'text',
      validate: () => true,
    };
    if (leaf.pattern !== undefined && !isLinearPattern(leaf.pattern)) {
      fail('pattern', `${at}/pattern`, 'patterns run on a linear-time engine (RE2): lookahead, lookbehind and backreferences are not supported, nor repeat counts above 1000');
    }
    leaf.semantic = inferSemantic(leaf);
    leaf.reading = readingOf(leaf);
    leaf.validate = makeLeafValidator(variant, leafTypes, nullable, `${at}`);
    this.leaves.push(leaf);
    if (this.leaves.length > MAX_LEAVES) fail('properties', at, `schema has more than ${MAX_LEAVES} leaf fields`);
    return leaf;
  }
}

function stripComb(s: Json): Json {
  const o = { ...s };
  delete o.anyOf; delete o.oneOf; delete o.type;
  return o;
}

function typeList(schema: Json, at: string): string[] | undefined {
  const t = schema.type;
  if (t === undefined) {
    if ('const' in schema) return schema.const === null ? ['null'] : [jsonType(schema.const)];
    if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map(jsonType))];
    return undefined;
  }
  const list = Array.isArray(t) ? t : [t];
  const known = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
  for (const x of list) if (typeof x !== 'string' || !known.includes(x)) fail('type', `${at}/type`, 'unknown type name');
  return list as string[];
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function inferTypes(s: Json): string[] {
  if (isObj(s.properties)) return ['object'];
  if (s.items !== undefined) return ['array'];
  return inferScalar(s);
}

function inferScalar(s: Json): ScalarType[] {
  if (typeof s.minimum === 'number' || typeof s.maximum === 'number' || typeof s.multipleOf === 'number') return ['number'];
  return ['string'];
}

/**
 * A flat view of `base` with other schemas merged over it in turn: properties and required united, types
 * intersected, anything else taken from the later schema. Properties and required are copied once and then
 * extended, so merging n schemas costs what they hold rather than n times what has been merged so far.
 */
class Merge {
  private readonly out: Json;
  private props?: Json;
  private required?: Set<unknown>;

  constructor(base: Json) {
    this.out = { ...base };
  }

  /** Merge `over` in; returns how many property schemas and required names were copied (the work done). */
  add(over: Json): number {
    let copied = 0;
    for (const [k, v] of Object.entries(over)) {
      if (k === 'properties' && isObj(this.out.properties) && isObj(v)) {
        if (!this.props) {
          // no prototype: a "__proto__" property name stays a property name
          this.props = Object.assign(Object.create(null) as Json, this.out.properties);
          this.out.properties = this.props;
          copied += Object.keys(this.props).length;
        }
        Object.assign(this.props, v);
        copied += Object.keys(v).length;
      } else if (k === 'required' && Array.isArray(this.out.required) && Array.isArray(v)) {
        if (!this.required) {
          this.required = new Set(this.out.required);
          copied += this.required.size;
        }
        for (const r of v) this.required.add(r);
        copied += v.length;
      } else if (k === 'type' && this.out.type !== undefined) {
        const a = Array.isArray(this.out.type) ? this.out.type : [this.out.type];
        const b = Array.isArray(v) ? v : [v];
        const both = a.filter((x) => b.includes(x));
        this.out.type = both.length ? both : b;
      } else {
        this.out[k] = v;
        if (k === 'properties') this.props = undefined;
        if (k === 'required') this.required = undefined;
      }
    }
    return copied;
  }

  /** The merged schema (read once, when every schema has been added). */
  get merged(): Json {
    if (this.required) this.out.required = [...this.required];
    return this.out;
  }
}

/**
 * Every `$anchor` (and draft-07 `$id: "#name"`) of the document, the first in document order winning; built once
 * per schema with an explicit stack, so each anchor $ref is a lookup rather than a walk of the document.
 */
function indexAnchors(root: Json): Map<string, Resolved> {
  const anchors = new Map<string, Resolved>();
  const stack: { node: unknown; pointer: string }[] = [{ node: root, pointer: '' }];
  while (stack.length) {
    const { node, pointer } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const entries: [string, unknown][] = Array.isArray(node) ? node.map((v, i) => [String(i), v]) : Object.entries(node);
    if (isObj(node)) {
      const names = [node.$anchor, typeof node.$id === 'string' && node.$id.startsWith('#') ? node.$id.slice(1) : undefined];
      for (const name of names) if (typeof name === 'string' && !anchors.has(name)) anchors.set(name, { schema: node, pointer });
    }
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ node: entries[i][1], pointer: `${pointer}/${escapePointer(entries[i][0])}` });
  }
  return anchors;
}

/** Compile a caller's JSON Schema (text or a parsed value). Throws EngineError('invalid_schema') naming the keyword and pointer. */
export function compileSchema(input: unknown): CompiledSchema {
  const schema = readSchemaDocument(input);
  if (!isObj(schema)) fail('type', '', 'schema must be a JSON object');
  validateSchemaDocument(schema);
  const compiler = new Compiler(schema);
  const root = compiler.compile(schema, '', '', '');
  if (root.kind !== 'object') fail('type', '', 'the root schema must describe an object');
  if (root.properties.length === 0) fail('properties', '', 'the root object has no properties to extract');
  return {
    root,
    leaves: compiler.leaves,
    leafCount: compiler.leaves.length,
    title: root.title,
    description: root.description,
    source: schema,
  };
}

/**
 * JSON Schema (2020-12 / draft-07) -> a compiled tree of objects, arrays and typed leaves that the
 * extractor walks. Resolves local $ref ($defs / definitions), counts leaves (limit 800) and derives the
 * generic semantics of each leaf (date, amount, party, ...) from its name, title, description and format.
 */
import { EngineError } from '../errors.js';
import { inferSemantic, readingOf, type Semantic } from './semantic.js';
import { makeLeafValidator, validateSchemaDocument, type LeafValidator } from './validate.js';

export const MAX_LEAVES = 800;

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

function fail(keyword: string, pointer: string, why: string): never {
  throw new EngineError('invalid_schema', `${keyword} at ${pointer || '/'}: ${why}`);
}

class Compiler {
  leaves: LeafNode[] = [];
  private refStack: string[] = [];

  constructor(private readonly rootSchema: Json) {}

  private resolveRef(ref: string, at: string): { schema: Json; pointer: string } {
    if (!ref.startsWith('#')) fail('$ref', at, `only local references are supported, got "${ref}"`);
    const frag = decodeURIComponent(ref.slice(1));
    if (frag !== '' && !frag.startsWith('/')) {
      // $anchor lookup
      const found = findAnchor(this.rootSchema, frag, '');
      if (!found) fail('$ref', at, `unresolvable anchor "${ref}"`);
      return found;
    }
    let cur: unknown = this.rootSchema;
    for (const part of frag.split('/').slice(1)) {
      const key = unescapePointer(part);
      if (Array.isArray(cur)) cur = cur[Number(key)];
      else if (isObj(cur)) cur = cur[key];
      else cur = undefined;
      if (cur === undefined) fail('$ref', at, `unresolvable reference "${ref}"`);
    }
    if (typeof cur === 'boolean') return { schema: cur ? {} : { not: {} }, pointer: frag };
    if (!isObj(cur)) fail('$ref', at, `reference "${ref}" does not point to a schema`);
    return { schema: cur, pointer: frag };
  }

  /** Merge $ref / allOf targets into one flat schema view (siblings of $ref win, as in 2020-12). */
  private flatten(schema: Json, at: string, seen: string[]): Json {
    let out: Json = { ...schema };
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (seen.includes(ref) || this.refStack.includes(ref)) fail('$ref', at, `cyclic reference "${ref}"`);
      const target = this.resolveRef(ref, at);
      const flat = this.flatten(target.schema, target.pointer, [...seen, ref]);
      delete out.$ref;
      out = mergeSchemas(flat, out);
      out.__refs = [...((flat.__refs as string[]) ?? []), ref];
    }
    if (Array.isArray(schema.allOf)) {
      let merged: Json = { ...out };
      delete merged.allOf;
      schema.allOf.forEach((sub, i) => {
        if (!isObj(sub)) return;
        merged = mergeSchemas(merged, this.flatten(sub, `${at}/allOf/${i}`, seen));
      });
      out = merged;
    }
    return out;
  }

  compile(schemaIn: unknown, name: string, path: string, at: string): SchemaNode {
    if (schemaIn === true || schemaIn === undefined) schemaIn = {};
    if (!isObj(schemaIn)) fail('type', at, 'schema must be an object');
    const schema = this.flatten(schemaIn, at, []);
    const refs = (schema.__refs as string[]) ?? [];
    this.refStack.push(...refs);
    try {
      return this.compileFlat(schema, name, path, at);
    } finally {
      this.refStack.length -= refs.length;
    }
  }

  private compileFlat(schema: Json, name: string, path: string, at: string): SchemaNode {
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
        variant = mergeSchemas(first, stripComb(schema));
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

    if (concrete.includes('object') && concrete.length === 1 || (!types && isObj(variant.properties))) {
      const props = variant.properties;
      if (props !== undefined && !isObj(props)) fail('properties', `${at}/properties`, 'must be an object');
      const required = Array.isArray(variant.required) ? (variant.required as unknown[]).filter((r) => typeof r === 'string') : [];
      const properties: ObjectNode['properties'] = [];
      for (const [key, sub] of Object.entries(props ?? {})) {
        properties.push({
          name: key,
          required: required.includes(key),
          node: this.compile(sub, key, `${path}/${escapePointer(key)}`, `${at}/properties/${escapePointer(key)}`),
        });
      }
      return { kind: 'object', name, path, schemaPointer: at, title, description, properties };
    }
    if (concrete.includes('array') && concrete.length === 1 || (!types && variant.items !== undefined)) {
      let items: unknown = variant.items;
      if (Array.isArray(items)) items = items[0];
      if (items === undefined && Array.isArray(variant.prefixItems)) items = variant.prefixItems[0];
      if (items === undefined) items = { type: 'string' };
      const itemNode = this.compile(items, name, `${path}/*`, `${at}/items`);
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
    if (concrete.length && !scalar.length) fail('type', `${at}/type`, `unsupported type ${JSON.stringify(types)}`);
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
    if (leaf.pattern) {
      try { new RegExp(leaf.pattern, 'u'); } catch { fail('pattern', `${at}/pattern`, 'invalid regular expression'); }
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
  for (const x of list) if (typeof x !== 'string' || !known.includes(x)) fail('type', `${at}/type`, `unknown type ${JSON.stringify(x)}`);
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

function mergeSchemas(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (k === 'properties' && isObj(base.properties) && isObj(v)) out.properties = { ...base.properties, ...v };
    else if (k === 'required' && Array.isArray(base.required) && Array.isArray(v)) out.required = [...new Set([...base.required, ...v])];
    else if (k === 'type' && base.type !== undefined) {
      const a = Array.isArray(base.type) ? base.type : [base.type];
      const b = Array.isArray(v) ? v : [v];
      const both = a.filter((x) => b.includes(x));
      out.type = both.length ? both : b;
    } else out[k] = v;
  }
  return out;
}

function findAnchor(node: unknown, anchor: string, pointer: string): { schema: Json; pointer: string } | undefined {
  if (!isObj(node)) return undefined;
  if (node.$anchor === anchor || node.$id === `#${anchor}`) return { schema: node, pointer };
  for (const [k, v] of Object.entries(node)) {
    if (isObj(v)) {
      const r = findAnchor(v, anchor, `${pointer}/${escapePointer(k)}`);
      if (r) return r;
    }
  }
  return undefined;
}

/** Compile a caller's JSON Schema. Throws EngineError('invalid_schema') naming the keyword and pointer. */
export function compileSchema(schema: unknown): CompiledSchema {
  if (typeof schema === 'string') {
    try { schema = JSON.parse(schema); } catch { fail('type', '', 'schema is not valid JSON'); }
  }
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

/**
 * JSON Schema validation through ajv: the caller's schema document itself, and values per leaf. Patterns run on
 * the linear-time engine of schema/pattern.ts. Memory kept for leaf validators is bounded: they are cached in an
 * LRU, and the ajv instance that compiles them (which keeps every schema, value and pattern it ever compiled) is
 * replaced after a fixed amount of work, the cache emptied with it.
 */
import AjvModule from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { LRUCache } from 'lru-cache';
import { EngineError } from '../errors.js';
import { messagePointer } from './limits.js';
import { linearRegExp } from './pattern.js';

type AnyCtor = new (opts: Record<string, unknown>) => AjvLike;
interface AjvLike {
  validateSchema(schema: unknown): boolean | Promise<unknown>;
  compile(schema: unknown): ((data: unknown) => boolean) & { errors?: unknown };
  errors?: { instancePath: string; keyword: string; message?: string; params?: Record<string, unknown> }[] | null;
}

const unwrap = <T>(m: unknown): T => ((m as { default?: T }).default ?? (m as T));
const AjvDraft7 = unwrap<AnyCtor>(AjvModule);
const Ajv2020 = unwrap<AnyCtor>(Ajv2020Module);
const addFormats = unwrap<(ajv: AjvLike) => void>(addFormatsModule);

const options = { strict: false, allErrors: false, validateFormats: true, logger: false, code: { regExp: linearRegExp } };

function newAjv(Ctor: AnyCtor, extra: Record<string, unknown> = {}): AjvLike {
  const ajv = new Ctor({ ...options, ...extra });
  addFormats(ajv);
  return ajv;
}

// Schema documents are checked against the dialect's meta-schema only, which compiles nothing of the caller's:
// these instances keep a fixed set of compiled meta-schemas and live as long as the process.
let draft7: AjvLike | undefined;
let v2020: AjvLike | undefined;

function documentValidator(schema: Record<string, unknown>): AjvLike {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[4-7]/.test(dialect)) return (draft7 ??= newAjv(AjvDraft7));
  return (v2020 ??= newAjv(Ajv2020));
}

/** Reject documents that are not valid JSON Schema (per their declared dialect, 2020-12 by default). */
export function validateSchemaDocument(schema: Record<string, unknown>): void {
  const ajv = documentValidator(schema);
  const copy = { ...schema };
  // An unknown meta-schema URI would make ajv throw; the caller's dialect is chosen above.
  delete copy.$schema;
  let ok: boolean;
  try {
    ok = ajv.validateSchema(copy) as boolean;
  } catch {
    throw new EngineError('invalid_schema', '$schema at /: the schema could not be checked against its meta-schema');
  }
  if (!ok) {
    const err = ajv.errors?.[0];
    const pointer = err?.instancePath || '/';
    const keyword = pointer.split('/').filter(Boolean).pop() ?? err?.keyword ?? 'schema';
    // ajv's messages quote the meta-schema, never the caller's values
    throw new EngineError('invalid_schema', `${messagePointer(keyword)} at ${messagePointer(pointer)}: ${err?.message ?? 'not a valid JSON Schema'}`);
  }
}

export type LeafValidator = (value: unknown) => boolean;

/**
 * Bounds on the memory leaf validators hold. A validator's cache key is its keywords as JSON, whose length
 * stands for what the validator keeps (its pattern above all).
 */
export const VALIDATOR_BOUNDS = Object.freeze({
  /** Validators kept in the cache, and compiled by one ajv instance before it is replaced. */
  validators: 2_000,
  /** Characters of keyword JSON kept in the cache, and compiled by one ajv instance before it is replaced. */
  keywordChars: 8 * 1024 * 1024,
});

const leafCache = new LRUCache<string, LeafValidator>({
  max: VALIDATOR_BOUNDS.validators,
  maxSize: VALIDATOR_BOUNDS.keywordChars,
  sizeCalculation: (_v, key) => Math.max(1, key.length),
});

let leafAjv: AjvLike | undefined;
let generation = 0;
let compiled = 0;
let compiledChars = 0;

/** The ajv instance for leaf validators, replaced (and the cache emptied) once it has compiled its share. */
function leafCompiler(chars: number): AjvLike {
  if (!leafAjv || compiled >= VALIDATOR_BOUNDS.validators || (compiled > 0 && compiledChars + chars > VALIDATOR_BOUNDS.keywordChars)) {
    // Validators already handed out keep working (each holds its own instance's scope); cached ones are
    // dropped so that no old instance stays reachable from here. The keywords were checked with the whole
    // document, so no instance needs the meta-schema compiled.
    leafAjv = newAjv(Ajv2020, { validateSchema: false });
    leafCache.clear();
    generation++;
    compiled = 0;
    compiledChars = 0;
  }
  compiled++;
  compiledChars += chars;
  return leafAjv;
}

/** What the leaf validator cache holds now (for tests and diagnostics). */
export function validatorCacheStats(): { entries: number; keywordChars: number; compiledByInstance: number; instances: number } {
  return { entries: leafCache.size, keywordChars: leafCache.calculatedSize, compiledByInstance: compiled, instances: generation };
}

/** The keywords ajv checks; enum and const are checked here (see enumCheck). */
const AJV_KEYWORDS = ['format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength'];

/** Members of each enum array, as a set: one per array however many leaves share it through a $ref. */
const enumSets = new WeakMap<unknown[], Set<unknown>>();

/**
 * enum and const for a leaf's value, which is a scalar or null: equality is ===, as ajv's deep equality is on
 * scalars, and an object or array member never equals one. Kept out of ajv's cache key, whose length (and the
 * work of building and hashing it for every leaf) would otherwise grow with the enum.
 */
function enumCheck(schema: Record<string, unknown>, nullable: boolean): ((value: unknown) => boolean) | undefined {
  const checks: ((value: unknown) => boolean)[] = [];
  if (Array.isArray(schema.enum)) {
    const members = schema.enum;
    let set = enumSets.get(members);
    if (!set) enumSets.set(members, (set = new Set(members)));
    const allowed = set;
    checks.push((value) => allowed.has(value) || (nullable && value === null));
  }
  if ('const' in schema) {
    const constant = schema.const;
    checks.push((value) => value === constant);
  }
  if (!checks.length) return undefined;
  return (value) => checks.every((check) => check(value));
}

/** A validator for one leaf's own keywords (type, enum, const, format, pattern, bounds); cached by content. */
export function makeLeafValidator(schema: Record<string, unknown>, types: string[], nullable: boolean, at: string): LeafValidator {
  const sub: Record<string, unknown> = { type: nullable ? [...types, 'null'] : types };
  for (const k of AJV_KEYWORDS) if (k in schema) sub[k] = schema[k];
  const key = JSON.stringify(sub);
  let fn = leafCache.get(key);
  if (!fn) {
    let compiled: (data: unknown) => boolean;
    try {
      compiled = leafCompiler(key.length).compile(sub);
    } catch {
      throw new EngineError('invalid_schema', `${Object.keys(sub).filter((k) => k !== 'type').join(',') || 'type'} at ${messagePointer(at)}: these keywords cannot be compiled into a value check`);
    }
    fn = (value: unknown) => compiled(value);
    leafCache.set(key, fn);
  }
  const keywords = fn;
  const members = enumCheck(schema, nullable);
  return members ? (value) => keywords(value) && members(value) : keywords;
}

/** JSON Schema validation through ajv: the caller's schema document itself, and values per leaf. */
import AjvModule from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { EngineError } from '../errors.js';

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

const options = { strict: false, allErrors: false, validateFormats: true, logger: false };
let draft7: AjvLike | undefined;
let v2020: AjvLike | undefined;

function ajvFor(schema: Record<string, unknown>): AjvLike {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[4-7]/.test(dialect)) {
    if (!draft7) { draft7 = new AjvDraft7(options); addFormats(draft7); }
    return draft7;
  }
  if (!v2020) { v2020 = new Ajv2020(options); addFormats(v2020); }
  return v2020;
}

/** Reject documents that are not valid JSON Schema (per their declared dialect, 2020-12 by default). */
export function validateSchemaDocument(schema: Record<string, unknown>): void {
  const ajv = ajvFor(schema);
  const copy = { ...schema };
  // An unknown meta-schema URI would make ajv throw; the caller's dialect is chosen above.
  delete copy.$schema;
  let ok: boolean;
  try {
    ok = ajv.validateSchema(copy) as boolean;
  } catch (e) {
    throw new EngineError('invalid_schema', `$schema at /: ${(e as Error).message}`);
  }
  if (!ok) {
    const err = ajv.errors?.[0];
    const pointer = err?.instancePath || '/';
    const keyword = pointer.split('/').filter(Boolean).pop() ?? err?.keyword ?? 'schema';
    throw new EngineError('invalid_schema', `${keyword} at ${pointer}: ${err?.message ?? 'not a valid JSON Schema'}`);
  }
}

export type LeafValidator = (value: unknown) => boolean;

const leafCache = new Map<string, LeafValidator>();

const LEAF_KEYWORDS = ['enum', 'const', 'format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength'];

/** A validator for one leaf's own keywords (type, enum, const, format, pattern, bounds); cached by content. */
export function makeLeafValidator(schema: Record<string, unknown>, types: string[], nullable: boolean, at: string): LeafValidator {
  const sub: Record<string, unknown> = { type: nullable ? [...types, 'null'] : types };
  for (const k of LEAF_KEYWORDS) if (k in schema) sub[k] = schema[k];
  if (Array.isArray(sub.enum) && nullable && !sub.enum.includes(null)) sub.enum = [...sub.enum, null];
  const key = JSON.stringify(sub);
  let v = leafCache.get(key);
  if (!v) {
    let fn: (data: unknown) => boolean;
    try {
      fn = ajvFor({}).compile(sub);
    } catch (e) {
      throw new EngineError('invalid_schema', `${Object.keys(sub).filter((k) => k !== 'type').join(',') || 'type'} at ${at || '/'}: ${(e as Error).message}`);
    }
    v = (value: unknown) => fn(value);
    leafCache.set(key, v);
  }
  return v;
}

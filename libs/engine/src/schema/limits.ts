/**
 * The limits on a caller's schema, and the checks of the schema document itself (size and JSON nesting) that
 * run before anything recursive reads it. A schema over a limit is invalid_schema with a static message that
 * names the limit and a JSON pointer, never the caller's text.
 */
import { EngineError } from '../errors.js';

export const SCHEMA_LIMITS = Object.freeze({
  /** JSON nesting of the schema document (objects and arrays); also how deeply $ref / allOf resolution may nest. */
  maxJsonDepth: 128,
  /** Nested objects and arrays in the field tree, the root object included, counted through $ref/allOf/anyOf. */
  maxFieldDepth: 32,
  /** Subschemas visited while compiling (each step through $ref, allOf, anyOf, oneOf counts). */
  maxExpansions: 10_000,
  /** The schema's JSON text, in UTF-8 bytes. */
  maxSchemaBytes: 512 * 1024,
  /** Leaf (scalar) fields the schema may ask for. */
  maxLeaves: 800,
});

/** Messages carry a pointer, which holds caller keys: only its start is quoted. */
const POINTER_QUOTED = 200;

export function messagePointer(pointer: string): string {
  if (!pointer) return '/';
  return pointer.length > POINTER_QUOTED ? `${pointer.slice(0, POINTER_QUOTED)}...` : pointer;
}

export function refuse(keyword: string, pointer: string, why: string): never {
  throw new EngineError('invalid_schema', `${keyword} at ${messagePointer(pointer)}: ${why}`);
}

const escapeToken = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;

function tooLarge(): never {
  refuse('schema', '', `larger than ${SCHEMA_LIMITS.maxSchemaBytes} bytes of JSON (the schema size limit)`);
}

/**
 * Refuse a value nested deeper than maxJsonDepth, walking with an explicit stack (a recursive walk is what a
 * deep document would overflow). Every value visited is counted: a JSON text holds at least one byte per value,
 * so more values than maxSchemaBytes means too large (and an object graph that shares or cycles its parts stops
 * here instead of being expanded).
 */
export function checkJsonDepth(root: unknown): void {
  if (!isContainer(root)) return;
  interface Frame { key: string; keys: string[]; values: unknown[]; next: number }
  const frameOf = (v: object, key: string): Frame => {
    const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v);
    const values = Array.isArray(v) ? v : Object.values(v);
    return { key, keys, values, next: 0 };
  };
  const stack: Frame[] = [frameOf(root, '')];
  let visited = 1;
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.next >= top.values.length) { stack.pop(); continue; }
    const i = top.next++;
    if (++visited > SCHEMA_LIMITS.maxSchemaBytes) tooLarge();
    const child = top.values[i];
    if (!isContainer(child)) continue;
    if (stack.length >= SCHEMA_LIMITS.maxJsonDepth) {
      const pointer = [...stack.slice(1).map((f) => f.key), top.keys[i]].map(escapeToken).join('/');
      refuse('schema', `/${pointer}`, `nested deeper than ${SCHEMA_LIMITS.maxJsonDepth} levels of JSON (the schema depth limit)`);
    }
    stack.push(frameOf(child, top.keys[i]));
  }
}

/**
 * The caller's schema as a JSON value, refused when over the size or depth limit. Text is measured before it is
 * parsed; an object is checked for depth before JSON.stringify (recursive) measures it.
 */
export function readSchemaDocument(input: unknown): unknown {
  if (typeof input === 'string') {
    // UTF-8 never takes fewer bytes than UTF-16 code units, so the length alone refuses most oversize texts
    if (input.length > SCHEMA_LIMITS.maxSchemaBytes || Buffer.byteLength(input, 'utf8') > SCHEMA_LIMITS.maxSchemaBytes) tooLarge();
    let parsed: unknown;
    try { parsed = JSON.parse(input); } catch { refuse('type', '', 'schema is not valid JSON'); }
    checkJsonDepth(parsed);
    return parsed;
  }
  checkJsonDepth(input);
  let text: string | undefined;
  try { text = JSON.stringify(input); } catch { refuse('type', '', 'schema is not serialisable as JSON'); }
  if (text !== undefined && Buffer.byteLength(text, 'utf8') > SCHEMA_LIMITS.maxSchemaBytes) tooLarge();
  return input;
}

import { compileSchema, EngineError, SCHEMA_LIMITS } from '../../src/index.js';

function refusal(schema: unknown): string {
  try {
    compileSchema(schema);
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('invalid_schema');
    return (e as EngineError).detail ?? '';
  }
  throw new Error('expected invalid_schema');
}

const leaf = { type: 'string' };
const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

/** n objects nested through a property "a", the innermost holding one string leaf: field depth n. */
function nestedObjects(n: number, inner: Record<string, unknown> = { a: leaf }): Record<string, unknown> {
  let s = obj(inner);
  for (let i = 1; i < n; i++) s = obj({ a: s });
  return s;
}

/** The JSON text of a schema nested `levels` objects deep through properties, as a hostile caller sends it. */
const deepSchemaText = (levels: number) => '{"type":"object","properties":{"a":'.repeat(levels) + '{"type":"string"}' + '}}'.repeat(levels);

/** A value nested k objects deep. */
function nestedValue(k: number): Record<string, unknown> {
  let v: Record<string, unknown> = {};
  for (let i = 1; i < k; i++) v = { a: v };
  return v;
}

/** A schema whose JSON nests `depth` levels: root (1), properties (2), x (3), then x's default value. */
const schemaOfJsonDepth = (depth: number) => obj({ x: { type: 'string', default: nestedValue(depth - 3) } });

describe('schema limits', () => {
  test('are exported as one object with the decided values', () => {
    expect(SCHEMA_LIMITS).toEqual({ maxJsonDepth: 128, maxFieldDepth: 32, maxExpansions: 10_000, maxSchemaBytes: 512 * 1024, maxLeaves: 800 });
  });
});

describe('JSON depth of the schema document', () => {
  test('a schema nested 128 levels of JSON compiles', () => {
    expect(compileSchema(schemaOfJsonDepth(128)).leafCount).toBe(1);
    expect(compileSchema(JSON.stringify(schemaOfJsonDepth(128))).leafCount).toBe(1);
  });

  test('a schema object nested 129 levels is refused naming the limit and the pointer', () => {
    expect(refusal(schemaOfJsonDepth(129))).toMatch(/^schema at \/properties\/x\/default(\/a)+\/?\.\.\.: nested deeper than 128 levels of JSON \(the schema depth limit\)$/);
  });

  test('a schema text nested 129 levels is refused', () => {
    expect(refusal(JSON.stringify(schemaOfJsonDepth(129)))).toMatch(/deeper than 128 levels of JSON/);
  });

  test('a schema nested 2,000 levels is refused', () => {
    expect(refusal(deepSchemaText(2_000))).toMatch(/deeper than 128 levels of JSON/);
  });

  test('a schema nested 10,000 levels is refused, as text and as an object', () => {
    expect(refusal(deepSchemaText(10_000))).toMatch(/deeper than 128 levels of JSON/);
    expect(refusal(JSON.parse(deepSchemaText(10_000)))).toMatch(/deeper than 128 levels of JSON/);
  });

  test('a refusal quotes at most the first 200 characters of the pointer', () => {
    const detail = refusal(deepSchemaText(2_000));
    expect(detail.length).toBeLessThan(300);
    expect(detail).toContain('...: nested deeper');
  });
});

describe('size of the schema', () => {
  /** A schema whose JSON text is exactly `bytes` long in UTF-8, padded with a description of `pad` characters. */
  function schemaTextOf(bytes: number, pad = 'x'): string {
    const text = (description: string) => JSON.stringify(obj({ invoice_number: { type: 'string', description } }));
    const fixed = Buffer.byteLength(text(''));
    const padBytes = Buffer.byteLength(pad);
    const out = text(pad.repeat(Math.floor((bytes - fixed) / padBytes)) + 'x'.repeat((bytes - fixed) % padBytes));
    expect(Buffer.byteLength(out)).toBe(bytes);
    return out;
  }

  test('a schema text of 512 KiB compiles', () => {
    expect(compileSchema(schemaTextOf(SCHEMA_LIMITS.maxSchemaBytes)).leafCount).toBe(1);
  });

  test('a schema text of 512 KiB and one byte is refused naming the limit', () => {
    expect(refusal(schemaTextOf(SCHEMA_LIMITS.maxSchemaBytes + 1))).toBe('schema at /: larger than 524288 bytes of JSON (the schema size limit)');
  });

  test('the size is counted in UTF-8 bytes, not characters', () => {
    const text = schemaTextOf(SCHEMA_LIMITS.maxSchemaBytes + 1, '€');
    expect(text.length).toBeLessThan(SCHEMA_LIMITS.maxSchemaBytes / 2);
    expect(refusal(text)).toMatch(/schema size limit/);
  });

  test('a schema object is measured as its JSON text', () => {
    expect(compileSchema(JSON.parse(schemaTextOf(SCHEMA_LIMITS.maxSchemaBytes))).leafCount).toBe(1);
    expect(refusal(JSON.parse(schemaTextOf(SCHEMA_LIMITS.maxSchemaBytes + 1)))).toMatch(/schema size limit/);
  });
});

describe('field depth', () => {
  test('32 nested objects compile', () => {
    expect(compileSchema(nestedObjects(32)).leaves[0].path).toBe(`${'/a'.repeat(32)}`);
  });

  test('33 nested objects are refused naming the limit and the pointer', () => {
    expect(refusal(nestedObjects(33))).toBe(`properties at ${'/properties/a'.repeat(32).slice(0, 200)}...: fields nest deeper than 32 objects and arrays (the field depth limit)`);
  });

  test('an array counts as a level', () => {
    expect(compileSchema(nestedObjects(31, { a: { type: 'array', items: leaf } })).leafCount).toBe(1);
    expect(refusal(nestedObjects(32, { a: { type: 'array', items: leaf } }))).toMatch(/^items at .*field depth limit/);
  });

  test('levels reached through $ref count', () => {
    const defs = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`d${i}`, obj({ next: { $ref: `#/$defs/d${i + 1}` } })]));
    defs.d40 = obj({ value: leaf });
    expect(refusal({ ...obj({ start: { $ref: '#/$defs/d0' } }), $defs: defs })).toMatch(/field depth limit/);
  });
});

describe('expansions while compiling', () => {
  // Compiling visits the root, each allOf member, then the leaf: n + 2 subschemas.
  const withAllOf = (n: number) => obj({ a: leaf }, { allOf: Array.from({ length: n }, () => ({})) });

  test('a schema needing exactly 10,000 expansions compiles', () => {
    expect(compileSchema(withAllOf(SCHEMA_LIMITS.maxExpansions - 2)).leafCount).toBe(1);
  });

  test('a schema needing 10,001 expansions is refused naming the limit', () => {
    expect(refusal(withAllOf(SCHEMA_LIMITS.maxExpansions - 1))).toMatch(/^schema at \/properties\/a: compiling expands more than 10000 subschemas .*\(the expansion limit\)$/);
  });

  test('a $defs bomb of 22 definitions each referring to the next twice through allOf is refused', () => {
    const defs: Record<string, unknown> = Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`d${i}`, { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] }]));
    defs.d22 = { type: 'object' };
    const schema = { ...obj({ x: { $ref: '#/$defs/d0' } }), $defs: defs };
    expect(JSON.stringify(schema).length).toBeLessThan(2_048);
    expect(refusal(schema)).toMatch(/expansion limit/);
  });

  test('a $defs bomb of 22 definitions each referring to the next from two properties is refused', () => {
    const defs: Record<string, unknown> = Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`d${i}`, obj({ a: { $ref: `#/$defs/d${i + 1}` }, b: { $ref: `#/$defs/d${i + 1}` } })]));
    defs.d22 = { type: 'object' };
    expect(refusal({ ...obj({ x: { $ref: '#/$defs/d0' } }), $defs: defs })).toMatch(/expansion limit/);
  });

  test('properties copied when merging count, so one large definition merged many times is refused', () => {
    const big = { properties: Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, {}])) };
    const schema = { ...obj({ x: { allOf: Array.from({ length: 1_000 }, () => ({ $ref: '#/$defs/big' })) } }), $defs: { big } };
    expect(refusal(schema)).toMatch(/expansion limit/);
  });
});

describe('$ref resolution depth', () => {
  /** A property that reaches a string through a chain of `refs` references. */
  function refChain(refs: number) {
    const defs: Record<string, unknown> = Object.fromEntries(Array.from({ length: refs - 1 }, (_, i) => [`d${i}`, { $ref: `#/$defs/d${i + 1}` }]));
    defs[`d${refs - 1}`] = leaf;
    return { ...obj({ x: { $ref: '#/$defs/d0' } }), $defs: defs };
  }

  test('a chain of 128 references resolves', () => {
    expect(compileSchema(refChain(128)).leaves[0].types).toEqual(['string']);
  });

  test('a chain of 129 references is refused naming the limit', () => {
    expect(refusal(refChain(129))).toBe('$ref at /$defs/d128: $ref and allOf resolution nests deeper than 128 levels (the schema depth limit)');
  });
});

describe('refusal messages', () => {
  test.each([
    ['an unresolvable $ref', obj({ a: { $ref: '#/$defs/SECRET' } })],
    ['a remote $ref', obj({ a: { $ref: 'https://SECRET.example/schema' } })],
    ['a lookahead pattern', obj({ a: { type: 'string', pattern: '^(?=SECRET)' } })],
    ['an anchor that does not exist', obj({ a: { $ref: '#SECRET' } })],
  ])('quote no caller text for %s', (_what, schema) => {
    const detail = refusal(schema);
    expect(detail).toMatch(/ at \/properties\/a/);
    expect(detail).not.toContain('SECRET');
  });
});

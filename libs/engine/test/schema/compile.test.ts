import { compileSchema, EngineError } from '../../src/index.js';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

function invalid(schema: unknown): EngineError {
  try {
    compileSchema(schema);
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('invalid_schema');
    return e as EngineError;
  }
  throw new Error('expected invalid_schema');
}

describe('compileSchema', () => {
  test('compiles scalar types and counts leaves', () => {
    const c = compileSchema(obj({ a: { type: 'string' }, b: { type: 'number' }, c: { type: 'integer' }, d: { type: 'boolean' } }));
    expect(c.leafCount).toBe(4);
    expect(c.leaves.map((l) => l.types[0])).toEqual(['string', 'number', 'integer', 'boolean']);
  });

  test('treats a type union with null as a nullable leaf', () => {
    const c = compileSchema(obj({ a: { type: ['string', 'null'] } }));
    expect(c.leaves[0].nullable).toBe(true);
    expect(c.leaves[0].types).toEqual(['string']);
  });

  test('treats anyOf X-or-null as a nullable leaf', () => {
    const c = compileSchema(obj({ a: { anyOf: [{ type: 'number' }, { type: 'null' }] } }));
    expect(c.leaves[0].types).toEqual(['number']);
    expect(c.leaves[0].nullable).toBe(true);
  });

  test('compiles nested objects with pointer paths', () => {
    const c = compileSchema(obj({ vendor: obj({ name: { type: 'string' }, address: obj({ city: { type: 'string' } }) }) }));
    expect(c.leaves.map((l) => l.path)).toEqual(['/vendor/name', '/vendor/address/city']);
  });

  test('compiles an array of scalars as one leaf', () => {
    const c = compileSchema(obj({ parties: { type: 'array', items: { type: 'string' } } }));
    expect(c.leafCount).toBe(1);
    expect(c.root.properties[0].node.kind).toBe('array');
  });

  test('compiles an array of objects counting item leaves', () => {
    const c = compileSchema(obj({ items: { type: 'array', items: obj({ name: { type: 'string' }, price: { type: 'number' } }) } }));
    expect(c.leafCount).toBe(2);
    expect(c.leaves[1].path).toBe('/items/*/price');
  });

  test('keeps enum members on the leaf', () => {
    const c = compileSchema(obj({ currency: { type: ['string', 'null'], enum: ['USD', 'EUR', null] } }));
    expect(c.leaves[0].enum).toEqual(['USD', 'EUR', null]);
    expect(c.leaves[0].validate('USD')).toBe(true);
    expect(c.leaves[0].validate('GBP')).toBe(false);
  });

  test('keeps const on the leaf and validates it', () => {
    const c = compileSchema(obj({ kind: { const: 'invoice' } }));
    expect(c.leaves[0].const).toBe('invoice');
    expect(c.leaves[0].validate('invoice')).toBe(true);
    expect(c.leaves[0].validate('receipt')).toBe(false);
  });

  test('validates format date', () => {
    const c = compileSchema(obj({ d: { type: 'string', format: 'date' } }));
    expect(c.leaves[0].semantic).toBe('date');
    expect(c.leaves[0].validate('2020-02-29')).toBe(true);
    expect(c.leaves[0].validate('29/02/2020')).toBe(false);
  });

  test('validates format date-time', () => {
    const c = compileSchema(obj({ d: { type: 'string', format: 'date-time' } }));
    expect(c.leaves[0].validate('2020-02-29T10:00:00Z')).toBe(true);
    expect(c.leaves[0].validate('yesterday')).toBe(false);
  });

  test('validates format email', () => {
    const c = compileSchema(obj({ e: { type: 'string', format: 'email' } }));
    expect(c.leaves[0].semantic).toBe('email');
    expect(c.leaves[0].validate('a@b.com')).toBe(true);
    expect(c.leaves[0].validate('nope')).toBe(false);
  });

  test('validates format uri', () => {
    const c = compileSchema(obj({ u: { type: 'string', format: 'uri' } }));
    expect(c.leaves[0].semantic).toBe('url');
    expect(c.leaves[0].validate('https://example.com/x')).toBe(true);
  });

  test('validates pattern', () => {
    const c = compileSchema(obj({ id: { type: 'string', pattern: '^INV-\\d+$' } }));
    expect(c.leaves[0].validate('INV-12')).toBe(true);
    expect(c.leaves[0].validate('12')).toBe(false);
  });

  test('keeps title and description', () => {
    const c = compileSchema(obj({ t: { type: 'number', title: 'Grand total', description: 'Total to pay' } }));
    expect(c.leaves[0].title).toBe('Grand total');
    expect(c.leaves[0].description).toBe('Total to pay');
    expect(c.leaves[0].semantic).toBe('amount');
  });

  test('marks required properties', () => {
    const c = compileSchema(obj({ a: { type: 'string' }, b: { type: 'string' } }, { required: ['b'] }));
    expect(c.root.properties.map((p) => p.required)).toEqual([false, true]);
  });

  test('resolves $ref into $defs', () => {
    const c = compileSchema({ ...obj({ from: { $ref: '#/$defs/party' }, to: { $ref: '#/$defs/party' } }), $defs: { party: obj({ name: { type: 'string' } }) } });
    expect(c.leaves.map((l) => l.path)).toEqual(['/from/name', '/to/name']);
  });

  test('resolves draft-07 definitions', () => {
    const c = compileSchema({ $schema: 'http://json-schema.org/draft-07/schema#', ...obj({ d: { $ref: '#/definitions/day' } }), definitions: { day: { type: 'string', format: 'date' } } });
    expect(c.leaves[0].semantic).toBe('date');
  });

  test('rejects a cyclic $ref naming the keyword and pointer', () => {
    const e = invalid({ ...obj({ node: { $ref: '#/$defs/node' } }), $defs: { node: obj({ child: { $ref: '#/$defs/node' } }) } });
    expect(e.detail).toMatch(/\$ref at \/properties\/node/);
  });

  test('rejects an unresolvable $ref', () => {
    expect(invalid(obj({ a: { $ref: '#/$defs/missing' } })).detail).toMatch(/\$ref at \/properties\/a/);
  });

  test('accepts exactly 800 leaves', () => {
    const props = Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`f${i}`, { type: 'string' }]));
    expect(compileSchema(obj(props)).leafCount).toBe(800);
  });

  test('rejects 801 leaves', () => {
    const props = Object.fromEntries(Array.from({ length: 801 }, (_, i) => [`f${i}`, { type: 'string' }]));
    expect(invalid(obj(props)).detail).toMatch(/800/);
  });

  test('rejects a non-object schema', () => {
    invalid('not a schema');
    invalid([1, 2]);
  });

  test('rejects a root that is not an object schema', () => {
    expect(invalid({ type: 'string' }).detail).toMatch(/type at \//);
  });

  test('rejects an unknown type naming the pointer', () => {
    expect(invalid(obj({ a: { type: 'text' } })).detail).toMatch(/\/properties\/a/);
  });

  test('rejects an invalid pattern', () => {
    expect(invalid(obj({ a: { type: 'string', pattern: '(' } })).detail).toMatch(/pattern/);
  });

  test('infers generic semantics from names and descriptions', () => {
    const c = compileSchema(obj({
      invoice_date: { type: 'string' }, total_amount: { type: 'number' }, parties: { type: 'array', items: { type: 'string' } },
      governing_law: { type: 'string' }, term: { type: 'string' }, currency: { type: 'string' }, has_audit_rights: { type: 'boolean' },
    }));
    expect(c.leaves.map((l) => l.semantic)).toEqual(['date', 'amount', 'party', 'jurisdiction', 'duration', 'currency', 'boolean']);
  });
});

import { compileSchema } from '@exs/engine';
import { invertKeys, makeVariant, renameValues, SCHEMA_VARIANTS, synonymFor } from '../../src/eval/schema-variants.js';

const receipt = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['total'],
  properties: {
    company: { type: ['string', 'null'], description: 'Name of the merchant.' },
    date: { type: ['string', 'null'], description: 'Transaction date, ISO 8601.' },
    total: { type: ['number', 'null'], description: 'Total amount paid.' },
    has_audit_rights: { type: 'boolean' },
    line_items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, price_unit: { type: ['number', 'null'] } } } },
  },
};
const expected = { company: 'ACME', date: '2020-01-02', total: 3.5, has_audit_rights: false, line_items: [{ name: 'tea', price_unit: 1.5 }] };

test.each(SCHEMA_VARIANTS)('the %s variant renames expected values and maps them back unchanged', (v) => {
  const { keys } = makeVariant(receipt, v);
  const renamed = renameValues(expected, keys);
  expect(renameValues(renamed, invertKeys(keys))).toEqual(expected);
});

test.each(SCHEMA_VARIANTS)('the %s variant is deterministic', (v) => {
  expect(JSON.stringify(makeVariant(receipt, v))).toBe(JSON.stringify(makeVariant(receipt, v)));
});

test.each(SCHEMA_VARIANTS)('the %s variant compiles to the same number of leaves', (v) => {
  expect(compileSchema(makeVariant(receipt, v).schema).leafCount).toBe(compileSchema(receipt).leafCount);
});

test('the renamed variant names each field by a synonym of its meaning', () => {
  const { schema, keys } = makeVariant(receipt, 'renamed');
  expect(['vendor_name', 'merchant', 'seller', 'supplier_name', 'issuer_name', 'company_name']).toContain(keys.company!.to);
  expect(['total_amount', 'amount_total', 'grand_total', 'invoice_total']).toContain(keys.total!.to);
  expect(keys.has_audit_rights!.to).toBe('contains_audit_rights');
  expect((schema.required as string[])[0]).toBe(keys.total!.to);
});

test('synonymFor never returns a name already taken in the same object', () => {
  const taken = new Set(['vendor_name', 'merchant', 'seller', 'supplier_name', 'issuer_name']);
  expect(synonymFor('company', taken)).toBe('company_name');
});

test('case variants rewrite nested keys too', () => {
  const { keys } = makeVariant(receipt, 'camel');
  expect(keys.line_items).toEqual({ to: 'lineItems', sub: { name: { to: 'name' }, price_unit: { to: 'priceUnit' } } });
  expect(makeVariant(receipt, 'pascal').keys.has_audit_rights!.to).toBe('HasAuditRights');
  expect(makeVariant(receipt, 'kebab').keys.line_items!.sub!.price_unit).toEqual({ to: 'price-unit' });
});

test('the opaque-title variant keeps the meaning only in the title', () => {
  const { schema, keys } = makeVariant(receipt, 'opaque-title');
  expect(keys.company!.to).toMatch(/^field_\d+$/);
  expect((schema.properties as Record<string, { title?: string }>)[keys.company!.to]!.title).toBe('Company');
  expect((makeVariant(receipt, 'opaque').schema.properties as Record<string, { title?: string }>)[keys.company!.to]!.title).toBeUndefined();
});

test('the draft07 variant uses definitions, $ref and anyOf with null', () => {
  const { schema } = makeVariant(receipt, 'draft07');
  expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  const props = schema.properties as Record<string, Record<string, unknown>>;
  expect(props.total!.anyOf).toEqual([{ type: 'number' }, { type: 'null' }]);
  expect((props.line_items!.items as { $ref: string }).$ref).toBe('#/definitions/LineItemsItem');
  const leaf = compileSchema(schema).leaves.find((l) => l.name === 'total')!;
  expect([leaf.types, leaf.nullable]).toEqual([['number'], true]);
});

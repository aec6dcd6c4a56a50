import { compileSchema, extractFromDocument } from '../../src/index.js';
import type { DocumentProfile } from '../../src/profiles/index.js';
import type { Scored } from '../../src/extract/scored.js';
import { doc } from '../helpers/doc.js';

const invoice = doc(['ACME GmbH', 'Invoice number: INV-2024-001', 'Invoice date: 12.03.2024', 'Total: 119.00 EUR']);
const schema = compileSchema({ type: 'object', properties: { invoice_date: { type: 'string', format: 'date' } } });

/** A profile that offers one date for every date field, at the given score. */
const offering = (value: string, score: number): DocumentProfile => ({
  name: 'test',
  rank: (_ctx, leaf) => (leaf.semantic === 'boolean' ? undefined : [{ value, spans: [], score, features: {} } satisfies Scored]),
});

test("a profile's candidate it is sure of is decided on in the profile's own calibration group", () => {
  const r = extractFromDocument(invoice, schema, { debug: true, profiles: [offering('2024-01-31', 0.9)] });
  expect(r.data.invoice_date).toBe('2024-01-31');
  expect(r.fields['/invoice_date']).toMatchObject({ group: 'test-date', profile: 'test' });
});

test('when a profile keeps none of its candidates, the generic path decides: profiles add, they never replace', () => {
  const r = extractFromDocument(invoice, schema, { debug: true, profiles: [offering('2024-01-31', 0.01)] });
  expect(r.data.invoice_date).toBe('2024-03-12');
  expect(r.fields['/invoice_date']).toMatchObject({ group: 'date', profile: undefined });
});

test('a profile that does not know the document leaves the field to the generic path', () => {
  const none: DocumentProfile = { name: 'none', rank: () => undefined };
  const r = extractFromDocument(invoice, schema, { debug: true, profiles: [none] });
  expect(r.data.invoice_date).toBe('2024-03-12');
  expect(r.fields['/invoice_date']!.group).toBe('date');
});

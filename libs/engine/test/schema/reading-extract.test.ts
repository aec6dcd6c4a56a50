import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const one = (schema: Record<string, unknown>, lines: Parameters<typeof doc>[0]) =>
  extractFromDocument(doc(lines), compileSchema({ type: 'object', properties: schema }));

test('line-item columns behind opaque keys are found through their descriptions', () => {
  const r = one({
    field_1: {
      type: 'array',
      items: { type: 'object', properties: { field_2: { type: 'string', description: 'Product / service description.' }, field_3: { type: 'number', description: 'Unit price.' } } },
    },
  }, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Unit Price', x: 0.65, y: 0.36 },
    { text: 'Blue pens box', x: 0.05, y: 0.4 }, { text: '132.20', x: 0.65, y: 0.4 },
    { text: 'Red pens box', x: 0.05, y: 0.43 }, { text: '12.00', x: 0.65, y: 0.43 },
  ]);
  expect(r.data.field_1).toEqual([{ field_2: 'Blue pens box', field_3: 132.2 }, { field_2: 'Red pens box', field_3: 12 }]);
});

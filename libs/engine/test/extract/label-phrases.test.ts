import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

describe('label phrases from a caller\'s title', () => {
  // Each run of spaces in a label phrase matches any run of separators on the page; side by side, such runs
  // split a line of dot leaders in more ways than can be tried (hours for six spaces against 3,000 dots).
  test('a title with runs of spaces is matched against dot leaders without backtracking', () => {
    const lines = [`Total ${'.'.repeat(3_000)} 100.00`];
    const schema = compileSchema({ type: 'object', properties: { field_1: { type: 'number', title: `total${' '.repeat(6)}due` } } });
    expect(extractFromDocument(doc(lines), schema).data).toHaveProperty('field_1');
  });

  test('a title with a run of spaces still labels its value', () => {
    const schema = compileSchema({ type: 'object', properties: { field_1: { type: 'number', title: 'amount   payable' } } });
    expect(extractFromDocument(doc(['Invoice 7', 'Amount payable: 1,234.50']), schema).data.field_1).toBe(1234.5);
  });
});

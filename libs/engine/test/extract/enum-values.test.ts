import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const run = (members: string[], ...lines: string[]) => extractFromDocument(doc(lines), compileSchema({
  type: 'object',
  properties: { payment_status: { type: 'string', enum: members, description: 'Payment status of the invoice' } },
})).data;

describe('enum values', () => {
  test('a value read in another case is returned as the enum member the schema spells', () => {
    expect(run(['Paid', 'Unpaid'], 'INVOICE 1043', 'Payment status: PAID').payment_status).toBe('Paid');
  });

  test('an enum of tens of thousands of members still returns the member the document names', () => {
    const members = [...Array.from({ length: 40_000 }, (_, i) => `s${i}`), 'Paid'];
    expect(run(members, 'INVOICE 1043', 'Payment status: PAID').payment_status).toBe('Paid');
  });
});

import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const schema = {
  type: 'object',
  properties: {
    document_name: { type: ['string', 'null'], description: "Title of the contract as printed at the top (e.g. 'MARKETING AFFILIATE AGREEMENT')." },
  },
};

const run = (...lines: string[]) => extractFromDocument(doc(lines), compileSchema(schema)).data.document_name;

describe('document title', () => {
  test('a title in capitals set over several lines is read whole', () => {
    expect(run('Exhibit 10.1', 'MOBILE APPLICATION DEVELOPMENT', 'AGREEMENT', 'This Agreement is made by and between Acme Inc. and Beta LLC.')).toBe('MOBILE APPLICATION DEVELOPMENT AGREEMENT');
  });

  test('a party name or a draft marker above the title is not part of it', () => {
    expect(run('ACCURAY INCORPORATED', 'EXECUTION VERSION', 'DISTRIBUTOR AGREEMENT', 'This Agreement is made by and between Accuray Incorporated and Siemens AG.')).toBe('DISTRIBUTOR AGREEMENT');
  });

  test('a contract reference line is not the title', () => {
    expect(run('Contract No.: DDCX 201812130044', 'Collaboration Agreement', 'This Collaboration Agreement is made and entered into by and between the following parties.')).toBe('Collaboration Agreement');
  });
});

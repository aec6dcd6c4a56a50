import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const schema = {
  type: 'object',
  properties: {
    governing_law: { type: ['string', 'null'], description: "US state or country whose law governs the contract (e.g. 'New York', 'Delaware')." },
  },
};

const run = (...pages: string[][]) => extractFromDocument(doc(...pages), compileSchema(schema)).data.governing_law;

describe('governing law', () => {
  test('the state a party is organized under is not the law the agreement chooses', () => {
    expect(run([
      'SUPPLY AGREEMENT',
      'Acme is a corporation duly organized, validly existing and in good standing under the laws of the State of Delaware.',
      'Each party shall perform its obligations under this Agreement in good faith.',
      'This Agreement shall be governed by, and construed in accordance with, the laws of the State of California.',
    ])).toBe('California');
  });

  test('a governing-law clause written in capitals is read', () => {
    expect(run([
      'SUPPLY AGREEMENT',
      'Notices to the Company shall be sent to 450 Park Avenue, New York, New York 10022.',
      'THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF DELAWARE, WITHOUT GIVING EFFECT TO ITS CHOICE OF LAW PRINCIPLES.',
    ])).toBe('Delaware');
  });

  test('without a chosen law, the state of organization is preferred to a residence', () => {
    expect(run([
      'This Agreement is made by and between Envirometrics Products Company, a corporation organized under the laws of the State of South Carolina, and Tom Wilkie, an individual resident of the State of North Carolina.',
    ])).toBe('South Carolina');
  });
});

import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const schema = {
  type: 'object',
  properties: {
    term: { type: ['string', 'null'], description: "Length of the agreement, e.g. '2 years', '18 months'." },
  },
};

const run = (...lines: string[]) => extractFromDocument(doc(['CONFIDENTIALITY AGREEMENT', ...lines]), compileSchema(schema)).data;

describe('agreement term', () => {
  test('"The term of this Agreement shall be for a period of two (2) years" states the agreement\'s length', () => {
    const got = run(
      'Each party shall hold the Confidential Information of the other in confidence.',
      'The term of this Agreement shall be for a period of two (2) years unless terminated upon written notice by the affected party to another.',
    );
    expect(got.term).toBe('2 years');
  });

  test('an end on "the second anniversary of the date hereof" is a length counted from the agreement\'s start', () => {
    const got = run(
      'Each party shall hold the Confidential Information of the other in confidence.',
      'The obligations of the Recipient under Section 1 of this Agreement will terminate on the second anniversary of the date hereof.',
    );
    expect(got.term).toBe('2 years');
  });

  test('a look-back window ("disclosed within two (2) years prior to the date of this Agreement") is not the agreement\'s length', () => {
    const got = run(
      '3. Term.',
      'The obligations herein apply to Confidential Information disclosed within two (2) years prior to the date of this Agreement.',
      'Each party hereto shall hold the Confidential Information of the other party in confidence pursuant to this Agreement.',
    );
    expect(got.term).toBeNull();
  });
});

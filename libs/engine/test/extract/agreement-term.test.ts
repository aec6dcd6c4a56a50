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

  test('a period counted from each disclosure ("five (5) years beyond the date of disclosure") is not the agreement\'s length', () => {
    const got = run(
      'Each party shall hold the Confidential Information of the other in confidence.',
      '7. Confidential Information shall remain subject to this Agreement for a period of five (5) years beyond the date of disclosure of such Confidential Information.',
    );
    expect(got.term).toBeNull();
  });

  test('an end at "the later of" a period and an event has no length', () => {
    const got = run(
      'Each party shall hold the Confidential Information of the other in confidence.',
      'Section 12. Duration of Agreement. This Agreement shall continue until and terminate upon the later of: (a) 10 years after the date that Indemnitee shall have ceased to serve as a director or (b) the final termination of any Proceeding.',
    );
    expect(got.term).toBeNull();
  });

  test('an end at "the earlier of" a period and an event is that period', () => {
    const got = run(
      'Each party shall hold the Confidential Information of the other in confidence.',
      'This Agreement shall expire at the earlier of (i) two years from the date of this Agreement and (ii) the consummation of the Transaction.',
    );
    expect(got.term).toBe('2 years');
  });

  test('a period after an employee\'s own termination ("one year following Employee\'s termination") is not the agreement\'s length', () => {
    const got = run(
      'Each party shall hold the Confidential Information of the other in confidence.',
      '4. Term.',
      'Employee agrees that during the term of this Agreement and for a period of one year following Employee\'s termination for any reason, Employee shall not become employed by any other person.',
    );
    expect(got.term).toBeNull();
  });

  test('a look-back over "the most recent 12 months" is not the agreement\'s length', () => {
    const got = run(
      'Each party shall hold the Confidential Information of the other in confidence.',
      '4. Term.',
      'The restrictions of this Agreement shall apply to any geographic area assigned to the Employee within the most recent 12 months of employment.',
    );
    expect(got.term).toBeNull();
  });
});

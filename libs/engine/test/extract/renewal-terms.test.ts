import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const schema = {
  type: 'object',
  properties: {
    renewal_term: { type: ['string', 'null'], description: "Renewal term after the initial term expires, e.g. '1 year', 'successive 1 year', 'perpetual'. Null if no renewal." },
    notice_period_to_terminate_renewal: { type: ['string', 'null'], description: "Notice period required to prevent/terminate renewal, e.g. '30 days', '3 months'." },
  },
};

const run = (...lines: string[]) => extractFromDocument(doc(['DISTRIBUTION AGREEMENT', ...lines]), compileSchema(schema)).data;

describe('renewal terms', () => {
  test('the renewal length and the notice that prevents it are read from the sentence that renews the agreement', () => {
    const got = run(
      'The term of this Agreement shall commence on the Effective Date and shall continue in full force and effect for an initial period of five (5) years.',
      'Thereafter, this Agreement shall automatically renew for subsequent one (1) year periods unless either party provides the other party with written notification at least thirty (30) days prior to the expiration of the initial term.',
      'Each party shall perform its obligations hereunder in good faith.',
    );
    expect(got.renewal_term).toBe('successive 1 year');
    expect(got.notice_period_to_terminate_renewal).toBe('30 days');
  });

  test('"automatic annual renewals" are renewals of one year each', () => {
    const got = run(
      'The term of this Agreement shall be two (2) years from the Effective Date with automatic annual renewals thereafter provided either party does not provide sixty (60) days notice of termination prior to the renewal date.',
      'Each party shall perform its obligations hereunder in good faith, and the parties hereto shall cooperate pursuant to this Agreement.',
    );
    expect(got.renewal_term).toBe('successive 1 year');
    expect(got.notice_period_to_terminate_renewal).toBe('60 days');
  });

  test('without a renewal, periods of other clauses are not renewal terms', () => {
    const got = run(
      'This Agreement shall remain in effect for three (3) years from the Effective Date.',
      'Either party may terminate this Agreement upon thirty (30) days written notice if the other party breaches this Agreement.',
      'The force majeure period extending beyond sixty (60) days shall entitle either party to terminate the Agreement.',
    );
    expect(got.renewal_term).toBeNull();
    expect(got.notice_period_to_terminate_renewal).toBeNull();
  });
  test('"This term shall be extended for a 1 year period" renews the term', () => {
    const got = run(
      '3. Term. This promotion shall begin on June 1, 1999 and shall terminate June 1, 2000 (herein "Term").',
      'This term shall be extended for a 1 year period provided 3000 units per month are distributed to customers.',
      'Each party shall perform its obligations hereunder in good faith, and the parties hereto shall cooperate pursuant to this Agreement.',
    );
    expect(got.renewal_term).toBe('1 year');
  });

  test('the initial term ("initially for the five (5) year term (“Initial Term”)") is not the renewal length', () => {
    const got = run(
      '12.1 Generally. This contract shall remain in effect initially for the five (5) year term (“Initial Term”) from the date signed and shall be automatically extended for one (1) year periods after the Initial Term (“Renewal Term”) unless either party provides written notice of its intention not to renew the Agreement.',
      'Each party shall perform its obligations hereunder in good faith, and the parties hereto shall cooperate pursuant to this Agreement.',
    );
    expect(got.renewal_term).toBe('successive 1 year');
  });
});

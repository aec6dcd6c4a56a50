import { claimers, extract, groupOf, kindName, str } from '../kind-helpers.js';

/** The start of a contract (prose, so the contract profile's sentence reading applies). */
const CONTRACT = [
  'SERVICES AGREEMENT',
  'This Agreement is made between Acme Inc. and Beta LLC.',
  'Each party shall perform its obligations under this Agreement in good faith hereunder.',
  'The parties hereby agree that notices shall be given in writing pursuant to this Agreement.',
];
const RENEWAL = 'Thereafter this Agreement shall automatically renew for successive one (1) year periods unless either party gives written notice of non-renewal at least sixty (60) days before the end of the then current term.';
const TERMS = { term: str, renewal_term: str, notice_period_to_terminate_renewal: str };

describe('duration kind', () => {
  test('claims terms, periods and notice lengths', () => {
    expect(kindName('term', str)).toBe('duration');
    expect(kindName('renewal_term', str)).toBe('duration');
    expect(kindName('notice_period', str)).toBe('duration');
    expect(kindName('warranty_duration', str)).toBe('duration');
  });

  test('does not claim payment terms or a term\'s dates', () => {
    expect(claimers('payment_terms', str)).not.toContain('duration');
    expect(claimers('term_start_date', str)).not.toContain('duration');
  });

  test('in a contract the agreement\'s term is read from the sentence that states it', () => {
    const r = extract([...CONTRACT, 'Payment is due within 30 days of receipt of each invoice.', 'The term of this Agreement shall be for a period of two (2) years.'], TERMS);
    expect(r.data.term).toBe('2 years');
  });

  test('the renewal\'s length and the notice that prevents it come from the sentence that renews', () => {
    const r = extract([...CONTRACT, 'The term of this Agreement shall be for a period of two (2) years.', RENEWAL], TERMS);
    expect(r.data).toEqual({ term: '2 years', renewal_term: 'successive 1 year', notice_period_to_terminate_renewal: '60 days' });
  });

  test('a length in days is doubted as an agreement\'s term', () => {
    expect(extract([...CONTRACT, 'The term of this Agreement shall be for a period of ninety (90) days.'], TERMS).data.term).toBeNull();
  });

  test('calibrates in the duration group', () => {
    expect(groupOf('term', str)).toBe('duration');
    expect(extract([...CONTRACT, 'The term of this Agreement shall be for a period of two (2) years.'], TERMS).fields['/term']?.group).toBe('duration');
  });
});

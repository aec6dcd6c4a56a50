import { claimers, field, groupOf, kindName, str } from '../kind-helpers.js';

const bool = { type: 'boolean' };
const CONTRACT = [
  'SERVICES AGREEMENT',
  'This Agreement is made between Acme Inc. and Beta LLC.',
  'Each party shall perform its obligations under this Agreement in good faith.',
];

describe('boolean-clause kind', () => {
  test('claims boolean fields', () => {
    expect(kindName('has_non_compete', bool)).toBe('boolean-clause');
    expect(kindName('exclusivity', bool)).toBe('boolean-clause');
    expect(kindName('is_paid', { type: ['boolean', 'null'] })).toBe('boolean-clause');
  });

  test('does not claim a clause\'s text or its length', () => {
    expect(claimers('non_compete_clause', str)).not.toContain('boolean-clause');
    expect(claimers('non_compete_period', str)).not.toContain('boolean-clause');
  });

  test('a non-compete covenant present reads true', () => {
    const { value } = field([...CONTRACT, 'During the term, Beta shall not directly or indirectly compete with Acme in the Territory.'], 'has_non_compete', bool);
    expect(value).toBe(true);
  });

  test('a non-compete covenant absent reads false', () => {
    expect(field(CONTRACT, 'has_non_compete', bool).value).toBe(false);
  });

  test('a reference to a Non-Competition Agreement by its name is no covenant of this one', () => {
    const { value } = field([...CONTRACT, 'Beta shall deliver the documents in accordance with the Non-Competition Agreement.'], 'has_non_compete', bool);
    expect(value).toBe(false);
  });

  test('calibrates in the boolean group', () => {
    expect(groupOf('has_non_compete', bool)).toBe('boolean');
    expect(field(CONTRACT, 'has_audit_rights', bool).result.group).toBe('boolean');
  });
});

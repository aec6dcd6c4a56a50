import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const schema = {
  type: 'object',
  properties: {
    has_exclusivity: { type: 'boolean', description: 'Is there an exclusive dealing commitment (e.g. exclusive supply/purchase, prohibition on selling or licensing to third parties)?' },
    has_termination_for_convenience: { type: 'boolean', description: 'Can a party terminate the contract without cause (solely by giving notice)?' },
    has_anti_assignment_clause: { type: 'boolean', description: 'Is consent or notice required from a party if the contract is assigned to a third party?' },
    has_audit_rights: { type: 'boolean', description: 'Does a party have the right to audit the books, records or physical locations of the counterparty?' },
    has_license_grant: { type: 'boolean', description: 'Does the contract contain a license granted by one party to its counterparty?' },
    has_cap_on_liability: { type: 'boolean', description: 'Does the contract cap liability (e.g. a maximum amount or limit on damages/time to bring claims)?' },
    has_non_compete: { type: 'boolean', description: 'Does the contract restrict a party from competing with the counterparty or operating in a certain geography, business or technology sector?' },
    has_change_of_control_clause: { type: 'boolean', description: 'Does a party get special rights (e.g. termination, consent) if the counterparty undergoes a change of control (merger, acquisition, asset sale)?' },
  },
};

const run = (...lines: string[]) => extractFromDocument(doc(['SERVICES AGREEMENT', ...lines]), compileSchema(schema)).data;

describe('clause flags', () => {
  test('a party that may terminate at any time on notice alone can terminate for convenience', () => {
    expect(run('Either party may terminate this Agreement at any time on ninety (90) days prior written notice to the other.').has_termination_for_convenience).toBe(true);
  });

  test('termination for breach is not termination for convenience', () => {
    expect(run('Either party may terminate this Agreement at any time if the other party is in material breach of this Agreement and fails to cure it within thirty (30) days.').has_termination_for_convenience).toBe(false);
  });

  test('obligations surviving "termination of this Agreement for any reason" are not termination for convenience', () => {
    expect(run('Sections 5, 6 and 9 shall survive the expiration or termination of this Agreement for any reason.').has_termination_for_convenience).toBe(false);
  });

  test('a party that retains the right, at all times, to terminate on prior notice can terminate for convenience', () => {
    expect(run('Network retains the right at all times during the Term to discontinue its distribution of the Service and to terminate this Agreement on at least ninety (90) days\' prior notice without any liability therefor.').has_termination_for_convenience).toBe(true);
  });

  test('a notice period blacked out in a redacted filing ("upon [**]") still makes termination by notice', () => {
    expect(run('13.1 eBix may terminate this Agreement, [**] upon [**] to About; provided, however, that the termination is no earlier than [**] of the Effective Date.').has_termination_for_convenience).toBe(true);
  });

  test('a capitalised heading above the clause ("TERMINATION AND SURVIVAL") is not part of its sentence', () => {
    expect(run('13. TERMINATION AND SURVIVAL', '', '13.1 Acme may terminate this Agreement at any time upon thirty (30) days written notice to Beta.').has_termination_for_convenience).toBe(true);
  });

  test('termination on notice upon the occurrence of listed events is termination for cause', () => {
    expect(run('Either party may terminate this Agreement upon 30 days prior written notice to the other upon the occurrence of any of the following events: (a) the late payment of any sums due; (b) a change in the law.').has_termination_for_convenience).toBe(false);
  });

  test('termination by notice on grounds listed "as follows: (a) If ..." is termination for cause', () => {
    expect(run('The Agent may terminate this Agreement by giving the notice indicated below at any time as follows: (a) If any event has materially disrupted the securities markets.').has_termination_for_convenience).toBe(false);
  });

  test('"for any reason" inside a condition ("should the employment terminate for any reason") is not termination for convenience', () => {
    expect(run('This Agreement may, with written notice, be terminated by either party should Turpin\'s employment with the Company terminate for any reason.').has_termination_for_convenience).toBe(false);
  });

  test('captions inserted "as a matter of convenience" in a termination agreement are not termination for convenience', () => {
    expect(run('9.5 The Article and Section captions in this Agreement have been inserted as a matter of convenience and are not part of this Termination Agreement.').has_termination_for_convenience).toBe(false);
  });

  test('an unticked "Content exclusive: [ ] Yes [ ] No" box in a form is not exclusivity', () => {
    expect(run('4 EXCLUSIVITY COPYRIGHT', '4.1 Content exclusive: [ ] Yes [ ] No', '4.2 Copyright: Licensor').has_exclusivity).toBe(false);
  });

  test('an agreement "exclusively used" by one party, or information used exclusively for the purpose of the deal, is not exclusivity', () => {
    expect(run('[Instruction: this Agreement shall be exclusively used by Acme Co., Ltd. to conclude agreements with external sides.]').has_exclusivity).toBe(false);
    expect(run('The Recipient shall use the Confidential Information exclusively for the purpose of evaluating the Transaction.').has_exclusivity).toBe(false);
  });

  test('an exclusive distributor appointment is exclusivity', () => {
    expect(run('Supplier hereby appoints Distributor as its exclusive distributor of the Products in the Territory.').has_exclusivity).toBe(true);
  });

  test('exclusive ownership, an exclusive remedy or exclusive courts are not exclusive dealing', () => {
    expect(run(
      'All work product shall be and remain the sole and exclusive property of the Company.',
      'This procedure shall be the sole and exclusive remedy for any dispute under this Agreement.',
      'Any dispute shall be resolved solely and exclusively in the state or federal courts located in Delaware.',
    ).has_exclusivity).toBe(false);
  });

  test('"neither party shall assign ... without the prior written approval" is an anti-assignment clause', () => {
    expect(run('Neither party shall assign or transfer any of its rights under this Agreement without the prior written approval of the other party.').has_anti_assignment_clause).toBe(true);
  });

  test('an assignment of inventions or one for the benefit of creditors is not an anti-assignment clause', () => {
    expect(run(
      'Consultant hereby assigns to the Company all inventions made in performing the Services, without further consent.',
      'Either party may terminate this Agreement if the other makes an assignment for the benefit of creditors.',
    ).has_anti_assignment_clause).toBe(false);
  });

  test('the parties\' auditors, audited financial statements and an audit committee are not audit rights', () => {
    expect(run(
      'Each party may disclose Confidential Information to its auditors, attorneys and financial advisors.',
      'The financial statements present fairly the information on a basis consistent with the audited financial statements of the Bank.',
      'The Audit Committee of the Board of Directors has been advised of all significant deficiencies.',
    ).has_audit_rights).toBe(false);
  });

  test('a right to audit the other party\'s records is audit rights', () => {
    expect(run('Licensor shall have the right to audit the related records and books of Licensee once per year.').has_audit_rights).toBe(true);
  });

  test('one clause treating a merger or change of control as an assignment is a change-of-control clause', () => {
    expect(run('For the avoidance of doubt, a merger, change of control or reorganization of Licensee shall be deemed an assignment requiring the above consent.').has_change_of_control_clause).toBe(true);
  });

  test('SEC "Statements of Ownership and Change in Ownership" are not a change-of-control clause', () => {
    expect(run('Such information will be reflected on Statements of Ownership and Change in Ownership on Forms 3 and 4 filed with the SEC.').has_change_of_control_clause).toBe(false);
  });

  test('a licence granted across a section reference ("(subject to Section 1.2 hereof)") is a licence grant', () => {
    expect(run('Section 1.1. License Grant. Subject to the terms herein, Licensor hereby grants to Licensee a non-exclusive, non-transferable and (subject to Section 1.2 hereof) non-sublicensable license for the use of the Brand.').has_license_grant).toBe(true);
  });
  test('liability excluded ("shall not be liable for") or fixed in advance ("liquidated damages") limits liability', () => {
    expect(run('The parties agree that the Provider shall not be liable for service interruptions or for any act of any other carrier.').has_cap_on_liability).toBe(true);
    expect(run('The amount payable upon a default represents a reasonable estimate and is intended to constitute liquidated damages to the Lender.').has_cap_on_liability).toBe(true);
    expect(run('Each party agrees that the sole and exclusive remedy for money damages shall be the rights to indemnification set forth in Section 9.').has_cap_on_liability).toBe(true);
  });

  test('an "Exclusivity" section or a license that "is exclusive within the Territory" is exclusivity', () => {
    expect(run('2.8 Exclusivity', 'The manufacturing license granted in this Agreement is exclusive within the Territory.').has_exclusivity).toBe(true);
  });

  test('promises not to deal with the other party\'s competitors are a non-compete', () => {
    expect(run(
      'During the Term, VerticalNet shall not enter into any agreement with a Neoforma Competitor for the on-line listing of Medical Products.',
      'Neoforma shall not list Laboratory Products on the Site of a VerticalNet Competitor.',
    ).has_non_compete).toBe(true);
  });

  test('a right to enter and inspect the other party\'s premises, or a third-party auditor, is an audit right', () => {
    expect(run('Licensor shall have the right to inspect Licensee\'s business operations upon reasonable prior notice.').has_audit_rights).toBe(true);
    expect(run('Once per year, a third party auditor chosen by Licensor shall be entitled on reasonable notice to visit the plant.').has_audit_rights).toBe(true);
  });

  test('one clear promise not to deal with competitors ("agrees not to sell ... to direct competitors") is a non-compete', () => {
    expect(run('Affiliate agrees not to sell commercial time to or for the benefit of direct competitors of the Service.').has_non_compete).toBe(true);
  });

  test('a "Competitive Products" heading over a promise not to develop them is a non-compete', () => {
    expect(run('3.5 Competitive Products. During the Term of this Agreement, and for a period of two (2) years thereafter, Aucta shall not research, develop or sell any product for the same indication.').has_non_compete).toBe(true);
  });

  test('a reference to another agreement named "Non-Competition Agreement" is not a non-compete of this one', () => {
    expect(run('Client grants a license to use the Credit Data subject to the limitations set forth in and in accordance with the Non-Competition Agreement.').has_non_compete).toBe(false);
  });
});

import { DocContext } from '../../src/extract/context.js';
import { rankParties } from '../../src/extract/special.js';
import { doc } from '../helpers/doc.js';

const names = (...pages: string[][]) => rankParties(new DocContext(doc(...pages))).filter((s) => s.score >= 0.3).map((s) => s.value);

describe('contract parties', () => {
  test('form captions ("Employee Signature", "Print Name") are not parties', () => {
    const got = names([
      'CONFIDENTIALITY AGREEMENT',
      'This Agreement is made by and between Acme Widgets, Inc., a Delaware corporation (the "Company"), and John Smith, an individual ("Employee").',
      'Employee agrees to keep the information of the Company confidential.',
      'IN WITNESS WHEREOF the parties have signed this Agreement.',
      '/s/ John Smith',
      'Employee Signature',
      'Print Name',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Acme Widgets Inc.']));
    expect(got).not.toContain('Employee Signature');
    expect(got).not.toContain('Print Name');
  });

  test('an officer who signs "By:" for the company is not a party', () => {
    const got = names([
      'NON-DISCLOSURE AGREEMENT',
      'This Agreement is made between Acme Widgets, Inc. (the "Company") and John Smith, an individual ("Employee").',
      'IN WITNESS WHEREOF the parties have signed this Agreement.',
      'ACME WIDGETS, INC.',
      'By: /s/ Mary Major',
      '/s/ John Smith',
      'Mary Major',
      'John Smith',
    ]);
    expect(got).toContain('John Smith');
    expect(got).not.toContain('Mary Major');
  });

  test('a block-form preamble names each party on its own line under "between" / "and"', () => {
    const got = names([
      'CONTENT LICENSING AGREEMENT',
      'between',
      'Data Call Technologies, Inc.',
      '600 Kenrick, Suite B-12',
      'hereinafter referred to as "Licensor"',
      'and',
      'PLAN_B MEDIA AG',
      'Schaafenstr. 25',
      'hereinafter referred to as "plan_b"',
    ]);
    expect(got).toEqual(expect.arrayContaining(['Data Call Technologies Inc.', 'PLAN_B MEDIA AG']));
  });

  test('two parties whose names share their last words are both kept', () => {
    const got = names([
      'LICENSE AGREEMENT',
      'This Agreement is entered into by and between Eton Pharmaceuticals, Inc., a Delaware corporation ("ETON"), and Aucta Pharmaceuticals, Inc., a Delaware corporation ("Aucta").',
    ]);
    expect(got).toEqual(['Eton Pharmaceuticals Inc.', 'Aucta Pharmaceuticals Inc.']);
  });

  test('a place glued in front of a party name is dropped ("Netherlands, and Digene Corporation")', () => {
    const got = names([
      'AGREEMENT',
      'This Agreement is made by and between QIAGEN N.V., a company organized under the laws of the Netherlands, and Digene Corporation ("Digene").',
    ]);
    expect(got).toContain('Digene Corporation');
    expect(got.some((n) => /Netherlands/.test(String(n)))).toBe(false);
  });
});

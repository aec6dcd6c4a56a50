import { compileSchema, extractFromDocument } from '../../../src/index.js';
import { DocContext } from '../../../src/extract/context.js';
import { rejoinOrdinals } from '../../../src/extract/candidates.js';
import { dateFacts, fieldDateRole, initialTerm } from '../../../src/kinds/date/legal-dates.js';
import { doc } from '../../helpers/doc.js';

/** Contract prose without dates, to give a synthetic contract a realistic length. */
const FILLER = [
  'Each party shall perform its obligations under this Agreement in good faith and with reasonable care.',
  'Neither party shall be liable for any delay caused by events beyond its reasonable control hereunder.',
  'The parties agree that any notice hereunder shall be given in writing to the addresses set forth above.',
];
const filler = (n: number) => Array.from({ length: n }, (_, i) => FILLER[i % FILLER.length]);

const schema = {
  type: 'object',
  properties: {
    agreement_date: { type: ['string', 'null'], description: 'Date of the contract (date it was made/signed), ISO 8601.' },
    effective_date: { type: ['string', 'null'], description: 'Date on which the contract becomes effective, ISO 8601.' },
    expiration_date: { type: ['string', 'null'], description: "Date on which the initial term expires, ISO 8601 (compute from the effective date and term if needed), or 'perpetual'." },
  },
};

const run = (...pages: string[][]) => extractFromDocument(doc(...pages), compileSchema(schema)).data;

describe('contract dates by role', () => {
  test('the field name picks the role: agreement/signed, effective/start, expiration/end', () => {
    expect(fieldDateRole({ name: 'agreement_date' })).toBe('signed');
    expect(fieldDateRole({ name: 'effective_date' })).toBe('effective');
    expect(fieldDateRole({ name: 'commencementDate' })).toBe('effective');
    expect(fieldDateRole({ name: 'expiration_date' })).toBe('end');
    expect(fieldDateRole({ name: 'termination_date' })).toBe('end');
    expect(fieldDateRole({ name: 'invoice_date' })).toBeUndefined();
  });

  test('with its own agreement-date field, the effective date is only one stated as such; alone it is the date made', () => {
    const contract = [
      'COOPERATION AGREEMENT',
      'This Cooperation Agreement is dated as of May 13, 2020, by and among Acme Inc. and Beta LLC.',
      ...filler(40),
    ];
    expect(run(contract).effective_date).toBeNull();
    expect(run(contract).agreement_date).toBe('2020-05-13');
    const only = extractFromDocument(doc(contract), compileSchema({
      type: 'object',
      properties: { effective_date: { type: ['string', 'null'], description: 'Date from which the agreement is legally binding, ISO 8601.' } },
    })).data;
    expect(only.effective_date).toBe('2020-05-13');
  });

  test('"dated" gives the agreement date and "effective as of" the effective date of the same preamble', () => {
    const d = run([
      'CONSULTING AGREEMENT',
      'This Consulting Agreement ("Agreement") is dated June 1, 2020, effective as of July 1, 2020 ("Effective Date"), between Acme Inc. and Beta LLC.',
      ...filler(40),
    ]);
    expect(d.agreement_date).toBe('2020-06-01');
    expect(d.effective_date).toBe('2020-07-01');
  });

  test('a date of another agreement the contract refers to is not its own date', () => {
    const d = run([
      'FIRST AMENDMENT',
      'This First Amendment amends that certain Manufacturing Agreement between Acme Inc. and Beta LLC dated July 1, 2017 (the "Original Agreement").',
      'This First Amendment is effective as of June 11, 2018.',
      ...filler(40),
    ]);
    expect(d.effective_date).toBe('2018-06-11');
    expect(d.agreement_date).not.toBe('2017-07-01');
  });

  test('a defined term right after a date names its role', () => {
    const d = run([
      'LICENSE AGREEMENT',
      'The parties met on March 3, 2019. The parties will on April 1, 2019 (the "Effective Date") exchange the materials.',
      ...filler(40),
    ]);
    expect(d.effective_date).toBe('2019-04-01');
  });

  test('a filing stamp repeated in every page footer is page furniture', () => {
    const stamp = 'Source: ACME CORP, 8-K, 3/16/2018';
    const ctx = new DocContext(doc(
      ['SUPPLY AGREEMENT', ...filler(15), stamp],
      [...filler(15), stamp],
      [...filler(15), stamp],
      ['IN WITNESS WHEREOF the parties have signed this Agreement.', 'By: /s/ Jane Roe', 'Name: Jane Roe', 'Date: March 14, 2018', stamp],
    ));
    const facts = dateFacts(ctx);
    expect(facts.filter((f) => f.c.value === '2018-03-16').every((f) => f.furniture)).toBe(true);
    expect(facts.find((f) => f.c.value === '2018-03-14')?.furniture).toBe(false);
  });

  test('without a preamble date the contract is made when the last party signs', () => {
    const d = run([
      'DISTRIBUTION AGREEMENT',
      ...filler(45),
      'IN WITNESS WHEREOF the parties have executed this Agreement.',
      'ACME INC. By: /s/ John Doe Name: John Doe Title: CEO Date: January 19, 2007',
      'BETA LLC By: /s/ Jane Roe Name: Jane Roe Title: President Date: January 22, 2007',
    ]);
    expect(d.agreement_date).toBe('2007-01-22');
  });

  test('a stated preamble date beats the signature dates', () => {
    const d = run([
      'DISTRIBUTION AGREEMENT',
      'This Agreement is made and entered into as of October 29, 1999 by and between Acme Inc. and Beta LLC.',
      ...filler(45),
      'IN WITNESS WHEREOF the parties have executed this Agreement.',
      'ACME INC. By: /s/ John Doe Name: John Doe Title: CEO Date: 11/5/99',
    ]);
    expect(d.agreement_date).toBe('1999-10-29');
  });

  test('an end date is the second date of "from <date> to <date>"', () => {
    const d = run([
      'COOPERATION AGREEMENT',
      'This Agreement is entered into on May 1, 2013 by Acme Inc. and Beta LLC.',
      'Cooperation Term. The cooperation term of the parties shall be two years from May 1, 2013 to April 30, 2015.',
      ...filler(40),
    ]);
    expect(d.expiration_date).toBe('2015-04-30');
  });

  test('with only a term stated, the end is the effective date plus the initial term, not a survival period', () => {
    const d = run([
      'SERVICES AGREEMENT',
      'This Agreement is made and entered into as of the 22nd day of August 2005 (the "Effective Date") by Acme Inc. and Beta LLC.',
      'Confidentiality. During the term of this Agreement and for a period of two (2) years thereafter, each party shall keep the information confidential.',
      'Term. The term of this Agreement shall continue for a period of five (5) years from the Effective Date.',
      ...filler(40),
    ]);
    expect(d.expiration_date).toBe('2010-08-22');
  });

  test('the initial term skips renewal and post-termination periods', () => {
    const ctx = new DocContext(doc([
      'SERVICES AGREEMENT',
      'Records shall be kept for a period of seven (7) years following the expiration of this Agreement.',
      'This Agreement shall remain in effect for an initial term of three (3) years and shall renew for successive one (1) year periods.',
      ...filler(40),
    ]));
    expect(initialTerm(ctx)?.value).toBe('3 years');
  });

  test('a recurring period ("during each 12 month period of the Initial Term") is not the initial term', () => {
    const ctx = new DocContext(doc([
      'SERVICES AGREEMENT',
      'During each 12 month period during the Initial Term, Beta shall list the products of Acme.',
      ...filler(40),
    ]));
    expect(initialTerm(ctx)).toBeUndefined();
  });

  test('the end of a period inside a clause loses to the end of the agreement itself', () => {
    const d = run([
      'SUPPLY AGREEMENT',
      'This Agreement is entered into as of July 1, 2018 by Acme Inc. and Beta LLC.',
      'Beta shall purchase the minimum volume for the six-month period commencing July 1, 2018 and ending December 31, 2018.',
      'Term. This Agreement shall expire on June 30, 2021 unless terminated earlier.',
      ...filler(40),
    ]);
    expect(d.expiration_date).toBe('2021-06-30');
  });

  test('a date the previous agreement expired on belongs to that agreement', () => {
    const d = run([
      'MAINTENANCE AGREEMENT',
      'This Agreement is entered into as of October 13, 2016 by Acme Inc. and Beta LLC.',
      'WHEREAS, this previous agreement expired on May 28, 2016; NOW THEREFORE the parties agree as follows.',
      ...filler(40),
    ]);
    expect(d.expiration_date).not.toBe('2016-05-28');
  });

  test('an open-ended term is perpetual, a perpetual licence is not', () => {
    const licence = run([
      'LICENSE AGREEMENT',
      'This Agreement is made as of May 5, 2015 by Acme Inc. and Beta LLC.',
      'Acme hereby grants to Beta a perpetual, irrevocable, non-exclusive license to use the Software.',
      ...filler(40),
    ]);
    expect(licence.expiration_date).not.toBe('perpetual');
    const open = run([
      'SERVICES AGREEMENT',
      'This Agreement is made as of May 5, 2015 by Acme Inc. and Beta LLC.',
      'Term. The term of this Agreement shall begin on the date hereof and shall continue until terminated by either party.',
      ...filler(40),
    ]);
    expect(open.expiration_date).toBe('perpetual');
  });

  test('a term that ends only on an event (notice, another agreement\'s termination) is perpetual', () => {
    const d = run([
      'DISTRIBUTION AGREEMENT',
      'This Agreement is made as of May 5, 2015 by Acme Inc. and Beta LLC.',
      'Duration and Termination. The term of this Agreement shall commence on the Effective Date and shall end on the 60th day following a written notice from one party to the other of its decision to terminate this Agreement.',
      ...filler(40),
    ]);
    expect(d.expiration_date).toBe('perpetual');
  });

  test('an end stated near the top of a page is in its term clause and beats the end computed from the term', () => {
    const d = run(
      ['ENDORSEMENT AGREEMENT', 'This Agreement is entered into on July 26, 2013 (the "Effective Date") by Acme Inc. and Beta LLC.', ...filler(40)],
      ['1. Term: This Agreement shall have an Initial Term of three (3) years. The Term shall commence on July 23, 2013 and shall expire on July 22, 2016.', ...filler(40)],
    );
    expect(d.expiration_date).toBe('2016-07-22');
  });

  test('the end of an accounting period ("the three-year period ended December 31, 2008") is not an end date', () => {
    const d = run([
      'AGENCY AGREEMENT',
      'This Agreement is dated June 9, 2009 between Acme Inc. and Beta LLC.',
      ...filler(20),
      'The Agent shall receive a letter from the accountants stating that the consolidated financial statements of the Company as of December 31, 2008, and for each of the years in the three-year period ended December 31, 2008, comply as to form with the applicable rules.',
      ...filler(20),
    ]);
    expect(d.expiration_date).toBeNull();
  });

  test('a period of its own ("the six-month period commencing ... and ending ...") does not end the agreement', () => {
    const d = run([
      'AMENDMENT TO SUPPLY AGREEMENT',
      'This Amendment is entered into as of July 1, 2018 by Acme Inc. and Beta LLC.',
      'During the Term of this Agreement, Beta shall purchase the minimum volume for the six-month period commencing July 1, 2022 and ending December 31, 2022.',
      ...filler(40),
    ]);
    expect(d.expiration_date).toBeNull();
  });

  test('a date after which a party may terminate is not when the term ends', () => {
    const d = run([
      'COLLABORATION AGREEMENT',
      'This Agreement is dated November 14, 2002 and is made by Acme Inc. and Beta LLC.',
      ...filler(30),
      'This Agreement may be terminated by either Party upon written notice any time after June 1, 2003 if the transactions have not been completed.',
      ...filler(10),
    ]);
    expect(d.expiration_date).toBeNull();
  });

  test('the end of a range a definition gives to another period ("“Delivery Period” means the following: (i) ...") is not an end date', () => {
    const d = run([
      'CONTENT LICENSE AGREEMENT',
      'This Agreement is entered into September 17, 2008 by Acme Inc. and Beta LLC.',
      '1.11 “Delivery Period” means the following:',
      '(i) July 1, 2008 - December 30th, 2009',
      ...filler(40),
    ]);
    expect(d.expiration_date).toBeNull();
  });

  test('a date an obligation runs "until" outside any term clause is not the end of the agreement', () => {
    const d = run([
      'SPONSORSHIP AGREEMENT',
      'This Agreement is made as of January 5, 2000 by Acme Inc. and Beta LLC.',
      ...filler(20),
      '4.1 Commencing on the Effective Date and continuing until March 15, 2001, Acme shall deliver the impressions set forth in Exhibit G.',
      ...filler(20),
    ]);
    expect(d.expiration_date).toBeNull();
  });

  test('repeating the signing date on every page does not make it an end date', () => {
    const d = run(
      ...Array.from({ length: 5 }, (_, i) => [`COLLABORATION AGREEMENT dated November 14, 2002 - page ${i + 1}`, 'This Agreement is dated November 14, 2002 and is made by Acme Inc. and Beta LLC.', ...filler(20)]),
    );
    expect(d.expiration_date).toBeNull();
  });

  test('no end is computed for a term that starts on an event ("commence on the date upon which ...")', () => {
    const d = run([
      'DISTRIBUTION AGREEMENT',
      'This Agreement is made this 7th day of September, 1999 by Acme Inc. and Beta LLC.',
      '1.3 Term. The term of this Agreement shall be ten (10) years (the "Term") which shall commence on the date upon which the Company delivers to Distributor the last Sample.',
      ...filler(40),
    ]);
    expect(d.expiration_date).toBeNull();
  });

  test('no end is computed for a term that ends at the later of a period and an event', () => {
    const d = run([
      'MARKETING AGREEMENT',
      'This Agreement is made this 14th day of May, 1999 (the "Effective Date") by Acme Inc. and Beta LLC.',
      '12.1 Term. The term of this Agreement shall begin on the Effective Date and will not end until the later of (a) twelve (12) months from the Launch Date; or (b) the date Acme displays all Impressions ("Term").',
      ...filler(40),
    ]);
    expect(d.expiration_date).toBeNull();
  });

  test('a date defined as the bare "Effective Date" is this agreement\'s even in a sentence naming another agreement', () => {
    const d = run([
      'LICENSE AGREEMENT',
      'This Agreement is entered into as of June 12, 2019 (the "Execution Date") by Acme Inc. and Beta LLC.',
      ...filler(20),
      '11.1 Term. The term of this Agreement shall become effective upon Acme executing a commercial supply agreement with a manufacturer and the acceptance of the application by the FDA no later than September 2, 2019 (such date, the “Effective Date”).',
      ...filler(20),
    ]);
    expect(d.effective_date).toBe('2019-09-02');
  });

  test('a filing stamp under the signatures ("Source: ACME, INC., 8-K, 8/14/2015") does not date the agreement', () => {
    const d = run(
      ['GUARANTEE', 'As an inducement to Acme Inc. to enter into a Franchise Agreement, the Guarantors agree as follows.', ...filler(30), 'Source: ACME, INC., 8-K, 8/14/2015'],
      [...filler(30), 'IN WITNESS WHEREOF, the Guarantors have signed below.', 'GUARANTORS :', 'Date:', 'Date:', 'Source: ACME, INC., 8-K, 8/14/2015'],
    );
    expect(d.agreement_date).toBeNull();
  });

  test('a date alone on its line right above a signature line is a signing date', () => {
    const d = run(
      ['LICENSE AGREEMENT', 'This Agreement is made by Acme Inc. and Beta LLC.', ...filler(40)],
      ['03/24/06', '______________________________', 'Acme Inc.', 'Title/Position'],
    );
    expect(d.agreement_date).toBe('2006-03-24');
  });

  test('a numbered clause such as "10.3.15" is not read as a date', () => {
    const ctx = new DocContext(doc(['AGREEMENT', '10.3.15 Violating Article 3.2.13 of this Agreement is a breach.', ...filler(40)]));
    expect(dateFacts(ctx).find((f) => f.c.text === '10.3.15')?.furniture).toBe(true);
  });

  test('an ordinal split by the text layer ("17t h day of May") still reads as a date', () => {
    expect(rejoinOrdinals('entered into this 17t h day of May, 2017 by')).toBe('entered into this 17th  day of May, 2017 by');
    const d = run(['DISTRIBUTOR AGREEMENT', 'This Agreement is made and entered into this 17t h day of May, 2017 by and between Acme Inc. and Beta LLC.', ...filler(40)]);
    expect(d.agreement_date).toBe('2017-05-17');
  });
});

describe('length of an agreement', () => {
  const termSchema = {
    type: 'object',
    properties: { term: { type: ['string', 'null'], description: "Length of the contract as '<number> <unit>', e.g. '2 years'." } },
  };
  const term = (...lines: string[]) => extractFromDocument(doc(['NON-DISCLOSURE AGREEMENT', ...lines, ...filler(30)]), compileSchema(termSchema)).data.term;

  test('the agreement lasting beats a standstill covenant period', () => {
    expect(term(
      'For a period of eighteen (18) months from the date hereof, you shall not acquire any securities of the Company.',
      'This Agreement shall terminate two (2) years from the date hereof.',
    )).toBe('2 years');
  });

  test('a covenant that starts when employment ends is not the agreement term', () => {
    expect(term('Employee agrees that for a period of twelve (12) months following the termination of his employment he will not compete with the Company.')).toBeNull();
  });

  test('a notice period under the Term heading is not the term', () => {
    expect(term('11. Term. This Agreement shall continue until terminated by either party by giving thirty (30) days written notice to the other party.')).toBeNull();
  });

  test('renewal periods are not the initial term', () => {
    expect(term('5. Term. The term of this agreement shall be three (3) years from the Effective Date; it shall renew for successive periods of one (1) year each.')).toBe('3 years');
  });
});
